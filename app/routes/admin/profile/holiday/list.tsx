/**
 * /profile/holiday: the business's holiday sessions (spec section 2 "Holiday Session"): a table of
 * name, scope (the whole business, or its stores and brands), dates (range and/or weekdays), an
 * "ongoing" badge, the status switch, Edit, View Update History and Delete; the filter bar
 * (search, status, store, brand, sort, page size), title with the total and Add. The store and
 * brand cards' Holiday links open it filtered (?store_id=…, ?brand_id=…): the sessions closing
 * that store or brand, the whole business's included (core/profile/holidays.ts).
 *
 * All list state is in the URL. The switch asks first (?confirm=toggle&holiday_id=…&action=…
 * without JavaScript); so does Delete (?confirm=delete&holiday_id=…, docs/decisions/0010);
 * ?history=<id> opens a session's update history. The page is the list shell over core.
 */
import { redirect } from "react-router";
import { Link } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import {
  deleteHoliday, getHoliday, holidayChoices, holidayHistory, holidayListQuery, holidayStatusKey, listHolidays, setHolidayStatus,
  type HolidayJson,
} from "#core/profile/holidays.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import type { HolidayChoices } from "#app/components/holiday-form.tsx";
import { ConfirmPanel, useToggleText, type ConfirmText } from "#app/components/list/confirm-dialog.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { StatusSwitch } from "#app/components/list/status-switch.tsx";
import { HistoryLink } from "#app/components/update-history-lazy.tsx";
import { ConfirmSubmitButton } from "#app/components/warehouse-confirm-button.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { listHref } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { recordId } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";

function filtersFor(choices: HolidayChoices) {
  return {
    status: STATUS_FILTERS,
    store_id: choices.stores.map((s) => String(s.store_branch_id)),
    brand_id: choices.brands.map((b) => String(b.brand_id)),
  };
}

function specFor(choices: HolidayChoices): ListPageSpec<HolidayJson, ReturnType<typeof filtersFor>> {
  return {
    list: (scope, q) => listHolidays(scope, holidayListQuery.parse(q)),
    filters: filtersFor(choices),
    idField: "holiday_id",
    titleKey: "holiday:title_count",
    record: getHoliday,
    toggle: setHolidayStatus,
    toggled: (activate, rows) => ({ key: holidayStatusKey(activate, rows.length), vars: { count: rows.length } }),
    history: holidayHistory,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const choices = await holidayChoices(scope);
  const deleting = recordId(confirmAsked(new URL(args.request.url), "delete")?.fields.holiday_id ?? null);
  const [page, toDelete] = await Promise.all([
    loadListPage(args, specFor(choices)),
    deleting ? getHoliday(scope, deleting).catch(() => null) : null,
  ]);
  return { ...page, choices, toDelete };
}

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const choices = await holidayChoices(scope);
  return listPageAction(args, specFor(choices), async (intent, form, { listUrl }) => {
    if (intent !== "delete") return undefined;
    const id = recordId(form.get("holiday_id"));
    if (!id) throw redirect(listUrl);
    requireConfirmed(args.request, form, "delete", listUrl);
    await deleteHoliday(scope, id);
    flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))("holiday:api.deleted"));
    throw redirect(listUrl);
  });
}

