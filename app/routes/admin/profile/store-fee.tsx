/**
 * /profile/store-fee: what each offline store pays per sale, per online channel or for all its
 * sales (the model: core/profile/store-fees.ts, whose functions this page calls). A table (store, channel or "All channels", the
 * percentage shown "2.5%" in English and "2,5 %" in Indonesian, the fixed amount in rupiah, the
 * status switch, Edit, View Update History, Delete), the filter widget (store, channel type,
 * status, search by store or channel name, sort, page size), title with the total, Add, export
 * and export history.
 *
 * Decisions where the spec is silent:
 * - One page: ?add=1 opens the add form above the list and ?edit=<id> the edit form, so the list
 *   stays in view and everything works without JavaScript (links and POST forms).
 * - Delete asks first: a dialog with JavaScript; without, the action answers with the confirm step
 *   ?confirm=delete&store_fee_id=<id> (app/lib/confirm.server.ts). ?confirm=toggle&store_fee_id=…&action=…
 *   is the switch's confirm step; ?history=<id> opens a fee's update history, ?history=open the
 *   export history.
 * - With no offline store yet, the page says to add one first (a fee belongs to a store).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, Link, redirect, useLocation, type RouterContextProvider } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/store-fee";
import { STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import {
  createStoreFee, deleteStoreFee, getStoreFee, listStoreFees, setStoreFeeStatus, storeFeeChoices, storeFeeForm, storeFeeHistory,
  storeFeeListQuery, storeFeeStatusKey, updateStoreFee, type StoreFeeJson,
} from "#core/profile/store-fees.ts";
import { formatPercent, parsePercent, percentText, rupiahInput, STORE_FEE_CHANNEL_FILTERS } from "#core/profile/store-fees-money.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel, type ConfirmText, useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { StatusSwitch } from "#app/components/list/status-switch.tsx";
import type { StoreFeeChoices } from "#app/components/store-fee-form.tsx";
import { island } from "#app/components/store-lazy.tsx";
import { HistoryLink, UpdateHistoryModal } from "#app/components/update-history-lazy.tsx";
import { ConfirmSubmitButton } from "#app/components/warehouse-confirm-button.tsx";
import { useSiteHistoryLabels } from "#app/components/warehouse-history.tsx";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listHref } from "#app/lib/list-params.ts";
import { recordId } from "#app/lib/params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

type StoreFee = StoreFeeJson;

// The add/edit form (?add=1, ?edit=<id>) is an island (store-lazy.tsx): fetched after the first
// load, rendered by the server (the loader awaits StoreFeeForm.ready()), a plain POST form until then.
const StoreFeeForm = island(() => import("#app/components/store-fee-form.tsx").then((m) => m.StoreFeeForm));

function filtersFor(choices: StoreFeeChoices) {
  return {
    store_id: choices.stores.map((s) => String(s.store_branch_id)),
    channel_type: STORE_FEE_CHANNEL_FILTERS,
    status: STATUS_FILTERS,
  };
}


/** The page's message in its language (the same keys the API answers with). */
const tOf = (context: Readonly<RouterContextProvider>) => getI18n(context).getFixedT(getLocale(context));

/** The list over core/profile/store-fees.ts; a switched status says so, as the API's message does. */
function specFor(choices: StoreFeeChoices, context: Readonly<RouterContextProvider>): ListPageSpec<StoreFee, ReturnType<typeof filtersFor>> {
  return {
    list: (scope, q) => listStoreFees(scope, storeFeeListQuery.parse(q)),
    filters: filtersFor(choices),
    idField: "store_fee_id",
    titleKey: "site:store_fee.title_count",
    exportKind: "store-fee",
    record: getStoreFee,
    toggle: setStoreFeeStatus,
    toggled: (activate, rows) => ({ key: storeFeeStatusKey(activate, rows.length), vars: { count: rows.length } }),
    history: storeFeeHistory,
    nameOf: feeName,
  };
}

