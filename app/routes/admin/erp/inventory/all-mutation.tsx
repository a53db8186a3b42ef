/**
 * /erp/inventory/all-mutation (issue 14 item 5): every stock movement of the business across its
 * stores, warehouses and partitions — when, product / variant / SKU, where, type, the on-hand
 * change with before → after, who, and the reference linking to its order, transfer, count or
 * adjustment. Type tabs with bounded counts, filters (location, the one date filter of every list —
 * app/lib/date-range.ts: Today … Monthly, Set Date — and search), keyset pages
 * (First / Previous / Next) and the xlsx export of the filtered movements (export history popup):
 * all in the URL or a POST form, so it works without JavaScript. Rules: core/stock/mutations.ts.
 *
 * Decisions where the spec is silent:
 * - A location that is not one answers 400 with the message under its field; the list shows what
 *   the valid filters select. Dates follow the shared date filter: a day that is no day is no
 *   filter, a range typed backwards means the same days. A cursor that is no cursor, or leads
 *   nowhere any more, shows the first page.
 * - Reservations (an order holding stock: reserved moves, on hand does not) are listed under All
 *   and Other, their quantity 0 and their reserved change beside it.
 */
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/all-mutation";
import { fieldMessages } from "#core/errors.ts";
import { queueExport } from "#core/jobs/export-history.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import {
  decodeCursor, listMutations, mutationFilters, mutationLocations, mutationTypeCounts, type Mutation, type MutationFilters,
} from "#core/stock/mutations.ts";
// Browser-safe: the component reads these (the server module above stays out of the page's bundle).
import { MUTATION_PAGE_SIZES, MUTATION_TYPES, type MutationType } from "#core/stock/mutation-types.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError } from "#app/components/form-error.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { DateRangeFilter } from "#app/components/list/date-range-filter.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import { getMe, getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadExports } from "#app/lib/list-page.server.ts";
import { dateRangeDays, parseDateFilter } from "#app/lib/date-range.ts";
import { listHref, type ListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FREE = ["location"] as const;
type Free = (typeof FREE)[number];

/** The list state of the URL: valid filters, the typed values of bad ones and their messages. */
function readUrl(url: URL) {
  const q = url.searchParams;
  const typeText = q.get("type") ?? "";
  const type = (MUTATION_TYPES as readonly string[]).includes(typeText) && typeText !== "all" ? (typeText as MutationType) : undefined;
  const limitN = Number(q.get("limit"));
  const limit = (MUTATION_PAGE_SIZES as readonly number[]).includes(limitN) ? limitN : 50;
  const search = (q.get("search") ?? "").trim().slice(0, 100);
  const typed: Partial<Record<Free, string>> = {};
  const valid: Partial<Record<Free, string>> = {};
  const errors: Record<string, string[]> = {};
  for (const key of FREE) {
    const v = q.get(key)?.trim() ?? "";
    if (!v) continue;
    typed[key] = v.slice(0, 60);
    const one = mutationFilters.safeParse({ [key]: v });
    if (one.success) valid[key] = v;
    else Object.assign(errors, fieldMessages(one.error.issues));
  }
  const dates = parseDateFilter(q);
  const filters: MutationFilters = { type, search: search || undefined, ...valid, ...dateRangeDays(dates) };
  const params: ListParams = { page: 1, limit, sort: 2, search, filters: { type, ...typed, ...dates } };
  return { filters, params, errors, cursorText: q.get("cursor") ?? "" };
}

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const { filters, params, errors, cursorText } = readUrl(url);
  const cursor = cursorText ? decodeCursor(cursorText) : undefined;
  // A cursor that is no cursor (hand-edited, cut short): the first page.
  if (cursor === null) throw redirect(url.pathname + listHref(params));
  const me = getMe(args.context);
  const [page, counts, locations, exports] = await Promise.all([
    listMutations(scope, { ...filters, limit: params.limit, cursor }),
    mutationTypeCounts(scope, filters),
    mutationLocations(scope),
    loadExports(args, "inventory-mutations"),
  ]);
  // A cursor that leads nowhere now (an old link) shows the first page.
  if (!page.rows.length && cursor) throw redirect(url.pathname + listHref(params));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const all = counts.all;
  const body = {
    title: `${t("inventory-mutation:title")} | ${t("common:app_name")}`,
    params,
    cursor: cursorText || null,
    list: { rows: page.rows, pagination: { total_page: 1, total_record: page.total } },
    total: { count: page.total, capped: page.capped },
    counts,
    allCount: all,
    prev: page.prevCursor,
    next: page.nextCursor,
    locations: locations.map((l) => ({ key: l.key, name: l.name, kind: l.kind })),
    errors,
    exports: exports.rows,
    exportsOpen: url.searchParams.get("history") === "open",
    businessName: me.business_name ?? "",
  };
  return Object.keys(errors).length ? data(body, { status: 400 }) : body;
}

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const { filters, params } = readUrl(url);
  const form = await args.request.formData();
  if (form.get("intent") !== "export") {
    throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
  // The export takes the list's filters (valid ones), every page of them.
  await queueExport(scope, "inventory-mutations", filters);
  throw redirect(url.pathname + listHref(params, { history: "open" }));
}

const countText = (c: { count: number; capped: boolean }) => (c.capped ? `${formatNumber(c.count)}+` : formatNumber(c.count));

