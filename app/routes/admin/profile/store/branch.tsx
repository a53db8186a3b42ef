/**
 * /profile/branch: the company's store branches as one compact table.
 *
 * Decision (the spec lists the route without saying what it shows): the spec calls an offline
 * store a "store branch" (store_branch_id), and the store cards of /profile/store are long — a
 * seller with many branches wants to scan them at once. So this page is the same stores, same
 * filters (store type, category, status, search, sort, page size) and the same status switch
 * (with its no-JavaScript confirm step), one row per branch: name, type, category, city,
 * Channel List connected/total, default chip, status. A row's name opens its card on
 * /profile/store (?open=<id>), where channels are connected; Edit opens the store form. Export and
 * its history stay on /profile/store (the same list, so one export is enough).
 */
import { Link, useLocation, useNavigation } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/branch";
import { ACTIVE } from "#core/profile/profile-enums.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { StatusSwitch } from "#app/components/list/status-switch.tsx";
import type { Store } from "#app/components/store-card.tsx";
import { StoreImage } from "#app/components/store-image.tsx";
import { type STORE_FILTERS, StoreConfirmPanel, StoreFilterBar } from "#app/components/store-list-parts.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listHref } from "#app/lib/list-params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { loadStoreConfirm, storeList } from "./actions.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

// Export and its history stay on /profile/store: no exportKind, no history modal here.
const specFor = (context: Route.LoaderArgs["context"]): ListPageSpec<Store, typeof STORE_FILTERS> => {
  const { history: _, ...shared } = storeList(context);
  return { ...shared, titleKey: "store:branch.title_count" };
};

export async function loader(args: Route.LoaderArgs) {
  const [page, confirm] = await Promise.all([loadListPage(args, specFor(args.context)), loadStoreConfirm(args, ["toggle"])]);
  return { title: page.title, params: page.params, list: page.list, confirm };
}

// Only the status switch lives here: channels are connected on the store's card.
export async function action(args: Route.ActionArgs) {
  return listPageAction(args, specFor(args.context));
}

export default function BranchList({ loaderData }: Route.ComponentProps) {
  const { params, list, confirm } = loaderData;
  const { rows, pagination } = list;
  const { t } = useTranslation("store");
  const locale = useLocale();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const cards = localePath(locale, "/profile/store");
  const card = (s: Store) => `${cards}?open=${s.store_branch_id}#store-${s.store_branch_id}`;

  const toggleText = useToggleText("store");

  const columns: Column<Store>[] = [
    {
      key: "name",
      header: t("fields.name"),
      primary: true,
      cell: (s) => (
        <div className="flex items-center gap-3">
          <StoreImage src={s.image} name={s.name} size={36} decorative />
          <div className="min-w-0">
            <Link to={card(s)} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">{s.name}</Link>
            {s.is_default && !s.is_partner ? <span className="mt-1 block"><StatusBadge tone="info">{t("profile:chips.default_store")}</StatusBadge></span> : null}
          </div>
        </div>
      ),
    },
    { key: "type", header: t("fields.type"), cell: (s) => s.type_name },
    { key: "category", header: t("fields.category"), cell: (s) => s.category_name },
    { key: "city", header: t("fields.city"), cell: (s) => `${s.location_data.name}, ${s.location_data.province_name}` },
    {
      key: "channels",
      header: t("card.channel_list"),
      cell: (s) => t("card.channel_count", { connected: formatNumber(s.total_connected_channel), total: formatNumber(s.total_channel) }),
    },
    {
      key: "status",
      header: t("fields.status"),
      cell: (s) => (
        <StatusSwitch
          checked={s.status === ACTIVE}
          disabled={s.is_partner || (s.is_default && s.status === ACTIVE)}
          label={t("toggle.label", { name: s.name })}
          fields={{ intent: "toggle", store_branch_id: s.store_branch_id }}
          confirmFor={(activate) => toggleText(activate, s.name)}
        />
      ),
    },
    {
      key: "manage",
      header: t("branch.open"),
      cell: (s) => (
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm font-medium">
          <Link to={card(s)} className="text-brand-700 hover:underline">{t("branch.open")}<span className="sr-only"> — {s.name}</span></Link>
          {s.is_updateable ? (
            <Link to={localePath(locale, `/profile/store/${s.store_branch_id}`)} className="text-brand-700 hover:underline">
              {t("common:actions.edit")}<span className="sr-only"> — {s.name}</span>
            </Link>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <ListHeader
        title={t("branch.title_count", { total: formatNumber(pagination.total_record) })}
        intro={t("branch.intro")}
        add={{ href: localePath(locale, "/profile/store/add"), label: t("add") }}
      >
        <Link to={cards} className={buttonClass("secondary")}>{t("branch.cards")}</Link>
      </ListHeader>

      <StoreFilterBar params={params} resetTo={location.pathname} />

      {confirm ? <StoreConfirmPanel confirm={confirm} listUrl={location.pathname + listHref(params)} toggleText={toggleText} /> : null}

      {rows.length ? (
        <DataTable caption={t("branch.caption")} columns={columns} rows={rows} rowKey={(s) => s.store_branch_id} busy={busy} />
      ) : (
        <EmptyState action={<Link to={localePath(locale, "/profile/store/add")} className={buttonClass("primary")}>{t("add")}</Link>} />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
