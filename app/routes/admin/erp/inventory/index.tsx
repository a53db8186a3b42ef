/**
 * /erp/inventory: the inventory section opens on the stock overview (all-inventory), the page a
 * seller looks at first; the other inventory pages are tabs beside it.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";

export async function loader(args: Route.LoaderArgs) {
  throw redirect(localePath(getLocale(args.context), "/erp/inventory/all-inventory"));
}

export default function InventoryIndex() {
  return null;
}
