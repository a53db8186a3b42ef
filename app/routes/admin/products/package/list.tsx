/**
 * /products/package: the business's packages (bundles) with their products, price against the
 * products bought separately, and the derived stock; filters status and stock (in stock / out of
 * stock, computed by core from the components), search, sort, page size in the URL; status
 * switch, update history, edit link.
 */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { packageListQuery, packageOffering } from "#core/catalog/packages.ts";
import { STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { OfferingListPage } from "#app/components/offering-list.tsx";
import { NameCell, RowActions } from "#app/components/offering-parts.tsx";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { listPageAction, loadListPage } from "#app/lib/list-page.server.ts";
import { offeringListSpec } from "#app/lib/offering-list.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const STOCK = ["in_stock", "out_of_stock"] as const;
const FILTERS = { status: STATUS_FILTERS, stock: STOCK };

const SPEC = offeringListSpec(packageOffering, {
  listQuery: packageListQuery, filters: FILTERS, idField: "package_id", titleKey: "offering:package.title_count",
});

export async function loader(args: Route.LoaderArgs) {
  return loadListPage(args, SPEC);
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, SPEC);
}

export default function PackageList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const path = useLocalePath();
  const { params } = loaderData;
  return (
    <OfferingListPage
      kind="package"
      data={loaderData}
      idField="package_id"
      addHref={path("/products/package/add")}
      filters={
        <>
          <FilterSelect name="status" label={t("fields.status")} value={params.filters.status} allLabel={t("list:filter.all")}
            options={STATUS_FILTERS.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
          <FilterSelect name="stock" label={t("package.filter.stock")} value={params.filters.stock} allLabel={t("list:filter.all")}
            options={STOCK.map((v) => ({ value: v, label: t(`package.filter.${v}`) }))} />
        </>
      }
      columns={[
        { key: "name", header: t("package.fields.name"), primary: true, cell: (p) => <NameCell name={p.name} image={p.image} sub={`${t("fields.sku")}: ${p.sku}`} /> },
        {
          key: "items", header: t("fields.items"),
          cell: (p) => (
            <ul className="space-y-0.5 text-xs text-slate-600">
              {p.item_datas.map((i) => (
                <li key={i.variant_id}>
                  {i.quantity} × {i.product_name}{i.variant_name || i.size_name ? ` (${[i.variant_name, i.size_name].filter(Boolean).join(" · ")})` : ""}
                  {i.product_status !== "published" ? <span className="ml-1 text-amber-700">· {t("package.not_published")}</span> : null}
                </li>
              ))}
            </ul>
          ),
        },
        {
          key: "price", header: t("fields.price"),
          cell: (p) => (
            <div>
              <p>{formatRupiah(p.price)}</p>
              {p.items_total_price > p.price ? <p className="text-xs text-green-700">{t("package.saving", { amount: formatRupiah(p.items_total_price - p.price) })}</p> : null}
            </div>
          ),
        },
        {
          key: "stock", header: t("package.fields.stock"),
          cell: (p) => (p.stock ? t("package.stock_value", { count: p.stock, value: formatNumber(p.stock) }) : <StatusBadge tone="warning">{t("package.out_of_stock")}</StatusBadge>),
        },
        { key: "actions", header: t("fields.actions"), cell: (p) => <RowActions id={p.package_id} name={p.name} editHref={path(`/products/package/${p.package_id}/edit`)} /> },
      ]}
    />
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
