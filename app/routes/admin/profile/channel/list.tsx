/**
 * /profile/channel: the business's online channels as collapsible cards (spec "Channel card"),
 * with the filter widget (channel type 0 Indie Marketplace, 2 Marketplace, 3 Social Media,
 * 4 Online Store; status 1 Active / 0 Non-Active; search; sort with the first four options only;
 * page size), title with the total, Add, export and export history, status switches and the
 * View Update History modal.
 *
 * Decisions where the spec is silent:
 * - All list state is in the URL; a page past the end redirects to the first page.
 *   ?confirm=toggle&id=…&action=… is the switch's no-JavaScript confirm step; ?history=<id> opens
 *   the update-history modal of channel <id>; ?history=open opens the export history.
 * - The default channel's switch is disabled while it is active: the default cannot be
 *   deactivated (the API refuses it as well); the card says so.
 * - The toggle sends its action in the query string of PUT /channels/{id}/toggle (the shared
 *   toggle action sends no body; the API reads the body first, then the query).
 */
import { data, Link, redirect, useLocation, useParams } from "react-router";
import { useTranslation } from "~/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { CHANNEL_TYPE_FILTERS, STATUS_FILTERS } from "../../../../../api/domain/profile-enums.ts";
import { buttonClass } from "../../../../components/button.tsx";
import { ChannelCard, type Channel } from "../../../../components/channel-card.tsx";
import { GeneralErrorBoundary } from "../../../../components/error-boundary.tsx";
import { ConfirmPanel, type ConfirmText } from "../../../../components/list/confirm-dialog.tsx";
import { EmptyState } from "../../../../components/list/empty-state.tsx";
import { ExportButton, ExportHistory, type ExportJob } from "../../../../components/list/export-history.tsx";
import { FilterBar, FilterSelect } from "../../../../components/list/filter-bar.tsx";
import { PageSizeSelect } from "../../../../components/list/page-size-select.tsx";
import { Pagination } from "../../../../components/list/pagination.tsx";
import { SearchBox } from "../../../../components/list/search-box.tsx";
import { SortSelect } from "../../../../components/list/sort-select.tsx";
import { UpdateHistoryModal } from "../../../../components/update-history.tsx";
import { callApi, getList } from "../../../../lib/api.server.ts";
import { formatNumber } from "../../../../lib/format.ts";
import { loadHistory } from "../../../../lib/history.server.ts";
import { getI18n, getLocale } from "../../../../lib/i18n.server.ts";
import { localePath } from "../../../../lib/i18n.ts";
import { apiQuery, listHref, parseListParams } from "../../../../lib/list-params.ts";
import { confirmStep, toggleAction } from "../../../../lib/toggle.server.ts";

const FILTERS = { type: CHANNEL_TYPE_FILTERS, status: STATUS_FILTERS };
/** Online channels offer the first four sorts only (spec section 9). */
const SORTS = [1, 2, 3, 4] as const;

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, FILTERS, SORTS);
  const asked = confirmStep(url);
  const [channels, exports, confirming, history] = await Promise.all([
    getList<Channel>(args, "/v0.0.1/channels", apiQuery(params)),
    getList<ExportJob>(args, "/v0.0.0/exports", { kind: "channel", limit: 10 }),
    asked ? callApi<Channel>(args, "GET", `/channels/${asked.id}`, { quiet: true }) : null,
    loadHistory(args, (id) => `/channels/${id}/update-history`),
  ]);
  if (!channels.rows.length && params.page > 1) throw redirect(url.pathname + listHref({ ...params, page: 1 }));
  // The modal names its channel: from the page, else asked for (a link kept after the list changed).
  let historyOf = history ? channels.rows.find((c) => c.channel_id === history.id)?.name : undefined;
  if (history && !historyOf) {
    const one = await callApi<Channel>(args, "GET", `/channels/${history.id}`, { quiet: true });
    historyOf = one.ok ? one.data.name : undefined;
  }
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("channel:title_count", { total: formatNumber(channels.pagination.total_record) })} | ${t("common:app_name")}`,
    params,
    channels,
    exports: exports.rows,
    exportsOpen: url.searchParams.get("history") === "open",
    confirm: asked && confirming?.ok ? { ...asked, name: confirming.data.name } : null,
    history,
    historyOf,
  };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, FILTERS, SORTS);
  const listUrl = url.pathname + listHref(params);
  const form = await args.request.formData();
  switch (form.get("intent")) {
    case "toggle":
      return toggleAction(args, form, {
        idField: "channel_id",
        apiPath: (id, action) => `/channels/${id}/toggle?action=${action}`,
        listUrl,
      });
    case "export": {
      await callApi(args, "POST", "/v0.0.0/exports/channel", {
        body: { search: params.search || undefined, sort: params.sort, ...params.filters },
      });
      throw redirect(url.pathname + listHref(params, { history: "open" }));
    }
    default:
      throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
}

export default function ChannelList({ loaderData }: Route.ComponentProps) {
  const { params, channels, exports, exportsOpen, confirm, history, historyOf } = loaderData;
  const { rows, pagination } = channels;
  const { t } = useTranslation("channel");
  const { lang } = useParams();
  const locale = lang ?? "en";
  const location = useLocation();
  const listUrl = location.pathname + listHref(params);
  const add = localePath(locale, "/profile/channel/add");

  const confirmText = (activate: boolean, name: string): ConfirmText => ({
    title: t(activate ? "toggle.activate_title" : "toggle.inactivate_title"),
    body: t(activate ? "toggle.activate_body" : "toggle.inactivate_body", { name }),
    confirmLabel: t(activate ? "toggle.activate" : "toggle.inactivate"),
    tone: activate ? "primary" : "danger",
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{t("title_count", { total: formatNumber(pagination.total_record) })}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ExportHistory jobs={exports} open={exportsOpen} />
          <ExportButton />
          <Link to={add} className={buttonClass("primary")}>{t("add")}</Link>
        </div>
      </div>

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

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