/** A record that is gone or not the actor's opens no form and no confirm step. */
const orNothing = <T,>(p: Promise<T>) => p.catch(() => null);

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const choices = await storeFeeChoices(scope);
  const deleting = recordId(confirmAsked(url, "delete")?.fields.store_fee_id ?? null);
  const editing = recordId(url.searchParams.get("edit"));
  const [page, toDelete, edited] = await Promise.all([
    loadListPage(args, specFor(choices, args.context)),
    deleting ? orNothing(getStoreFee(scope, deleting)) : null,
    editing ? orNothing(getStoreFee(scope, editing)) : null,
    StoreFeeForm.ready(),
  ]);
  return {
    ...page,
    choices,
    toDelete,
    form: url.searchParams.get("add") === "1" ? { mode: "add" as const, fee: null } : edited ? { mode: "edit" as const, fee: edited } : null,
  };
}

/** "Toko Senopati · Tokopedia": how a fee is named in dialogs and the history modal. */
const feeName = (f: StoreFee) => `${f.store_data.name} · ${f.channel_name}`;

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const choices = await storeFeeChoices(scope);
  const t = tOf(args.context);
  return listPageAction(args, specFor(choices, args.context), async (intent, form, { listUrl }) => {
    switch (intent) {
      case "delete": {
        const id = recordId(form.get("store_fee_id"));
        if (!id) throw redirect(listUrl);
        requireConfirmed(args.request, form, "delete", listUrl);
        await deleteStoreFee(scope, id);
        flashToast(args.context, "success", t("site:api.fee_deleted"));
        throw redirect(listUrl);
      }
      case "save": {
        const submission = parseWithZod(form, { schema: storeFeeForm });
        if (submission.status !== "success") return data(submission.reply(), { status: 400 });
        const id = recordId(form.get("store_fee_id"));
        try {
          if (id) await updateStoreFee(scope, id, submission.value);
          else await createStoreFee(scope, submission.value);
        } catch (e) {
          return replyRefused(args, submission, e);
        }
        flashToast(args.context, "success", t(id ? "site:api.fee_updated" : "site:api.fee_created"));
        throw redirect(listUrl);
      }
    }
    return undefined;
  });
}

