/**
 * /profile/warehouse: the business's warehouses as cards (spec "Warehouse card"), with the filter
 * widget (status 1 Active / 0 Non-Active, warehouse type 1-3, region; the ownership filter shown
 * disabled as spec section 6 says), search, sort, page size, title with the total, Add, export and
 * export history, status switches and the View Update History modal.
 *
 * Decisions where the spec is silent:
 * - All list state is in the URL; a page past the end redirects to the first page.
 *   ?confirm=toggle&id=…&action=… is the switch's no-JavaScript confirm step; ?history=<id> opens
 *   the update-history modal of warehouse <id>; ?history=open opens the export history.
 * - The switch calls PUT /v0.0.0/warehouses/{id}/{activate|inactivate}, the one-warehouse form of
 *   the spec's status change (the shared toggle action sends no body).
 * - The default warehouse's switch is disabled while it is active (the API refuses it anyway).
 */
import { data, Link, redirect, useLocation, useParams } from "react-router";
import { useTranslation } from "~/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { STATUS_FILTERS, WAREHOUSE_REGIONS, WAREHOUSE_TYPES } from "../../../../../api/domain/profile-enums.ts";
import { buttonClass } from "../../../../components/button.tsx";
import { GeneralErrorBoundary } from "../../../../components/error-boundary.tsx";
import { ConfirmPanel, type ConfirmText } from "../../../../components/list/confirm-dialog.tsx";
import { EmptyState } from "../../../../components/list/empty-state.tsx";
import { ExportButton, ExportHistory, type ExportJob } from "../../../../components/list/export-history.tsx";
import { FilterBar, FilterSelect } from "../../../../components/list/filter-bar.tsx";
import { PageSizeSelect } from "../../../../components/list/page-size-select.tsx";
import { Pagination } from "../../../../components/list/pagination.tsx";
import { SearchBox } from "../../../../components/list/search-box.tsx";
import { SortSelect } from "../../../../components/list/sort-select.tsx";
import { UpdateHistoryModal } from "../../../../components/update-history.tsx";
import { WarehouseCard, type Warehouse } from "../../../../components/warehouse-card.tsx";
import { useSiteHistoryLabels } from "../../../../components/warehouse-history.tsx";
import { DisabledOwnership } from "../../../../components/warehouse-list-parts.tsx";
import { callApi, getList } from "../../../../lib/api.server.ts";
import { formatNumber } from "../../../../lib/format.ts";
import { loadHistory } from "../../../../lib/history.server.ts";
import { getI18n, getLocale } from "../../../../lib/i18n.server.ts";
import { localePath } from "../../../../lib/i18n.ts";
import { apiQuery, listHref, parseListParams } from "../../../../lib/list-params.ts";
import { confirmStep, toggleAction } from "../../../../lib/toggle.server.ts";

