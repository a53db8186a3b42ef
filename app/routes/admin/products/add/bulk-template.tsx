/**
 * /products/add/bulk/template: the empty bulk-add template (.xlsx, core/catalog/product-bulk-service.ts)
 * in the page's language, as a download. A refusal goes back to /products/add/bulk with the message.
 */
import type { Route } from "./+types/bulk-template";
import { bulkAddTemplate } from "#core/catalog/product-bulk-service.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { sendTemplate } from "#app/lib/product-bulk.server.ts";

export async function loader(args: Route.LoaderArgs) {
  return sendTemplate(args, localePath(getLocale(args.context), "/products/add/bulk"), () => bulkAddTemplate(getScope(args.context)));
}
