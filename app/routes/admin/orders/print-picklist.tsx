/**
 * /orders/print-picklist?ids=1,2,3 (or repeated `id`) [&paper=a4|label]: a picklist per chosen
 * order, each on its own page with the order code's barcode, for shops where one person picks and
 * packs one order at a time. One picklist read for all of them (core groups by location and SKU
 * and says which order each quantity is for); each order's sheet keeps its own quantities. Opening
 * the page marks the orders' picklists printed (app/lib/order-print.server.ts says why then).
 */
import type { Route } from "./+types/print-picklist";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { groupsOfOrder, PicklistSheet } from "#app/components/orders/print-picklist.tsx";
import { PrintShell } from "#app/components/orders/print-shell.tsx";
import type { Picklist } from "#app/lib/order-print.ts";
import { markPrinted, printAnswer, printBase, printPicklist } from "#app/lib/order-print.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const base = printBase(args, "print-picklist");
  if (base.problem) return printAnswer({ ...base, picklist: null as Picklist | null });
  const picklist = await printPicklist(args, base.params.ids);
  return printAnswer({ ...base, picklist, mark: await markPrinted(args, base.view, base.params.ids) });
}

export default function PrintPicklist({ loaderData }: Route.ComponentProps) {
  const { picklist, ...base } = loaderData;
  if (!picklist) return <PrintShell base={base}>{null}</PrintShell>;
  // The sheets follow the order the orders were chosen in (the picklist lists them oldest first).
  const byId = new Map(picklist.orders.map((o) => [o.order_id, o]));
  const orders = base.params.ids.flatMap((id) => byId.get(id) ?? []);
  const one = orders.length === 1 ? { id: orders[0].order_id, code: orders[0].order_code } : undefined;
  return (
    <PrintShell base={base} backTo={one}>
      {orders.map((o) => (
        <PicklistSheet key={o.order_id} groups={groupsOfOrder(picklist, o.order_id)} orders={[o]} single={o} businessName={base.businessName} now={base.now} compact={base.params.paper === "label"} />
      ))}
    </PrintShell>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