export default function AllMutations({ loaderData }: Route.ComponentProps) {
  const { params, counts, locations, errors, prev, next, cursor, total } = loaderData;
  const f = params.filters as Record<string, string | undefined>;
  const { t } = useTranslation("inventory-mutation");
  const { t: tl } = useTranslation("list");
  const locale = useLocale();
  const link = (path: string) => localePath(locale, path);
  const active = f.type ?? "all";
  const filtered = Boolean(params.search || f.location || f.date || f.type);

  const columns: Column<Mutation>[] = [
    { key: "time", header: t("column.time"), primary: true, cell: (m) => <time dateTime={new Date(m.time_created * 1000).toISOString()}>{formatDateTime(m.time_created)}</time> },
    {
      key: "product", header: t("column.product"),
      cell: (m) => (
        <>
          <span className="font-medium text-slate-900">{m.product_name}</span>
          {m.variant_name ? <span className="block text-xs text-slate-500">{m.variant_name}</span> : null}
          <span className="block font-mono text-xs text-slate-500">{m.sku}</span>
        </>
      ),
    },
    { key: "location", header: t("column.location"), cell: (m) => m.location.name },
    { key: "type", header: t("column.type"), cell: (m) => <span className="mutation-type">{t(m.is_reservation ? "type.reservation" : `type.${m.type}`)}</span> },
    {
      key: "quantity", header: t("column.quantity"), className: "tabular-nums",
      cell: (m) => (
        <>
          <span className={`font-semibold ${m.quantity > 0 ? "text-emerald-700" : m.quantity < 0 ? "text-red-700" : "text-slate-600"}`}>
            {m.quantity > 0 ? `+${formatNumber(m.quantity)}` : m.quantity < 0 ? `−${formatNumber(-m.quantity)}` : "0"}
          </span>
          <span className="block text-xs text-slate-500">{t("before_after", { before: formatNumber(m.on_hand_before), after: formatNumber(m.on_hand_after) })}</span>
          {m.reserved_change ? (
            <span className="block text-xs text-slate-500">
              {t("reserved_change", { change: m.reserved_change > 0 ? `+${formatNumber(m.reserved_change)}` : `−${formatNumber(-m.reserved_change)}` })}
            </span>
          ) : null}
        </>
      ),
    },
    { key: "user", header: t("column.user"), cell: (m) => m.user_name ?? <span className="text-slate-500">{t("system")}</span> },
    {
      key: "reference", header: t("column.reference"),
      cell: (m) => (
        <>
          {m.reference
            ? m.reference_link
              ? <Link to={link(m.reference_link)} className="font-mono text-xs text-brand-700 underline">{m.reference}</Link>
              : <span className="font-mono text-xs">{m.reference}</span>
            : <span className="text-slate-500">-</span>}
          {m.note ? <span className="block text-xs text-slate-500">{m.note}</span> : null}
        </>
      ),
    },
  ];

  const tabs = MUTATION_TYPES.map((type) => ({
    key: type,
    to: { search: listHref({ ...params, filters: { ...params.filters, type: type === "all" ? undefined : type } }) },
    label: t(`tab.${type}`),
    count: countText(counts[type]),
    active: active === type,
  }));

  const cell = "inline-flex items-center rounded-md border px-3 py-1.5 text-sm";
  const live = `${cell} border-slate-300 bg-white hover:bg-slate-50`;
  const dead = `${cell} border-slate-200 text-slate-400`;
  const pager = (
    <nav aria-label={tl("pagination.label")} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>{t("pager.total", { total: countText(total) })}</p>
      {prev || next ? (
        <ul className="flex gap-1">
          {cursor ? <li><Link to={{ search: listHref(params) }} className={live}>{t("pager.first")}</Link></li> : null}
          <li>
            {prev ? <Link to={{ search: listHref(params, { cursor: prev }) }} rel="prev" className={live}>{tl("pagination.previous")}</Link>
              : <span aria-disabled="true" className={dead}>{tl("pagination.previous")}</span>}
          </li>
          <li>
            {next ? <Link to={{ search: listHref(params, { cursor: next }) }} rel="next" className={live}>{tl("pagination.next")}</Link>
              : <span aria-disabled="true" className={dead}>{tl("pagination.next")}</span>}
          </li>
        </ul>
      ) : null}
    </nav>
  );

  return (
    <ListPage
      data={loaderData}
      title={t("title")}
      intro={t("intro", { business: loaderData.businessName })}
      tabs={<TabBar label={t("tabs_label")} tabs={tabs} />}
      filters={<>
        {f.type ? <input type="hidden" name="type" value={f.type} /> : null}
        <SearchBox value={params.search} placeholder={t("search_placeholder")} />
        <FilterSelect name="location" label={t("filter.location")} value={errors.location ? undefined : f.location} allLabel={t("filter.all_locations")}
          options={locations.map((l) => ({ value: l.key, label: l.name }))} />
        <DateRangeFilter value={f} />
        <PageSizeSelect value={params.limit} />
        {errors.location ? <FieldError id="filter-location-error" errors={errors.location} /> : null}
      </>}
      empty={filtered
        ? <EmptyState title={t("empty.filtered_title")} subtitle={t("empty.filtered_body")}
          action={<Link to={link("/erp/inventory/all-mutation")} className="text-sm font-medium text-brand-700 underline">{t("empty.clear")}</Link>} />
        : <EmptyState title={t("empty.title")} subtitle={t("empty.body")} />}
      pager={pager}
    >
      {(rows) => <DataTable caption={t("list_label")} columns={columns} rows={rows} rowKey={(m) => m.movement_id} />}
    </ListPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
