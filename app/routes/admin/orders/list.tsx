/**
 * /orders: the business's orders from every channel (spec section 2 "Order tabs") — tabs with
 * their counts and, on Process Order, its stages; filters (channel, store, date range with the
 * spec's shortcuts, order type, courier), search (order id, customer, SKU), sort and page size,
 * keyset pages; the day's forward steps on ticked orders or one row at a time, printing the
 * invoice, label or picklist of ticked orders; export of the filtered list and its history.
 * Everything is in the URL or a POST form, so it all works without JavaScript. With JavaScript the
 * admin layout refreshes this page when an order arrives or changes (orders/list-new-order.tsx).
 *
 * Decisions where the spec is silent:
 * - Keyset pages (First / Previous / Next, `cursor` in the URL) instead of page numbers: a page
 *   deep in a million orders costs what the first one does.
 * - The bulk bar offers the forward steps the lifecycle table allows from the tab or stage shown
 *   (all of them on All); an order the step does not apply to is skipped and the notice says so.
 * - Printing ticked orders opens the print page with their ids (print-invoice, print-label,
 *   selected-picklist), which marks them printed.
 * - Tab and stage counts follow the search and filters; filtered counts stop at the API's cap.
 *   The total under the list is the count of the tab or stage shown (the same figure as its tab).
 *
 * The loader calls core/orders/listing.ts once for each of the rows, the counts and the filter
 * choices (the same functions the REST API answers with; the rows exactly as the table shows them).
 */
