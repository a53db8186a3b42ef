/**
 * /profile/channel: the business's online channels as collapsible cards (spec "Channel card"),
 * with the filter widget (channel type 0 Indie Marketplace, 2 Marketplace, 3 Social Media,
 * 4 Online Store; status 1 Active / 0 Non-Active; search; sort with the first four options only;
 * page size), title with the total, Add, export and export history, status switches and the
 * View Update History modal.
 *
 * Decisions where the spec is silent:
 * - All list state is in the URL; a page past the end redirects to the first page.
 *   ?confirm=toggle&channel_id=…&action=… is the switch's no-JavaScript confirm step (confirm.server.ts);
 *   ?history=<id> opens the update-history modal of channel <id>; ?history=open opens the export history.
 * - The default channel's switch is disabled while it is active: the default cannot be
 *   deactivated (core refuses it as well: a danger notice); the card says so.
 * The page calls core/profile/channels*.ts, the functions the REST API calls.
 */
import { Link, useLocation } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { cardToggleHref } from "#app/components/list/card-details.tsx";
import { CHANNEL_TYPE_FILTERS, STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import { buttonClass } from "#app/components/button.tsx";
import { ChannelCard, type Channel } from "#app/components/channel-card.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel, useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { UpdateHistoryModal } from "#app/components/update-history-lazy.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { channelHistory, channelListQuery, getChannel, listChannels } from "#core/profile/channels.ts";
import { channelStatusMessage, setChannelStatus } from "#core/profile/channels-save.ts";
import { can } from "#app/lib/auth.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listHref } from "#app/lib/list-params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FILTERS = { type: CHANNEL_TYPE_FILTERS, status: STATUS_FILTERS };
/** Online channels offer the first four sorts only (spec section 9). */
const SORTS = [1, 2, 3, 4] as const;

const SPEC: ListPageSpec<Channel, typeof FILTERS> = {
  list: (scope, q) => listChannels(scope, channelListQuery.parse(q)),
  filters: FILTERS,
  sorts: SORTS,
  idField: "channel_id",
  titleKey: "channel:title_count",
  exportKind: "channel",
  record: getChannel,
  async toggle(scope, ids, activate) {
    const rows = [];
    for (const id of ids) rows.push(await setChannelStatus(scope, id, activate));
    return rows;
  },
  // A switch that went through says so, as the REST call does ("Channel deactivated").
  toggled: (activate) => ({ key: channelStatusMessage(activate) }),
  history: channelHistory,
};

export async function loader(args: Route.LoaderArgs) {
  // ?open=<id>: the card whose body the page shows (list/card-details.tsx).
  return {
    ...(await loadListPage(args, SPEC)), open: Number(new URL(args.request.url).searchParams.get("open")) || null,
    canPromote: can(args.context, "promotion"),
  };
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, SPEC);
}

export default function ChannelList({ loaderData }: Route.ComponentProps) {
  const { params, list, exports, exportsOpen, confirm, history, historyOf, open } = loaderData;
  const { rows, pagination } = list;
  const { t } = useTranslation("channel");
  const locale = useLocale();
  const location = useLocation();
  const listUrl = location.pathname + listHref(params);
  const add = localePath(locale, "/profile/channel/add");

  const confirmText = useToggleText("channel");

  return (
    <div className="space-y-4">
      <ListHeader title={t("title_count", { total: formatNumber(pagination.total_record) })} exports={exports} exportsOpen={exportsOpen} add={{ href: add, label: t("add") }} />

      <FilterBar resetTo={location.pathname}>
        <SearchBox value={params.search} placeholder={t("placeholders.search")} />
        <FilterSelect name="type" label={t("filter.type")} value={params.filters.type} allLabel={t("list:filter.all")}
          options={FILTERS.type.map((v) => ({ value: v, label: t(`profile:channel_types.${v}`) }))} />
        <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
          options={FILTERS.status.map((v) => ({ value: v, label: t(`profile:channel_status.${v}`) }))} />
        <SortSelect value={params.sort} sorts={SORTS} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>

      {confirm ? (
        <ConfirmPanel
          text={confirmText(confirm.action === "activate", confirm.name)}
          fields={{ intent: "toggle", channel_id: confirm.id, action: confirm.action }}
          cancelTo={listUrl}
        />
      ) : null}

      {rows.length ? (
        <ul className="space-y-3" aria-label={t("title")}>
          {rows.map((ch) => (
            <li key={ch.channel_id}>
              <ChannelCard
                channel={ch}
                editHref={localePath(locale, `/profile/channel/${ch.channel_id}`)}
                storesHref={localePath(locale, "/profile/store")}
                promotionsHref={loaderData.canPromote ? localePath(locale, `/promotions/channel-${ch.channel_id}/listing`) : undefined}
                open={open === ch.channel_id}
                toggleHref={cardToggleHref(location.pathname, location.search, ch.channel_id, open === ch.channel_id, `channel-${ch.channel_id}`)}
                confirmFor={(activate) => confirmText(activate, ch.name)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState action={<Link to={add} className={buttonClass("primary")}>{t("add")}</Link>} />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />

      <UpdateHistoryModal
        history={history}
        title={historyOf}
        fieldLabel={(f) => t(`fields.${f}`, { defaultValue: f })}
        valueLabel={(field, value) => (field === "status" ? t(`profile:channel_status.${Number(value) === 1 ? 1 : 0}`) : undefined)}
      />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