export default function StoreFees({ loaderData, actionData }: Route.ComponentProps) {
  const { params, choices, list, exports, exportsOpen, confirm, toDelete, form, history, historyOf } = loaderData;
  const { rows, pagination } = list;
  const { t } = useTranslation("site");
  const locale = useLocale();
  const location = useLocation();
  const listUrl = location.pathname + listHref(params);
  const addHref = location.pathname + listHref(params, { add: 1 });
  const labels = useSiteHistoryLabels("store_fee", (field, value) => {
    if (field === "fixed_amount") return formatRupiah(Number(value));
    if (field !== "percent") return undefined;
    const parsed = parsePercent(value);
    return "bp" in parsed ? formatPercent(parsed.bp, locale) : undefined;
  });
  const noStores = choices.stores.length === 0;

  const confirmText = useToggleText("site", "store_fee.");
  const deleteText = (f: StoreFee): ConfirmText => ({
    title: t("store_fee.delete.title"),
    body: t("store_fee.delete.body", { name: feeName(f) }),
    confirmLabel: t("store_fee.delete.confirm"),
    tone: "danger",
  });

  const columns: Column<StoreFee>[] = [
    {
      key: "store",
      header: t("store_fee.fields.store"),
      primary: true,
      cell: (f) => (
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{f.store_data.name}</p>
          <p className="text-xs text-slate-500">{f.store_data.type_name}</p>
        </div>
      ),
    },
    {
      key: "channel",
      header: t("store_fee.fields.channel"),
      cell: (f) => (
        <div>
          <p className={f.channel_data ? "text-slate-800" : "font-medium text-slate-700"}>{f.channel_name}</p>
          <p className="text-xs text-slate-500">{f.channel_data ? f.channel_data.type_name : t("store_fee.every_sale")}</p>
        </div>
      ),
    },
    { key: "percent", header: t("store_fee.columns.percent"), cell: (f) => <span className="tabular-nums">{formatPercent(f.percent_bp, locale)}</span> },
    { key: "fixed_amount", header: t("store_fee.columns.fixed_amount"), cell: (f) => <span className="tabular-nums">{formatRupiah(f.fixed_amount)}</span> },
    {
      key: "status",
      header: t("fields.status"),
      cell: (f) => (
        <StatusSwitch
          checked={f.status === 1}
          label={t("store_fee.toggle.label", { name: feeName(f) })}
          fields={{ intent: "toggle", store_fee_id: f.store_fee_id }}
          confirmFor={(activate) => confirmText(activate, feeName(f))}
        />
      ),
    },
    {
      key: "actions",
      header: t("store_fee.columns.actions"),
      cell: (f) => (
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 md:justify-start">
          <Link to={location.pathname + listHref(params, { edit: f.store_fee_id })} preventScrollReset className="text-sm font-medium text-brand-700 hover:underline">
            {t("store_fee.edit")}<span className="sr-only"> {feeName(f)}</span>
          </Link>
          <HistoryLink id={f.store_fee_id}>
            {t("store_fee.history")}<span className="sr-only"> {feeName(f)}</span>
          </HistoryLink>
          <ConfirmSubmitButton fields={{ intent: "delete", store_fee_id: f.store_fee_id }} text={deleteText(f)} variant="ghost" className="!px-2 !py-1 !text-red-700 hover:!bg-red-50">
            {t("store_fee.delete.button")}<span className="sr-only"> {feeName(f)}</span>
          </ConfirmSubmitButton>
        </div>
      ),
    },
  ];

  const formResult = actionData as SubmissionResult<string[]> | undefined;
  const editFee = form?.mode === "edit" ? form.fee : null;
  return (
    <div className="space-y-4">
      <ListHeader
        title={t("store_fee.title_count", { total: formatNumber(pagination.total_record) })}
        exports={exports}
        exportsOpen={exportsOpen}
        add={noStores ? undefined : { href: addHref, label: t("store_fee.add"), preventScrollReset: true }}
      />

      {noStores ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {t("store_fee.no_stores")}{" "}
          <Link to={localePath(locale, "/profile/store/add")} className="font-medium underline">{t("store_fee.add_store")}</Link>
        </p>
      ) : null}

      {form && !noStores ? (
        <StoreFeeForm
          key={editFee?.store_fee_id ?? "new"}
          id={editFee?.store_fee_id ?? null}
          title={editFee ? t("store_fee.edit_title", { name: feeName(editFee) }) : t("store_fee.add")}
          reply={formResult}
          defaults={editFee ? {
            store_id: String(editFee.store_data.store_branch_id),
            channel_id: editFee.channel_data ? String(editFee.channel_data.channel_id) : "",
            percent: locale === "id" ? percentText(editFee.percent_bp).replace(".", ",") : percentText(editFee.percent_bp),
            fixed_amount: rupiahInput(editFee.fixed_amount),
            note: editFee.note ?? "",
          } : { percent: "0", fixed_amount: "0", store_id: params.filters.store_id ?? "" }}
          choices={choices}
          cancelTo={listUrl}
        />
      ) : null}

      <FilterBar resetTo={location.pathname}>
        <SearchBox value={params.search} placeholder={t("store_fee.placeholders.search")} />
        <FilterSelect name="store_id" label={t("store_fee.fields.store")} value={params.filters.store_id} allLabel={t("list:filter.all")}
          options={choices.stores.map((s) => ({ value: s.store_branch_id, label: s.name }))} />
        <FilterSelect name="channel_type" label={t("store_fee.filter.channel_type")} value={params.filters.channel_type} allLabel={t("list:filter.all")}
          options={STORE_FEE_CHANNEL_FILTERS.map((v) => ({ value: v, label: v === "none" ? t("store_fee.filter.store_wide") : t(`profile:channel_types.${v}`) }))} />
        <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
          options={STATUS_FILTERS.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
        <SortSelect value={params.sort} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>

      {confirm ? (
        <ConfirmPanel
          text={confirmText(confirm.action === "activate", confirm.name)}
          fields={{ intent: "toggle", store_fee_id: confirm.id, action: confirm.action }}
          cancelTo={listUrl}
        />
      ) : null}
      {toDelete ? <ConfirmPanel text={deleteText(toDelete)} fields={{ intent: "delete", store_fee_id: toDelete.store_fee_id }} cancelTo={listUrl} /> : null}

      {rows.length ? (
        <DataTable caption={t("store_fee.title")} columns={columns} rows={rows} rowKey={(f) => f.store_fee_id} />
      ) : (
        <EmptyState action={noStores ? undefined : <Link to={addHref} preventScrollReset className={buttonClass("primary")}>{t("store_fee.add")}</Link>} />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />

      <UpdateHistoryModal history={history} title={historyOf} {...labels} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
