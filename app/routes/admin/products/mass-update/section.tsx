/**
 * /products/mass-update/:slug (slug = attribute | price | stock | image): download the current
 * values of that section (of the products chosen in the listing, ?product_ids=, or of all), edit
 * them, upload the file. The upload is checked in a background job into a preview, which opens
 * (/products/mass-update/:slug/:id/all); nothing changes before the seller applies it. Below, this
 * section's history.
 */
import { data, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/section";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { UploadHistory } from "#app/components/product-bulk-history.tsx";
import { DownloadLink, isBusy, PAGE_SIZE, RefreshWhileBusy, StepCard, UploadForm } from "#app/components/product-bulk-parts.tsx";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadHistories, pageOf, sendFile } from "#app/lib/product-bulk.server.ts";
import { isSectionKey, selectionOf } from "#app/lib/product-bulk-sections.ts";
import { pageTitle } from "#app/lib/meta.ts";

function sectionOf(slug: string | undefined) {
  if (!isSectionKey(slug)) throw data("Not found", { status: 404 });
  return slug;
}

export async function loader(args: Route.LoaderArgs) {
  const section = sectionOf(args.params.slug);
  const url = new URL(args.request.url);
  const page = pageOf(url);
  const history = await loadHistories(args, "update", page, section);
  if (!history.rows.length && page > 1) throw redirect(url.pathname);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("product-bulk:mass.title")} · ${t(`product-bulk:section.${section}`)} | ${t("common:app_name")}`,
    section, history, page, selection: selectionOf(url),
  };
}

export async function action(args: Route.ActionArgs) {
  const section = sectionOf(args.params.slug);
  const form = await args.request.formData();
  const sent = await sendFile(args, form, section);
  if ("error" in sent) return data({ error: sent.error }, { status: 400 });
  throw redirect(localePath(getLocale(args.context), `/products/mass-update/${section}/${sent.upload.upload_id}/all`));
}

export default function MassUpdateSection({ loaderData, actionData }: Route.ComponentProps) {
  const { section, history, page, selection } = loaderData;
  const { t } = useTranslation("product-bulk");
  const lang = useLocale();
  const p = (path: string) => localePath(lang, path);
  const query = selection.length ? `?product_ids=${selection.join(",")}` : "";
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Link to={p(`/products/mass-update${query}`)} className="text-sm font-medium text-brand-700 hover:underline">← {t("mass.back")}</Link>
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("mass.section_title", { section: t(`section.${section}`) })}</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{t(`section_hint.${section}`)}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <StepCard n={1} title={t("mass.step_download")}>
          <p className="mb-3 text-sm text-slate-600">
            {selection.length ? t("mass.download_selection", { count: selection.length }) : t("mass.download_all")}
          </p>
          <DownloadLink href={p(`/products/mass-update/${section}/download${query}`)}>{t("mass.download")}</DownloadLink>
        </StepCard>
        <StepCard n={2} title={t("mass.step_upload")}>
          <UploadForm error={actionData?.error} label={t("upload.label_update")} hint={t(`upload.hint_${section}`)} />
        </StepCard>
      </div>
      <section className="space-y-3" aria-labelledby="section-history">
        <h2 id="section-history" className="text-base font-semibold text-slate-900">{t("history.title_section", { section: t(`section.${section}`) })}</h2>
        <UploadHistory
          rows={history.rows}
          caption={t("history.title_section", { section: t(`section.${section}`) })}
          links={(u) => [{ href: p(`/products/mass-update/${section}/${u.upload_id}/all`), label: t("history.view_preview") }]}
        />
        <Pagination params={{ page, limit: PAGE_SIZE, sort: 2, search: "", filters: {} }}
          totalPage={history.pagination.total_page} totalRecord={history.pagination.total_record} />
      </section>
      <RefreshWhileBusy busy={history.rows.some(isBusy)} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
