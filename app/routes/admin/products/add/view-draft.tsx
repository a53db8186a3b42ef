/**
 * /products/add/:slug/view-draft (slug = upload id): the products a bulk-add upload created, as
 * drafts to publish or reject (tabs Drafts / Published, ?status=, ?page=). Choose products with
 * their checkboxes (or "all on this page") and publish or reject them; both ask first — a dialog
 * with JavaScript, without it this page's confirm step (the web's one vocabulary,
 * app/lib/confirm.server.ts: ?confirm=publish|reject&product_ids=1,2). Rejecting removes the
 * drafts; the upload's rows keep them, marked rejected. The reads and the decision are core's
 * (core/catalog/product-bulk-service.ts), the same functions as the REST bulk calls.
 */
import { data, Link, redirect, useLocation } from "react-router";
import { bulkDrafts, bulkUpload, decideBulkDrafts, type BulkDraftJson } from "#core/catalog/product-bulk-service.ts";
import { DomainError, Forbidden, Unauthenticated } from "#core/errors.ts";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/view-draft";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { FormErrors } from "#app/components/form-error.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { ConfirmForm } from "#app/components/product-bulk-confirm.tsx";
import { BulkStatus, PAGE_SIZE, StatusTabs, type BulkUpload } from "#app/components/product-bulk-parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { pageOf } from "#app/lib/product-bulk.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

type Draft = BulkDraftJson;
const TABS = ["draft", "published"] as const;
const INTENTS = ["publish", "reject"] as const;

