/**
 * Pieces of the stock transfer pages (/erp/inventory/mutation…): the status chip, the list's rows
 * (cards on a phone, a table from md up), the tabs, and ConfirmForm — a POST form with inputs
 * (received quantities, a resolution) that asks first: with JavaScript the one ConfirmDialog, then
 * the form's own fields + confirmed=1; without, it posts and the action answers with the
 * server-rendered confirm step (ConfirmPanel with the same fields).
 */
import { useRef, useState, type ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import { localePath } from "#app/lib/i18n.ts";
import { listHref, type ListParams } from "#app/lib/list-params.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import type { TransferStatus, TransferSummary } from "#core/stock/transfers.ts";
import { buttonClass } from "./button.tsx";
import { ConfirmDialog, preloadConfirmDialog, type ConfirmText } from "./list/confirm-dialog.tsx";
import { StatusBadge, type Tone } from "./list/status-badge.tsx";
import { TabBar } from "./list/tab-bar.tsx";

const TONE: Record<TransferStatus, Tone> = { draft: "neutral", in_transit: "info", received: "success", discrepancy: "warning", cancelled: "danger" };
export const STATUSES: TransferStatus[] = ["draft", "in_transit", "received", "discrepancy", "cancelled"];

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation("transfer");
  return <StatusBadge tone={TONE[status]}>{t(`status.${status}`)}</StatusBadge>;
}

export function TransferTabs({ params, counts, path }: { params: ListParams; counts: Record<TransferStatus, number>; path: string }) {
  const { t } = useTranslation("transfer");
  const all = STATUSES.reduce((s, k) => s + counts[k], 0);
  const current = params.filters.status as TransferStatus | undefined;
  return (
    <TabBar
      label={t("tabs_label")}
      tabs={[
        { key: "all", to: path + listHref(params, { status: null, page: null }), label: t("tabs.all"), count: formatNumber(all), active: !current },
        ...STATUSES.map((s) => ({
          key: s, to: path + listHref(params, { status: s, page: null }), label: t(`status.${s}`), count: formatNumber(counts[s]), active: current === s,
        })),
      ]}
    />
  );
}

export function TransferRows({ rows }: { rows: TransferSummary[] }) {
  const { t } = useTranslation("transfer");
  const locale = useLocale();
  const href = (id: number) => localePath(locale, `/erp/inventory/mutation/${id}`);
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label={t("title")}>
        {rows.map((r) => (
          <li key={r.transfer_id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex items-center justify-between gap-2">
              <Link to={href(r.transfer_id)} className="font-semibold text-brand-700 hover:underline">{r.number}</Link>
              <TransferStatusBadge status={r.status} />
            </div>
            <p className="mt-2 text-sm text-slate-800">{r.source.name} → {r.destination.name}</p>
            <p className="mt-1 text-xs text-slate-600">{t("row.products", { count: r.lines_count, quantity: formatNumber(r.total_quantity) })}</p>
            {r.in_transit ? <p className="mt-1 text-xs text-slate-600">{t("row.in_transit", { count: r.in_transit })}</p> : null}
            <p className="mt-1 text-xs text-slate-500">{formatDateTime(r.time_created)}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2">{t("columns.number")}</th>
              <th scope="col" className="px-4 py-2">{t("columns.route")}</th>
              <th scope="col" className="px-4 py-2 text-right">{t("columns.products")}</th>
              <th scope="col" className="px-4 py-2 text-right">{t("columns.quantity")}</th>
              <th scope="col" className="px-4 py-2 text-right">{t("columns.in_transit")}</th>
              <th scope="col" className="px-4 py-2">{t("columns.created")}</th>
              <th scope="col" className="px-4 py-2">{t("columns.status")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.transfer_id}>
                <td className="px-4 py-2"><Link to={href(r.transfer_id)} className="font-medium text-brand-700 hover:underline">{r.number}</Link></td>
                <td className="px-4 py-2">{r.source.name} → {r.destination.name}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatNumber(r.lines_count)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatNumber(r.total_quantity)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatNumber(r.in_transit)}</td>
                <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(r.time_created)}</td>
                <td className="px-4 py-2"><TransferStatusBadge status={r.status} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A POST form with fields that asks before it is sent (see the header). */
export function ConfirmForm({ intent, text, children, className }: { intent: string; text: ConfirmText; children: ReactNode; className?: string }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  return (
    <Form
      ref={form}
      method="post"
      noValidate
      className={className}
      onPointerEnter={preloadConfirmDialog}
      onFocus={preloadConfirmDialog}
      onSubmit={(e) => {
        e.preventDefault();
        setAsking(true);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
      <ConfirmDialog
        open={asking}
        text={text}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          const data = new FormData(form.current!);
          data.set("confirmed", "1");
          void submit(data, { method: "post", preventScrollReset: true });
        }}
      />
    </Form>
  );
}

export function submitClass(variant: "primary" | "secondary" | "danger" = "primary") {
  return buttonClass(variant);
}
