/**
 * /products/mass-update/:slug/download (slug = section key): the current values of the section
 * as .xlsx (core/catalog/product-bulk-service.ts), for the products chosen in the listing
 * (?product_ids=) or all of them. A refusal (too many rows) goes back to the section page with the
 * message.
 */
import { data } from "react-router";
import type { Route } from "./+types/download";
import { massUpdateTemplate } from "#core/catalog/product-bulk-service.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { sendTemplate } from "#app/lib/product-bulk.server.ts";
import { isSectionKey, selectionOf } from "#app/lib/product-bulk-sections.ts";

export async function loader(args: Route.LoaderArgs) {
  const section = args.params.slug;
  if (!isSectionKey(section)) throw data("Not found", { status: 404 });
  const ids = selectionOf(new URL(args.request.url));
  const query = ids.length ? `?product_ids=${ids.join(",")}` : "";
  const back = localePath(getLocale(args.context), `/products/mass-update/${section}${query}`);
  return sendTemplate(args, back, () => massUpdateTemplate(getScope(args.context), section, ids.length ? ids : undefined));
}
