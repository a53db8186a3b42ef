/**
 * /erp/inventory/:slug/mutation: one location's transfers, in and out (slug is a location key:
 * store-3, warehouse-2, warehouse-2-5; another business's or an unknown one is the 404 page). The
 * same list as /erp/inventory/mutation with the location fixed; the direction filter picks coming
 * in or going out. A warehouse's list includes its partitions' transfers.
 */
import type { Route } from "./+types/location";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { pageTitle } from "#app/lib/meta.ts";
import { loadTransferList } from "#app/lib/transfers.server.ts";
import { TransferListView } from "#app/components/transfer-list.tsx";

export async function loader(args: Route.LoaderArgs) {
  return loadTransferList(args, args.params.slug);
}

export default function LocationTransfers({ loaderData }: Route.ComponentProps) {
  return <TransferListView data={loaderData} />;
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