function stateOf(url: URL) {
  const asked = url.searchParams.get("status");
  const status: (typeof TABS)[number] = asked === "published" ? "published" : "draft";
  return { status, page: pageOf(url) };
}
/** The page's own URL (tab and page kept, the confirm step dropped). */
function pageUrl(url: URL) {
  const { status, page } = stateOf(url);
  const q = new URLSearchParams();
  if (status !== "draft") q.set("status", status);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return url.pathname + (s ? `?${s}` : "");
}
const idsOf = (text: string | null) => (text ?? "").split(",").map(Number).filter((n) => Number.isInteger(n) && n > 0).slice(0, 200);

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const url = new URL(args.request.url);
  const { status, page } = stateOf(url);
  const scope = getScope(args.context);
  const [upload, list] = await Promise.all([
    bulkUpload(scope, id),
    bulkDrafts(scope, { upload_id: id, status, page, limit: PAGE_SIZE }),
  ]);
  const drafts = { rows: list.rows, pagination: { total_page: Math.ceil(list.total / PAGE_SIZE), total_record: list.total } };
  const asked = confirmAsked(url);
  const ids = idsOf(asked?.fields.product_ids ?? null);
  const confirm = asked && (INTENTS as readonly string[]).includes(asked.intent) && ids.length ? { intent: asked.intent as (typeof INTENTS)[number], ids } : null;
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("product-bulk:view_draft.title")} · ${upload.filename} | ${t("common:app_name")}`, upload: upload as BulkUpload, drafts, status, page, confirm };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  if (!(INTENTS as readonly string[]).includes(intent)) throw data(t("common:errors.unknown_action"), { status: 400 });
  const chosen = form.get("all_on_page") ? form.getAll("page_ids") : form.getAll("product_ids");
  const ids = idsOf(chosen.map(String).join(","));
  if (!ids.length) return data({ error: t("product-bulk:view_draft.choose") }, { status: 400 });
  // The confirm step carries the chosen ids as one field (the page's other fields are not asked about).
  const asked = new FormData();
  asked.set("product_ids", ids.join(","));
  if (form.get("confirmed") === "1") asked.set("confirmed", "1");
  requireConfirmed(args.request, asked, intent, pageUrl(url));
  try {
    const done = await decideBulkDrafts(getScope(args.context), ids, intent as (typeof INTENTS)[number]);
    flashToast(args.context, "success", done.message);
  } catch (e) {
    // A refusal (none of them is a draft any more, one is in a package) has no field to stand by: it is the notice.
    if (!(e instanceof DomainError) || e instanceof Forbidden || e instanceof Unauthenticated) throw e;
    flashToast(args.context, "danger", refusalMessage(args.context, e));
  }
  throw redirect(pageUrl(url));
}

export default function ViewDraft({ loaderData, actionData }: Route.ComponentProps) {
  const { upload, drafts, status, page, confirm } = loaderData;
  const { t } = useTranslation("product-bulk");
  const lang = useLocale();
  const p = (path: string) => localePath(lang, path);
  const location = useLocation();
  const here = location.pathname + (status === "draft" ? "" : `?status=${status}`);
  const askText = (intent: string, count: number) => ({
    title: t(`view_draft.confirm_${intent}_title`),
    body: t(`view_draft.confirm_${intent}_body`, { count }),
    confirmLabel: t(`view_draft.${intent}`),
    tone: intent === "reject" ? ("danger" as const) : ("primary" as const),
  });
  const price = (d: Draft) => (d.price_min === d.price_max ? formatRupiah(d.price_min) : `${formatRupiah(d.price_min)} – ${formatRupiah(d.price_max)}`);
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Link to={p(`/products/add/${upload.upload_id}/view-bulk`)} className="text-sm font-medium text-brand-700 hover:underline">← {t("view_draft.back")}</Link>
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("view_draft.title")}</h1>
        <p className="mt-1 break-all text-sm text-slate-600">{upload.filename}</p>
      </div>
      {confirm ? (
        <ConfirmPanel text={askText(confirm.intent, confirm.ids.length)} fields={{ intent: confirm.intent, product_ids: confirm.ids.join(",") }} cancelTo={here} />
      ) : null}
      <StatusTabs current={status} tabs={TABS.map((k) => ({ key: k, label: t(`tabs.${k}`) }))} href={(k) => (k === "draft" ? location.pathname : `${location.pathname}?status=${k}`)} />
      {drafts.rows.length ? (
        <ConfirmForm
          className="space-y-3"
          aria-label={t("view_draft.title")}
          textFor={(intent, form) => {
            const n = form.get("all_on_page") ? form.getAll("page_ids").length : form.getAll("product_ids").length;
            return n ? askText(intent, n) : null;
          }}
        >
          <FormErrors errors={actionData?.error ? [actionData.error] : null} />
          {drafts.rows.map((d) => <input key={d.product_id} type="hidden" name="page_ids" value={d.product_id} />)}
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            {status === "draft" ? (
              <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3">
                <input id="all-on-page" type="checkbox" name="all_on_page" value="1" className="h-4 w-4 rounded border-slate-300" />
                <label htmlFor="all-on-page" className="text-sm font-medium text-slate-700">{t("view_draft.all_on_page", { count: drafts.rows.length })}</label>
              </div>
            ) : null}
            <ul className="divide-y divide-slate-200">
              {drafts.rows.map((d) => (
                <li key={d.product_id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                  {status === "draft" ? (
                    <input id={`draft-${d.product_id}`} type="checkbox" name="product_ids" value={d.product_id} className="h-4 w-4 rounded border-slate-300" />
                  ) : null}
                  <label htmlFor={`draft-${d.product_id}`} className="min-w-0 flex-1">
                    <span className="block font-medium text-slate-900">{d.product_name}</span>
                    <span className="block font-mono text-xs text-slate-500">{d.sku}</span>
                  </label>
                  <span className="text-sm text-slate-700">{price(d)}</span>
                  <span className="text-sm text-slate-600">{t("view_draft.variants", { count: d.total_variant })}</span>
                  <span className="text-sm text-slate-600">{t("view_draft.stock", { stock: formatNumber(d.on_hand) })}</span>
                  <BulkStatus status={d.status} />
                </li>
              ))}
            </ul>
          </div>
          {status === "draft" ? (
            <div className="flex flex-wrap gap-2">
              <SubmitButton name="intent" value="publish">{t("view_draft.publish")}</SubmitButton>
              <SubmitButton name="intent" value="reject" variant="danger">{t("view_draft.reject")}</SubmitButton>
            </div>
          ) : null}
        </ConfirmForm>
      ) : (
        <EmptyState title={t(`view_draft.empty_${status}`)} subtitle={t("view_draft.empty_hint")} />
      )}
      <Pagination params={{ page, limit: PAGE_SIZE, sort: 2, search: "", filters: status === "draft" ? {} : { status } }}
        totalPage={drafts.pagination.total_page} totalRecord={drafts.pagination.total_record} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
