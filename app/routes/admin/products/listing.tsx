/**
 * /products/listing: the business's products (spec section 2 "Products" listing) — tabs All, Active,
 * Not Active, Out Of Stock, Blocked with their counts; filters (brand, category tree, channel, order
 * type, date added 7/14/30 days), search, sort, page size and page, all in the URL; the status
 * switch, delete, and bulk actions with a confirmation (activate, deactivate, update, sync to
 * master, delete); export and export history. Everything works without JavaScript.
 *
 * Decisions where the spec is silent:
 * - Confirm steps without JavaScript are the web's one vocabulary (app/lib/confirm.server.ts):
 *   ?confirm=toggle&product_id=…&action=… (the shared switch) and
 *   ?confirm=bulk&action=…&product_ids=4&product_ids=7 (bulk bar and row delete); the confirmed POST
 *   does the change and comes back to the list.
 * - "Update" sends the ticked products to the mass update page (/products/mass-update?product_ids=…)
 *   after the confirmation, as the spec lists it among the confirmed bulk actions.
 * - The counts are bounded (1.000+ beyond the cap, see core/catalog/product-list.ts); the title
 *   shows the All count the same way.
 * - A bulk action that skips some products (drafts, blocked) says how many in its notice.
 * - A refused change (a product in a package, gone meanwhile…) is a danger notice on the list.
 *
 * The reads and changes are core's (core/catalog/product-list.ts, product-actions.ts), the same
 * functions as the REST listing calls.
 */
import { data, redirect, replace, useLocation, useNavigation, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/listing";
import { applyProductAction, setProductStatus } from "#core/catalog/product-actions.ts";
import { PRODUCT_BULK_ACTIONS, type ProductBulkAction, type ProductTab } from "#core/catalog/product-enums.ts";
import { listProducts, productListingFilters, productListQuery } from "#core/catalog/product-list.ts";
import { DomainError, Forbidden, parseInput, Unauthenticated } from "#core/errors.ts";
import { queueExport } from "#core/jobs/export-history.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel, useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { BulkActions, useBulkText } from "#app/components/product-list-bulk.tsx";
import { categoryOptions, ProductListFilters } from "#app/components/product-list-filters.tsx";
import { parseProductParams } from "#app/components/product-list-params.ts";
import { ProductListTable, tableRow } from "#app/components/product-list-table.tsx";
import { countText, ProductListTabs } from "#app/components/product-list-tabs.tsx";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { apiQuery, listHref } from "#app/lib/list-params.ts";
import { can, getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { loadExports } from "#app/lib/list-page.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { toggleAction, toggleAsked } from "#app/lib/toggle.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const idList = z.array(z.string().regex(/^[1-9]\d{0,9}$/).transform(Number)).min(1).max(150);
const bulkAction = z.enum(PRODUCT_BULK_ACTIONS);

/** The ids of a form or URL value: repeated fields and/or "4,7,9". */
const idsOf = (values: (FormDataEntryValue | string)[]) => idList.safeParse(values.flatMap((v) => String(v).split(",")).filter(Boolean));

/** ?confirm=bulk&action=…&product_ids=…: the bulk confirm step asked for in the URL. */
function bulkStep(url: URL) {
  const asked = confirmAsked(url, "bulk");
  if (!asked) return null;
  const action = bulkAction.safeParse(asked.fields.action);
  const ids = idsOf(asked.all.getAll("product_ids"));
  return action.success && ids.success ? { action: action.data, ids: ids.data } : null;
}

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseProductParams(url);
  const [list, filters, exports] = await Promise.all([
    listProducts(scope, parseInput(productListQuery, apiQuery(params))),
    productListingFilters(scope, { keep: Number(params.filters.category_id) || undefined }),
    loadExports(args, "product-listing"),
  ]);
  const { rows, total, summary } = list;
  // A page past the end (the list got shorter, a hand-edited URL) shows the first page instead.
  if (!rows.length && params.page > 1) throw redirect(url.pathname + listHref(params, { page: null }));

  const toggle = toggleAsked(url, "product_id");
  const toggled = toggle ? rows.find((r) => r.product_id === toggle.id) : undefined;
  const bulk = bulkStep(url);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("product-list:title_count", { total: countText(summary, "all") })} | ${t("common:app_name")}`,
    params,
    rows: rows.map(tableRow),
    totalPage: Math.ceil(total / params.limit),
    totalRecord: total,
    summary,
    choices: { ...filters, categories: categoryOptions(filters.categories) },
    exports: exports.rows,
    exportsOpen: url.searchParams.get("history") === "open",
    confirmToggle: toggle && toggled ? { ...toggle, name: toggled.name } : null,
    // Deleting needs "products.delete" (core/auth/privileges.ts): without it no delete button or option.
    canDelete: can(args.context, "products.delete"),
    confirmBulk: bulk ? { ...bulk, name: bulk.ids.length === 1 ? rows.find((r) => r.product_id === bulk.ids[0])?.name : undefined } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseProductParams(url);
  const listUrl = url.pathname + listHref(params);
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "toggle") {
    return toggleAction(args, form, {
      idField: "product_id",
      // The switch's notice names the product ("Kemeja … is active"); a refusal says why (toggleAction).
      toggle: async (id, activate) => flashToast(args.context, "success", (await setProductStatus(scope, id, activate)).message),
      listUrl,
    });
  }
  if (intent === "export") {
    await queueExport(scope, "product-listing", { search: params.search || undefined, sort: params.sort, ...params.filters });
    throw redirect(url.pathname + listHref(params, { history: "open" }));
  }
  if (intent === "bulk") return bulk(args, form, listUrl);
  throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
}

/** The bulk bar and the row delete: confirm step first (no JavaScript), then core, then back to the list. */
async function bulk(args: Route.ActionArgs, form: FormData, listUrl: string): Promise<never> {
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const action = bulkAction.safeParse(form.get("action"));
  const ids = idsOf(form.getAll("product_ids"));
  if (!action.success || !ids.success) {
    flashToast(args.context, "danger", t("product-list:bulk.none_selected"));
    throw replace(listUrl);
  }
  requireConfirmed(args.request, form, "bulk", listUrl);
  if (action.data === "update") throw redirect(`${localePath(locale, "/products/mass-update")}?product_ids=${ids.data.join(",")}`);
  try {
    flashToast(args.context, "success", (await applyProductAction(getScope(args.context), ids.data, action.data)).message);
  } catch (e) {
    // A refusal names no field the page could show it next to: it becomes the notice (a product
    // gone meanwhile too: the list shows what is left).
    if (!(e instanceof DomainError) || e instanceof Forbidden || e instanceof Unauthenticated) throw e;
    flashToast(args.context, "danger", refusalMessage(args.context, e));
  }
  throw replace(listUrl);
}

export default function ProductListing({ loaderData }: Route.ComponentProps) {
  const { params, rows, summary, choices, exports, exportsOpen, confirmToggle, confirmBulk, totalPage, totalRecord, canDelete } = loaderData;
  const { t } = useTranslation("product-list");
  const locale = useLocale();
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
          <BulkActions names={names} canDelete={canDelete} />
          <ProductListTable rows={rows} busy={busy} canDelete={canDelete} editHref={(id) => localePath(locale, `/products/${id}/edit`)} />
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

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
