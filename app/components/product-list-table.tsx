/**
 * The listing's rows (the shared DataTable: a table on wide screens, cards on a phone): a tick box
 * for the bulk form, the main image, name (to the editor), SKU and variant count, brand and
 * category, channels, price (one price or the lowest – highest), stock (available of on
 * hand), date added, the status switch (with a badge for what it cannot say: out of stock, draft,
 * blocked) and delete (each row's button posts the one delete form with its product: a form per row
 * was 7 % of the table's markup).
 *
 * The links are plain links the shared DataTable follows in the app (one handler, not a `<Link>` per
 * row). The switch is the shared StatusSwitch (POST intent=toggle; no-JS confirm step on the server). It
 * is disabled for drafts (finished in the editor) and blocked products (not the seller's to switch).
 */
import type { ProductListItem } from "#core/catalog/product-list.ts";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatDate, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { buttonClass } from "./button.tsx";
import { DataTable, type Column } from "./list/data-table.tsx";
import { StatusBadge, type Tone } from "./list/status-badge.tsx";
import { StatusSwitch } from "./list/status-switch.tsx";
import { BULK_FORM_ID, ConfirmedForm, useBulkText } from "./product-list-bulk.tsx";
import { useToggleText } from "./list/confirm-dialog.tsx";

/**
 * What a row shows, picked from the listing's item (core's, the REST shape) by the loader: the
 * page's data travels in the HTML once more for hydration, so it carries no field the table does
 * not show.
 */
export function tableRow(p: ProductListItem) {
  return {
    product_id: p.product_id, name: p.name, sku: p.sku, status: p.status, state: p.state, status_name: p.status_name, image: p.image,
    brand: p.brand_data?.name ?? null, category: p.category_data?.name ?? null, channels: p.channel_datas,
    price_min: p.price_min, price_max: p.price_max, on_hand: p.on_hand, available: p.available, variant_count: p.variant_count,
    rating: p.rating, time_created: p.time_created,
  };
}
export type ProductRow = ReturnType<typeof tableRow>;

const SAID_BY_SWITCH = ["published", "archived"];
const DELETE_FORM_ID = "product-delete";
const TONE: Record<string, Tone> = { published: "success", out_of_stock: "warning", archived: "neutral", draft: "info", suspended: "danger" };

function Thumb({ row }: { row: ProductRow }) {
  if (row.image) return <img src={row.image} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-md border border-slate-200 object-cover" />;
  return <div aria-hidden className="thumb-empty" />;
}

/** `canDelete` false (no "products.delete"): no delete button on the rows. */
export function ProductListTable({ rows, editHref, busy, canDelete = true }: { rows: ProductRow[]; editHref: (id: number) => string; busy?: boolean; canDelete?: boolean }) {
  const { t } = useTranslation("product-list");
  const toggleText = useToggleText("product-list");
  const bulkText = useBulkText();
  const columns: Column<ProductRow>[] = [
    {
      key: "select", header: t("table.select"), className: "md:w-8",
      cell: (p) => (
        <input type="checkbox" name="product_ids" value={p.product_id} form={BULK_FORM_ID} aria-label={t("table.select_one", { name: p.name })}
          className="h-4 w-4 rounded border-slate-300" />
      ),
    },
    {
      key: "product", header: t("table.product"), primary: true,
      cell: (p) => (
        <div className="flex items-start gap-3">
          <Thumb row={p} />
          <div className="min-w-0">
            <a href={editHref(p.product_id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">{p.name}</a>
            <p className="text-xs text-slate-500">
              {t("table.sku", { sku: p.sku })} · {t("table.variants", { count: p.variant_count })}
              {p.rating ? (
                <> · <span className="whitespace-nowrap text-amber-700" aria-hidden="true">★ {p.rating.average.toFixed(1)} ({p.rating.reviews})</span>
                  <span className="sr-only">{t("table.rating", { count: p.rating.reviews, average: p.rating.average.toFixed(1) })}</span></>
              ) : null}
            </p>
            <p className="text-xs text-slate-500">{[p.brand, p.category].filter(Boolean).join(" · ") || t("table.no_brand")}</p>
            {p.channels.length ? (
              <p className="mt-1 flex flex-wrap gap-1">
                {p.channels.map((c) => <span key={c.channel_id} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{c.name}</span>)}
              </p>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      key: "price", header: t("table.price"), className: "md:text-right",
      cell: (p) => (
        <span className="whitespace-nowrap tabular-nums">
          {p.price_min === p.price_max ? formatRupiah(p.price_min) : `${formatRupiah(p.price_min)} – ${formatRupiah(p.price_max)}`}
        </span>
      ),
    },
    {
      key: "stock", header: t("table.stock"), className: "md:text-right",
      cell: (p) => (
        <span className="whitespace-nowrap tabular-nums" title={t("table.stock_hint")}>
          {t("table.stock_value", { available: formatNumber(p.available), on_hand: formatNumber(p.on_hand) })}
        </span>
      ),
    },
    { key: "added", header: t("table.added"), cell: (p) => <span className="whitespace-nowrap tabular-nums text-slate-600">{formatDate(p.time_created)}</span> },
    {
      key: "status", header: t("table.status"),
      // The switch says Active or Non-Active; a state it cannot say (out of stock, draft, blocked) is a badge under it.
      cell: (p) => (
        <div className="flex flex-col items-start gap-1">
          <StatusSwitch
            checked={p.status === "published"}
            disabled={p.status === "draft" || p.status === "suspended"}
            label={t("table.switch", { name: p.name })}
            fields={{ intent: "toggle", product_id: p.product_id }}
            confirmFor={(activate) => toggleText(activate, p.name)}
          />
          {SAID_BY_SWITCH.includes(p.state) ? null : <StatusBadge tone={TONE[p.state] ?? "neutral"}>{p.status_name}</StatusBadge>}
        </div>
      ),
    },
    {
      key: "actions", header: t("table.actions"),
      cell: (p) => (
        <div className="flex flex-wrap justify-end gap-2 md:justify-start">
          <a href={editHref(p.product_id)} className={buttonClass("ghost")} aria-label={t("table.edit_one", { name: p.name })}>{t("table.edit")}</a>
          {canDelete ? (
            <button type="submit" form={DELETE_FORM_ID} name="product_ids" value={p.product_id}
              className={`${buttonClass("ghost")} text-red-700`} aria-label={t("table.delete_one", { name: p.name })}>{t("table.delete")}</button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <div>
      {/* The rows' delete buttons post this one form, naming their product (the button's own value). */}
      {canDelete ? (
        <ConfirmedForm id={DELETE_FORM_ID} fields={{ intent: "bulk", action: "delete" }}
          confirmFor={(data) => bulkText("delete", 1, rows.find((r) => String(r.product_id) === data.get("product_ids"))?.name)} />
      ) : null}
      <DataTable caption={t("table.caption")} columns={columns} rows={rows} rowKey={(p) => p.product_id} busy={busy} />
    </div>
  );
}
