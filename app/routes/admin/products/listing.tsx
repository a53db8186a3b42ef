/**
 * /products/listing: the business's products (spec section 2 "Products" listing) — tabs All, Active,
 * Not Active, Out Of Stock, Blocked with their counts; filters (brand, category tree, channel, order
 * type, date added 7/14/30 days), search, sort, page size and page, all in the URL; the status
 * switch, delete, and bulk actions with a confirmation (activate, deactivate, update, sync to
 * master, delete); export and export history. Everything works without JavaScript.
 *
 * Decisions where the spec is silent:
 * - Confirm steps without JavaScript live in the URL: ?confirm=toggle&id=…&action=… (the shared
 *   switch) and ?confirm=bulk&action=…&ids=4,7 (bulk bar and row delete); the confirmed POST does
 *   the change and comes back to the list.
 * - "Update" sends the ticked products to the mass update page (/products/mass-update?product_ids=…)
 *   after the confirmation, as the spec lists it among the confirmed bulk actions.
 * - The counts come from the API bounded (1.000+ beyond its cap, see core/catalog/product-list.ts);
 *   the title shows the All count the same way.
 * - A bulk action that skips some products (drafts, blocked) says how many in its notice.
 */
import { data, redirect, replace, useLocation, useNavigation, useParams, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/listing";
import { PRODUCT_BULK_ACTIONS, type ProductBulkAction, type ProductTab } from "#core/catalog/product-enums.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel, useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { BulkActions, useBulkText } from "#app/components/product-list-bulk.tsx";
import { ProductListFilters, type ListingFilters } from "#app/components/product-list-filters.tsx";
import { parseProductParams } from "#app/components/product-list-params.ts";
import { ProductListTable, type ProductRow } from "#app/components/product-list-table.tsx";
import { countText, ProductListTabs, type TabSummary } from "#app/components/product-list-tabs.tsx";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { apiQuery, listHref } from "#app/lib/list-params.ts";
import { callApi, getOrThrow } from "#app/lib/api.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { loadExports } from "#app/lib/list-page-via-api.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pushToast, sessionContext } from "#app/lib/session.server.ts";
import { confirmStep, toggleAction } from "#app/lib/toggle-via-api.server.ts";

const EMPTY_SUMMARY: TabSummary = { tabs: { all: 0, active: 0, not_active: 0, out_of_stock: 0, blocked: 0 }, capped: [], cap: 0 };

const idList = z.array(z.string().regex(/^[1-9]\d{0,9}$/).transform(Number)).min(1).max(150);
const bulkAction = z.enum(PRODUCT_BULK_ACTIONS);

/** The ids of a form or URL value: repeated fields and/or "4,7,9". */
const idsOf = (values: (FormDataEntryValue | string)[]) => idList.safeParse(values.flatMap((v) => String(v).split(",")).filter(Boolean));

/** ?confirm=bulk&action=…&ids=…: the bulk confirm step asked for in the URL. */
function bulkStep(url: URL) {
  if (url.searchParams.get("confirm") !== "bulk") return null;
  const action = bulkAction.safeParse(url.searchParams.get("action"));
  const ids = idsOf([url.searchParams.get("ids") ?? ""]);
  return action.success && ids.success ? { action: action.data, ids: ids.data } : null;
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const params = parseProductParams(url);
  const [list, choices, exports] = await Promise.all([
    callApi<ProductRow[]>(args, "GET", "/v0.0.1/products", { query: apiQuery(params), quiet: true }),
    getOrThrow<ListingFilters>(args, "/v0.0.1/products/listing-filters"),
    loadExports(args, "product-listing"),
  ]);
  // 404 "No data" is an empty page that still carries the tab counts.
  if (!list.ok && list.code !== 404) throw data(list.message, { status: list.code === 0 ? 503 : list.code });
  const rows = list.ok ? list.data : [];
  const pagination = list.ok ? list.pagination : undefined;
  // An empty page carries no pagination through the client: the other tabs' counts are asked apart.
  const summary = list.ok
    ? (pagination?.summary_data as TabSummary | undefined) ?? EMPTY_SUMMARY
    : (await getOrThrow<TabSummary>(args, "/v0.0.1/products/count", { ...apiQuery(params), page: undefined, limit: undefined, sort: undefined })).data;
  // A page past the end (the list got shorter, a hand-edited URL) shows the first page instead.
  if (!rows.length && params.page > 1) throw redirect(url.pathname + listHref(params, { page: null }));

  const toggle = confirmStep(url);
  const toggled = toggle ? rows.find((r) => r.product_id === toggle.id) : undefined;
  const bulk = bulkStep(url);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("product-list:title_count", { total: countText(summary, "all") })} | ${t("common:app_name")}`,
    params,
    rows,
    totalPage: pagination?.total_page ?? 0,
    totalRecord: pagination?.total_record ?? 0,
    summary,
    choices: choices.data,
    exports: exports.rows,
    exportsOpen: url.searchParams.get("history") === "open",
    confirmToggle: toggle && toggled ? { ...toggle, name: toggled.name } : null,
    confirmBulk: bulk ? { ...bulk, name: bulk.ids.length === 1 ? rows.find((r) => r.product_id === bulk.ids[0])?.name : undefined } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const params = parseProductParams(url);
  const listUrl = url.pathname + listHref(params);
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "toggle") {
    return toggleAction(args, form, {
      idField: "product_id",
      apiPath: (id, a) => `/v0.0.1/products/${id}/${a === "activate" ? "activate" : "deactivate"}`,
      listUrl,
    });
  }
  if (intent === "export") {
    await callApi(args, "POST", "/v0.0.0/exports/product-listing", { body: { search: params.search || undefined, sort: params.sort, ...params.filters } });
    throw redirect(url.pathname + listHref(params, { history: "open" }));
  }
  if (intent === "bulk") return bulk(args, form, listUrl);
  throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
}

/** The bulk bar and the row delete: confirm step first (no JavaScript), then the API, then back to the list. */
async function bulk(args: Route.ActionArgs, form: FormData, listUrl: string): Promise<never> {
  const web = args.context.get(sessionContext);
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const action = bulkAction.safeParse(form.get("action"));
  const ids = idsOf(form.getAll("product_ids"));
  if (!action.success || !ids.success) {
    pushToast(web, { type: "danger", message: t("product-list:bulk.none_selected") });
    throw replace(listUrl);
  }
  const chosen = ids.data.join(",");
  if (form.get("confirmed") !== "1") {
    const next = new URL(listUrl, "http://x");
    next.searchParams.set("confirm", "bulk");
    next.searchParams.set("action", action.data);
    next.searchParams.set("ids", chosen);
    throw redirect(next.pathname + next.search);
  }
  if (action.data === "update") throw redirect(`${localePath(locale, "/products/mass-update")}?product_ids=${chosen}`);
  const res = await callApi(args, "PUT", "/v0.0.1/products/bulk", { body: { action: action.data, product_ids: ids.data } });
  // A refusal (422) names no field the page could show it next to: it becomes the notice.
  if (!res.ok && res.code === 422) pushToast(web, { type: "danger", message: Object.values(res.fieldErrors ?? {})[0]?.[0] ?? res.message });
  throw replace(listUrl);
}

export default function ProductListing({ loaderData }: Route.ComponentProps) {
  const { params, rows, summary, choices, exports, exportsOpen, confirmToggle, confirmBulk, totalPage, totalRecord } = loaderData;
  const { t } = useTranslation("product-list");
  const { lang } = useParams();
  const locale = lang ?? "en";
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const listUrl = location.pathname + listHref(params);
  const add = localePath(locale, "/products/add");
  const toggleText = useToggleText("product-list");
  const bulkText = useBulkText();
  const names = new Map(rows.map((r) => [r.product_id, r.name]));
  const tab = (params.filters.tab ?? "all") as ProductTab;
  const filtered = Boolean(params.search || Object.keys(params.filters).some((k) => k !== "tab"));

  return (
    <div className="space-y-4">
      <ListHeader
        title={t("title_count", { total: countText(summary, "all") })}
        exports={exports}
        exportsOpen={exportsOpen}
        add={{ href: add, label: t("add") }}
      />

      <ProductListTabs params={params} summary={summary} />
      <ProductListFilters params={params} choices={choices} pathname={location.pathname} />

      {confirmToggle ? (
        <ConfirmPanel
          text={toggleText(confirmToggle.action === "activate", confirmToggle.name)}
          fields={{ intent: "toggle", product_id: confirmToggle.id, action: confirmToggle.action }}
          cancelTo={listUrl}
        />
      ) : null}
      {confirmBulk ? (
        <ConfirmPanel
          text={bulkText(confirmBulk.action as ProductBulkAction, confirmBulk.ids.length, confirmBulk.name)}
          fields={{ intent: "bulk", action: confirmBulk.action, product_ids: confirmBulk.ids.join(",") }}
          cancelTo={listUrl}
        />
      ) : null}

      {rows.length ? (
        <>
          <BulkActions names={names} />
          <ProductListTable rows={rows} busy={busy} editHref={(id) => localePath(locale, `/products/${id}/edit`)} />
        </>
      ) : filtered || tab !== "all" ? (
        <EmptyState title={t("empty.filtered_title")} subtitle={t("empty.filtered_body")}
          action={<Link to={location.pathname} className={buttonClass("secondary")}>{t("empty.clear")}</Link>} />
      ) : (
        <EmptyState action={<Link to={add} className={buttonClass("primary")}>{t("add")}</Link>} />
      )}

      <Pagination params={params} totalPage={totalPage} totalRecord={totalRecord} />
      {summary.capped.includes(tab) ? <p className="text-xs text-slate-500">{t("capped_hint", { cap: countText(summary, tab) })}</p> : null}
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
