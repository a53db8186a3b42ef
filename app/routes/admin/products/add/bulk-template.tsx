/**
 * /products/add/bulk/template: the empty bulk-add template (.xlsx) from the API, in the page's
 * language, passed on to the browser. A refusal goes back to /products/add/bulk with the message.
 */
import type { Route } from "./+types/bulk-template";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { passFile } from "#app/lib/product-bulk.server.ts";

export async function loader(args: Route.LoaderArgs) {
  return passFile(args, "/v0.0.0/products/templates/new", localePath(getLocale(args.context), "/products/add/bulk"));
}
