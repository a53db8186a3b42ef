/**
 * /margin-v0/* (spec section 2 "older margin-v0 pages"): the older pages are not built again; every
 * address under /margin-v0 goes to the current margin page (/margin, in the same language) with a
 * permanent redirect, so old bookmarks keep working (docs/decisions/0025-margins.md).
 */
import { redirect } from "react-router";
import type { Route } from "./+types/v0";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";

export function loader(args: Route.LoaderArgs) {
  throw redirect(localePath(getLocale(args.context), "/margin"), 301);
}
