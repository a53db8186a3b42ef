/**
 * /income-balance/deposit (issue 15 item 3): the deposit — the prepaid balance for platform costs.
 * The balance (a negative one shown as a debt), the invoices' summary and points, the top-up form
 * (amount, method → the payment's page with its instructions), the withdraw form (the saldo page's,
 * from the deposit: app/components/saldo/), the invoice setting and the auto-payment switch (a
 * POST form with the one confirm step), then two tabs: History (the
 * deposit's movements) and Invoices (status tabs with counts, type filter); both with the one date
 * filter, pages and the xlsx export, all in the URL. Rules: core/money/deposit.ts, payments.ts,
 * invoices.ts, payouts.ts — the same calls as the REST API.
 *
 * Where the spec is silent: a withdrawal from the deposit is followed where every withdrawal is,
 * the saldo page's Withdrawals tab (its source column says Deposit); the form leads there when
 * done. The deposit cannot go below zero by a withdrawal (only an invoice charge makes a debt).
 */
import { data, Form, Link, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/index";
import { queueExport } from "#core/jobs/export-history.ts";
import { formatDate, formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { depositHistories, depositSettings, invoiceSettingBody, setAutoPayment, setInvoiceSetting, type DepositHistory } from "#core/money/deposit.ts";
import { invoiceCounts, invoiceSummary, listInvoices, type InvoiceJson } from "#core/money/invoices.ts";
import { requestTopup, topupBody } from "#core/money/payments.ts";
import { withdrawalsOn, withdrawDestination } from "#core/money/payouts.ts";
import { DEPOSIT_TABS, INVOICE_SETTINGS, INVOICE_TABS, PAYMENT_METHODS, POINT_VALUE, TOPUP_MAX, TOPUP_MIN } from "#core/money/deposit-options.ts";
import { SubmitButton } from "#app/components/button.tsx";
import { ConfirmButton } from "#app/components/brand-confirm.tsx";
import { Movement, InvoiceStatus } from "#app/components/deposit-parts.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormErrors, formState, Select, UnitInput, type FormReply } from "#app/components/form.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { DateRangeFilter } from "#app/components/list/date-range-filter.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ExportButton, ExportHistory } from "#app/components/list/list-header.tsx";
import { FilterBar } from "#app/components/list/filter-bar.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { can, getScope } from "#app/lib/auth.server.ts";
import { WithdrawPart, type WithdrawReply } from "#app/components/saldo/withdraw-form.tsx";
import { withdrawAction } from "#app/components/saldo/withdraw.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { dateRangeQuery, parseDateFilter, type DateFilter } from "#app/lib/date-range.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadExports } from "#app/lib/list-page.server.ts";
import { listHref, parseListParams, type ListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { LedgerReference } from "#app/components/income/ledger-reference.tsx";

const PATH = "/income-balance/deposit";
const FILTERS = { tab: DEPOSIT_TABS, status: INVOICE_TABS, type: ["sales_po", "system_subscription"] } as const;

/** The list state of the URL: tab, status, type, the date filter, page and size. */
function readUrl(url: URL) {
  const p = parseListParams(url, FILTERS);
  const dates = parseDateFilter(url.searchParams);
  const tab = p.filters.tab ?? "history";
  const params: ListParams = { ...p, filters: { ...p.filters, ...dates } as ListParams["filters"] };
  const range = dateRangeQuery(dates);
  const status = p.filters.status && p.filters.status !== "all" ? p.filters.status : undefined;
  return { params, tab, dates, range, status, type: p.filters.type };
}

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const { params, tab, dates, range, status, type } = readUrl(url);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const query = { page: params.page, limit: params.limit, ...range };
  const [summary, settings, exports, history, invoices, counts, destination] = await Promise.all([
    invoiceSummary(scope),
    depositSettings(scope),
    loadExports(args, tab === "invoices" ? "deposit-invoices" : "deposit-histories"),
    tab === "history" ? depositHistories(scope, query) : null,
    tab === "invoices" ? listInvoices(scope, { ...query, status, type }) : null,
    tab === "invoices" ? invoiceCounts(scope, { ...range, type }) : null,
    withdrawDestination(scope),
  ]);
  const rows: (DepositHistory | InvoiceJson)[] = history?.rows ?? invoices?.rows ?? [];
  const total = history?.total ?? invoices?.total ?? 0;
  const asked = confirmAsked(url, "auto_payment");
  const withdrawAsked = confirmAsked(url, "withdraw");
  return {
    title: `${t("deposit:title")} | ${t("common:app_name")}`,
    params, tab, dates,
    list: { rows, pagination: { total_page: Math.ceil(total / params.limit), total_record: total } },
    summary, settings, counts,
    exports: exports.rows,
    exportsOpen: url.searchParams.get("history") === "open",
    confirmAuto: asked ? asked.fields.on === "1" ? "on" : "off" : null,
    withdraw: { destination, allowed: can(args.context, "balance.withdraw"), on: withdrawalsOn(), asked: withdrawAsked?.fields ?? null },
  };
}

const INTENTS = ["topup", "withdraw", "invoice_setting", "auto_payment", "export"] as const;

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const url = new URL(args.request.url);
  const formData = await args.request.formData();
  const intent = formData.get("intent") as (typeof INTENTS)[number];
  const back = localePath(locale, PATH) + listHref(readUrl(url).params);
  if (intent === "topup") {
    const submission = parseWithZod(formData, { schema: topupBody });
    if (submission.status !== "success") return data({ form: "topup", reply: submission.reply() }, { status: 400 });
    let payment;
    try {
      payment = await requestTopup(scope, submission.value);
    } catch (e) {
      const r = replyRefused(args, submission, e);
      return data({ form: "topup", reply: r.data }, r.init ?? undefined);
    }
    flashToast(args.context, "success", t("deposit:api.topup_requested"));
    throw redirect(localePath(locale, `${PATH}/payments/${payment.payment_id}`));
  }
  if (intent === "withdraw") {
    const reply = await withdrawAction(args, formData, { source: "deposit", page: back, done: `${localePath(locale, "/income-balance/saldo")}?tab=withdrawals` });
    return data({ form: "withdraw", reply: reply.data }, reply.init ?? undefined);
  }
  if (intent === "invoice_setting") {
    const submission = parseWithZod(formData, { schema: invoiceSettingBody });
    if (submission.status !== "success") return data({ form: "setting", reply: submission.reply() }, { status: 400 });
    await setInvoiceSetting(scope, submission.value);
    flashToast(args.context, "success", t("deposit:api.setting_saved"));
    throw redirect(back);
  }
  if (intent === "auto_payment") {
    requireConfirmed(args.request, formData, "auto_payment");
    const on = formData.get("on") === "1";
    await setAutoPayment(scope, on);
    flashToast(args.context, "success", t(on ? "deposit:api.auto_on" : "deposit:api.auto_off"));
    throw redirect(back);
  }
  if (intent === "export") {
    const { tab, range, status, type } = readUrl(url);
    if (tab === "invoices") await queueExport(scope, "deposit-invoices", { ...range, status, type });
    else await queueExport(scope, "deposit-histories", range);
    throw redirect(localePath(locale, PATH) + listHref(readUrl(url).params, { history: "open" }));
  }
  throw data(t("common:errors.unknown_action"), { status: 400 });
}

export default function Deposit({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, settings, params, tab, dates, counts, confirmAuto, list, withdraw } = loaderData;
  const { t } = useTranslation("deposit");
  const lp = useLocalePath();
  const answer = actionData as { form: string; reply: FormReply } | undefined;
  const topup = formState(answer?.form === "topup" ? answer.reply : undefined, { id: "topup", defaults: { method: "3" } });
  const setting = formState(answer?.form === "setting" ? answer.reply : undefined, { id: "setting", defaults: { invoice_setting: String(settings.invoice_setting) } });
  const f = params.filters as Record<string, string | undefined>;
  const autoText = (on: boolean) => ({
    title: t(on ? "auto.activate_title" : "auto.deactivate_title"), body: t(on ? "auto.activate_body" : "auto.deactivate_body"),
    confirmLabel: t(on ? "auto.activate" : "auto.deactivate"), tone: on ? "primary" as const : "danger" as const,
  });
  const tabHref = (tb: string) => ({ search: listHref({ ...params, page: 1, filters: { tab: tb === "history" ? undefined : tb } }) });
  const statusTabs = counts ? INVOICE_TABS.map((s) => ({
    key: s, label: t(`invoice_tab.${s}`), count: formatNumber(counts[s]), active: (f.status ?? "all") === s,
    to: { search: listHref({ ...params, page: 1, filters: { ...params.filters, status: s === "all" ? undefined : s } }) },
  })) : null;

  const historyColumns: Column<DepositHistory>[] = [
    { key: "time", header: t("column.time"), primary: true, cell: (h) => formatDateTime(h.time_created) },
    { key: "type", header: t("column.type"), cell: (h) => h.type_name },
    { key: "reference", header: t("column.reference"), cell: (h) => <LedgerReference h={h} /> },
    { key: "amount", header: t("column.amount"), className: "tabular-nums", cell: (h) => <Movement amount={h.amount} /> },
    { key: "balance_after", header: t("column.balance_after"), className: "tabular-nums", cell: (h) => formatRupiah(h.balance_after) },
  ];
  const invoiceColumns: Column<InvoiceJson>[] = [
    { key: "number", header: t("column.number"), primary: true, cell: (i) => <Link to={lp(`${PATH}/invoices/${i.invoice_id}`)} className="font-mono text-sm text-brand-700 underline">{i.number}</Link> },
    { key: "type", header: t("column.type"), cell: (i) => i.type_name },
    { key: "issued", header: t("column.issued"), cell: (i) => formatDate(i.time_created) },
    { key: "due", header: t("column.due"), cell: (i) => formatDate(i.due_at) },
    { key: "amount", header: t("column.amount"), className: "tabular-nums", cell: (i) => formatRupiah(i.amount) },
    { key: "status", header: t("column.status"), cell: (i) => <InvoiceStatus status={i.status} name={i.status_name} /> },
  ];

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="deposit-balance" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="deposit-balance" className="text-sm font-medium text-slate-600">{t("balance.title")}</h2>
          <p className={`mt-1 text-2xl font-semibold tabular-nums ${summary.debt ? "text-red-700" : "text-slate-900"}`} data-testid="deposit-balance">
            {formatRupiah(summary.deposit_balance)}
          </p>
          {summary.debt ? (
            <p role="status" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">{t("balance.debt", { amount: formatRupiah(summary.debt) })}</p>
          ) : null}
          <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-600">{t("summary.unpaid")}</dt><dd className="text-right tabular-nums">{formatRupiah(summary.unpaid_total)}</dd>
            <dt className="text-slate-600">{t("summary.overdue")}</dt><dd className="text-right tabular-nums text-red-700">{formatRupiah(summary.overdue_total)}</dd>
            <dt className="text-slate-600">{t("summary.paid_month")}</dt><dd className="text-right tabular-nums">{formatRupiah(summary.paid_this_month)}</dd>
            <dt className="text-slate-600">{t("summary.points")}</dt>
            <dd className="text-right tabular-nums">{t("summary.points_value", { points: formatNumber(summary.points), value: formatRupiah(summary.points * POINT_VALUE) })}</dd>
          </dl>
        </section>

        <SectionCard title={t("topup.title")} hint={t("topup.hint", { min: formatRupiah(TOPUP_MIN), max: formatRupiah(TOPUP_MAX) })}>
          <Form method="post" noValidate className="space-y-3">
            <FormToken />
            <input type="hidden" name="intent" value="topup" />
            <FormErrors errors={topup.formErrors} />
            <UnitInput form={topup} name="amount" unit="Rp" label={t("topup.amount")} inputMode="numeric" required />
            <Select form={topup} name="method" label={t("topup.method")} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))} />
            <SubmitButton>{t("topup.submit")}</SubmitButton>
          </Form>
        </SectionCard>

        <SectionCard title={t("withdraw.title")} hint={t("withdraw.hint")}>
          <WithdrawPart {...withdraw} reply={answer?.form === "withdraw" ? answer.reply as WithdrawReply : undefined} source="deposit" back={lp(PATH) + listHref(params)} />
          <p className="mt-3 text-sm">
            <Link to={`${lp("/income-balance/saldo")}?tab=withdrawals`} className="font-medium text-brand-700 underline">{t("withdraw.follow")}</Link>
          </p>
        </SectionCard>

        <SectionCard title={t("settings.title")}>
          <Form method="post" noValidate className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="invoice_setting" />
            <div className="min-w-0 flex-1">
              <Select form={setting} name="invoice_setting" label={t("settings.invoice_setting")} hint={t("settings.invoice_setting_hint")}
                options={INVOICE_SETTINGS.map((s) => ({ value: s, label: t(`invoice_setting.${s}`) }))} />
            </div>
            <SubmitButton variant="secondary" className="mb-6">{t("settings.save")}</SubmitButton>
          </Form>
          <div className="space-y-2 border-t border-slate-100 pt-3">
            <p className="text-sm font-medium text-slate-900">{t("auto.title")}: <span data-testid="auto-payment">{t(settings.auto_payment ? "auto.on" : "auto.off")}</span></p>
            <p className="text-sm text-slate-600">{t("auto.hint")}</p>
            {confirmAuto ? (
              <ConfirmPanel text={autoText(confirmAuto === "on")} fields={{ intent: "auto_payment", on: confirmAuto === "on" ? "1" : "0" }} cancelTo={lp(PATH)} />
            ) : (
              <ConfirmButton fields={{ intent: "auto_payment", on: settings.auto_payment ? "0" : "1" }} label={t(settings.auto_payment ? "auto.deactivate" : "auto.activate")}
                text={autoText(!settings.auto_payment)} variant={settings.auto_payment ? "danger" : "primary"} />
            )}
          </div>
        </SectionCard>
      </div>

      <section aria-labelledby="deposit-list" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="deposit-list" className="text-lg font-semibold text-slate-900">{t(tab === "invoices" ? "invoices.title" : "history.title")}</h2>
          <div className="flex flex-wrap items-center gap-2">
            <ExportHistory jobs={loaderData.exports} open={loaderData.exportsOpen} />
            <ExportButton />
          </div>
        </div>
        <TabBar label={t("tabs_label")} tabs={DEPOSIT_TABS.map((tb) => ({ key: tb, label: t(`tab.${tb}`), to: tabHref(tb), active: tab === tb }))} />
        {statusTabs ? <TabBar label={t("invoice_tabs_label")} tabs={statusTabs} /> : null}
        <FilterBar resetTo={lp(PATH) + (tab === "invoices" ? "?tab=invoices" : "")}>
          {tab !== "history" ? <input type="hidden" name="tab" value={tab} /> : null}
          {f.status ? <input type="hidden" name="status" value={f.status} /> : null}
          {tab === "invoices" ? (
            <FilterSelect name="type" label={t("filter.type")} value={f.type} allLabel={t("filter.all_types")}
              options={(["system_subscription", "sales_po"] as const).map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          ) : null}
          <DateRangeFilter value={dates as DateFilter} />
          <PageSizeSelect value={params.limit} />
        </FilterBar>
        {list.rows.length === 0
          ? <EmptyState title={t(tab === "invoices" ? "invoices.empty" : "history.empty")} subtitle={t(tab === "invoices" ? "invoices.empty_body" : "history.empty_body")} />
          : tab === "invoices"
            ? <DataTable caption={t("invoices.title")} columns={invoiceColumns} rows={list.rows as InvoiceJson[]} rowKey={(i) => i.invoice_id} />
            : <DataTable caption={t("history.title")} columns={historyColumns} rows={list.rows as DepositHistory[]} rowKey={(h) => h.history_id} />}
        <Pagination params={params} totalPage={list.pagination.total_page} totalRecord={list.pagination.total_record} />
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
