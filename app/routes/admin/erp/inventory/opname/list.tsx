/**
 * /erp/inventory/opname (issue 14 item 2): every stock count of the business — tabs per status,
 * search (OPN-<id> or the note), location filter, summary over the counts — and the approval
 * thresholds (core/stock/inventory-settings.ts). The page and its rules: app/lib/opname-pages.server.ts,
 * core/stock/opname.ts.
 */
import type { Route } from "./+types/list";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { OpnameList } from "#app/components/opname/opname-list.tsx";
import { loadOpnameList, opnameListAction } from "#app/lib/opname-pages.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export const loader = (args: Route.LoaderArgs) => loadOpnameList(args);
export const action = (args: Route.ActionArgs) => opnameListAction(args);

export default function OpnameListPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OpnameList data={loaderData} reply={actionData as never} />;
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
