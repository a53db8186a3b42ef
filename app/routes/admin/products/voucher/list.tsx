/**
 * /products/voucher: the business's discount vouchers (code, discount, minimum purchase, usage,
 * validity) with filters status, validity and discount type, search (name or code), sort, page
 * size in the URL; status switch, update history, edit link.
 */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { DISCOUNT_TYPES, VALIDITY_STATES } from "#core/catalog/offering-enums.ts";
import { STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import { formatPercent } from "#core/profile/store-fees-money.ts";
import { voucherListQuery, voucherOffering, type VoucherJson } from "#core/catalog/vouchers.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { OfferingListPage } from "#app/components/offering-list.tsx";
import { NameCell, RowActions, Validity } from "#app/components/offering-parts.tsx";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { listPageAction, loadListPage } from "#app/lib/list-page.server.ts";
import { offeringListSpec } from "#app/lib/offering-list.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FILTERS = { status: STATUS_FILTERS, validity: VALIDITY_STATES, discount_type: DISCOUNT_TYPES };

const SPEC = offeringListSpec(voucherOffering, {
  listQuery: voucherListQuery, filters: FILTERS, idField: "voucher_id", titleKey: "offering:voucher.title_count",
});

export async function loader(args: Route.LoaderArgs) {
  return loadListPage(args, SPEC);
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, SPEC);
}

export default function VoucherList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("offering");
  const path = useLocalePath();
  const { params } = loaderData;
  const discount = (v: VoucherJson) => (v.discount_type === "percent"
    ? [t("voucher.discount_percent_text", { percent: formatPercent(v.discount_value, i18n.language) }), v.max_discount !== null ? t("voucher.discount_cap", { amount: formatRupiah(v.max_discount) }) : null]
    : [formatRupiah(v.discount_value), null]);
  return (
    <OfferingListPage
      kind="voucher"
      data={loaderData}
      idField="voucher_id"
      addHref={path("/products/voucher/add")}
      filters={
        <>
          <FilterSelect name="status" label={t("fields.status")} value={params.filters.status} allLabel={t("list:filter.all")}
            options={STATUS_FILTERS.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
          <FilterSelect name="validity" label={t("voucher.filter.validity")} value={params.filters.validity} allLabel={t("list:filter.all")}
            options={VALIDITY_STATES.map((v) => ({ value: v, label: t(`validity.${v}`) }))} />
          <FilterSelect name="discount_type" label={t("voucher.filter.type")} value={params.filters.discount_type} allLabel={t("list:filter.all")}
            options={DISCOUNT_TYPES.map((v) => ({ value: v, label: t(`voucher.types.${v}`) }))} />
        </>
      }
      columns={[
        { key: "name", header: t("voucher.fields.name"), primary: true, cell: (v) => <NameCell name={v.name} sub={<span className="font-mono">{v.code}</span>} /> },
        {
          key: "discount", header: t("fields.discount"),
          cell: (v) => {
            const [main, cap] = discount(v);
            return <div><p>{main}</p>{cap ? <p className="text-xs text-slate-500">{cap}</p> : null}{v.min_purchase ? <p className="text-xs text-slate-500">{t("voucher.min_text", { amount: formatRupiah(v.min_purchase) })}</p> : null}</div>;
          },
        },
        { key: "usage", header: t("voucher.fields.used"), cell: (v) => t("voucher.usage", { used: formatNumber(v.used), quota: formatNumber(v.quota) }) },
        { key: "validity", header: t("fields.validity"), cell: (v) => <Validity from={v.valid_from} until={v.valid_until} state={v.validity} label={v.validity_name} /> },
        { key: "actions", header: t("fields.actions"), cell: (v) => <RowActions id={v.voucher_id} name={v.name} editHref={path(`/products/voucher/${v.voucher_id}/edit`)} /> },
      ]}
    />
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
