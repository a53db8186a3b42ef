/**
 * A factory on /profile/factory, as a card like the warehouse card: image, name, city, the status
 * switch, contact (person, email, phone), monthly capacity, dates, the address with its map, Edit
 * Factory and View Update History (a link: ?history=<id>).
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { FactoryJson } from "#core/profile/factories.ts";
import { formatDate, formatDateTime, formatNumber } from "#core/lib/format.ts";
import type { ConfirmText } from "./list/confirm-dialog.tsx";
import { StatusSwitch } from "./list/status-switch.tsx";
import { PinPointMap } from "./map/pin-point-lazy.tsx";
import { HistoryLink } from "./update-history-lazy.tsx";
import { CardSection, Item, placeLine, SiteImage } from "./warehouse-list-parts.tsx";

export type Factory = FactoryJson;

export function FactoryCard({ factory: f, editHref, confirmFor }: { factory: Factory; editHref: string; confirmFor: (activate: boolean) => ConfirmText }) {
  const { t } = useTranslation("site");
  const headingId = `factory-${f.factory_id}-name`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start gap-4 border-b border-slate-100 p-4">
        <SiteImage url={f.image} alt={f.name} kind="factory" />
        <div className="min-w-[10rem] flex-1 space-y-1">
          <h2 id={headingId} className="break-words text-base font-semibold text-slate-900">{f.name}</h2>
          <p className="text-sm text-slate-600">{[f.location_name, f.province_name].filter(Boolean).join(", ")}</p>
        </div>
        <StatusSwitch
          checked={f.status === 1}
          label={t("factory.toggle.label", { name: f.name })}
          fields={{ intent: "toggle", factory_id: f.factory_id }}
          confirmFor={confirmFor}
        />
      </div>
      <div className="grid gap-4 p-4 lg:grid-cols-3">
        <CardSection title={t("factory.card.info")}>
          <dl className="space-y-1 text-sm">
            <Item label={t("factory.fields.contact_name")}>{f.contact_name}</Item>
            <Item label={t("fields.email")}>{f.email ? <a href={`mailto:${f.email}`} className="text-brand-700 hover:underline">{f.email}</a> : null}</Item>
            <Item label={t("fields.phone")}>{f.phone ? <a href={`tel:${f.phone}`} className="text-brand-700 hover:underline">{f.phone}</a> : null}</Item>
            <Item label={t("factory.fields.monthly_capacity")}>
              {f.monthly_capacity !== null ? t("factory.capacity_value", { count: f.monthly_capacity, value: formatNumber(f.monthly_capacity) }) : null}
            </Item>
            <Item label={t("fields.time_created")}>{formatDate(f.time_created)}</Item>
            <Item label={t("fields.time_modified")}>{formatDateTime(f.time_modified)}</Item>
          </dl>
        </CardSection>
        <CardSection title={t("factory.card.address")}>
          <address className="whitespace-pre-line text-sm not-italic text-slate-800">{f.address}</address>
          <p className="mt-1 text-sm text-slate-600">{placeLine(f) || "-"}</p>
        </CardSection>
        <CardSection title={t("factory.card.map")}>
          {f.latitude !== null && f.longitude !== null ? (
            <PinPointMap lat={f.latitude} lng={f.longitude} />
          ) : (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-500">{t("card.no_pin")}</p>
          )}
        </CardSection>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-4 border-t border-slate-100 px-4 py-3">
        <HistoryLink id={f.factory_id} />
        <Link to={editHref} className="text-sm font-medium text-brand-700 hover:underline" aria-label={t("factory.edit_named", { name: f.name })}>
          {t("factory.edit")}
        </Link>
      </div>
    </article>
  );
}
