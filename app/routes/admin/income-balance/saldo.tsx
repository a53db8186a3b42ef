/**
 * /income-balance/saldo (issue 15 item 2): the withdrawable balance. Cards (saldo, in withdrawal,
 * holding income, withdrawn this month), the withdraw form to the business's default bank account,
 * and two tabs — the saldo account's history (kind, reference, amount, saldo after) and the
 * withdrawals (status, source, bank, who asked) — with the one date filter, page sizes, pages and
 * the xlsx export of the tab shown. All state is in the URL or a POST form: it works without
 * JavaScript. Rules: core/money/payouts.ts, core/money/saldo.ts.
 *
 * Decisions where the spec is silent:
 * - Withdrawing asks first (the confirm step names the amount and the account); the password step
 *   follows when the business's security is Password; the one-time form token makes a double
 *   submit one withdrawal. After it the Withdrawals tab opens with a notice.
 * - A withdrawal's status is the server's: a reload shows it; with JavaScript the page loads its
 *   data again every few seconds while a withdrawal in view is still requested or processing
 *   (for at most 5 minutes), which is cheaper than a socket event per withdrawal.
 * - Without the Withdraw privilege, no form: a line says who may. Without a default bank account
 *   or a disbursement service, the form is replaced by why, with a link to add an account.
 */
import { data, Link, redirect } from "react-router";
import { useRevalidateWhile } from "#app/lib/use-revalidate-while.ts";
import type { Route } from "./+types/saldo";
import { queueExport } from "#core/jobs/export-history.ts";
import { formatDateTime, formatRupiah } from "#core/lib/format.ts";
import { withdrawalsOn, withdrawDestination } from "#core/money/payouts.ts";
import type { PayoutJson } from "#core/money/payouts.ts";
import { saldoHistory, saldoHistoryQuery, saldoSummary, withdrawHistory, withdrawHistoryQuery, type SaldoHistoryRow } from "#core/money/saldo.ts";
import { PAYOUT_STATUSES, SALDO_KINDS, SALDO_TABS } from "#core/money/payout-options.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { DateRangeFilter } from "#app/components/list/date-range-filter.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { parseSaldoParams, saldoQuery } from "#app/components/saldo/saldo-params.ts";
import { WithdrawPart, type WithdrawReply } from "#app/components/saldo/withdraw-form.tsx";
import { withdrawAction } from "#app/components/saldo/withdraw.server.ts";
import { can, getScope } from "#app/lib/auth.server.ts";
import { confirmAsked } from "#app/lib/confirm.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import { localePath } from "#app/lib/i18n.ts";
import { LedgerReference } from "#app/components/income/ledger-reference.tsx";
import { loadExports } from "#app/lib/list-page.server.ts";
import { listHref } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";

const exportKindOf = (tab: string | undefined) => (tab === "withdrawals" ? "withdraw-history" : "saldo-history");

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseSaldoParams(url);
  const withdrawals = params.filters.tab === "withdrawals";
  const q = saldoQuery(params);
  const [summary, list, destination, exports] = await Promise.all([
    saldoSummary(scope),
    withdrawals ? withdrawHistory(scope, withdrawHistoryQuery.parse(q)) : saldoHistory(scope, saldoHistoryQuery.parse(q)),
    withdrawDestination(scope),
    loadExports(args, exportKindOf(params.filters.tab)),
  ]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const confirm = confirmAsked(url, "withdraw");
  return {
    title: `${t("saldo:title")} | ${t("common:app_name")}`,
    params,
    summary,
    list: { rows: list.rows as (SaldoHistoryRow | PayoutJson)[], total: list.total, totalPage: Math.ceil(list.total / params.limit) },
    destination,
    canWithdraw: can(args.context, "balance.withdraw"),
    on: withdrawalsOn(),
    confirm: confirm ? { fields: confirm.fields } : null,
    exports: exports.rows,
    exportsOpen: url.searchParams.get("history") === "open",
  };
}

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseSaldoParams(url);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "export") {
    const withdrawals = params.filters.tab === "withdrawals";
    const q = { ...saldoQuery(params), page: 1 };
    await queueExport(scope, exportKindOf(params.filters.tab), withdrawals ? withdrawHistoryQuery.parse(q) : saldoHistoryQuery.parse(q));
    throw redirect(url.pathname + listHref(params, { history: "open" }));
  }
  if (intent !== "withdraw") throw data(t("common:errors.unknown_action"), { status: 400 });
  return withdrawAction(args, form, {
    source: "saldo",
    page: url.pathname + listHref(params),
    done: `${url.pathname}${listHref({ ...params, page: 1, filters: { tab: "withdrawals" } })}`,
  });
}

