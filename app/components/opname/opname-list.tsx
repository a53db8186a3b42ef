/**
 * The list of stock counts (/erp/inventory/opname and /erp/inventory/:slug/opname): a summary over
 * the counts, tabs per status with their counts, search and location filters (a GET form), the
 * counts as a table (cards on a phone), a pager, and the approval thresholds card (a form for
 * owners and erp.approve holders, the values for everyone else).
 */
import { Form, Link, useLocation } from "react-router";
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import { formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { OPNAME_STATUSES } from "#core/stock/opname-lifecycle.ts";
import type { OpnameJson } from "#core/stock/opname.ts";
import type { InventorySettings } from "#core/stock/inventory-settings.ts";
import type { LocationOption } from "#core/stock/locations.ts";
import { buttonClass, inputClass, SubmitButton } from "#app/components/button.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { formState, TextInput, FormErrors, type FormReply } from "#app/components/form.tsx";
import { Figure, OpnameStatus, Pager, Signed } from "./parts.tsx";

export type OpnameListData = {
  heading: string;
  fixed: { key: string; name: string } | null;
  q: { page: number; limit: number; search?: string; status?: string; location?: string };
  rows: OpnameJson[];
  total: number;
  counts: Record<string, number>;
  summary: { total_opname: number; awaiting_approval: number; adjusted: number; surplus_value: number; shortage_value: number; net_variance_value: number };
  settings: InventorySettings;
  locations: LocationOption[];
  canApprove: boolean;
};

export function OpnameList({ data, reply }: { data: OpnameListData; reply?: FormReply }) {
  const { t } = useTranslation("opname");
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  const { q } = data;
  const tabHref = (status?: string) => {
    const p = new URLSearchParams(search);
    p.delete("page");
    if (status) p.set("status", status); else p.delete("status");
    return `${pathname}${p.size ? `?${p}` : ""}`;
  };
  const columns: Column<OpnameJson>[] = [
    {
      key: "code", header: t("list.column.code"), primary: true,
      cell: (o) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link to={lp(`/erp/inventory/opname/${o.opname_id}`)} className="font-medium text-brand-700 hover:underline">{o.code}</Link>
          {o.is_locked ? <span className="text-xs text-amber-700">🔒 {t("locked")}</span> : null}
        </span>
      ),
    },
    { key: "location", header: t("list.column.location"), cell: (o) => o.location_name },
    { key: "scope", header: t("list.column.scope"), cell: (o) => (o.scope_name ? `${t(`scope.${o.scope}`)}: ${o.scope_name}` : t(`scope.${o.scope}`)) },
    { key: "status", header: t("list.column.status"), cell: (o) => <OpnameStatus status={o.status} label={o.status_name} /> },
    { key: "counted", header: t("list.column.counted"), cell: (o) => `${formatNumber(o.total_counted)} / ${formatNumber(o.total_product)}` },
    { key: "variance", header: t("list.column.variance"), cell: (o) => <Signed n={o.net_variance_value} money /> },
    { key: "created", header: t("list.column.created"), cell: (o) => <>{formatDateTime(o.time_created)}<span className="block text-xs text-slate-500">{o.created_by ?? "-"}</span></> },
  ];
  const newHref = lp(`/erp/inventory/opname/new${data.fixed ? `?location=${data.fixed.key}` : ""}`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          {data.fixed ? <Link to={lp("/erp/inventory/opname")} className="text-sm font-medium text-brand-700 hover:underline">← {t("list.all_locations")}</Link> : null}
          <h1 className="text-xl font-semibold text-slate-900">{data.heading}</h1>
          <p className="text-sm text-slate-600">{t("list.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={lp("/erp/inventory/adjustment")} className={buttonClass("secondary")}>{t("list.adjustments")}</Link>
          <Link to={newHref} className={buttonClass("primary")}>{t("list.new")}</Link>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t("summary.total")}>{formatNumber(data.summary.total_opname)}</Figure>
        <Figure label={t("summary.awaiting")}>{formatNumber(data.summary.awaiting_approval)}</Figure>
        <Figure label={t("summary.adjusted")}>{formatNumber(data.summary.adjusted)}</Figure>
        <Figure label={t("summary.net_value")}><Signed n={data.summary.net_variance_value} money /></Figure>
      </dl>

      <TabBar
        label={t("list.tabs")}
        tabs={[undefined, ...OPNAME_STATUSES].map((st) => ({
          key: st ?? "all", to: tabHref(st), label: t(st ? `status.${st}` : "status.all"),
          count: formatNumber(data.counts[st ?? "all"] ?? 0), active: (q.status ?? undefined) === st,
        }))}
      />

      <Form method="get" role="search" aria-label={t("list.filter")} autoComplete="off" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        {q.status ? <input type="hidden" name="status" value={q.status} /> : null}
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="opname-search" className="mb-1 block text-xs font-medium text-slate-600">{t("list.search")}</label>
          <input id="opname-search" name="search" type="search" key={q.search ?? ""} defaultValue={q.search ?? ""} placeholder={t("list.search_placeholder")} className={inputClass} />
        </div>
        {data.fixed ? null : (
          <div className="min-w-[12rem] flex-1 sm:flex-none">
            <label htmlFor="opname-location" className="mb-1 block text-xs font-medium text-slate-600">{t("list.location")}</label>
            <select id="opname-location" name="location" key={q.location ?? ""} defaultValue={q.location ?? ""} className={inputClass}>
              <option value="">{t("list.all_locations")}</option>
              {data.locations.map((l) => <option key={l.key} value={l.key}>{l.name}</option>)}
            </select>
          </div>
        )}
        <SubmitButton variant="secondary">{t("list.apply")}</SubmitButton>
        <Link to={pathname} className="py-2 text-sm font-medium text-slate-600 hover:underline">{t("list.reset")}</Link>
      </Form>

      {data.rows.length ? (
        <DataTable caption={data.heading} columns={columns} rows={data.rows} rowKey={(o) => o.opname_id} />
      ) : (
        <EmptyState title={t("list.empty")} subtitle={t("list.empty_hint")} action={<Link to={newHref} className={buttonClass("primary")}>{t("list.new")}</Link>} />
      )}
      <Pager page={q.page} totalPage={Math.ceil(data.total / q.limit)} search={search} />

      <Thresholds settings={data.settings} canApprove={data.canApprove} reply={reply} />
    </div>
  );
}

function Thresholds({ settings, canApprove, reply }: { settings: InventorySettings; canApprove: boolean; reply?: FormReply }) {
  const { t } = useTranslation("opname");
  const show = (v: number | null, money: boolean) => (v === null ? t("thresholds.none") : money ? formatRupiah(v) : `${formatNumber(v)}%`);
  if (!canApprove) {
    return (
      <SectionCard title={t("thresholds.title")} hint={t("thresholds.who")}>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div><dt className="text-slate-500">{t("thresholds.count_value")}</dt><dd className="font-medium">{show(settings.count_value_threshold, true)}</dd></div>
          <div><dt className="text-slate-500">{t("thresholds.count_percent")}</dt><dd className="font-medium">{show(settings.count_percent_threshold, false)}</dd></div>
          <div><dt className="text-slate-500">{t("thresholds.adjustment_value")}</dt><dd className="font-medium">{show(settings.adjustment_value_threshold, true)}</dd></div>
        </dl>
      </SectionCard>
    );
  }
  const form = formState(reply, { defaults: settings as unknown as Record<string, unknown>, id: "thresholds" });
  return (
    <SectionCard title={t("thresholds.title")} hint={t("thresholds.hint")}>
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="thresholds" />
        <FormErrors errors={form.formErrors} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput form={form} name="count_value_threshold" label={t("thresholds.count_value")} hint={t("thresholds.blank_none")} inputMode="numeric" />
          <TextInput form={form} name="count_percent_threshold" label={t("thresholds.count_percent")} hint={t("thresholds.blank_none")} inputMode="numeric" />
          <TextInput form={form} name="adjustment_value_threshold" label={t("thresholds.adjustment_value")} hint={t("thresholds.blank_none")} inputMode="numeric" />
        </div>
        <SubmitButton>{t("thresholds.save")}</SubmitButton>
      </Form>
    </SectionCard>
  );
}
