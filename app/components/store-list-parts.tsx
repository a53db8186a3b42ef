/**
 * Pieces shared by the two store lists, /profile/store (cards) and /profile/branch (table): the
 * filter widget (spec section 9: store type, store category Flagship 1 / Reseller 2, status 1 / 0,
 * search, sort, page size) and the no-JavaScript confirm step of their switches.
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { STORE_CATEGORY_FILTERS, STORE_TYPES, STATUS_FILTERS } from "#core/profile/profile-enums.ts";
import type { parseListParams } from "#app/lib/list-params.ts";
import { ConfirmPanel, type ConfirmText } from "./list/confirm-dialog.tsx";
import { FilterBar, FilterSelect } from "./list/filter-bar.tsx";
import { PageSizeSelect } from "./list/page-size-select.tsx";
import { SearchBox } from "./list/search-box.tsx";
import { SortSelect } from "./list/sort-select.tsx";
import { channelText, connectAllText } from "./store-texts.ts";

/** A confirm step the list's loader prepared (app/routes/admin/profile/store/actions.server.ts). */
export type LoadedConfirm =
  | { kind: "toggle"; id: number; action: "activate" | "inactivate"; name: string }
  | { kind: "channel"; id: number; channelIds: string; action: "connect" | "disconnect"; name: string; channels: { id: number; name: string }[] }
  | { kind: "connect-all"; id: number; name: string; channels: { id: number; name: string }[] };

export const STORE_FILTERS = {
  type: STORE_TYPES.map(String),
  category: [...STORE_CATEGORY_FILTERS],
  status: [...STATUS_FILTERS],
};

/** The filter widget of the store lists (cards and branch table). */
export function StoreFilterBar({ params, resetTo }: { params: ReturnType<typeof parseListParams<typeof STORE_FILTERS>>; resetTo: string }) {
  const { t } = useTranslation("store");
  return (
    <FilterBar resetTo={resetTo}>
      <SearchBox value={params.search} placeholder={t("placeholders.search")} />
      <FilterSelect name="type" label={t("fields.type")} value={params.filters.type} allLabel={t("list:filter.all")}
        options={STORE_FILTERS.type.map((v) => ({ value: v, label: t(`profile:store_type_filters.${v}`) }))} />
      <FilterSelect name="category" label={t("fields.category")} value={params.filters.category} allLabel={t("list:filter.all")}
        options={STORE_FILTERS.category.map((v) => ({ value: v, label: t(`profile:store_categories.${v}`) }))} />
      <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
        options={STORE_FILTERS.status.map((v) => ({ value: v, label: t(v === "1" ? "profile:status.active" : "profile:status.inactive") }))} />
      <SortSelect value={params.sort} />
      <PageSizeSelect value={params.limit} />
    </FilterBar>
  );
}

/** The no-JavaScript confirm step of a switch, a channel or "Connect all". */
export function StoreConfirmPanel({ confirm, listUrl, toggleText }: {
  confirm: LoadedConfirm;
  listUrl: string;
  toggleText: (activate: boolean, name: string) => ConfirmText;
}) {
  const { t } = useTranslation("store");
  const cancelTo = `${listUrl}${listUrl.includes("?") ? "&" : "?"}open=${confirm.id}#store-${confirm.id}`;
  if (confirm.kind === "toggle") {
    return (
      <ConfirmPanel
        text={toggleText(confirm.action === "activate", confirm.name)}
        fields={{ intent: "toggle", store_branch_id: confirm.id, action: confirm.action }}
        cancelTo={listUrl}
      />
    );
  }
  if (confirm.kind === "channel") {
    const names = confirm.channels.map((c) => c.name).join(", ");
    return (
      <ConfirmPanel
        text={channelText(t, confirm.name, names, confirm.action === "connect")}
        fields={{ intent: "channel", store_branch_id: confirm.id, channel_ids: confirm.channels.map((c) => c.id).join(","), action: confirm.action, from: "panel" }}
        cancelTo={cancelTo}
      />
    );
  }
  if (!confirm.channels.length) {
    return (
      <p role="status" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        {confirm.name}: {t("connection.all_connected")} <Link to={cancelTo} className="font-medium text-brand-700 hover:underline">{t("common:actions.back")}</Link>
      </p>
    );
  }
  return (
    <ConfirmPanel
      text={connectAllText(t, confirm.name, confirm.channels.map((c) => c.name))}
      fields={{ intent: "connect-all", store_branch_id: confirm.id, channel_ids: confirm.channels.map((c) => c.id).join(","), from: "panel" }}
      cancelTo={cancelTo}
    />
  );
}

