/**
 * The body of a Store card (app/components/store-card.tsx), inside its <details>: the company's
 * other offline stores; its online channels, each with a connect switch (read-only ones say why
 * instead) and "Connect all"; store info with Edit Store and View Update History; address,
 * city-province, postal code and the pin-point map; the bank account (when there is one and the
 * store is not a reseller's); pick up and delivery; couriers by group; processing days; the
 * automatic feedback messages with their on/off state.
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { StoreJson } from "#core/profile/stores.ts";
import { ACTIVE } from "#core/profile/profile-enums.ts";
import { formatDate, formatDateTime } from "#core/lib/format.ts";
import { ChannelLogo } from "./channel-logo.tsx";
import { PinPointMap } from "./map/pin-point-map.tsx";
import { StatusBadge } from "./list/status-badge.tsx";
import { StatusSwitch } from "./list/status-switch.tsx";
import { ConnectAllButton } from "./store-channel-switch.tsx";
import { StoreImage } from "./store-image.tsx";
import { channelText } from "./store-texts.ts";
import { HistoryLink } from "./update-history-lazy.tsx";

/** The channels "Connect all" gathers: not connected and not read-only. */
export const connectable = (s: StoreJson) => s.channel_online_offline_data.online.filter((c) => !c.is_connected && !c.is_readonly);

/** A card lists this many of the company's other stores; the branch table has them all. */
const OFFLINE_SHOWN = 8;

