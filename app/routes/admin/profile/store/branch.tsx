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
import { data, Link, redirect, useLocation, useNavigation, useParams } from "react-router";
import { useTranslation } from "~/lib/i18n-react.tsx";
import type { Route } from "./+types/branch";
import { ACTIVE } from "../../../../../api/domain/profile-enums.ts";
import { buttonClass } from "../../../../components/button.tsx";
import { GeneralErrorBoundary } from "../../../../components/error-boundary.tsx";
import type { ConfirmText } from "../../../../components/list/confirm-dialog.tsx";
import { DataTable, type Column } from "../../../../components/list/data-table.tsx";
import { EmptyState } from "../../../../components/list/empty-state.tsx";
import { Pagination } from "../../../../components/list/pagination.tsx";
import { StatusBadge } from "../../../../components/list/status-badge.tsx";
import { StatusSwitch } from "../../../../components/list/status-switch.tsx";
import type { Store } from "../../../../components/store-card.tsx";
import { StoreImage } from "../../../../components/store-image.tsx";
import { STORE_FILTERS, StoreConfirmPanel, StoreFilterBar } from "../../../../components/store-list-parts.tsx";
import { getList } from "../../../../lib/api.server.ts";
import { formatNumber } from "../../../../lib/format.ts";
import { getI18n, getLocale } from "../../../../lib/i18n.server.ts";
import { localePath } from "../../../../lib/i18n.ts";
import { apiQuery, listHref, parseListParams } from "../../../../lib/list-params.ts";
import { confirmAsked, loadConfirm, storeCardAction } from "./actions.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, STORE_FILTERS);
  const asked = confirmAsked(url);
  const [stores, confirm] = await Promise.all([
    getList<Store>(args, "/v0.0.1/stores", apiQuery(params)),
    loadConfirm(args, asked?.kind === "toggle" ? asked : null),
  ]);
  if (!stores.rows.length && params.page > 1) throw redirect(url.pathname + listHref({ ...params, page: 1 }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("store:branch.title_count", { total: formatNumber(stores.pagination.total_record) })} | ${t("common:app_name")}`,
    params,
    stores,
    confirm,
  };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const listUrl = url.pathname + listHref(parseListParams(url, STORE_FILTERS));
  const form = await args.request.formData();
  // Only the status switch lives here: channels are connected on the store's card.
  if (form.get("intent") === "toggle") await storeCardAction(args, form, listUrl);
  throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
}

export default function BranchList({ loaderData }: Route.ComponentProps) {
  const { params, stores, confirm } = loaderData;
  const { rows, pagination } = stores;
  const { t } = useTranslation("store");
  const { lang } = useParams();
  const locale = lang ?? "en";
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const cards = localePath(locale, "/profile/store");
  const card = (s: Store) => `${cards}?open=${s.store_branch_id}#store-${s.store_branch_id}`;

  const toggleText = (activate: boolean, name: string): ConfirmText => ({
    title: t(activate ? "toggle.activate_title" : "toggle.inactivate_title"),
    body: t(activate ? "toggle.activate_body" : "toggle.inactivate_body", { name }),
    confirmLabel: t(activate ? "toggle.activate" : "toggle.inactivate"),
    tone: activate ? "primary" : "danger",
  });

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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{t("branch.title_count", { total: formatNumber(pagination.total_record) })}</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("branch.intro")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={cards} className={buttonClass("secondary")}>{t("branch.cards")}</Link>
          <Link to={localePath(locale, "/profile/store/add")} className={buttonClass("primary")}>{t("add")}</Link>
        </div>
      </div>

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

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
