/**
 * /products/mass-update: change many products at once from an .xlsx — attributes (5), prices (6),
 * stock per location (7) or images (8) (spec section 9). Choose a section; products chosen in the
 * listing arrive as ?product_ids=1,2 and the download holds only those. Below, the history of
 * every mass update with its status (?page=).
 */
import { Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/index";
import { MASS_UPDATE_SECTIONS } from "#core/catalog/product-enums.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { UploadHistory } from "#app/components/product-bulk-history.tsx";
import { isBusy, PAGE_SIZE, RefreshWhileBusy } from "#app/components/product-bulk-parts.tsx";
import { sectionKeyOf, selectionOf } from "#app/lib/product-bulk-sections.ts";
import { formatNumber } from "#core/lib/format.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadHistories, pageOf } from "#app/lib/product-bulk.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const page = pageOf(url);
  const history = await loadHistories(args, "update", page);
  if (!history.rows.length && page > 1) throw redirect(url.pathname);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("product-bulk:mass.title")} | ${t("common:app_name")}`, history, page, selection: selectionOf(url) };
}

export default function MassUpdate({ loaderData }: Route.ComponentProps) {
  const { history, page, selection } = loaderData;
  const { t } = useTranslation("product-bulk");
  const lang = useLocale();
  const p = (path: string) => localePath(lang, path);
  const query = selection.length ? `?product_ids=${selection.join(",")}` : "";
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("mass.title")}</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("mass.intro")}</p>
      </div>
      {selection.length ? (
        <p role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800">
          {t("mass.selection", { count: selection.length, n: formatNumber(selection.length) })}
          <Link to={p("/products/mass-update")} className="font-medium underline">{t("mass.selection_clear")}</Link>
        </p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("mass.sections")}>
        {Object.entries(MASS_UPDATE_SECTIONS).map(([key]) => (
          <li key={key}>
            <Link to={p(`/products/mass-update/${key}${query}`)} className="block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-400 hover:shadow-sm">
              <span className="block text-base font-semibold text-slate-900">{t(`section.${key}`)}</span>
              <span className="mt-1 block text-sm text-slate-600">{t(`section_hint.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section className="space-y-3" aria-labelledby="mass-history">
        <h2 id="mass-history" className="text-base font-semibold text-slate-900">{t("history.title_update")}</h2>
        <UploadHistory
          rows={history.rows}
          caption={t("history.title_update")}
          sectionName={(s) => t(`section.${sectionKeyOf(s)}`)}
          links={(u) => [{ href: p(`/products/mass-update/${sectionKeyOf(u.section)}/${u.upload_id}/all`), label: t("history.view_preview") }]}
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