/** "18 Mar 2027 – 24 Mar 2027", "Saturday, Sunday", or both. */
function daysText(h: HolidayJson, locale: string) {
  const fmt = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString(locale === "id" ? "id-ID" : "en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return [h.start_date && h.end_date ? `${fmt(h.start_date)} – ${fmt(h.end_date)}` : null, h.weekday_names.join(", ") || null].filter(Boolean).join(" · ");
}

export default function HolidayList({ loaderData }: Route.ComponentProps) {
  const { params, choices, toDelete } = loaderData;
  const { t } = useTranslation("holiday");
  const locale = useLocale();
  const listUrl = localePath(locale, "/profile/holiday") + listHref(params);
  const confirmText = useToggleText("holiday");
  const deleteText = (h: HolidayJson): ConfirmText => ({
    title: t("delete.title"), body: t("delete.body", { name: h.name }), confirmLabel: t("delete.confirm"), tone: "danger",
  });
  const labels = {
    fieldLabel: (field: string) => t(`fields.${field}`, { defaultValue: field }),
    valueLabel: (field: string, value: unknown) => (field === "scope" ? t(`scope.${String(value)}`, { defaultValue: String(value) }) : field === "status" ? t(`profile:status.${Number(value) === 1 ? "active" : "inactive"}`) : undefined),
    actionLabel: (action: string) => t(`widgets:history.actions.${action}`, { defaultValue: action }),
  };

  const columns: Column<HolidayJson>[] = [
    {
      key: "name", header: t("fields.name"), primary: true,
      cell: (h) => (
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{h.name} {h.is_ongoing ? <StatusBadge tone="warning">{t("ongoing")}</StatusBadge> : null}</p>
          {h.note ? <p className="text-xs text-slate-500">{h.note}</p> : null}
        </div>
      ),
    },
    {
      key: "scope", header: t("fields.scope"),
      cell: (h) => h.scope === "business" ? <span>{t("scope.business")}</span> : (
        <div className="text-sm">
          {h.store_datas.length ? <p>{t("fields.stores")}: {h.store_datas.map((s) => s.name).join(", ")}</p> : null}
          {h.brand_datas.length ? <p>{t("fields.brands")}: {h.brand_datas.map((b) => b.name).join(", ")}</p> : null}
        </div>
      ),
    },
    { key: "days", header: t("fields.days"), cell: (h) => <span>{daysText(h, locale)}</span> },
    {
      key: "status", header: t("fields.status"),
      cell: (h) => (
        <StatusSwitch checked={h.status === 1} label={t("toggle.label", { name: h.name })}
          fields={{ intent: "toggle", holiday_id: h.holiday_id }} confirmFor={(activate) => confirmText(activate, h.name)} />
      ),
    },
    {
      key: "actions", header: t("fields.actions"),
      cell: (h) => (
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 md:justify-start">
          <Link to={localePath(locale, `/profile/holiday/${h.holiday_id}`)} className="text-sm font-medium text-brand-700 hover:underline">
            {t("edit")}<span className="sr-only"> {h.name}</span>
          </Link>
          <HistoryLink id={h.holiday_id}>{t("history")}<span className="sr-only"> {h.name}</span></HistoryLink>
          <ConfirmSubmitButton fields={{ intent: "delete", holiday_id: h.holiday_id }} text={deleteText(h)} variant="ghost" className="!px-2 !py-1 !text-red-700 hover:!bg-red-50">
            {t("delete.button")}<span className="sr-only"> {h.name}</span>
          </ConfirmSubmitButton>
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      {toDelete ? <ConfirmPanel text={deleteText(toDelete)} fields={{ intent: "delete", holiday_id: toDelete.holiday_id }} cancelTo={listUrl} /> : null}
      <ListPage
        data={loaderData}
        title={t("title_count", { total: formatNumber(loaderData.list.pagination.total_record) })}
        intro={t("intro")}
        add={{ href: localePath(locale, "/profile/holiday/add"), label: t("add") }}
        filters={<>
          <SearchBox value={params.search} placeholder={t("placeholders.search")} />
          <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
            options={STATUS_FILTERS.map((v) => ({ value: v, label: t(`profile:status.${v === "1" ? "active" : "inactive"}`) }))} />
          <FilterSelect name="store_id" label={t("fields.store")} value={params.filters.store_id} allLabel={t("list:filter.all")}
            options={choices.stores.map((s) => ({ value: s.store_branch_id, label: s.name }))} />
          <FilterSelect name="brand_id" label={t("fields.brand")} value={params.filters.brand_id} allLabel={t("list:filter.all")}
            options={choices.brands.map((b) => ({ value: b.brand_id, label: b.name }))} />
          <SortSelect value={params.sort} />
          <PageSizeSelect value={params.limit} />
        </>}
        idField="holiday_id"
        confirmText={confirmText}
        historyLabels={labels}
      >
        {(rows) => <DataTable caption={t("title")} columns={columns} rows={rows} rowKey={(h) => h.holiday_id} />}
      </ListPage>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
