/**
 * The spec's "Warehouse card": the Company Default Warehouse chip, image, name, type and region,
 * owned or partner (3PL), the status switch, info (type, region, ownership, email, phone, dates),
 * the address with city, province and postcode, the pin-point map, the partitions, Edit Warehouse
 * and View Update History (a link: ?history=<id>, so it works without JavaScript).
 *
 * The default warehouse's switch is disabled while it is active: the default cannot be deactivated
 * (the API refuses it too); the card says why.
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { WarehouseJson } from "#core/profile/warehouses.ts";
import { formatDate, formatDateTime } from "#core/lib/format.ts";
import type { ConfirmText } from "./list/confirm-dialog.tsx";
import { StatusBadge } from "./list/status-badge.tsx";
import { StatusSwitch } from "./list/status-switch.tsx";
import { PinPointMap } from "./map/pin-point-lazy.tsx";
import { HistoryLink } from "./update-history-lazy.tsx";
import { CardSection, Item, placeLine, SiteImage } from "./warehouse-list-parts.tsx";

export type Warehouse = WarehouseJson;

export function WarehouseCard({ warehouse: w, editHref, confirmFor }: {
  warehouse: Warehouse;
  editHref: string;
  confirmFor: (activate: boolean) => ConfirmText;
}) {
  const { t } = useTranslation("site");
  const active = w.status === 1;
  const headingId = `warehouse-${w.seller_warehouse_id}-name`;
  const locked = w.is_default && active;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start gap-4 border-b border-slate-100 p-4">
        <SiteImage url={w.image} alt={w.name} kind="warehouse" />
        <div className="min-w-[10rem] flex-1 space-y-1">
          <div className="flex flex-wrap gap-1.5">
            {w.is_default ? <StatusBadge tone="info">{t("profile:chips.default_warehouse")}</StatusBadge> : null}
            <StatusBadge tone={w.is_partner ? "warning" : "neutral"}>{t(w.is_partner ? "warehouse.partner" : "warehouse.owned")}</StatusBadge>
          </div>
          <h2 id={headingId} className="break-words text-base font-semibold text-slate-900">{w.name}</h2>
          <p className="text-sm text-slate-600">{[w.type_name, w.region_name, w.location_name].filter(Boolean).join(" · ")}</p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end sm:text-right">
          <StatusSwitch
            checked={active}
            disabled={locked}
            label={t("warehouse.toggle.label", { name: w.name })}
            fields={{ intent: "toggle", seller_warehouse_id: w.seller_warehouse_id }}
            confirmFor={confirmFor}
          />
          {locked ? <p className="max-w-[14rem] text-xs text-slate-500">{t("warehouse.toggle.default_locked")}</p> : null}
        </div>
      </div>

      <div className="grid gap-4 p-4 lg:grid-cols-3">
        <CardSection title={t("warehouse.card.info")}>
          <dl className="space-y-1 text-sm">
            <Item label={t("warehouse.fields.type")}>{w.type_name}</Item>
            <Item label={t("warehouse.fields.region")}>{w.region_name}</Item>
            <Item label={t("warehouse.fields.ownership")}>{t(w.is_partner ? "warehouse.partner" : "warehouse.owned")}</Item>
            <Item label={t("fields.email")}>{w.email ? <a href={`mailto:${w.email}`} className="text-brand-700 hover:underline">{w.email}</a> : null}</Item>
            <Item label={t("fields.phone")}>{w.phone ? <a href={`tel:${w.phone}`} className="text-brand-700 hover:underline">{w.phone}</a> : null}</Item>
            <Item label={t("fields.time_created")}>{formatDate(w.time_created)}</Item>
            <Item label={t("fields.time_modified")}>{formatDateTime(w.time_modified)}</Item>
          </dl>
        </CardSection>

        <CardSection title={t("warehouse.card.address")}>
          <address className="whitespace-pre-line text-sm not-italic text-slate-800">{w.address}</address>
          <p className="mt-1 text-sm text-slate-600">{placeLine(w) || "-"}</p>
          <div className="mt-3">
            <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{t("warehouse.card.partitions")}</h4>
            {w.partition_datas.length ? (
              <ul className="flex flex-wrap gap-1.5" aria-label={t("warehouse.card.partitions_of", { name: w.name })}>
                {w.partition_datas.map((p) => (
                  <li key={p.id} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{p.name}</li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">{t("warehouse.card.no_partitions")}</p>
            )}
          </div>
        </CardSection>

        <CardSection title={t("warehouse.card.map")}>
          {w.latitude !== null && w.longitude !== null ? (
            <PinPointMap lat={w.latitude} lng={w.longitude} />
          ) : (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-500">{t("card.no_pin")}</p>
          )}
        </CardSection>
      </div>

      <div className="flex flex-wrap items-center justify-end gap-4 border-t border-slate-100 px-4 py-3">
        <HistoryLink id={w.seller_warehouse_id} />
        <Link to={editHref} className="text-sm font-medium text-brand-700 hover:underline" aria-label={t("warehouse.edit_named", { name: w.name })}>
          {t("warehouse.edit")}
        </Link>
      </div>
    </article>
  );
}
