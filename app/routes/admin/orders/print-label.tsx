/**
 * /orders/print-label?ids=1,2,3 (or repeated `id`) [&paper=label|a4]: a 100 × 150 mm shipping
 * label per chosen order with Code 128 barcodes of the tracking number and the order code; on a
 * thermal label printer by default, or four to an A4 sheet (cut along the dashed lines). Opening the
 * page marks the labels printed (app/lib/order-print.server.ts says why then).
 */
import type { Route } from "./+types/print-label";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ShippingLabel } from "#app/components/orders/print-label.tsx";
import { PrintShell } from "#app/components/orders/print-shell.tsx";
import type { PrintOrder } from "#app/lib/order-print.ts";
import { markPrinted, printAnswer, printBase, printOrders } from "#app/lib/order-print.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const base = printBase(args, "print-label");
  if (base.problem) return printAnswer({ ...base, orders: [] as PrintOrder[] });
  const orders = await printOrders(args, base.params.ids);
  return printAnswer({ ...base, orders, mark: await markPrinted(args, base.view, base.params.ids) });
}

export default function PrintLabel({ loaderData }: Route.ComponentProps) {
  const { orders, ...base } = loaderData;
  const one = orders.length === 1 ? { id: orders[0].order_id, code: orders[0].order_code } : undefined;
  // One label per label page; four per A4 sheet.
  const perSheet = base.params.paper === "a4" ? 4 : 1;
  const sheets: PrintOrder[][] = [];
  for (let i = 0; i < orders.length; i += perSheet) sheets.push(orders.slice(i, i + perSheet));
  return (
    <PrintShell base={base} backTo={one}>
      {sheets.map((sheet) => (
        <section key={sheet[0].order_id} className="sheet">
          {sheet.map((o) => <ShippingLabel key={o.order_id} order={o} businessName={base.businessName} />)}
        </section>
      ))}
    </PrintShell>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
