/**
 * /erp/inventory/opname/:id/template: the count's lines as an .xlsx to fill in (sku, barcode,
 * product, counted) and import back on the count's page (core/stock/opname.ts opnameTemplate).
 */
import type { Route } from "./+types/template";
import { opnameTemplate } from "#core/stock/opname.ts";
import { NotFound } from "#core/errors.ts";
import { XLSX_TYPE } from "#core/catalog/product-bulk-xlsx.ts";
import { getScope } from "#app/lib/auth.server.ts";

export async function loader(args: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,8}$/.test(args.params.id)) throw new NotFound("api-opname:errors.not_found");
  const { filename, data } = await opnameTemplate(getScope(args.context), Number(args.params.id));
  return new Response(new Uint8Array(data), {
    headers: { "Content-Type": XLSX_TYPE, "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "private, no-store" },
  });
}