const statusTone = { requested: "warning", processing: "info", paid: "success", failed: "danger" } as const;

export default function Saldo({ loaderData, actionData }: Route.ComponentProps) {
  const { params, summary, list, destination, canWithdraw, on, confirm } = loaderData;
  const f = params.filters;
  const { t } = useTranslation("saldo");
  const locale = useLocale();
  const link = (path: string) => localePath(locale, path);
  const withdrawals = f.tab === "withdrawals";
  const pending = withdrawals && list.rows.some((r) => "status" in r && (r.status === "requested" || r.status === "processing"));
  useRevalidateWhile(pending || summary.in_withdrawal > 0);
  const here = link("/income-balance/saldo");
  const filtered = Boolean(f.kind || f.status || f.date);

  const tabs = SALDO_TABS.map((tab) => ({
    key: tab,
    to: { search: listHref({ ...params, page: 1, filters: { date: f.date, date_from: f.date_from, date_to: f.date_to, month: f.month, tab: tab === "history" ? undefined : tab } }) },
    label: t(`tab.${tab}`),
    active: (f.tab ?? "history") === tab,
  }));

  const money = (n: number) => formatRupiah(n);
  const signed = (n: number) => <span className={`font-semibold tabular-nums ${n > 0 ? "text-emerald-700" : "text-red-700"}`}>{n > 0 ? `+${money(n)}` : `−${money(-n)}`}</span>;
  const time = (s: number) => <time dateTime={new Date(s * 1000).toISOString()}>{formatDateTime(s)}</time>;

  const historyColumns: Column<SaldoHistoryRow>[] = [
    { key: "time", header: t("column.time"), primary: true, cell: (h) => time(h.time_created) },
    { key: "kind", header: t("column.kind"), cell: (h) => h.kind_name },
    { key: "reference", header: t("column.reference"), cell: (h) => <LedgerReference h={h} /> },
    { key: "amount", header: t("column.amount"), cell: (h) => signed(h.amount) },
    { key: "balance_after", header: t("column.balance_after"), className: "tabular-nums", cell: (h) => money(h.balance_after) },
  ];
  const payoutColumns: Column<PayoutJson>[] = [
    { key: "time", header: t("column.time"), primary: true, cell: (p) => <>{time(p.time_created)} <span className="font-mono text-xs text-slate-500">{p.number}</span></> },
    { key: "amount", header: t("column.amount"), className: "tabular-nums", cell: (p) => <span className="font-semibold">{money(p.amount)}</span> },
    { key: "source", header: t("column.source"), cell: (p) => p.source_name },
    { key: "bank", header: t("column.bank"), cell: (p) => <>{p.bank_data.bank_name} {p.bank_data.account_no}<span className="block text-xs text-slate-500">{p.bank_data.account_name}</span></> },
    {
      key: "status", header: t("column.status"),
      cell: (p) => (
        <>
          <span data-payout-status={p.status}><StatusBadge tone={statusTone[p.status]}>{p.status_name}</StatusBadge></span>
          {p.failure_reason_name ? <span className="block text-xs text-slate-500">{t("failure", { reason: p.failure_reason_name })}</span> : null}
          {p.time_finished ? <span className="block text-xs text-slate-500">{formatDateTime(p.time_finished)}</span> : null}
        </>
      ),
    },
    { key: "requested_by", header: t("column.requested_by"), cell: (p) => p.requested_by ?? "-" },
  ];

  return (
    <div className="space-y-4">
      <ListHeader title={t("title")} intro={t("intro")} exports={loaderData.exports} exportsOpen={loaderData.exportsOpen} />

      <section aria-label={t("title")} className="grid gap-3 sm:grid-cols-3">
        <Figure label={t("cards.saldo")} value={money(summary.saldo)} hint={t("cards.saldo_hint")} id="saldo-amount" strong />
        <Figure label={t("cards.in_withdrawal")} value={money(summary.in_withdrawal)} hint={t("cards.in_withdrawal_hint")}
          extra={t("cards.withdrawn_this_month", { amount: money(summary.withdrawn_this_month) })} />
        <Figure label={t("cards.holding_income")} value={money(summary.holding_income)} hint={t("cards.holding_income_hint")} />
      </section>

      <section aria-labelledby="withdraw-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="withdraw-title" className="mb-3 text-base font-semibold text-slate-900">{t("withdraw.title")}</h2>
        <WithdrawPart destination={destination} allowed={canWithdraw} on={on} asked={confirm?.fields ?? null}
          reply={actionData as WithdrawReply} source="saldo" back={here + listHref(params)} />
      </section>

      <TabBar label={t("tabs_label")} tabs={tabs} />
      <FilterBar resetTo={withdrawals ? `${here}?tab=withdrawals` : here}>
        {withdrawals ? <input type="hidden" name="tab" value="withdrawals" /> : null}
        {withdrawals
          ? <FilterSelect name="status" label={t("filter.status")} value={f.status} allLabel={t("filter.all_statuses")}
              options={PAYOUT_STATUSES.map((s) => ({ value: s, label: t(`money:payouts.status.${s}`) }))} />
          : <FilterSelect name="kind" label={t("filter.kind")} value={f.kind} allLabel={t("filter.all_kinds")}
              options={SALDO_KINDS.map((k) => ({ value: k, label: t(`money:kinds.${k}`) }))} />}
        <DateRangeFilter value={f} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>

      {list.rows.length === 0 ? (
        filtered
          ? <EmptyState title={t("empty.filtered_title")} subtitle={t("empty.filtered_body")}
              action={<Link to={withdrawals ? `${here}?tab=withdrawals` : here} className="text-sm font-medium text-brand-700 underline">{t("empty.clear")}</Link>} />
          : <EmptyState title={t(withdrawals ? "empty.withdrawals_title" : "empty.history_title")} subtitle={t(withdrawals ? "empty.withdrawals_body" : "empty.history_body")} />
      ) : withdrawals ? (
        <DataTable caption={t("withdrawals_label")} columns={payoutColumns} rows={list.rows as PayoutJson[]} rowKey={(p) => p.payout_id} />
      ) : (
        <DataTable caption={t("history_label")} columns={historyColumns} rows={list.rows as SaldoHistoryRow[]} rowKey={(h) => h.entry_id} />
      )}
      {pending ? <p className="text-xs text-slate-500">{t("withdraw.pending_note")}</p> : null}
      <Pagination params={params} totalPage={list.totalPage} totalRecord={list.total} />
    </div>
  );
}

function Figure({ label, value, hint, extra, id, strong }: { label: string; value: string; hint: string; extra?: string; id?: string; strong?: boolean }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p id={id} className={`mt-1 tabular-nums ${strong ? "text-2xl font-semibold text-brand-700" : "text-xl font-semibold text-slate-900"}`}>{value}</p>
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
      {extra ? <p className="mt-1 text-xs text-slate-600">{extra}</p> : null}
    </div>
  );
}

/** With JavaScript: the page's data again every few seconds while a withdrawal is on its way (see the header). */
export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
