/**
 * /reseller/data, /supplier/data, /partner/data (spec section 2 "Customer centre"): one route
 * module for the three kinds of trading partner (the kind is the URL's first segment). A table of
 * name and contacts, city, terms, linked stores (resellers), the status switch (asks first),
 * Detail, Edit and View Update History; the filter bar (search by name, contact or phone; status;
 * province; city; for resellers a linked store; sort; page size) as a GET form — all state in the
 * URL —, title with the total, Add, export (.xlsx, defineExport kind = the partner kind) and the
 * export history. The list shell over core/partners/trading-partners.ts.
 */
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import { kindOfPath, type PartnerKind } from "#core/partners/partner-kinds.ts";
import {
  getPartner, listPartners, partnerChoices, partnerHistory, partnerListQuery, partnerPlaces, partnerStatusKey, setPartnerStatus, type PartnerJson,
} from "#core/partners/trading-partners.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { StatusSwitch } from "#app/components/list/status-switch.tsx";
import { HistoryLink } from "#app/components/update-history-lazy.tsx";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

type Places = Awaited<ReturnType<typeof partnerPlaces>>;
type Stores = { store_branch_id: number; name: string }[];

function filtersFor(places: Places, stores: Stores) {
  return {
    status: STATUS_FILTERS,
    province_id: places.provinces.map((p) => String(p.province_id)),
    city_id: places.cities.map((c) => String(c.city_id)),
    store_id: stores.map((s) => String(s.store_branch_id)),
  };
}

function specFor(kind: PartnerKind, places: Places, stores: Stores): ListPageSpec<PartnerJson, ReturnType<typeof filtersFor>> {
  return {
    list: (scope, q) => listPartners(scope, partnerListQuery.parse({ ...q, kind })),
    filters: filtersFor(places, stores),
    idField: "partner_id",
    titleKey: `trading-partner:${kind}.title_count`,
    exportKind: kind,
    record: (scope, id) => getPartner(scope, kind, id),
    toggle: (scope, ids, activate) => setPartnerStatus(scope, kind, ids, activate),
    toggled: (activate, rows) => ({ key: partnerStatusKey(kind, activate, rows.length), vars: { count: rows.length } }),
    history: (scope, id, page) => partnerHistory(scope, kind, id, page),
  };
}

async function context(args: { request: Request; context: Route.LoaderArgs["context"] }) {
  const kind = kindOfPath(new URL(args.request.url).pathname);
  const scope = getScope(args.context);
  const [places, choices] = await Promise.all([partnerPlaces(scope, kind), kind === "reseller" ? partnerChoices(scope) : null]);
  return { kind, places, stores: choices?.stores ?? [] };
}

export async function loader(args: Route.LoaderArgs) {
  const { kind, places, stores } = await context(args);
  const page = await loadListPage(args, specFor(kind, places, stores));
  return { ...page, kind, places, stores };
}

export async function action(args: Route.ActionArgs) {
  const { kind, places, stores } = await context(args);
  return listPageAction(args, specFor(kind, places, stores));
}

export default function PartnerList({ loaderData }: Route.ComponentProps) {
  const { params, kind, places, stores } = loaderData;
  const { t } = useTranslation("trading-partner");
  const locale = useLocale();
  const confirmText = useToggleText("trading-partner", `${kind}.`);
  const labels = {
    fieldLabel: (field: string) => t(`fields.${field}`, { defaultValue: field }),
    valueLabel: (field: string, value: unknown) => (field === "status" ? t(`status.${Number(value) === 1 ? "active" : "inactive"}`) : undefined),
    actionLabel: (action: string) => t(`widgets:history.actions.${action}`, { defaultValue: action }),
  };
  const link = (path: string) => localePath(locale, `/${kind}/${path}`);

  const columns: Column<PartnerJson>[] = [
    {
      key: "name", header: t("fields.name"), primary: true,
      cell: (p) => (
        <div className="min-w-0">
          <a href={link(`data-detail/${p.partner_id}`)} className="font-semibold text-slate-900 hover:underline">{p.name}</a>
          {p.contacts[0] ? <p className="text-xs text-slate-500">{[p.contacts[0].name, p.contacts[0].role].filter(Boolean).join(" · ")}</p> : null}
        </div>
      ),
    },
    { key: "phone", header: t("fields.contact_phone"), cell: (p) => <span>{p.contacts.find((c) => c.phone)?.phone ?? "–"}</span> },
    { key: "city", header: t("fields.city"), cell: (p) => <span>{p.location_name ? `${p.location_name}, ${p.province_name}` : "–"}</span> },
    {
      key: "terms", header: t("fields.terms"),
      cell: (p) => <span>{t("terms_text", { days: p.payment_days, limit: formatRupiah(p.credit_limit) })}</span>,
    },
    ...(kind === "reseller" ? [{
      key: "stores", header: t("fields.stores"),
      cell: (p: PartnerJson) => <span>{p.store_datas.map((s) => s.name).join(", ") || "–"}</span>,
    }] : []),
    {
      key: "status", header: t("fields.status"),
      cell: (p) => (
        <StatusSwitch checked={p.status === 1} label={t("toggle_label", { name: p.name })}
          fields={{ intent: "toggle", partner_id: p.partner_id }} confirmFor={(activate) => confirmText(activate, p.name)} />
      ),
    },
    {
      key: "actions", header: t("fields.actions"),
      cell: (p) => (
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 md:justify-start">
          <a href={link(`data-detail/${p.partner_id}`)} className="text-sm font-medium text-brand-700 hover:underline">
            {t("detail")}<span className="sr-only"> {p.name}</span>
          </a>
          <a href={link(`edit/${p.partner_id}`)} className="text-sm font-medium text-brand-700 hover:underline">
            {t("edit")}<span className="sr-only"> {p.name}</span>
          </a>
          <HistoryLink id={p.partner_id}>{t("history")}<span className="sr-only"> {p.name}</span></HistoryLink>
        </div>
      ),
    },
  ];

  return (
    <ListPage
      data={loaderData}
      title={t(`${kind}.title_count`, { total: formatNumber(loaderData.list.pagination.total_record) })}
      add={{ href: link("add"), label: t(`${kind}.add`) }}
      filters={<>
        <SearchBox value={params.search} placeholder={t("placeholders.search")} />
        <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
          options={STATUS_FILTERS.map((v) => ({ value: v, label: t(`status.${v === "1" ? "active" : "inactive"}`) }))} />
        <FilterSelect name="province_id" label={t("fields.province")} value={params.filters.province_id} allLabel={t("list:filter.all")}
          options={places.provinces.map((p) => ({ value: String(p.province_id), label: p.name }))} />
        <FilterSelect name="city_id" label={t("fields.city")} value={params.filters.city_id} allLabel={t("list:filter.all")}
          options={places.cities.map((c) => ({ value: String(c.city_id), label: c.name }))} />
        {kind === "reseller" ? (
          <FilterSelect name="store_id" label={t("fields.store")} value={params.filters.store_id} allLabel={t("list:filter.all")}
            options={stores.map((s) => ({ value: String(s.store_branch_id), label: s.name }))} />
        ) : null}
        <SortSelect value={params.sort} />
        <PageSizeSelect value={params.limit} />
      </>}
      idField="partner_id"
      confirmText={confirmText}
      historyLabels={labels}
    >
      {(rows) => <DataTable caption={t(`${kind}.title`)} columns={columns} rows={rows} rowKey={(p) => p.partner_id} />}
    </ListPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
