/**
 * /omnichannel/pos-report/inventory/opname-adjustment/:sid?/:bid?/:slug? (spec section 2, POS
 * reports): every stock correction the ledger holds — count adjustments (OPN-…) and adjustments
 * (ADJ-…) — with their totals, filtered by store (:sid), brand (:bid) and kind (:slug: opname |
 * adjustment); "all" stands for no filter in a position. The filter form is a GET form; its query
 * (?sid=&bid=&slug=) is turned into the spec's path, so the address is always the path form.
 * Rules: core/stock/opname-report.ts.
 */
import { Form, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/opname-adjustment";
import { opnameAdjustmentReport, opnameReportQuery } from "#core/stock/opname-report.ts";
import { REPORT_KINDS } from "#core/stock/opname-lifecycle.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { inputClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { Figure, Pager, Signed } from "#app/components/opname/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { lenientQuery } from "#app/lib/opname-pages.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const BASE = "/omnichannel/pos-report/inventory/opname-adjustment";

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  // The filter form's query becomes the path (/all/all/opname), keeping the page size and page.
  if (["sid", "bid", "slug"].some((k) => url.searchParams.has(k))) {
    const seg = (k: string, fallback?: string) => (url.searchParams.has(k) ? url.searchParams.get(k) || "all" : fallback ?? "all");
    const path = `${BASE}/${seg("sid", args.params.sid)}/${seg("bid", args.params.bid)}/${seg("slug", args.params.slug)}`.replace(/(\/all)+$/, "");
    const rest = new URLSearchParams(url.searchParams);
    for (const k of ["sid", "bid", "slug", "page"]) rest.delete(k);
    throw redirect(localePath(locale, path) + (rest.size ? `?${rest}` : ""));
  }
  const q = lenientQuery(opnameReportQuery, url, {
    ...(args.params.sid ? { sid: args.params.sid } : {}), ...(args.params.bid ? { bid: args.params.bid } : {}), ...(args.params.slug ? { slug: args.params.slug } : {}),
  });
  const report = await opnameAdjustmentReport(getScope(args.context), q);
  return { title: `${t("opname:report.title")} | ${t("common:app_name")}`, q, ...report };
}

export default function OpnameAdjustmentReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("opname");
  const lp = useLocalePath();
  const { search } = useLocation();
  const { q, summary } = loaderData;
  const refLink = (ref: string | null) => {
    const m = ref && /^(OPN|ADJ)-(\d+)$/.exec(ref);
    if (!m) return ref ?? "-";
    return <Link to={lp(m[1] === "OPN" ? `/erp/inventory/opname/${m[2]}` : `/erp/inventory/adjustment/${m[2]}`)} className="font-medium text-brand-700 hover:underline">{ref}</Link>;
  };
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("report.title")}</h1>
        <p className="text-sm text-slate-600">{t("report.intro")}</p>
      </div>
      <Form method="get" action={lp(BASE)} role="search" aria-label={t("list.filter")} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <div className="min-w-[12rem] flex-1 sm:flex-none">
          <label htmlFor="report-sid" className="mb-1 block text-xs font-medium text-slate-600">{t("report.store")}</label>
          <select id="report-sid" name="sid" key={q.sid ?? ""} defaultValue={q.sid ?? "all"} className={inputClass}>
            <option value="all">{t("report.all_stores")}</option>
            {loaderData.stores.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </div>
        <div className="min-w-[12rem] flex-1 sm:flex-none">
          <label htmlFor="report-bid" className="mb-1 block text-xs font-medium text-slate-600">{t("report.brand")}</label>
          <select id="report-bid" name="bid" key={q.bid ?? ""} defaultValue={q.bid ?? "all"} className={inputClass}>
            <option value="all">{t("report.all_brands")}</option>
            {loaderData.brands.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
          </select>
        </div>
        <div className="min-w-[10rem] flex-1 sm:flex-none">
          <label htmlFor="report-slug" className="mb-1 block text-xs font-medium text-slate-600">{t("report.kind")}</label>
          <select id="report-slug" name="slug" key={q.slug ?? ""} defaultValue={q.slug ?? "all"} className={inputClass}>
            <option value="all">{t("report.all_kinds")}</option>
            {REPORT_KINDS.map((k) => <option key={k} value={k}>{t(`report.kind_${k}`)}</option>)}
          </select>
        </div>
        <SubmitButton variant="secondary">{t("list.apply")}</SubmitButton>
        <Link to={lp(BASE)} className="py-2 text-sm font-medium text-slate-600 hover:underline">{t("list.reset")}</Link>
      </Form>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t("report.movements")}>{formatNumber(summary.total_movement)}</Figure>
        <Figure label={t("detail.summary.surplus")}><Signed n={summary.surplus_qty} /></Figure>
        <Figure label={t("detail.summary.shortage")}><Signed n={-summary.shortage_qty} /></Figure>
        <Figure label={t("detail.summary.net_value")}><Signed n={summary.net_value} money /></Figure>
      </dl>
      {loaderData.rows.length ? (
        <DataTable
          caption={t("report.title")}
          rows={loaderData.rows}
          rowKey={(r) => r.movement_id}
          columns={[
            { key: "time", header: t("report.column.time"), primary: true, cell: (r) => <>{formatDateTime(r.time_created)} · {refLink(r.reference)}</> },
            { key: "kind", header: t("report.kind"), cell: (r) => t(`report.kind_${r.kind}`) },
            { key: "product", header: t("detail.column.product"), cell: (r) => <>{r.product_name}{r.variant_name ? ` · ${r.variant_name}` : ""}<span className="block text-xs text-slate-500">{r.sku}</span></> },
            { key: "location", header: t("list.column.location"), cell: (r) => r.location_name },
            { key: "change", header: t("report.column.change"), cell: (r) => <>{formatNumber(r.before)} → {formatNumber(r.after)} (<Signed n={r.change} />)</> },
            { key: "value", header: t("detail.column.value"), cell: (r) => <Signed n={r.value} money /> },
            { key: "who", header: t("report.column.who"), cell: (r) => <>{r.user_name ?? "-"}{r.note ? <span className="block text-xs text-slate-500">{r.note}</span> : null}</> },
          ]}
        />
      ) : <EmptyState title={t("report.empty")} subtitle={t("report.empty_hint")} />}
      <Pager page={q.page} totalPage={Math.ceil(loaderData.total / q.limit)} search={search} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
