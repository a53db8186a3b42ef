/**
 * /customer-broadcast/:id: one broadcast — its status, counts (sent, failed or unknown, skipped,
 * waiting), audience, channel and message, who made it — and its delivery log: one row per
 * recipient with the address used and what happened, filtered by status and paged in the URL.
 * A scheduled broadcast can be cancelled (asked first, with or without JavaScript). While it sends
 * the page refreshes itself. Rules: core/customers/broadcasts.ts.
 */
import { data, redirect, useLocation } from "react-router";
import type { Route } from "./+types/detail";
import { broadcastRecipientsPage, cancelBroadcast, getBroadcast, idOf, recipientQuery, type RecipientJson } from "#core/customers/broadcasts.ts";
import { RECIPIENT_STATUSES } from "#core/customers/broadcast-rules.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { ConfirmButton } from "#app/components/brand-confirm.tsx";
import { BroadcastBadge, RecipientBadge } from "#app/components/broadcasts/parts.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Figure } from "#app/components/figure.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref, parseListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { useRevalidateWhile } from "#app/lib/use-revalidate-while.ts";

const FILTERS = { status: RECIPIENT_STATUSES };

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const id = idOf(args.params.id);
  const params = parseListParams(url, FILTERS);
  const q = recipientQuery.parse({ status: params.filters.status, page: Math.min(params.page, 100_000), limit: params.limit });
  const [broadcast, log] = await Promise.all([getBroadcast(scope, id), broadcastRecipientsPage(scope, id, q)]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${broadcast.name} | ${t("broadcast:title")} | ${t("common:app_name")}`,
    broadcast, params, rows: log.rows, total: log.total, totalPage: Math.ceil(log.total / q.limit),
    confirming: broadcast.cancellable && confirmAsked(url, "cancel") !== null,
  };
}

export async function action(args: Route.ActionArgs) {
  const id = idOf(args.params.id);
  const form = await args.request.formData();
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  if (form.get("intent") !== "cancel") throw data(t("common:errors.unknown_action"), { status: 400 });
  const url = new URL(args.request.url);
  url.searchParams.delete("confirm");
  requireConfirmed(args.request, form, "cancel", url.pathname + url.search);
  await cancelBroadcast(getScope(args.context), id);
  flashToast(args.context, "success", t("broadcast:cancelled"));
  throw redirect(url.pathname + url.search);
}

export default function BroadcastDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("broadcast");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { broadcast: b, params } = loaderData;
  useRevalidateWhile(b.status === "sending", 3000);
  const f = b.filters;
  const audience = [
    f.search ? `${t("field.search")}: ${f.search}` : "", f.segment ? `${t("field.segment")}: ${t(`segment.${f.segment}`)}` : "",
    f.channel ? `${t("field.sales_channel")}: ${f.channel}` : "", f.tag ? `${t("field.tag")}: ${f.tag}` : "",
  ].filter(Boolean).join(" · ") || t("detail.everyone");
  const cancelText = { title: t("detail.cancel_title"), body: t("detail.cancel_body", { name: b.name }), confirmLabel: t("detail.cancel"), tone: "danger" as const };
  return (
    <div className="space-y-4">
      <a href={lp("/customer-broadcast")} className="text-sm font-medium text-brand-700 hover:underline">← {t("title")}</a>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="break-words text-xl font-semibold text-slate-900">{b.name}</h1>
            <BroadcastBadge status={b.status} label={b.status_name} />
          </div>
          <p className="text-sm text-slate-600">{t("detail.by", { name: b.created_by, date: formatDateTime(b.time_created) })}</p>
        </div>
        {b.cancellable ? <ConfirmButton fields={{ intent: "cancel" }} label={t("detail.cancel")} variant="danger" text={cancelText} /> : null}
      </div>
      {loaderData.confirming ? <ConfirmPanel text={cancelText} fields={{ intent: "cancel" }} cancelTo={pathname + listHref(params)} /> : null}
      {b.status === "sending" ? <p role="status" className="text-sm text-amber-800">{t("detail.refreshing")}</p> : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Figure label={t("detail.total")} value={formatNumber(b.counts.total)} testId="broadcast-total" />
        <Figure label={t("detail.sent")} value={formatNumber(b.counts.sent)} testId="broadcast-sent" />
        <Figure label={t("detail.failed")} value={formatNumber(b.counts.failed)} testId="broadcast-failed" />
        <Figure label={t("detail.skipped")} value={formatNumber(b.counts.skipped)} testId="broadcast-skipped" />
        <Figure label={t("detail.waiting")} value={formatNumber(b.counts.waiting)} testId="broadcast-waiting" />
      </div>
      <SectionCard title={t("form.message_section")}>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div><dt className="text-slate-500">{t("field.channel")}</dt><dd className="text-slate-900">{b.channel_name}</dd></div>
          <div>
            <dt className="text-slate-500">{t("column.when")}</dt>
            <dd className="text-slate-900">
              {b.status === "scheduled" || b.status === "cancelled" ? t("detail.scheduled_for", { date: formatDateTime(b.scheduled_at) }) : t("detail.started", { date: formatDateTime(b.started_at) })}
              {b.finished_at ? <span className="block text-xs text-slate-500">{t("detail.finished", { date: formatDateTime(b.finished_at) })}</span> : null}
            </dd>
          </div>
          <div className="sm:col-span-2"><dt className="text-slate-500">{t("detail.audience")}</dt><dd className="break-words text-slate-900">{audience}</dd></div>
          <div className="sm:col-span-2"><dt className="text-slate-500">{t("field.message")}</dt><dd className="whitespace-pre-wrap break-words text-slate-900">{b.message}</dd></div>
        </dl>
      </SectionCard>
      <h2 className="text-lg font-semibold text-slate-900">{t("detail.log")}</h2>
      <FilterBar resetTo={pathname}>
        <FilterSelect name="status" label={t("detail.log_filter")} value={params.filters.status} allLabel={t("form.all")}
          options={RECIPIENT_STATUSES.map((s) => ({ value: s, label: t(`recipient.${s}`) }))} />
      </FilterBar>
      {loaderData.rows.length ? (
        <DataTable<RecipientJson>
          caption={t("detail.log")}
          rows={loaderData.rows}
          rowKey={(r) => r.recipient_id}
          columns={[
            {
              key: "name", header: t("detail.recipient"), primary: true,
              cell: (r) => r.customer_id
                ? <a href={lp(`/customer/${r.customer_id}`)} className="font-medium text-brand-700 hover:underline">{r.name}</a>
                : <span className="font-medium">{r.name}</span>,
            },
            { key: "address", header: t("detail.address"), cell: (r) => <span className="break-all">{r.address ?? "—"}</span> },
            { key: "status", header: t("detail.status"), cell: (r) => <RecipientBadge status={r.status} label={r.status_name} /> },
            { key: "error", header: t("detail.error"), cell: (r) => <span className="break-words text-xs text-slate-600">{r.error === "job_failed" ? t("detail.job_failed") : r.error ?? "—"}</span> },
            { key: "time", header: t("detail.time"), cell: (r) => <span className="tabular-nums">{formatDateTime(r.time_modified)}</span> },
          ]}
        />
      ) : <EmptyState title={t("detail.log_empty")} />}
      <Pagination params={params} totalPage={loaderData.totalPage} totalRecord={loaderData.total} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
