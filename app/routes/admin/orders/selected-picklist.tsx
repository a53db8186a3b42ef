/**
 * /orders/selected-picklist?ids=1,2,3 (or repeated `id`) [&paper=a4|label]: one picklist for all the
 * chosen orders — each SKU once per stock location with the total to take and which orders it is
 * for — so a picker walks the shelves once for a whole batch. Opening the page marks the orders'
 * picklists printed (app/lib/order-print.server.ts says why then).
 */
import type { Route } from "./+types/selected-picklist";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { PicklistSheet } from "#app/components/orders/print-picklist.tsx";
import { PrintShell } from "#app/components/orders/print-shell.tsx";
import type { Picklist } from "#app/lib/order-print.ts";
import { markPrinted, printAnswer, printBase, printPicklist } from "#app/lib/order-print.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const base = printBase(args, "selected-picklist");
  if (base.problem) return printAnswer({ ...base, picklist: null as Picklist | null });
  const picklist = await printPicklist(args, base.params.ids);
  return printAnswer({ ...base, picklist, mark: await markPrinted(args, base.view, base.params.ids) });
}

export default function SelectedPicklist({ loaderData }: Route.ComponentProps) {
  const { picklist, ...base } = loaderData;
  const one = picklist?.orders.length === 1 ? { id: picklist.orders[0].order_id, code: picklist.orders[0].order_code } : undefined;
  return (
    <PrintShell base={base} backTo={one}>
      {picklist ? <PicklistSheet groups={picklist.locations} orders={picklist.orders} businessName={base.businessName} now={base.now} compact={base.params.paper === "label"} /> : null}
    </PrintShell>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
