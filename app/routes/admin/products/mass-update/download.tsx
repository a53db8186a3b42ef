/**
 * /products/mass-update/:slug/download (slug = section key): the current values of the section
 * as .xlsx, for the products chosen in the listing (?product_ids=) or all of them, passed on from
 * the API. A refusal (too many rows) goes back to the section page with the message.
 */
import { data } from "react-router";
import type { Route } from "./+types/download";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { passFile } from "#app/lib/product-bulk.server.ts";
import { isSectionKey, selectionOf } from "#app/lib/product-bulk-sections.ts";

export async function loader(args: Route.LoaderArgs) {
  const section = args.params.slug;
  if (!isSectionKey(section)) throw data("Not found", { status: 404 });
  const ids = selectionOf(new URL(args.request.url));
  const query = ids.length ? `?product_ids=${ids.join(",")}` : "";
  return passFile(args, `/v0.0.0/product-bulk/update/${section}/download${query}`, localePath(getLocale(args.context), `/products/mass-update/${section}${query}`));
}
