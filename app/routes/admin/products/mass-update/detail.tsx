/**
 * /products/mass-update/:slug?/:id/:status (slug = section key, id = upload id, status = all |
 * valid | unchanged | error | applied | failed): one mass update — while its job checks the file,
 * the progress; then the preview, each row's changes before → after and each refused cell's
 * message, tabs per row status; "Apply changes" (asks first: a dialog with JavaScript, without it
 * the confirm step ?confirm=apply, app/lib/confirm.server.ts) runs them as a job
 * (core/catalog/product-bulk-service.ts applyMassUpdate); afterwards every row says whether it was
 * applied. A URL without the section, or with another one, goes to the upload's own.
 */
import { data, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/detail";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { RowChanges } from "#app/components/product-bulk-changes.tsx";
import { ConfirmForm } from "#app/components/product-bulk-confirm.tsx";
import { BulkStatus, isBusy, PAGE_SIZE, RefreshWhileBusy, RowMessages, StatusTabs, type BulkRow } from "#app/components/product-bulk-parts.tsx";
import { UploadSummary } from "#app/components/product-bulk-summary.tsx";
import { applyMassUpdate } from "#core/catalog/product-bulk-service.ts";
import { DomainError, Forbidden, Refused, Unauthenticated } from "#core/errors.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { loadUpload, pageOf } from "#app/lib/product-bulk.server.ts";
import { sectionKeyOf } from "#app/lib/product-bulk-sections.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const TABS = ["all", "valid", "unchanged", "error", "applied", "failed"] as const;

function statusOf(param: string | undefined) {
  if (!(TABS as readonly string[]).includes(param ?? "")) throw data("Not found", { status: 404 });
  return param as (typeof TABS)[number];
}

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.id);
  const status = statusOf(args.params.status);
  const url = new URL(args.request.url);
  const page = pageOf(url);
  const result = await loadUpload(args, id, { status: status === "all" ? undefined : status, page });
  if (result.upload.mode !== "update") throw data("Not found", { status: 404 });
  const section = sectionKeyOf(result.upload.section);
  const locale = getLocale(args.context);
  if (args.params.slug !== section) throw redirect(localePath(locale, `/products/mass-update/${section}/${id}/${status}`) + url.search);
  const t = getI18n(args.context).getFixedT(locale);
  return {
    title: `${t("product-bulk:preview.title", { section: t(`product-bulk:section.${section}`) })} · ${result.upload.filename} | ${t("common:app_name")}`,
    section, status, page, confirming: confirmAsked(url, "apply") !== null, ...result,
  };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.id);
  const url = new URL(args.request.url);
  const form = await args.request.formData();
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  if (form.get("intent") !== "apply") throw data(t("common:errors.unknown_action"), { status: 400 });
  requireConfirmed(args.request, form, "apply", url.pathname);
  try {
    await applyMassUpdate(getScope(args.context), id);
    flashToast(args.context, "success", t("api-product-bulk:apply.queued"));
  } catch (e) {
    // Not ready, nothing to apply, applied already: the notice says which (the page shows the upload's state).
    if (!(e instanceof DomainError) || e instanceof Forbidden || e instanceof Unauthenticated) throw e;
    const key = e instanceof Refused ? e.fields?.upload_id?.[0] : undefined;
    flashToast(args.context, "danger", t(key ?? e.message, e.vars));
  }
  throw redirect(url.pathname);
}

export default function MassUpdateDetail({ loaderData }: Route.ComponentProps) {
  const { upload, rows, counts, status, page, totalPage, totalRecord, section, confirming } = loaderData;
  const { t } = useTranslation("product-bulk");
  const lang = useLocale();
  const p = (path: string) => localePath(lang, path);
  const base = p(`/products/mass-update/${section}/${upload.upload_id}`);
  const canApply = upload.status === "ready" && upload.valid_rows > 0;
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const label = (field: string) => (field.startsWith("loc:") ? t("fields.stock") : t(`fields.${field}`));
  const applyText = {
    title: t("preview.confirm_title"), body: t("preview.confirm_body", { count: upload.valid_rows }), confirmLabel: t("preview.apply"),
  };
  const columns: Column<BulkRow>[] = [
    { key: "row", header: t("rows.row"), primary: true, cell: (r) => <span className="whitespace-nowrap font-medium">{t("rows.row_no", { n: r.row_no })}</span> },
    {
      key: "product", header: t("rows.product"),
      cell: (r) => (
        <span className="block">
          <span className="block">{String(r.data.product_name ?? "-")}</span>
          <span className="block font-mono text-xs text-slate-500">{String(r.data.sku ?? "")}{r.data.variant || r.data.size ? ` · ${[r.data.variant, r.data.size].filter(Boolean).join(" / ")}` : ""}</span>
        </span>
      ),
    },
    { key: "changes", header: t("rows.changes"), className: "md:w-2/5", cell: (r) => <RowChanges row={r} /> },
    { key: "status", header: t("rows.status"), cell: (r) => <BulkStatus status={r.status} /> },
    { key: "messages", header: t("rows.messages"), cell: (r) => <RowMessages errors={r.errors} fieldLabel={label} /> },
  ];
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Link to={p(`/products/mass-update/${section}`)} className="text-sm font-medium text-brand-700 hover:underline">← {t("preview.back", { section: t(`section.${section}`) })}</Link>
      <UploadSummary upload={upload} title={t("preview.title", { section: t(`section.${section}`) })}>
        {canApply && !confirming ? (
          <ConfirmForm textFor={() => applyText}>
            <SubmitButton name="intent" value="apply">{t("preview.apply")}</SubmitButton>
          </ConfirmForm>
        ) : null}
      </UploadSummary>
      {canApply && confirming ? <ConfirmPanel text={applyText} fields={{ intent: "apply" }} cancelTo={`${base}/${status}`} /> : null}
      {upload.status === "ready" ? <p className="text-sm text-slate-600">{t("preview.not_yet")}</p> : null}
      {isBusy(upload) && upload.status === "validating" ? null : (
        <>
          <StatusTabs
            current={status}
            tabs={TABS.map((k) => ({ key: k, label: t(`tabs.${k}`), count: k === "all" ? all : counts[k] ?? 0 }))}
            href={(k) => `${base}/${k}`}
          />
          {rows.length ? (
            <DataTable caption={t("preview.rows_caption")} columns={columns} rows={rows} rowKey={(r) => r.row_id} />
          ) : (
            <EmptyState title={t("rows.empty")} subtitle={t("rows.empty_hint")} />
          )}
          <Pagination params={{ page, limit: PAGE_SIZE, sort: 2, search: "", filters: {} }} totalPage={totalPage} totalRecord={totalRecord} />
        </>
      )}
      <RefreshWhileBusy busy={isBusy(upload)} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
