/**
 * /products/add/bulk: add many products from an .xlsx template. Download the template (the
 * business's brands and the categories as drop-downs), fill it, upload it; the upload is checked
 * row by row in a background job, and the page of its result opens (view-bulk). Below, the upload
 * history with each upload's status and progress (?page=).
 *
 * The upload is a plain multipart form: with or without JavaScript the same POST; a refused file
 * (none chosen, not .xlsx, too big) is said under the file field.
 */
import { data, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/bulk";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { UploadHistory } from "#app/components/product-bulk-history.tsx";
import { DownloadLink, isBusy, PAGE_SIZE, RefreshWhileBusy, StepCard, UploadForm } from "#app/components/product-bulk-parts.tsx";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadHistories, pageOf, sendFile } from "#app/lib/product-bulk.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const page = pageOf(url);
  const history = await loadHistories(args, "add", page);
  if (!history.rows.length && page > 1) throw redirect(url.pathname);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("product-bulk:add.title")} | ${t("common:app_name")}`, history, page };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const sent = await sendFile(args, form, null);
  if ("error" in sent) return data({ error: sent.error }, { status: 400 });
  throw redirect(localePath(getLocale(args.context), `/products/add/${sent.upload.upload_id}/view-bulk`));
}

export default function BulkAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { history, page } = loaderData;
  const { t } = useTranslation("product-bulk");
  const locale = useLocale();
  const p = (path: string) => localePath(locale, path);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Link to={p("/products/add")} className="text-sm font-medium text-brand-700 hover:underline">← {t("add.back")}</Link>
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("add.title")}</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("add.intro")}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <StepCard n={1} title={t("add.step_download")}>
          <p className="mb-3 text-sm text-slate-600">{t("add.download_hint")}</p>
          <DownloadLink href={p("/products/add/bulk/template")}>{t("add.download")}</DownloadLink>
        </StepCard>
        <StepCard n={2} title={t("add.step_upload")}>
          <UploadForm error={actionData?.error} label={t("upload.label")} hint={t("upload.hint")} />
        </StepCard>
      </div>
      <section className="space-y-3" aria-labelledby="bulk-history">
        <h2 id="bulk-history" className="text-base font-semibold text-slate-900">{t("history.title_add")}</h2>
        <UploadHistory
          rows={history.rows}
          caption={t("history.title_add")}
          links={(u) => [
            { href: p(`/products/add/${u.upload_id}/view-bulk`), label: t("history.view_rows") },
            { href: p(`/products/add/${u.upload_id}/view-draft`), label: t("history.view_drafts") },
          ]}
        />
        <Pagination
          params={{ page, limit: PAGE_SIZE, sort: 2, search: "", filters: {} }}
          totalPage={history.pagination.total_page}
          totalRecord={history.pagination.total_record}
        />
      </section>
      <RefreshWhileBusy busy={history.rows.some(isBusy)} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
