/**
 * /erp/inventory/:slug/opname (spec section 2 "inventory/:slug?/… /opname"): the stock counts of
 * one location, `:slug` being its key (store-<id>, warehouse-<id>, warehouse-<id>-<partition>;
 * core/stock/locations.ts). Another business's or an unknown location is the not-found page.
 */
import type { Route } from "./+types/location";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { OpnameList } from "#app/components/opname/opname-list.tsx";
import { loadOpnameList, opnameListAction } from "#app/lib/opname-pages.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export const loader = (args: Route.LoaderArgs) => loadOpnameList(args, args.params.slug);
export const action = (args: Route.ActionArgs) => opnameListAction(args);

export default function LocationOpnamePage({ loaderData, actionData }: Route.ComponentProps) {
  return <OpnameList data={loaderData} reply={actionData as never} />;
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
