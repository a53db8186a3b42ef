/**
 * A picklist sheet (/orders/selected-picklist for the chosen orders together, /orders/print-picklist
 * one per order): what to take from the shelves, grouped by stock location (a store, or a warehouse
 * and its partition, as the API places each line) and by SKU within it, with a box to tick per
 * line. Together, each SKU line also says which orders it is for and how many each, so the picker
 * can sort the goods into the orders' baskets at the packing table.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import type { Picklist } from "#app/lib/order-print.ts";
import { Code128 } from "./print-barcode.tsx";

type Group = Picklist["locations"][number];
type PickOrder = Picklist["orders"][number];

/** The part of the picklist one order needs: its own quantities, its lines only. */
export function groupsOfOrder(list: Picklist, orderId: number): Group[] {
  return list.locations
    .map((g) => {
      const lines = g.lines.flatMap((l) => {
        const mine = l.orders.find((o) => o.order_id === orderId);
        return mine ? [{ ...l, quantity: mine.quantity, orders: [mine] }] : [];
      });
      return { ...g, lines, quantity: lines.reduce((n, l) => n + l.quantity, 0) };
    })
    .filter((g) => g.lines.length);
}

const forOrders = (orders: Group["lines"][number]["orders"]) => orders.map((o) => `${o.order_code} ×${formatNumber(o.quantity)}`).join(", ");

export function PicklistSheet({ groups, orders, businessName, now, single, compact }: {
  groups: Group[];
  orders: PickOrder[];
  businessName: string;
  now: number;
  /** Label paper (100 mm wide): SKU and orders go under the product name instead of own columns. */
  compact: boolean;
  /** The one order of a per-order picklist (its barcode and details on top); else the orders together. */
  single?: PickOrder;
}) {
  const { t } = useTranslation("order-print");
  const units = groups.reduce((n, g) => n + g.quantity, 0);
  const lines = groups.reduce((n, g) => n + g.lines.length, 0);
  const title = single ? t("picklist.title_order", { code: single.order_code }) : t("picklist.title");
  return (
    <article aria-label={title} className="sheet flow text-[9pt] text-black">
      <header className={`flex items-start justify-between gap-4 border-b-2 border-black pb-2 ${compact ? "flex-col" : ""}`}>
        <div>
          <h2 className="text-[14pt] font-bold leading-tight">{title}</h2>
          <p>{businessName} · {t("picklist.printed_at", { time: formatDateTime(now) })}</p>
          {single ? (
            <p>{[single.channel_name, single.customer_name, single.courier_code?.toUpperCase()].filter(Boolean).join(" · ")}</p>
          ) : (
            <p className="text-[8pt]">{t("picklist.orders", { codes: orders.map((o) => o.order_code).join(", ") })}</p>
          )}
        </div>
        {single ? (
          <div className={compact ? "w-full" : "w-[60mm] shrink-0"}>
            <Code128 text={single.order_code} height="10mm" label={t("label.barcode", { text: single.order_code })} />
          </div>
        ) : null}
      </header>

      {groups.length ? null : <p className="mt-4">{t("picklist.nothing")}</p>}
      {groups.map((g) => {
        const where = g.location
          ? `${g.location.source_type === 1 ? t("picklist.store") : t("picklist.warehouse")}: ${g.location.name}`
          : t("picklist.no_location");
        return (
          <section key={g.location ? `${g.location.source_type}-${g.location.store_id}-${g.location.warehouse_id}-${g.location.partition_id}` : "none"} className="mt-4">
            <h3 className="keep text-[10.5pt] font-bold">{where}</h3>
            <table className="mt-1 w-full table-fixed border-collapse">
              <caption className="sr-only">{t("picklist.caption", { location: where })}</caption>
              <thead>
                <tr className="border-b border-black text-left text-[8pt] uppercase tracking-wide">
                  <th scope="col" className="w-[13mm] py-1 pr-2 font-semibold">{t("picklist.check")}</th>
                  {compact ? null : <th scope="col" className="w-[38mm] py-1 pr-2 font-semibold">{t("picklist.sku")}</th>}
                  <th scope="col" className="py-1 pr-2 font-semibold">{t("picklist.product")}</th>
                  <th scope="col" className="w-[12mm] py-1 pr-2 text-right font-semibold">{t("picklist.qty")}</th>
                  {single || compact ? null : <th scope="col" className="w-[52mm] py-1 font-semibold">{t("picklist.order_codes")}</th>}
                </tr>
              </thead>
              <tbody>
                {g.lines.map((l) => (
                  <tr key={l.sku} className="border-b border-slate-300 align-top">
                    <td className="py-1.5 pr-2"><span aria-hidden className="inline-block h-[4mm] w-[4mm] border border-black" /></td>
                    {compact ? null : <td className="break-all py-1.5 pr-2 font-mono font-semibold">{l.sku}</td>}
                    <td className="py-1.5 pr-2">
                      {compact ? <span className="block break-all font-mono font-semibold">{l.sku}</span> : null}
                      {l.product_name}
                      {l.variant_name || l.size_name ? <span> · {[l.variant_name, l.size_name].filter(Boolean).join(" · ")}</span> : null}
                      {compact && !single ? <span className="block text-[7.5pt]">{forOrders(l.orders)}</span> : null}
                    </td>
                    <td className="py-1.5 pr-2 text-right text-[11pt] font-bold tabular-nums">{formatNumber(l.quantity)}</td>
                    {single || compact ? null : <td className="py-1.5 text-[8pt]">{forOrders(l.orders)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}

      <p className="keep mt-4 border-t-2 border-black pt-1 text-right font-bold">
        {t("picklist.total")}: {t("picklist.lines_total", { units: formatNumber(units), lines: formatNumber(lines) })}
      </p>
    </article>
  );
}