export function StoreCardBody({ store: s, editHref, branchHref }: { store: StoreJson; editHref: string; branchHref: string }) {
  const { t } = useTranslation("store");
  const { online, offline } = s.channel_online_offline_data;
  return (
    <div className="grid gap-6 px-4 pb-4 pt-2 lg:grid-cols-2">
      <Section title={t("card.offline_stores")}>
        {offline.length ? (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-100">
            {offline.slice(0, OFFLINE_SHOWN).map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                <StoreImage src={o.image} name={o.name} size={32} decorative />
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-800">{o.name}</p>
                  <p className="text-xs text-slate-500">{t("profile:channel_types.1")} · {o.type_name}</p>
                </div>
                <StatusBadge tone={o.status === ACTIVE ? "success" : "neutral"}>
                  {t(o.status === ACTIVE ? "profile:status.active" : "profile:status.inactive")}
                </StatusBadge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t("card.no_offline")}</p>
        )}
        {offline.length > OFFLINE_SHOWN ? (
          <p className="mt-2 text-sm">
            <Link to={branchHref} className="font-medium text-brand-700 hover:underline">
              {t("card.more_offline", { count: offline.length - OFFLINE_SHOWN })}
            </Link>
          </p>
        ) : null}
      </Section>

      <Section title={t("card.online_channels")}>
        {online.length ? (
          <>
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-100" data-testid="online-channels">
              {online.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" data-channel={c.name}>
                  <ChannelLogo code={c.code ?? ""} size={32} />
                  {/* At least 10rem for the name: on a phone the switch goes under it rather than squeezing it. */}
                  <div className="min-w-[10rem] flex-1">
                    <p className="break-words font-medium text-slate-800">{c.name}</p>
                    <p className="text-xs text-slate-500">
                      {c.type_name}
                      {c.status !== ACTIVE ? ` · ${t("profile:status.inactive")}` : ""}
                    </p>
                  </div>
                  {c.is_readonly ? (
                    <div className="flex flex-col items-end gap-0.5 text-right">
                      <StatusBadge tone={c.is_connected ? "info" : "neutral"}>
                        {c.is_connected ? t("card.connected") : t("card.not_connected")}
                      </StatusBadge>
                      <span className="max-w-[14rem] text-xs text-slate-500">{t(`readonly.${c.readonly_reason}`)}</span>
                    </div>
                  ) : (
                    <StatusSwitch
                      checked={c.is_connected}
                      label={t("connection.label", { channel: c.name, store: s.name })}
                      fields={{ intent: "channel", store_branch_id: s.store_branch_id, channel_ids: c.id }}
                      confirmFor={(connect) => channelText(t, s.name, c.name, connect)}
                      actions={["connect", "disconnect"]}
                      stateLabels={[t("card.connected"), t("card.not_connected")]}
                    />
                  )}
                </li>
              ))}
            </ul>
            <div className="mt-3">
              <ConnectAllButton storeId={s.store_branch_id} storeName={s.name} channels={connectable(s)} />
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-500">{t("card.no_online")}</p>
        )}
      </Section>

      <Section title={t("card.store_info")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <Row label={t("card.registered")}>{formatDate(s.time_created)}</Row>
          <Row label={t("fields.email")}>{s.email || "-"}</Row>
          <Row label={t("fields.phone")}>{s.phone || "-"}</Row>
          <Row label={t("fields.image")}>
            {s.image ? <StoreImage src={s.image} name={s.name} size={80} /> : <span className="text-slate-500">{t("card.no_image")}</span>}
          </Row>
          <Row label={t("card.last_modified")}>{formatDateTime(s.time_modified)}</Row>
        </dl>
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium">
          {s.is_updateable ? (
            <Link to={editHref} className="text-brand-700 hover:underline">
              {t("card.edit_store")}
              <span className="sr-only"> — {s.name}</span>
            </Link>
          ) : null}
          <HistoryLink id={s.store_branch_id} className="text-brand-700 hover:underline">
            {t("widgets:history.view")}
            <span className="sr-only"> — {s.name}</span>
          </HistoryLink>
        </div>
      </Section>

      <Section title={t("card.address")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <Row label={t("card.address")}>
            {s.location_data.address}
            {s.location_data.village_name ? `, ${s.location_data.village_name}` : ""}
            {s.location_data.district ? `, ${s.location_data.district}` : ""}
          </Row>
          <Row label={t("card.city_province")}>{`${s.location_data.name}, ${s.location_data.province_name}`}</Row>
          <Row label={t("card.postcode")}>{s.location_data.postcode || "-"}</Row>
        </dl>
        <div className="mt-3">
          <h4 className="mb-1 text-xs font-medium text-slate-500">{t("card.pin_point")}</h4>
          <PinPointMap lat={s.location_data.latitude} lng={s.location_data.longitude} />
        </div>
      </Section>

      {s.bank_data && !s.is_reseller ? (
        <Section title={t("card.bank_account")}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <Row label={t("bank.bank_code")}>{`${s.bank_data.title} · ${s.bank_data.name}`}</Row>
            <Row label={t("bank.account_name")}>{s.bank_data.account_name}</Row>
            <Row label={t("bank.account_no")}>{s.bank_data.account_no}</Row>
          </dl>
        </Section>
      ) : null}

      <Section title={t("card.pickup_delivery")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <Row label={t("card.pickup")}>{s.is_pickup_at_store ? t("card.pickup_yes") : t("card.pickup_no")}</Row>
          <Row label={t("card.delivery_from")}>
            <span className="font-medium">{t(`delivery_types.${s.delivery_address_type}`)}</span>
            <br />
            {[s.delivery_location_data.address, s.delivery_location_data.name, s.delivery_location_data.postcode].filter(Boolean).join(", ")}
          </Row>
          <Row label={t("card.processing_days")}>{t("card.days", { count: s.process_day })}</Row>
        </dl>
      </Section>

      <Section title={t("card.couriers")}>
        {s.courier_datas.length ? (
          <ul className="space-y-2 text-sm">
            {s.courier_datas.map((g) => (
              <li key={g.id}>
                <p className="font-medium text-slate-700">{g.name}</p>
                <p className="text-slate-600">{g.checked_childs.map((c) => c.name).join(", ")}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t("card.no_couriers")}</p>
        )}
      </Section>

      <Section title={t("card.feedback")}>
        <dl className="space-y-3 text-sm">
          <Feedback label={t("card.feedback_finished")} message={s.customer_feedback_data.order_finished} on={s.customer_feedback_data.order_finished_is_active} />
          <Feedback label={t("card.feedback_returned")} message={s.customer_feedback_data.order_returned} on={s.customer_feedback_data.order_returned_is_active} />
        </dl>
      </Section>
    </div>
  );
}

function Feedback({ label, message, on }: { label: string; message: string | null; on: boolean }) {
  const { t } = useTranslation("store");
  return (
    <div>
      <dt className="flex flex-wrap items-center gap-2 font-medium text-slate-700">
        {label}
        <StatusBadge tone={on ? "success" : "neutral"}>{on ? t("card.feedback_on") : t("card.feedback_off")}</StatusBadge>
      </dt>
      <dd className="mt-0.5 whitespace-pre-line text-slate-600">{message || <span className="text-slate-500">{t("card.no_message")}</span>}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </>
  );
}
