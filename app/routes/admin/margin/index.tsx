/**
 * /margin (spec section 2 "Customer centre": margin): the business's margin rules, most specific
 * first, with Edit and Delete (asks first); links to the edit pages (default, other = the
 * resellers', store margin) and to adding a brand's or a category's; and the preview: the
 * reseller prices of the business's product variants for a chosen reseller and/or store,
 * searched and paged — a GET form, all state in the URL. Every price is the one pricing function's
 * (core/partners/margin-pricing.ts). The precedence is stated on the page.
 */
import { Link } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/index";
import { listMarginRules, marginChoices, marginPreview, previewQuery, type PreviewRow } from "#core/partners/margins.ts";
import { PRECEDENCE } from "#core/partners/margin-pricing.ts";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { RulesTable } from "#app/components/margin-parts.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { parseListParams } from "#app/lib/list-params.ts";
import { deleteRuleAction, ruleToDelete } from "#app/lib/margin.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const choices = await marginChoices(scope);
  const filters = { partner_id: choices.resellers.map((r) => String(r.partner_id)), store_id: choices.stores.map((s) => String(s.store_branch_id)) };
  const params = parseListParams(url, filters);
  const q = previewQuery.parse({ page: params.page, limit: params.limit, search: params.search || undefined, ...params.filters });
  const [rules, preview, toDelete] = await Promise.all([listMarginRules(scope), marginPreview(scope, q), ruleToDelete(args)]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("margin:title")} | ${t("common:app_name")}`, choices, params, rules, preview, toDelete };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const url = new URL(args.request.url);
  const done = await deleteRuleAction(args, form, url.pathname);
  if (done === undefined) throw new Response("unknown action", { status: 400 });
  return done;
}

export default function Margins({ loaderData }: Route.ComponentProps) {
  const { choices, params, rules, preview, toDelete } = loaderData;
  const { t } = useTranslation("margin");
  const locale = useLocale();
  const here = localePath(locale, "/margin");
  const columns: Column<PreviewRow>[] = [
    {
      key: "product", header: t("preview.product"), primary: true,
      cell: (r) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{r.product_name}{r.variant_name ? <span className="font-normal text-slate-500"> · {r.variant_name}</span> : null}</p>
          <p className="text-xs text-slate-500">{r.sku}{r.brand_name ? ` · ${r.brand_name}` : ""}</p>
        </div>
      ),
    },
    { key: "sell", header: t("preview.sell_price"), cell: (r) => <span>{formatRupiah(r.sell_price)}</span> },
    { key: "margin", header: t("preview.margin"), cell: (r) => <span>{formatRupiah(r.margin)}</span> },
    { key: "price", header: t("preview.reseller_price"), cell: (r) => <span className="font-semibold text-slate-900" data-testid="reseller-price">{formatRupiah(r.reseller_price)}</span> },
    { key: "rule", header: t("preview.rule"), cell: (r) => <span>{r.rule_scope ? t(`scope.${r.rule_scope}`) : t("scope.none")}</span> },
  ];
  const pages = Math.ceil(preview.total / params.limit);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
        <nav aria-label={t("edit_pages")} className="flex flex-wrap gap-2">
          <Link to={localePath(locale, "/margin/default")} className={buttonClass("secondary")}>{t("pages.default")}</Link>
          <Link to={localePath(locale, "/margin/other")} className={buttonClass("secondary")}>{t("pages.other")}</Link>
          <Link to={localePath(locale, "/margin/store-margin")} className={buttonClass("secondary")}>{t("pages.store")}</Link>
          <Link to={localePath(locale, "/margin/add/brand")} className={buttonClass("secondary")}>{t("add.brand")}</Link>
          <Link to={localePath(locale, "/margin/add/category")} className={buttonClass("secondary")}>{t("add.category")}</Link>
        </nav>
      </div>
      <SectionCard title={t("rules_title")} hint={t("precedence", { order: PRECEDENCE.map((s) => t(`scope.${s}`)).join(" › ") })}>
        <RulesTable rules={rules} caption={t("rules_title")} toDelete={toDelete} cancelTo={here} />
      </SectionCard>
      <section aria-labelledby="preview-title" className="space-y-3">
        <h2 id="preview-title" className="text-lg font-semibold text-slate-900">{t("preview.title", { total: formatNumber(preview.total) })}</h2>
        <p className="text-sm text-slate-600">{t("preview.hint")}</p>
        <FilterBar resetTo={here}>
          <SearchBox value={params.search} placeholder={t("preview.search")} />
          <FilterSelect name="partner_id" label={t("fields.reseller")} value={params.filters.partner_id} allLabel={t("preview.no_reseller")}
            options={choices.resellers.map((r) => ({ value: String(r.partner_id), label: r.name }))} />
          <FilterSelect name="store_id" label={t("fields.store")} value={params.filters.store_id} allLabel={t("preview.no_store")}
            options={choices.stores.map((s) => ({ value: String(s.store_branch_id), label: s.name }))} />
          <PageSizeSelect value={params.limit} />
        </FilterBar>
        {preview.rows.length
          ? <DataTable caption={t("preview.caption")} columns={columns} rows={preview.rows} rowKey={(r) => r.variant_id} />
          : <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-500">{t("preview.empty")}</p>}
        <Pagination params={params} totalPage={pages} totalRecord={preview.total} />
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
