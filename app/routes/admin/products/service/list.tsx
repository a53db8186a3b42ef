/**
 * /products/service: the business's services (spec section 2) with search, status and store
 * filters, sort and page size in the URL, the status switch (confirm step without JavaScript),
 * the update history (?history=<id>) and the service-listing export (spec section 7 exports).
 */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import { serviceListQuery, serviceOffering, serviceStoreChoices } from "#core/catalog/services.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { OfferingListPage } from "#app/components/offering-list.tsx";
import { NameCell, RowActions } from "#app/components/offering-parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { formatRupiah } from "#core/lib/format.ts";
import { listPageAction, loadListPage } from "#app/lib/list-page.server.ts";
import { offeringListSpec } from "#app/lib/offering-list.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

/** The list over core's services; the store filter's choices are the business's active stores (an unknown id is ignored). */
async function spec(args: Route.LoaderArgs | Route.ActionArgs) {
  const stores = await serviceStoreChoices(getScope(args.context));
  const filters = { status: STATUS_FILTERS, store_id: stores.map((s) => String(s.id)) };
  const list = offeringListSpec(serviceOffering, {
    listQuery: serviceListQuery, filters, idField: "service_id", titleKey: "offering:service.title_count", exportKind: "service-listing",
  });
  return { list, stores };
}

export async function loader(args: Route.LoaderArgs) {
  const { list, stores } = await spec(args);
  return { ...(await loadListPage(args, list)), stores };
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, (await spec(args)).list);
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

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
