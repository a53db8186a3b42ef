/**
 * The spec's "Store card" (collapsible). The header always shows: the Company Default Store chip
 * (default and not a partner store), the photo, "Offline · <store type>", the name, the city,
 * Company Based, Store Category (Reseller for a partner store, else Flagship), the status switch
 * (disabled for partner stores: their owner runs them; and for the active default store, which the
 * API keeps active — the note under it says so), Channel List connected/total and Holiday: the
 * holiday sessions closing this store (/profile/holiday?store_id=…); a partner's store has its
 * owner's sessions, so there it is text saying so, not a link.
 *
 * The body is shown for the card the URL opens (`?open=<id>`: the "Details of …" link, which works
 * without JavaScript, and the card of a store just changed); the others send none of it. Four
 * cards sent collapsed bodies of 19 KB each (maps, channel lists, forms) that few sellers open:
 * the company's other offline stores; its online channels, each with a connect switch (read-only
 * ones say why instead) and "Connect all"; store info with Edit Store and View Update History;
 * address, city-province, postal code and the pin-point map; the bank account (when there is one
 * and the store is not a reseller's); pick up and delivery; couriers by group; processing days;
 * the automatic feedback messages with their on/off state. The body is its own module
 * (store-card-body.tsx), fetched by the browser after the first load (store-lazy.tsx).
 */
import { Link } from "react-router";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import { localePath } from "#app/lib/i18n.ts";
import type { StoreJson } from "#core/profile/stores.ts";
import { ACTIVE } from "#core/profile/profile-enums.ts";
import { formatNumber } from "#core/lib/format.ts";
import { CardDetails } from "./list/card-details.tsx";
import type { ConfirmText } from "./list/confirm-dialog.tsx";
import { StatusBadge } from "./list/status-badge.tsx";
import { StatusSwitch } from "./list/status-switch.tsx";
import { StoreImage } from "./store-image.tsx";
import { island } from "./store-lazy.tsx";

// The body of the card is fetched after the first load (store-lazy.tsx); the server renders it in
// the HTML, where its forms work as they do without JavaScript until the part is live.
export const StoreCardBody = island(() => import("./store-card-body.tsx").then((m) => m.StoreCardBody));

export type Store = StoreJson;

export function StoreCard({ store: s, editHref, branchHref, open, toggleHref, confirmFor }: {
  store: Store;
  editHref: string;
  /** The branch table, where every store is listed (the card lists a few of the others). */
  branchHref: string;
  open?: boolean;
  /** The list's URL with this card opened, or closed when it is open. */
  toggleHref: string;
  confirmFor: (activate: boolean) => ConfirmText;
}) {
  const { t } = useTranslation("store");
  const locale = useLocale();
  const active = s.status === ACTIVE;
  const headingId = `store-${s.store_branch_id}-name`;
  return (
    <article id={`store-${s.store_branch_id}`} aria-labelledby={headingId} className="scroll-mt-4 rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start gap-4 p-4">
        <StoreImage src={s.image} name={s.name} size={64} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap gap-1">
            {s.is_default && !s.is_partner ? <StatusBadge tone="info">{t("profile:chips.default_store")}</StatusBadge> : null}
            {s.partnership ? (
              <StatusBadge tone={s.partnership.status === 1 ? "success" : "warning"}>{t("card.partnership", { status: s.partnership.status_name })}</StatusBadge>
            ) : null}
          </div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {t("profile:channel_types.1")} · {s.type_name}
          </p>
          <h2 id={headingId} className="break-words text-base font-semibold text-slate-900">{s.name}</h2>
          <p className="text-sm text-slate-600">{s.location_data.name}</p>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
            <div className="flex flex-wrap gap-x-1">
              <dt>{t("card.company_based")}:</dt>
              <dd className="text-slate-700">{s.business_data.name}</dd>
            </div>
            <div className="flex flex-wrap gap-x-1">
              <dt>{t("card.store_category")}:</dt>
              <dd className="text-slate-700">{s.category_name}</dd>
            </div>
          </dl>
        </div>
        {/* On a phone the switch and counts take their own row: beside the name they left it a
            one-word column ("Tok / o / De / mo"). */}
        <div className="flex basis-full flex-col items-start gap-2 sm:basis-auto sm:items-end sm:text-right">
          <StatusSwitch
            checked={active}
            disabled={s.is_partner || (s.is_default && active)}
            label={t("toggle.label", { name: s.name })}
            fields={{ intent: "toggle", store_branch_id: s.store_branch_id }}
            confirmFor={confirmFor}
          />
          {s.is_partner ? <p className="max-w-[12rem] text-xs text-slate-500">{t("card.partner_switch")}</p> : null}
          {s.is_default && active && !s.is_partner ? <p className="max-w-[12rem] text-xs text-slate-500">{t("card.default_stays_active")}</p> : null}
          <p className="text-xs text-slate-600">
            {t("card.channel_list")}:{" "}
            <span className="font-semibold text-slate-800" data-testid="channel-count">
              {t("card.channel_count", { connected: formatNumber(s.total_connected_channel), total: formatNumber(s.total_channel) })}
            </span>
          </p>
          <p className="text-xs">
            {s.is_partner ? (
              <>
                <span aria-disabled="true" title={t("card.holiday_disabled")} className="cursor-not-allowed text-slate-400">
                  {t("card.holiday")}
                </span>
                <span className="sr-only">: {t("card.holiday_disabled")}</span>
              </>
            ) : (
              <Link to={`${localePath(locale, "/profile/holiday")}?store_id=${s.store_branch_id}`} className="font-medium text-brand-700 hover:underline">
                {t("card.holiday")}<span className="sr-only"> {s.name}</span>
              </Link>
            )}
          </p>
        </div>
      </div>

      <CardDetails label={t("card.details", { name: s.name })} open={Boolean(open)} toggleHref={toggleHref}>
        <StoreCardBody store={s} editHref={editHref} branchHref={branchHref} />
      </CardDetails>
    </article>
  );
}
