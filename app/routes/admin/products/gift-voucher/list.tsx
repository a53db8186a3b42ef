/**
 * /products/gift-voucher: the business's gift vouchers with their codes used, value, selling
 * price and validity; filters status and validity (upcoming, ongoing, ended, used up), search,
 * sort and page size in the URL; status switch, update history, view and edit links.
 */
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { giftVoucherListQuery, giftVoucherOffering } from "#core/catalog/gift-vouchers.ts";
import { VALIDITY_STATES } from "#core/catalog/offering-enums.ts";
import { STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { OfferingListPage } from "#app/components/offering-list.tsx";
import { NameCell, RowActions, Validity } from "#app/components/offering-parts.tsx";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { listPageAction, loadListPage } from "#app/lib/list-page.server.ts";
import { offeringListSpec } from "#app/lib/offering-list.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FILTERS = { status: STATUS_FILTERS, validity: VALIDITY_STATES };

const SPEC = offeringListSpec(giftVoucherOffering, {
  listQuery: giftVoucherListQuery, filters: FILTERS, idField: "gift_voucher_id", titleKey: "offering:gift_voucher.title_count",
});

export async function loader(args: Route.LoaderArgs) {
  return loadListPage(args, SPEC);
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, SPEC);
}

export default function GiftVoucherList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const path = useLocalePath();
  const { params } = loaderData;
  return (
    <OfferingListPage
      kind="gift_voucher"
      data={loaderData}
      idField="gift_voucher_id"
      addHref={path("/products/gift-voucher/add")}
      filters={
        <>
          <FilterSelect name="status" label={t("fields.status")} value={params.filters.status} allLabel={t("list:filter.all")}
            options={STATUS_FILTERS.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
          <FilterSelect name="validity" label={t("gift_voucher.filter.validity")} value={params.filters.validity} allLabel={t("list:filter.all")}
            options={VALIDITY_STATES.map((v) => ({ value: v, label: t(`validity.${v}`) }))} />
        </>
      }
      columns={[
        { key: "name", header: t("gift_voucher.fields.name"), primary: true, cell: (g) => <NameCell name={g.name} image={g.image} /> },
        { key: "value", header: t("gift_voucher.fields.value"), cell: (g) => formatRupiah(g.value) },
        { key: "price", header: t("gift_voucher.fields.price"), cell: (g) => formatRupiah(g.price) },
        { key: "codes", header: t("gift_voucher.fields.codes"), cell: (g) => t("gift_voucher.codes_count", { redeemed: formatNumber(g.redeemed_count), quantity: formatNumber(g.quantity) }) },
        { key: "validity", header: t("fields.validity"), cell: (g) => <Validity from={g.valid_from} until={g.valid_until} state={g.validity} label={g.validity_name} /> },
        {
          key: "actions", header: t("fields.actions"),
          cell: (g) => <RowActions id={g.gift_voucher_id} name={g.name} viewHref={path(`/products/gift-voucher/${g.gift_voucher_id}/view`)} editHref={path(`/products/gift-voucher/${g.gift_voucher_id}/edit`)} />,
        },
      ]}
    />
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
