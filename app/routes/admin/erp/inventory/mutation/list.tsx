/**
 * /erp/inventory/mutation: the business's stock transfers (issue 14 item 4) on the ListPage shell —
 * status tabs with counts (draft / in transit / received / with discrepancy / cancelled), search by
 * number (TRF-12 or 12), SKU or barcode, a location filter with its direction (coming in / going
 * out), page size; all in the URL (GET forms and links, no JavaScript needed). Newest first.
 * Rules: core/stock/transfers.ts; loader: app/lib/transfers.server.ts.
 */
import type { Route } from "./+types/list";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { TransferListView } from "#app/components/transfer-list.tsx";
import { pageTitle } from "#app/lib/meta.ts";
import { loadTransferList } from "#app/lib/transfers.server.ts";

export async function loader(args: Route.LoaderArgs) {
  return loadTransferList(args);
}

export default function TransferList({ loaderData }: Route.ComponentProps) {
  return <TransferListView data={loaderData} />;
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
