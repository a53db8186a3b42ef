/**
 * /products/service: the business's services (spec section 2) with search, status and store
 * filters, sort and page size in the URL, the status switch (confirm step without JavaScript),
 * the update history (?history=<id>) and the service-listing export (spec section 7 exports).
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import type { ServiceJson } from "#core/catalog/services.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { OfferingListPage } from "#app/components/offering-list.tsx";
import { NameCell, RowActions, useLocalePath } from "#app/components/offering-parts.tsx";
import { businessStores } from "#app/lib/offering-data.server.ts";
import { formatRupiah } from "#core/lib/format.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page-via-api.server.ts";

const FILTERS = { status: STATUS_FILTERS, store_id: [] as string[] };

function spec(storeIds: string[]): ListPageSpec<ServiceJson, typeof FILTERS> {
  return {
    list: "/v0.0.0/services",
    filters: { ...FILTERS, store_id: storeIds },
    idField: "service_id",
    titleKey: "offering:service.title_count",
    exportKind: "service-listing",
    record: (id) => `/v0.0.0/services/${id}`,
    toggle: (id, action) => `/v0.0.0/services/${id}/${action}`,
    history: (id) => `/v0.0.0/services/${id}/update-history`,
  };
}

export async function loader(args: Route.LoaderArgs) {
  // The store filter's choices; a store id it does not know is ignored.
  const stores = await businessStores(args);
  return { ...(await loadListPage(args, spec(stores.map((s) => String(s.id))))), stores };
}

export async function action(args: Route.ActionArgs) {
  const stores = await businessStores(args);
  return listPageAction(args, spec(stores.map((s) => String(s.id))));
}

export default function ServiceList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const path = useLocalePath();
  const { params } = loaderData;
  return (
    <OfferingListPage
      kind="service"
      data={loaderData}
      idField="service_id"
      addHref={path("/products/service/add")}
      exportable
      filters={
        <>
          <FilterSelect name="status" label={t("fields.status")} value={params.filters.status} allLabel={t("list:filter.all")}
            options={STATUS_FILTERS.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
          <FilterSelect name="store_id" label={t("service.filter.store")} value={params.filters.store_id} allLabel={t("list:filter.all")}
            options={loaderData.stores.map((s) => ({ value: String(s.id), label: s.name }))} />
        </>
      }
      columns={[
        { key: "name", header: t("service.fields.name"), primary: true, cell: (s) => <NameCell name={s.name} image={s.image} sub={`${t("fields.sku")}: ${s.sku}`} /> },
        { key: "duration", header: t("service.fields.duration"), cell: (s) => t(`duration.${s.duration_unit}`, { count: s.duration }) },
        { key: "price", header: t("fields.price"), cell: (s) => formatRupiah(s.price) },
        { key: "stores", header: t("fields.stores"), cell: (s) => (s.is_all_stores ? t("service.all_stores") : s.store_datas.map((x) => x.name).join(", ")) },
        { key: "actions", header: t("fields.actions"), cell: (s) => <RowActions id={s.service_id} name={s.name} editHref={path(`/products/service/${s.service_id}/edit`)} /> },
      ]}
    />
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
