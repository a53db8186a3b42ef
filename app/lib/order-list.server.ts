/**
 * The /orders loader's API calls, apart from the page so the route stays about the page:
 * - the list (GET /v2.2.0/orders: keyset `cursor`, pagination.next_cursor / prev_cursor);
 * - the counts per tab and per process stage under the same filters (GET /v2.0.0/orders/count;
 *   filtered counts stop at the API's cap and say which did);
 * - the filter choices: the business's stores and channels (GET /v0.0.1/channels/offline-online,
 *   open to every staff member) and the couriers (GET /v0.1.0/utilities/delivery-couriers, kept a
 *   while: reference data).
 */
import { data } from "react-router";
import { callApi, getOrThrow } from "./api.server.ts";
import type { FilterChoices } from "#app/components/orders/list-filters.tsx";
import type { OrderCounts } from "#app/components/orders/list-tabs.tsx";
import type { OrderRow } from "#app/components/orders/list-table.tsx";
import { nextStep } from "#app/components/orders/list-steps.ts";
import { formatNumber } from "#core/lib/format.ts";

type Args = Parameters<typeof callApi>[0];
type Query = Record<string, string | number | undefined>;

type ApiRow = Omit<OrderRow, "next"> & { return_stage: string | null; delivery_method: string | null };

/** The page of orders, or null when the API refuses the URL's cursor (hand-edited, made for another sort). */
export async function loadOrders(args: Args, query: Query) {
  const res = await callApi<ApiRow[]>(args, "GET", "/v2.2.0/orders", { query, quiet: true });
  if (!res.ok && res.code === 422 && query.cursor) return null;
  // 404 "No data" is an empty page; anything else is the page's error.
  if (!res.ok && res.code !== 404) throw data(res.message, { status: res.code === 0 ? 503 : res.code });
  const rows = res.ok ? res.data : [];
  const p = (res.ok ? res.pagination : undefined) as
    { total_record: number; next_cursor?: string | null; prev_cursor?: string | null; summary_data?: { capped?: boolean } } | undefined;
  return {
    // The API's row carries more (items, printed marks, allowed actions…); the page gets only what it shows.
    rows: rows.map((r): OrderRow => ({
      order_id: r.order_id,
      order_code: r.order_code,
      channel_name: r.channel_name,
      customer_name: r.customer_name,
      status: r.status === "complaint" && r.return_stage ? `return_stage.${r.return_stage}` : r.status,
      total_amount: r.total_amount,
      time_created: r.time_created,
      next: nextStep(r),
    })),
    total: `${formatNumber(p?.total_record ?? 0)}${p?.summary_data?.capped ? "+" : ""}`,
    next: p?.next_cursor ?? null,
    prev: p?.prev_cursor ?? null,
  };
}

/** The counts of the current search and filters (not the tab, not the page: every tab shows its own). */
export async function loadCounts(args: Args, query: Query): Promise<OrderCounts> {
  const { status: _s, cursor: _c, limit: _l, sort: _o, ...filters } = query;
  const res = await getOrThrow<Omit<OrderCounts, "capped"> & { capped: { tabs: string[]; stages: string[] } }>(args, "/v2.0.0/orders/count", filters);
  // Only what the tabs show travels to the browser (not the per-status figures).
  const { tabs, stages, capped } = res.data;
  return { tabs, stages, capped: [...capped.tabs, ...capped.stages] };
}

type Graph = { offline: { id: number; name: string }[]; online: { id: number; name: string }[] };
type CourierGroup = { couriers: { code: string; name: string }[] };

/**
 * The couriers are reference data (a table the app ships, the same for every business): asked
 * once per process and kept a while, so each list view costs one API call less.
 */
let couriers: { at: number; list: Promise<FilterChoices["couriers"]> } | undefined;
const COURIERS_FOR_MS = 10 * 60_000;

function courierChoices(args: Args) {
  if (!couriers || Date.now() - couriers.at > COURIERS_FOR_MS) {
    const list = callApi<CourierGroup[]>(args, "GET", "/v0.1.0/utilities/delivery-couriers", { quiet: true }).then((res) => {
      if (!res.ok) throw new Error(res.message);
      const byCode = new Map<string, string>();
      for (const g of res.data) for (const c of g.couriers) byCode.set(c.code, c.name);
      return [...byCode].map(([code, name]) => ({ code, name }));
    });
    couriers = { at: Date.now(), list };
    // A failed answer is not kept: the next view asks again (this one shows no courier choices).
    list.catch(() => (couriers = undefined));
  }
  return couriers.list.catch(() => []);
}

export async function loadFilterChoices(args: Args): Promise<FilterChoices> {
  const [graph, courierList] = await Promise.all([
    callApi<Graph>(args, "GET", "/v0.0.1/channels/offline-online", { quiet: true }),
    courierChoices(args),
  ]);
  return {
    channels: graph.ok ? graph.data.online.map((c) => ({ id: c.id, name: c.name })) : [],
    stores: graph.ok ? graph.data.offline.map((s) => ({ id: s.id, name: s.name })) : [],
    couriers: courierList,
  };
}
