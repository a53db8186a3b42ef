/**
 * /print/deposit-sales-po?id=<invoice id> (spec 2 "Printing"): the sales purchase order of a deposit invoice on a bare
 * print page (app/components/deposit-print.tsx). Another business's invoice is a 404 (core scopes
 * it), a missing or bad id too.
 * Only a sales_po invoice has a sales PO; any other is a 404.
 */
import type { Route } from "./+types/deposit-sales-po";
import { getInvoice } from "#core/money/invoices.ts";
import { NotFound } from "#core/errors.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DepositPrint } from "#app/components/deposit-print.tsx";
import { getMe, getScope, requireSeller, requireUser } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [requireUser, requireSeller];

export async function loader(args: Route.LoaderArgs) {
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const id = Number(new URL(args.request.url).searchParams.get("id"));
  const invoice = await getInvoice(getScope(args.context), id);
  if (invoice.type !== "sales_po") throw new NotFound();
  const me = getMe(args.context);
  return {
    title: `${invoice.number} | ${t("common:app_name")}`,
    invoice,
    business: { name: me.business_name ?? "", address: null as string | null },
    back: localePath(locale, `/income-balance/deposit/invoices/${invoice.invoice_id}`),
  };
}

export default function Print({ loaderData }: Route.ComponentProps) {
  return <DepositPrint {...loaderData} kind="sales_po" />;
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
