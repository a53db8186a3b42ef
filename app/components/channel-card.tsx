/**
 * The spec's "Channel card" (collapsible): the header always shows the Company Default Channel
 * chip, logo, name, channel type and platform, company, register date, the status switch and the
 * store count (connected/total); the body (list/card-details.tsx: the card the URL opens), lists the
 * offline stores with their connection, the online channel info, email and phone when given, the
 * last change, View Update History (a link: ?history=<id>) and Edit Online Channel.
 *
 * The switch sits outside the details link, so using it never opens or closes the card. The default
 * channel's switch is disabled while it is active: the default cannot be deactivated (the API
 * refuses it too); the body says why.
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { ChannelJson } from "#core/profile/channels.ts";
import { ACTIVE } from "#core/profile/profile-enums.ts";
import { formatDate, formatDateTime, formatNumber } from "#core/lib/format.ts";
import { ChannelLogo } from "./channel-logo.tsx";
import { CardDetails } from "./list/card-details.tsx";
import type { ConfirmText } from "./list/confirm-dialog.tsx";
import { StatusBadge } from "./list/status-badge.tsx";
import { StatusSwitch } from "./list/status-switch.tsx";
import { HistoryLink } from "./update-history-lazy.tsx";

export type Channel = ChannelJson;

export function ChannelCard({ channel: ch, editHref, storesHref, promotionsHref, open, toggleHref, confirmFor }: {
  channel: Channel;
  /** The channel's promotions (/promotions/channel-<id>/listing), for staff who may see promotions. */
  promotionsHref?: string;
  /** Whether the URL opens this card's body (?open=<id>), and the link that opens or closes it. */
  open: boolean;
  toggleHref: string;
  editHref: string;
  storesHref: string;
  confirmFor: (activate: boolean) => ConfirmText;
}) {
  const { t } = useTranslation("channel");
  const active = ch.status === ACTIVE;
  const headingId = `channel-${ch.channel_id}-name`;
  const config = ch.channel_data.config_fields;
  return (
    <article id={`channel-${ch.channel_id}`} aria-labelledby={headingId} className="scroll-mt-4 rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start gap-4 p-4">
        <ChannelLogo code={ch.channel_data.code} size={48} />
        <div className="min-w-0 flex-1 space-y-1">
          {ch.is_default ? <StatusBadge tone="info">{t("profile:chips.default_channel")}</StatusBadge> : null}
          <h2 id={headingId} className="break-words text-base font-semibold text-slate-900">{ch.name}</h2>
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-700">{ch.channel_data.name}</span>
            {ch.channel_data.platform_name !== ch.channel_data.name ? ` · ${ch.channel_data.platform_name}` : null}
          </p>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
            <div className="flex flex-wrap gap-x-1">
              <dt>{t("card.company")}:</dt>{" "}
              <dd className="text-slate-700">{ch.business_data.name}</dd>
            </div>
            <div className="flex flex-wrap gap-x-1">
              <dt>{t("card.registered")}:</dt>{" "}
              <dd className="text-slate-700">{formatDate(ch.time_created)}</dd>
            </div>
          </dl>
        </div>
        {/* On a phone the switch takes its own row: beside the name it split names and dates. */}
        <div className="flex basis-full flex-col items-start gap-2 sm:basis-auto sm:items-end sm:text-right">
          <StatusSwitch
            checked={active}
            disabled={ch.is_default && active}
            label={t("toggle.label", { name: ch.name })}
            fields={{ intent: "toggle", channel_id: ch.channel_id }}
            confirmFor={confirmFor}
          />
          <p className="text-xs text-slate-600">
            {t("card.stores")}:{" "}
            <span className="font-semibold text-slate-800">
              {formatNumber(ch.total_connected_store)}/{formatNumber(ch.total_store)}
            </span>
          </p>
        </div>
      </div>

      <CardDetails label={t("card.details", { name: ch.name })} open={open} toggleHref={toggleHref}>
        <div className="grid gap-6 px-4 pb-4 pt-2 md:grid-cols-2">
          <section aria-label={t("card.offline_stores")}>
            <h3 className="mb-2 text-sm font-semibold text-slate-800">{t("card.offline_stores")}</h3>
            {ch.store_datas.length ? (
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-100">
                {ch.store_datas.map((s) => (
                  <li key={s.store_id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                    {s.image ? <img src={s.image} alt="" width={32} height={32} className="h-8 w-8 rounded object-cover" loading="lazy" /> : null}
                    <div className="min-w-0 flex-1">
                      <p className="break-words font-medium text-slate-800">{s.name}</p>
                      <p className="text-xs text-slate-500">{t("profile:channel_types.1")} · {s.type_name}</p>
                    </div>
                    <StatusBadge tone={s.status === ACTIVE ? "success" : "neutral"}>
                      {s.status === ACTIVE ? t("card.store_active") : t("card.store_inactive")}
                    </StatusBadge>
                    <StatusBadge tone={s.is_connected ? "info" : "neutral"}>
                      {s.is_connected ? t("profile:connection.connected") : t("profile:connection.not_connected")}
                    </StatusBadge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">
                {t("card.no_stores")}{" "}
                <Link to={storesHref} className="font-medium text-brand-700 hover:underline">{t("card.add_stores")}</Link>
              </p>
            )}
          </section>

          <section aria-label={t("card.info")}>
            <h3 className="mb-2 text-sm font-semibold text-slate-800">{t("card.info")}</h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <Row label={t("fields.platform")}>
                <span className="inline-flex items-center gap-2">
                  <ChannelLogo code={ch.channel_data.code} size={20} />
                  {ch.channel_data.platform_name}
                </span>
              </Row>
              <Row label={t("fields.type")}>{ch.channel_data.name}</Row>
              {config.includes("url") && ch.url ? (
                <Row label={t("fields.url")}>
                  <a href={ch.url} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-700 hover:underline">{ch.url}</a>
                </Row>
              ) : null}
              {config.includes("username") && ch.username ? <Row label={t("fields.username")}>@{ch.username}</Row> : null}
              {config.includes("phone_number") && ch.phone_number ? <Row label={t("fields.phone_number")}>{ch.phone_number}</Row> : null}
              {config.includes("line_id") && ch.line_id ? <Row label={t("fields.line_id")}>{ch.line_id}</Row> : null}
              {ch.email ? <Row label={t("fields.email")}>{ch.email}</Row> : null}
              {ch.phone ? <Row label={t("fields.phone")}>{ch.phone}</Row> : null}
              <Row label={t("fields.time_modified")}>{formatDateTime(ch.time_modified)}</Row>
            </dl>
            {ch.is_default && active ? <p className="mt-2 text-xs text-slate-500">{t("card.default_stays_active")}</p> : null}
            <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium">
              <HistoryLink id={ch.channel_id} className="text-brand-700 hover:underline">
                {t("widgets:history.view")}
                <span className="sr-only"> — {ch.name}</span>
              </HistoryLink>
              <Link to={editHref} className="text-brand-700 hover:underline">
                {t("card.edit")}
                <span className="sr-only"> — {ch.name}</span>
              </Link>
              {promotionsHref ? (
                <Link to={promotionsHref} className="text-brand-700 hover:underline">
                  {t("card.promotions")}
                  <span className="sr-only"> — {ch.name}</span>
                </Link>
              ) : null}
            </div>
          </section>
        </div>
      </CardDetails>
    </article>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </>
  );
}
