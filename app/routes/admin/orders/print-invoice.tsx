/**
 * /orders/print-invoice?ids=1,2,3 (or repeated `id`) [&paper=a4|label]: one invoice per chosen
 * order, each starting on a new page, in the order the orders were chosen. A4 by default; on
 * 100 × 150 mm label paper the same invoice in one column. Opening the page marks the invoices
 * printed (app/lib/order-print.server.ts says why then); another business's order is a 404.
 */
import type { Route } from "./+types/print-invoice";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Invoice } from "#app/components/orders/print-invoice.tsx";
import { PrintShell } from "#app/components/orders/print-shell.tsx";
import type { PrintOrder } from "#app/lib/order-print.ts";
import { markPrinted, printAnswer, printBase, printOrders } from "#app/lib/order-print.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const base = printBase(args, "print-invoice");
  if (base.problem) return printAnswer({ ...base, orders: [] as PrintOrder[] });
  const orders = await printOrders(args, base.params.ids);
  return printAnswer({ ...base, orders, mark: await markPrinted(args, base.view, base.params.ids) });
}

export default function PrintInvoice({ loaderData }: Route.ComponentProps) {
  const { orders, ...base } = loaderData;
  const one = orders.length === 1 ? { id: orders[0].order_id, code: orders[0].order_code } : undefined;
  return (
    <PrintShell base={base} backTo={one}>
      {orders.map((o) => <Invoice key={o.order_id} order={o} businessName={base.businessName} compact={base.params.paper === "label"} />)}
    </PrintShell>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
