import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";

/** /profile opens its first tab, Company. */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(localePath(getLocale(context), "/profile/company"));
}
