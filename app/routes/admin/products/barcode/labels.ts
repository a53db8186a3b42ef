/**
 * /products/barcode/labels?items=12:3,15:1&symbology=auto: the label-printer file (CSV) of a
 * selection (core/catalog/barcode-labels.ts, the same file as POST
 * /v0.0.1/products/templates/barcode-export). A GET link, so it downloads with or without
 * JavaScript. When core refuses (a bad selection, a variant gone), the seller goes back to the
 * barcode page with the message as a notice.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/labels";
import { barcodeLabelsFile, labelsBody } from "#core/catalog/barcode-labels.ts";
import { DomainError, Forbidden, parseInput, Refused, Unauthenticated } from "#core/errors.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = getLocale(context);
  const asked = { items: url.searchParams.get("items") ?? "", symbology: url.searchParams.get("symbology") ?? "auto" };
  const back = `${localePath(locale, "/products/barcode")}?${new URLSearchParams(asked)}`;
  try {
    const { csv, filename } = await barcodeLabelsFile(getScope(context), parseInput(labelsBody, asked));
    return new Response(csv, {
      status: 200,
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"` },
    });
  } catch (e) {
    if (!(e instanceof DomainError) || e instanceof Forbidden || e instanceof Unauthenticated) throw e;
    // The first field's message says what is wrong with the selection.
    const field = e instanceof Refused ? Object.values(e.fields ?? {})[0]?.[0] : undefined;
    const message = field ? getI18n(context).getFixedT(locale)(field, e.vars) : refusalMessage(context, e);
    flashToast(context, "danger", message);
    throw redirect(back);
  }
}
