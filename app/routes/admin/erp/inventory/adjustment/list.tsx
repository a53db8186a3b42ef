/**
 * /erp/inventory/adjustment (issue 14 item 3): stock adjustments — tabs per status (awaiting
 * approval, adjusted, rejected), search (ADJ-<id> or the note), reason and location filters — and
 * the form of a new one: a location, a reason code, a note and up to 8 lines (a product's SKU or
 * barcode and a signed quantity: +found, −damaged); "More lines" opens 8 more (?rows=16, no
 * JavaScript needed). Rules: core/stock/adjustments.ts (above the business's threshold a member
 * without erp.approve sends it for approval).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/list";
import { adjustmentBody, adjustmentListQuery, createAdjustment, listAdjustments, type AdjustmentJson } from "#core/stock/adjustments.ts";
import { ADJUSTMENT_REASONS, ADJUSTMENT_STATUSES } from "#core/stock/opname-lifecycle.ts";
import { listLocations } from "#core/stock/locations.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { buttonClass, inputClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError, FormErrors, formState, Select, TextArea } from "#app/components/form.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { OpnameStatus, Pager, Signed } from "#app/components/opname/parts.tsx";
import { getMe, getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { lenientQuery } from "#app/lib/opname-pages.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const url = new URL(args.request.url);
  const q = lenientQuery(adjustmentListQuery, url, { limit: "20" });
  const list = await listAdjustments(scope, q);
  const rows = Math.min(64, Math.max(8, Number(url.searchParams.get("rows")) || 8));
  return {
    title: `${t("opname:adjustment.title")} | ${t("common:app_name")}`,
    q, rows: list.rows, total: list.total, counts: list.counts,
    locations: await listLocations(scope, getMe(args.context).business_id!),
    lineRows: rows,
  };
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const submission = parseWithZod(formData, { schema: adjustmentBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let made;
  try {
    made = await createAdjustment(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", t(made.status === "adjusted" ? "api-opname:adjustment_created" : "api-opname:adjustment_waiting"));
  throw redirect(localePath(locale, `/erp/inventory/adjustment/${made.adjustment_id}`));
}

export default function AdjustmentList({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("opname");
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  const { q } = loaderData;
  const form = formState(actionData, { id: "adjustment" });
  const tabHref = (status?: string) => {
    const p = new URLSearchParams(search);
    p.delete("page");
    if (status) p.set("status", status); else p.delete("status");
    return `${pathname}${p.size ? `?${p}` : ""}`;
  };
  const more = new URLSearchParams(search);
  more.set("rows", String(loaderData.lineRows + 8));
  const columns: Column<AdjustmentJson>[] = [
    { key: "code", header: t("adjustment.column.code"), primary: true, cell: (a) => <Link to={lp(`/erp/inventory/adjustment/${a.adjustment_id}`)} className="font-medium text-brand-700 hover:underline">{a.code}</Link> },
    { key: "location", header: t("adjustment.column.location"), cell: (a) => a.location_name },
    { key: "reason", header: t("adjustment.column.reason"), cell: (a) => <>{a.reason_name}{a.note ? <span className="block text-xs text-slate-500">{a.note}</span> : null}</> },
    { key: "status", header: t("adjustment.column.status"), cell: (a) => <OpnameStatus status={a.status} label={a.status_name} /> },
    { key: "qty", header: t("adjustment.column.qty"), cell: (a) => <Signed n={a.total_qty} /> },
    { key: "value", header: t("adjustment.column.value"), cell: (a) => <Signed n={a.total_value} money /> },
    { key: "created", header: t("adjustment.column.created"), cell: (a) => <>{formatDateTime(a.time_created)}<span className="block text-xs text-slate-500">{a.created_by ?? "-"}</span></> },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{t("adjustment.title")}</h1>
          <p className="text-sm text-slate-600">{t("adjustment.intro")}</p>
        </div>
        <div className="flex gap-2">
          <Link to={lp("/erp/inventory/opname")} className={buttonClass("secondary")}>{t("adjustment.counts")}</Link>
          <a href="#new-adjustment" className={buttonClass("primary")}>{t("adjustment.new")}</a>
        </div>
      </div>
      <TabBar
        label={t("list.tabs")}
        tabs={[undefined, ...ADJUSTMENT_STATUSES].map((st) => ({
          key: st ?? "all", to: tabHref(st), label: t(st ? `adjustment.status.${st}` : "status.all"),
          count: formatNumber(loaderData.counts[st ?? "all"] ?? 0), active: q.status === st,
        }))}
      />
      <Form method="get" role="search" aria-label={t("list.filter")} autoComplete="off" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        {q.status ? <input type="hidden" name="status" value={q.status} /> : null}
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="adj-search" className="mb-1 block text-xs font-medium text-slate-600">{t("list.search")}</label>
          <input id="adj-search" name="search" type="search" key={q.search ?? ""} defaultValue={q.search ?? ""} placeholder={t("adjustment.search_placeholder")} className={inputClass} />
        </div>
        <div className="min-w-[10rem] flex-1 sm:flex-none">
          <label htmlFor="adj-reason" className="mb-1 block text-xs font-medium text-slate-600">{t("adjustment.reason_label")}</label>
          <select id="adj-reason" name="reason_code" key={q.reason_code ?? ""} defaultValue={q.reason_code ?? ""} className={inputClass}>
            <option value="">{t("adjustment.all_reasons")}</option>
            {ADJUSTMENT_REASONS.map((r) => <option key={r} value={r}>{t(`adjustment.reason.${r}`)}</option>)}
          </select>
        </div>
        <div className="min-w-[12rem] flex-1 sm:flex-none">
          <label htmlFor="adj-location" className="mb-1 block text-xs font-medium text-slate-600">{t("list.location")}</label>
          <select id="adj-location" name="location" key={q.location ?? ""} defaultValue={q.location ?? ""} className={inputClass}>
            <option value="">{t("list.all_locations")}</option>
            {loaderData.locations.map((l) => <option key={l.key} value={l.key}>{l.name}</option>)}
          </select>
        </div>
        <SubmitButton variant="secondary">{t("list.apply")}</SubmitButton>
        <Link to={pathname} className="py-2 text-sm font-medium text-slate-600 hover:underline">{t("list.reset")}</Link>
      </Form>
      {loaderData.rows.length
        ? <DataTable caption={t("adjustment.title")} columns={columns} rows={loaderData.rows} rowKey={(a) => a.adjustment_id} />
        : <EmptyState title={t("adjustment.empty")} subtitle={t("adjustment.empty_hint")} />}
      <Pager page={q.page} totalPage={Math.ceil(loaderData.total / q.limit)} search={search} />

      <div id="new-adjustment">
        <SectionCard title={t("adjustment.new")} hint={t("adjustment.new_hint")}>
          <Form method="post" noValidate className="space-y-4">
            <FormToken />
            <FormErrors errors={form.formErrors} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Select form={form} name="location" label={t("new.location")} placeholder={t("new.location_pick")}
                options={loaderData.locations.map((l) => ({ value: l.key, label: l.name }))} />
              <Select form={form} name="reason_code" label={t("adjustment.reason_label")} placeholder={t("adjustment.reason_pick")}
                options={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: t(`adjustment.reason.${r}`) }))} />
            </div>
            <TextArea form={form} name="note" label={t("adjustment.note")} maxLength={500} rows={2} />
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-700">{t("adjustment.lines")}</legend>
              <p className="text-xs text-slate-500">{t("adjustment.lines_hint")}</p>
              <FieldError errors={form.errors("lines")} />
              {Array.from({ length: loaderData.lineRows }, (_, i) => (
                <div key={i} className="grid grid-cols-[1fr_7rem] gap-2">
                  <div>
                    <label htmlFor={`adj-line-${i}-code`} className="sr-only">{t("adjustment.line_code", { n: i + 1 })}</label>
                    <input id={`adj-line-${i}-code`} name={`lines[${i}].code`} defaultValue={form.value(`lines[${i}].code`)} placeholder={t("adjustment.code_placeholder")}
                      autoComplete="off" className={inputClass} aria-invalid={form.errors(`lines[${i}].code`) ? true : undefined} />
                    <FieldError errors={form.errors(`lines[${i}].code`)} />
                  </div>
                  <div>
                    <label htmlFor={`adj-line-${i}-delta`} className="sr-only">{t("adjustment.line_delta", { n: i + 1 })}</label>
                    <input id={`adj-line-${i}-delta`} name={`lines[${i}].delta`} defaultValue={form.value(`lines[${i}].delta`)} placeholder="±0" inputMode="numeric"
                      autoComplete="off" className={inputClass} aria-invalid={form.errors(`lines[${i}].delta`) ? true : undefined} />
                    <FieldError errors={form.errors(`lines[${i}].delta`)} />
                  </div>
                </div>
              ))}
              {loaderData.lineRows < 64 ? <Link to={`?${more}#new-adjustment`} className="text-sm font-medium text-brand-700 hover:underline">{t("adjustment.more_lines")}</Link> : null}
            </fieldset>
            <SubmitButton>{t("adjustment.submit")}</SubmitButton>
          </Form>
        </SectionCard>
      </div>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
