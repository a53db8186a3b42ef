/**
 * /erp/inventory/adjustment/:id: one adjustment — location, reason, note, its lines with their
 * rupiah value, who made and who decided it — and, while it awaits approval, approve (asks first)
 * and reject with a note for erp.approve holders (core/stock/adjustments.ts).
 */
import { data, Form, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/detail";
import { adjustmentRejectBody, decideAdjustment, getAdjustment } from "#core/stock/adjustments.ts";
import { NotFound } from "#core/errors.ts";
import { formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { ConfirmButton } from "#app/components/brand-confirm.tsx";
import { inputClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError, formState } from "#app/components/form.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { Figure, OpnameStatus, Signed } from "#app/components/opname/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { submitForm } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const idOf = (p: string | undefined) => {
  if (!p || !/^[1-9]\d{0,8}$/.test(p)) throw new NotFound("api-opname:errors.adjustment_not_found");
  return Number(p);
};

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const a = await getAdjustment(getScope(args.context), idOf(args.params.id));
  return { title: `${a.code} | ${t("opname:adjustment.title")} | ${t("common:app_name")}`, a, asked: confirmAsked(new URL(args.request.url), "approve") };
}

export async function action(args: Route.ActionArgs) {
  const id = idOf(args.params.id);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const formData = await args.request.formData();
  const url = new URL(args.request.url);
  if (formData.get("intent") === "approve") {
    requireConfirmed(args.request, formData, "approve");
    await decideAdjustment(getScope(args.context), id, "approve");
    flashToast(args.context, "success", t("api-opname:adjustment_approved"));
    return redirect(url.pathname);
  }
  if (formData.get("intent") === "reject") {
    const r = await submitForm(args, formData, adjustmentRejectBody, (v) => decideAdjustment(getScope(args.context), id, "reject", v));
    if (!r.ok) return r.reply;
    flashToast(args.context, "success", t("api-opname:adjustment_rejected"));
    return redirect(url.pathname);
  }
  throw data(t("common:errors.unknown_action"), { status: 400 });
}

export default function AdjustmentDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("opname");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { a } = loaderData;
  const approveText = { title: t("adjustment.confirm_title", { code: a.code }), body: t("adjustment.confirm_body", { value: formatRupiah(a.total_value) }), confirmLabel: t("detail.approve") };
  const reject = formState(actionData as never, { id: "reject" });
  return (
    <div className="space-y-4">
      <Link to={lp("/erp/inventory/adjustment")} className="text-sm font-medium text-brand-700 hover:underline">← {t("adjustment.back")}</Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold text-slate-900">{a.code}</h1>
            <OpnameStatus status={a.status} label={a.status_name} />
          </div>
          <p className="mt-1 text-sm text-slate-600">{a.location_name} · {a.reason_name} · {t("detail.created", { who: a.created_by ?? "-", when: formatDateTime(a.time_created) })}</p>
          {a.note ? <p className="mt-1 text-sm text-slate-700">{a.note}</p> : null}
          {a.decided_by ? <p className="mt-1 text-sm text-slate-600">{t("adjustment.decided_by", { who: a.decided_by })}{a.reject_note ? `: ${a.reject_note}` : ""}</p> : null}
          {a.status === "awaiting_approval" && !a.actions.length ? <p className="mt-1 text-sm text-amber-800">{t("detail.approver_needed")}</p> : null}
        </div>
        {a.actions.includes("approve") ? <ConfirmButton fields={{ intent: "approve" }} label={t("detail.approve")} text={approveText} variant="primary" /> : null}
      </div>
      {loaderData.asked ? <ConfirmPanel text={approveText} fields={loaderData.asked.fields} cancelTo={pathname} /> : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure label={t("adjustment.column.lines")}>{formatNumber(a.total_line)}</Figure>
        <Figure label={t("adjustment.column.qty")}><Signed n={a.total_qty} /></Figure>
        <Figure label={t("adjustment.column.value")}><Signed n={a.total_value} money /></Figure>
      </dl>
      <DataTable
        caption={t("adjustment.lines")}
        rows={a.lines}
        rowKey={(l) => l.variant_id}
        columns={[
          { key: "product", header: t("detail.column.product"), primary: true, cell: (l) => <>{l.product_name}{l.variant_name || l.size_name ? ` · ${[l.variant_name, l.size_name].filter(Boolean).join(" · ")}` : ""}<span className="block text-xs text-slate-500">{l.sku}{l.barcode ? ` · ${l.barcode}` : ""}</span></> },
          { key: "delta", header: t("adjustment.column.qty"), cell: (l) => <Signed n={l.delta} /> },
          { key: "unit", header: t("adjustment.column.unit_value"), cell: (l) => formatRupiah(l.unit_value) },
          { key: "value", header: t("adjustment.column.value"), cell: (l) => <Signed n={l.value} money /> },
        ]}
      />
      {a.actions.includes("reject") ? (
        <SectionCard title={t("adjustment.reject_title")}>
          <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="reject" />
            <div className="min-w-[14rem] flex-1">
              <label htmlFor="adj-reject-note" className="mb-1 block text-sm font-medium text-slate-700">{t("detail.reject_note")}</label>
              <input id="adj-reject-note" name="note" maxLength={500} defaultValue={reject.value("note")} className={inputClass} />
              <FieldError errors={reject.errors("note")} />
            </div>
            <SubmitButton variant="danger">{t("detail.reject")}</SubmitButton>
          </Form>
        </SectionCard>
      ) : null}
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