import { data, Link, redirect, replace, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/list";
import { fieldMessages, Refused } from "#core/errors.ts";
import { queueExport } from "#core/jobs/export-history.ts";
import { orderListQuery } from "#core/orders/list.ts";
import { countOrders, orderFilterChoices, orderListLines } from "#core/orders/listing.ts";
import { actOnOrders } from "#core/orders/seller-actions.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { OrderBulkBar, PRINTS, QUICK_ACTIONS, type PrintKind, type QuickAction } from "#app/components/orders/list-bulk.tsx";
import { OrderListFilters } from "#app/components/orders/list-filters.tsx";
import { OrderListPager } from "#app/components/orders/list-pager.tsx";
import { orderApiQuery, parseOrderParams } from "#app/components/orders/list-params.ts";
import { stepsFor } from "#app/components/orders/list-steps.ts";
import { OrderListTable } from "#app/components/orders/list-table.tsx";
import { countText, OrderListTabs, type OrderCounts } from "#app/components/orders/list-tabs.tsx";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadExports } from "#app/lib/list-page.server.ts";
import { listHref } from "#app/lib/list-params.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseOrderParams(url);
  const parsed = orderListQuery.safeParse(orderApiQuery(params));
  if (!parsed.success) {
    // A cursor that is no cursor (hand-edited, made for another list): the first page.
    if (params.cursor) throw redirect(url.pathname + listHref(params));
    throw new Refused("api:errors.validation", fieldMessages(parsed.error.issues));
  }
  const { status: _s, sort: _o, limit: _l, page: _p, cursor: _c, ...filters } = parsed.data;
  const [list, all, choices, exports] = await Promise.all([
    orderListLines(scope, parsed.data, QUICK_ACTIONS),
    countOrders(scope, filters),
    orderFilterChoices(scope),
    loadExports(args, "orders"),
  ]);
  // A cursor that leads nowhere now (the orders moved on, an old link) shows the first page.
  if (!list.rows.length && params.cursor) throw redirect(url.pathname + listHref(params));
  // Only what the tabs show travels to the browser (not the per-status figures).
  const counts: OrderCounts = { tabs: all.tabs, stages: all.stages, capped: [...all.capped.tabs, ...all.capped.stages] };
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("order-list:title_count", { total: countText(counts, "all") })} | ${t("common:app_name")}`,
    params,
    rows: list.rows,
    total: countText(counts, params.filters.stage ?? params.filters.tab ?? "all"),
    prev: list.prev,
    next: list.next,
    counts,
    steps: stepsFor(params.filters.stage ?? params.filters.tab),
    choices,
    exports: exports.rows,
    exportsOpen: url.searchParams.get("history") === "open",
  };
}

const bulkForm = z.object({
  action: z.enum([...QUICK_ACTIONS, ...PRINTS]),
  ids: z.array(z.coerce.number().int().positive().max(2_147_483_647)).min(1).max(150),
});

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseOrderParams(url);
  // Back to the same page of the same list (the cursor too: staff work through a page).
  const back = url.pathname + listHref(params, { cursor: params.cursor });
  const form = await args.request.formData();
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const intent = form.get("intent");

  if (intent === "export") {
    const { cursor: _, limit: __, ...filters } = orderApiQuery(params);
    try {
      await queueExport(scope, "orders", filters);
    } catch (e) {
      // Refused (too many orders for one file): say why and stay on the list.
      if (!(e instanceof Refused)) throw e;
      flashToast(args.context, "danger", refusalMessage(args.context, e));
      throw redirect(url.pathname + listHref(params));
    }
    throw redirect(url.pathname + listHref(params, { history: "open" }));
  }
  if (intent !== "bulk") throw data(t("common:errors.unknown_action"), { status: 400 });

  // A row's own button ("<action>:<id>") acts on its order alone; else the bar on the ticked ones.
  const row = String(form.get("row") ?? "").split(":");
  const parsed = bulkForm.safeParse(row.length === 2
    ? { action: row[0], ids: [row[1]] }
    : { action: form.get("action"), ids: form.getAll("order_ids") });
  if (!parsed.success) {
    flashToast(args.context, "danger", t("order-list:bulk.none_selected"));
    throw replace(back);
  }
  const { action, ids } = parsed.data;
  if ((PRINTS as readonly string[]).includes(action)) throw redirect(printPage(locale, action as PrintKind, ids));

  const step = action as QuickAction;
  const res = await actOnOrders(scope, step, ids, {});
  if (res.outcome !== "applied") {
    flashToast(args.context, "danger", res.message);
  } else {
    const done = res.data.filter((r) => r.ok).length;
    const refused = res.data.flatMap((r) => (r.ok ? [] : [r]));
    flashToast(args.context, "success", t("order-list:bulk.done", { count: done, done: t(`orders:done.${step}`) }));
    if (refused.length) {
      flashToast(args.context, "danger", t("order-list:bulk.skipped", { count: refused.length, reason: refused[0].message }));
    }
  }
  throw replace(back);
}

function printPage(locale: string, kind: PrintKind, ids: number[]) {
  const path = kind === "print-picklist" ? "/orders/selected-picklist" : `/orders/${kind}`;
  return `${localePath(locale, path)}?ids=${ids.join(",")}`;
}

export default function OrdersList({ loaderData }: Route.ComponentProps) {
  const { params, rows, total, prev, next, counts, steps, choices, exports, exportsOpen } = loaderData;
  const { t } = useTranslation("order-list");
  const locale = useLocale();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const f = params.filters;
  const filtered = Boolean(params.search || Object.keys(f).some((k) => k !== "tab" && k !== "stage"));

  return (
    <div className="space-y-4">
      <ListHeader title={t("title_count", { total: countText(counts, "all") })} exports={exports} exportsOpen={exportsOpen} />
      <OrderListTabs params={params} counts={counts} />
      <OrderListFilters params={params} choices={choices} pathname={location.pathname} />
      {rows.length ? (
        <>
          <OrderBulkBar steps={steps} />
          <OrderListTable rows={rows} busy={busy} detailHref={(id) => localePath(locale, `/orders/${id}`)} />
        </>
      ) : filtered ? (
        <EmptyState title={t("empty.filtered_title")} subtitle={t("empty.filtered_body")}
          action={<Link to={location.pathname + listHref({ ...params, search: "", filters: { tab: f.tab, stage: f.stage } })} className={buttonClass("secondary")}>{t("empty.clear")}</Link>} />
      ) : (
        <EmptyState title={t("empty.title")} subtitle={t("empty.body")} />
      )}
      <OrderListPager params={params} prev={prev} next={next} summary={t("pager.total", { total })} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
