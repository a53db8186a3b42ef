/**
 * /profile/factory: the business's own production sites as cards (like the warehouse cards), with
 * the filter widget (status 1 Active / 0 Non-Active; the ownership filter shown disabled as spec
 * section 6 says: every factory is the business's own), search, sort, page size, title with the
 * total, Add, export and export history, status switches and the View Update History modal.
 *
 * All list state is in the URL; ?confirm=toggle&id=…&action=… is the switch's no-JavaScript confirm
 * step; ?history=<id> opens a factory's update history; ?history=open the export history.
 */
import { data, Link, redirect, useLocation, useParams } from "react-router";
import { useTranslation } from "~/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { STATUS_FILTERS } from "../../../../../api/domain/profile-enums.ts";
import { buttonClass } from "../../../../components/button.tsx";
import { GeneralErrorBoundary } from "../../../../components/error-boundary.tsx";
import { FactoryCard, type Factory } from "../../../../components/factory-card.tsx";
import { ConfirmPanel, type ConfirmText } from "../../../../components/list/confirm-dialog.tsx";
import { EmptyState } from "../../../../components/list/empty-state.tsx";
import { ExportButton, ExportHistory, type ExportJob } from "../../../../components/list/export-history.tsx";
import { FilterBar, FilterSelect } from "../../../../components/list/filter-bar.tsx";
import { PageSizeSelect } from "../../../../components/list/page-size-select.tsx";
import { Pagination } from "../../../../components/list/pagination.tsx";
import { SearchBox } from "../../../../components/list/search-box.tsx";
import { SortSelect } from "../../../../components/list/sort-select.tsx";
import { UpdateHistoryModal } from "../../../../components/update-history.tsx";
import { DisabledOwnership } from "../../../../components/warehouse-list-parts.tsx";
import { useSiteHistoryLabels } from "../../../../components/warehouse-history.tsx";
import { callApi, getList } from "../../../../lib/api.server.ts";
import { formatNumber } from "../../../../lib/format.ts";
import { loadHistory } from "../../../../lib/history.server.ts";
import { getI18n, getLocale } from "../../../../lib/i18n.server.ts";
import { localePath } from "../../../../lib/i18n.ts";
import { apiQuery, listHref, parseListParams } from "../../../../lib/list-params.ts";
import { confirmStep, toggleAction } from "../../../../lib/toggle.server.ts";

const FILTERS = { status: STATUS_FILTERS };

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, FILTERS);
  const asked = confirmStep(url);
  const [factories, exports, confirming, history] = await Promise.all([
    getList<Factory>(args, "/v0.0.0/factories", apiQuery(params)),
    getList<ExportJob>(args, "/v0.0.0/exports", { kind: "factory", limit: 10 }),
    asked ? callApi<Factory>(args, "GET", `/v0.0.0/factories/${asked.id}`, { quiet: true }) : null,
    loadHistory(args, (id) => `/v0.0.0/factories/${id}/update-history`),
  ]);
  if (!factories.rows.length && params.page > 1) throw redirect(url.pathname + listHref({ ...params, page: 1 }));
  let historyOf = history ? factories.rows.find((f) => f.factory_id === history.id)?.name : undefined;
  if (history && !historyOf) {
    const one = await callApi<Factory>(args, "GET", `/v0.0.0/factories/${history.id}`, { quiet: true });
    historyOf = one.ok ? one.data.name : undefined;
  }
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("site:factory.title_count", { total: formatNumber(factories.pagination.total_record) })} | ${t("common:app_name")}`,
    params,
    factories,
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
      return toggleAction(args, form, { idField: "factory_id", apiPath: (id, action) => `/v0.0.0/factories/${id}/${action}`, listUrl });
    case "export": {
      await callApi(args, "POST", "/v0.0.0/exports/factory", { body: { search: params.search || undefined, sort: params.sort, ...params.filters } });
      throw redirect(url.pathname + listHref(params, { history: "open" }));
    }
    default:
      throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
}

export default function FactoryList({ loaderData }: Route.ComponentProps) {
  const { params, factories, exports, exportsOpen, confirm, history, historyOf } = loaderData;
  const { rows, pagination } = factories;
  const { t } = useTranslation("site");
  const { lang } = useParams();
  const locale = lang ?? "en";
  const location = useLocation();
  const listUrl = location.pathname + listHref(params);
  const add = localePath(locale, "/profile/factory/add");
  const labels = useSiteHistoryLabels("factory");

  const confirmText = (activate: boolean, name: string): ConfirmText => ({
    title: t(activate ? "factory.toggle.activate_title" : "factory.toggle.inactivate_title"),
    body: t(activate ? "factory.toggle.activate_body" : "factory.toggle.inactivate_body", { name }),
    confirmLabel: t(activate ? "toggle.activate" : "toggle.inactivate"),
    tone: activate ? "primary" : "danger",
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{t("factory.title_count", { total: formatNumber(pagination.total_record) })}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ExportHistory jobs={exports} open={exportsOpen} />
          <ExportButton />
          <Link to={add} className={buttonClass("primary")}>{t("factory.add")}</Link>
        </div>
      </div>

      <FilterBar resetTo={location.pathname}>
        <SearchBox value={params.search} placeholder={t("factory.placeholders.search")} />
        <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
          options={FILTERS.status.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
        <DisabledOwnership />
        <SortSelect value={params.sort} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>

      {confirm ? (
        <ConfirmPanel
          text={confirmText(confirm.action === "activate", confirm.name)}
          fields={{ intent: "toggle", factory_id: confirm.id, action: confirm.action }}
          cancelTo={listUrl}
        />
      ) : null}

      {rows.length ? (
        <ul className="space-y-3" aria-label={t("factory.title")}>
          {rows.map((f) => (
            <li key={f.factory_id}>
              <FactoryCard factory={f} editHref={localePath(locale, `/profile/factory/${f.factory_id}`)} confirmFor={(activate) => confirmText(activate, f.name)} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState action={<Link to={add} className={buttonClass("primary")}>{t("factory.add")}</Link>} />
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