const FILTERS = { status: STATUS_FILTERS, type: WAREHOUSE_TYPES.map(String), region: WAREHOUSE_REGIONS.map(String) };

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, FILTERS);
  const asked = confirmStep(url);
  const [warehouses, exports, confirming, history] = await Promise.all([
    getList<Warehouse>(args, "/v0.0.0/warehouses", apiQuery(params)),
    getList<ExportJob>(args, "/v0.0.0/exports", { kind: "warehouse", limit: 10 }),
    asked ? callApi<Warehouse>(args, "GET", `/v0.0.0/warehouses/${asked.id}`, { quiet: true }) : null,
    loadHistory(args, (id) => `/v0.0.0/warehouses/${id}/update-history`),
  ]);
  if (!warehouses.rows.length && params.page > 1) throw redirect(url.pathname + listHref({ ...params, page: 1 }));
  // The modal names its warehouse: from the page, else asked for (a link kept after the list changed).
  let historyOf = history ? warehouses.rows.find((w) => w.seller_warehouse_id === history.id)?.name : undefined;
  if (history && !historyOf) {
    const one = await callApi<Warehouse>(args, "GET", `/v0.0.0/warehouses/${history.id}`, { quiet: true });
    historyOf = one.ok ? one.data.name : undefined;
  }
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("site:warehouse.title_count", { total: formatNumber(warehouses.pagination.total_record) })} | ${t("common:app_name")}`,
    params,
    warehouses,
    exports: exports.rows,
    exportsOpen: url.searchParams.get("history") === "open",
    confirm: asked && confirming?.ok ? { ...asked, name: confirming.data.name } : null,
    history,
    historyOf,
  };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, FILTERS);
  const listUrl = url.pathname + listHref(params);
  const form = await args.request.formData();
  switch (form.get("intent")) {
    case "toggle":
      return toggleAction(args, form, {
        idField: "seller_warehouse_id",
        apiPath: (id, action) => `/v0.0.0/warehouses/${id}/${action}`,
        listUrl,
      });
    case "export": {
      await callApi(args, "POST", "/v0.0.0/exports/warehouse", {
        body: { search: params.search || undefined, sort: params.sort, ...params.filters },
      });
      throw redirect(url.pathname + listHref(params, { history: "open" }));
    }
    default:
      throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
}

export default function WarehouseList({ loaderData }: Route.ComponentProps) {
  const { params, warehouses, exports, exportsOpen, confirm, history, historyOf } = loaderData;
  const { rows, pagination } = warehouses;
  const { t } = useTranslation("site");
  const { lang } = useParams();
  const locale = lang ?? "en";
  const location = useLocation();
  const listUrl = location.pathname + listHref(params);
  const add = localePath(locale, "/profile/warehouse/add");
  const labels = useSiteHistoryLabels("warehouse");

  const confirmText = (activate: boolean, name: string): ConfirmText => ({
    title: t(activate ? "warehouse.toggle.activate_title" : "warehouse.toggle.inactivate_title"),
    body: t(activate ? "warehouse.toggle.activate_body" : "warehouse.toggle.inactivate_body", { name }),
    confirmLabel: t(activate ? "toggle.activate" : "toggle.inactivate"),
    tone: activate ? "primary" : "danger",
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{t("warehouse.title_count", { total: formatNumber(pagination.total_record) })}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ExportHistory jobs={exports} open={exportsOpen} />
          <ExportButton />
          <Link to={add} className={buttonClass("primary")}>{t("warehouse.add")}</Link>
        </div>
      </div>

      <FilterBar resetTo={location.pathname}>
        <SearchBox value={params.search} placeholder={t("warehouse.placeholders.search")} />
        <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
          options={FILTERS.status.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
        <FilterSelect name="type" label={t("warehouse.filter.type")} value={params.filters.type} allLabel={t("list:filter.all")}
          options={FILTERS.type.map((v) => ({ value: v, label: t(`profile:warehouse_types.${v}`) }))} />
        <FilterSelect name="region" label={t("warehouse.filter.region")} value={params.filters.region} allLabel={t("list:filter.all")}
          options={FILTERS.region.map((v) => ({ value: v, label: t(`profile:warehouse_regions.${v}`) }))} />
        <DisabledOwnership />
        <SortSelect value={params.sort} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>

      {confirm ? (
        <ConfirmPanel
          text={confirmText(confirm.action === "activate", confirm.name)}
          fields={{ intent: "toggle", seller_warehouse_id: confirm.id, action: confirm.action }}
          cancelTo={listUrl}
        />
      ) : null}

      {rows.length ? (
        <ul className="space-y-3" aria-label={t("warehouse.title")}>
          {rows.map((w) => (
            <li key={w.seller_warehouse_id}>
              <WarehouseCard
                warehouse={w}
                editHref={localePath(locale, `/profile/warehouse/${w.seller_warehouse_id}`)}
                confirmFor={(activate) => confirmText(activate, w.name)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState action={<Link to={add} className={buttonClass("primary")}>{t("warehouse.add")}</Link>} />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />

      <UpdateHistoryModal history={history} title={historyOf} {...labels} />
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
