/**
 * The product picker (spec "Product (picker)"): search the catalogue by name, SKU or barcode, tick
 * variants, give each a quantity, add them to the selection; the selection's quantities can be
 * changed and lines removed. It renders no <form> of its own: it sits inside the host page's form
 * (GET for barcode labels, POST for a package) and every button is a submit button named `picker`,
 * so it works without JavaScript. The host reads it back with readPickerForm (app/lib/product-picker.ts)
 * and loadPicker (app/lib/product-picker.server.ts). `form` ties the fields to a form elsewhere on
 * the page (the HTML form attribute) when the picker cannot sit inside it.
 *
 * With Enter in the search field the browser presses the form's first submit button: this
 * component starts with a hidden "search" button so Enter searches when the picker comes first in
 * the form; a host whose own buttons come first may render <PickerEnterSearch/> before them.
 */
import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { PICKER_MAX_QTY, type PickerData, type PickerItem } from "#app/lib/product-picker.ts";
import { buttonClass, inputClass } from "./button.tsx";
import { formatNumber, formatRupiah } from "#core/lib/format.ts";

export const variantLabel = (item: Pick<PickerItem, "variant_data" | "size_data">) =>
  [item.variant_data.name, item.size_data.name].filter(Boolean).join(" · ");

/** A hidden default button: Enter in the picker's search field searches instead of saving the host form. */
export function PickerEnterSearch({ form }: { form?: string }) {
  return <button type="submit" name="picker" value="search" form={form} hidden tabIndex={-1} aria-hidden />;
}

function Thumb({ item }: { item: PickerItem }) {
  const src = item.image_datas[0]?.image;
  return src ? (
    <img src={src} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded border border-slate-200 object-cover" />
  ) : (
    <span aria-hidden className="h-10 w-10 shrink-0 rounded border border-dashed border-slate-300 bg-slate-50" />
  );
}

function Name({ item }: { item: PickerItem }) {
  const { t } = useTranslation("barcode");
  const variant = variantLabel(item);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Thumb item={item} />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-800">{item.product_name}</p>
        <p className="truncate text-xs text-slate-500">
          {variant ? `${variant} · ` : ""}{t("picker.sku")}: {item.sku}{item.barcode ? ` · ${item.barcode}` : ""}
        </p>
      </div>
    </div>
  );
}

export function ProductPicker({ data, form, maxQty = PICKER_MAX_QTY, title, showStock = true, withQty = true, lineExtra }: {
  data: PickerData; form?: string; maxQty?: number; title?: string; showStock?: boolean;
  /** false: the selection has no quantity (each line counts once), e.g. a campaign entry's variants. */
  withQty?: boolean;
  /** The host's own fields on each chosen line (a campaign price), before its Remove button. */
  lineExtra?: (line: PickerData["selected"][number], name: string) => ReactNode;
}) {
  const { t } = useTranslation("barcode");
  const { results, selected, search, page, totalPage } = data;
  const small = `${buttonClass("secondary")} !px-3 !py-1.5`;
  return (
    <div className="space-y-4">
      <PickerEnterSearch form={form} />
      <section aria-labelledby="picker-search-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="picker-search-title" className="text-base font-semibold text-slate-800">{title ?? t("picker.title")}</h2>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-[12rem] flex-1">
            <label htmlFor="picker-search" className="mb-1 block text-xs font-medium text-slate-600">{t("picker.search_label")}</label>
            <input id="picker-search" type="search" name="picker_search" form={form} defaultValue={search} key={search}
              placeholder={t("picker.search_placeholder")} maxLength={100} className={inputClass} />
          </div>
          <button type="submit" name="picker" value="search" form={form} className={buttonClass("secondary")}>{t("picker.search")}</button>
        </div>
        <input type="hidden" name="picker_page" value={page} form={form} />

        {results.length ? (
          <>
            {/* Keyed by the selection: after an add (with JavaScript the page is not reloaded) the
                ticks and typed numbers start afresh instead of staying ticked in the old inputs. */}
            <ul key={`${page}|${selected.map((l) => `${l.variant_id}:${l.qtyText}`).join(",")}|${data.pending.map((l) => `${l.variant_id}:${l.qtyText}`).join(",")}`}
              className="divide-y divide-slate-100" aria-label={t("picker.results")}>
              {results.map((item) => {
                const id = `picker-pick-${item.variant_id}`;
                const pending = data.pending.find((p) => p.variant_id === item.variant_id);
                const bad = pending?.qty === null;
                return (
                  <li key={item.variant_id} className="flex flex-wrap items-center gap-3 py-2">
                    <input id={id} type="checkbox" name="picker_pick" value={item.variant_id} form={form} defaultChecked={Boolean(pending)}
                      className="h-5 w-5 shrink-0 rounded border-slate-300"
                      aria-label={t("picker.pick_label", { name: `${item.product_name} ${variantLabel(item)}`.trim() })} />
                    <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer"><Name item={item} /></label>
                    <span className="w-28 text-right text-sm text-slate-700">{formatRupiah(item.price)}</span>
                    {showStock ? <span className="w-24 text-right text-xs text-slate-500">{t("picker.stock", { count: item.available, available: formatNumber(item.available) })}</span> : null}
                    {withQty ? <div>
                      <input type="number" name={`picker_qty_${item.variant_id}`} form={form} defaultValue={pending?.qtyText ?? 1} min={1} max={maxQty} step={1} inputMode="numeric"
                        aria-label={t("picker.qty_label", { name: `${item.product_name} ${variantLabel(item)}`.trim() })}
                        aria-invalid={bad || undefined} aria-describedby={bad ? `${id}-error` : undefined}
                        className={`${inputClass} !w-20`} />
                      {bad ? <p id={`${id}-error`} className="mt-1 text-xs text-red-600">{t("picker.qty_error", { max: maxQty })}</p> : null}
                    </div> : <input type="hidden" name={`picker_qty_${item.variant_id}`} value={1} form={form} />}
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <button type="submit" name="picker" value="add" form={form} className={buttonClass("primary")}>{t("picker.add")}</button>
              {totalPage > 1 ? (
                <nav aria-label={t("picker.pages")} className="flex items-center gap-2 text-sm text-slate-600">
                  <button type="submit" name="picker" value={`page:${page - 1}`} form={form} disabled={page <= 1} className={small}>{t("picker.previous")}</button>
                  <span>{t("picker.page_of", { page: formatNumber(page), total: formatNumber(totalPage) })}</span>
                  <button type="submit" name="picker" value={`page:${page + 1}`} form={form} disabled={page >= totalPage} className={small}>{t("picker.next")}</button>
                </nav>
              ) : null}
            </div>
          </>
        ) : (
          <p className="rounded border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
            {search ? t("picker.no_results", { search }) : t("picker.no_products")}
          </p>
        )}
      </section>

      <section aria-labelledby="picker-selected-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="picker-selected-title" className="text-base font-semibold text-slate-800">{t("picker.selected_title", { count: selected.length })}</h2>
          {selected.length ? <button type="submit" name="picker" value="clear" form={form} className={small}>{t("picker.clear")}</button> : null}
        </div>
        {selected.length ? (
          <ul className="divide-y divide-slate-100" aria-label={t("picker.selected")}>
            {selected.map((line, i) => {
              const name = `${line.item.product_name} ${variantLabel(line.item)}`.trim();
              const qtyId = `picker-line-qty-${line.variant_id}`;
              const bad = line.qty === null;
              return (
                <li key={line.variant_id} className="flex flex-wrap items-center gap-3 py-2">
                  <input type="hidden" name={`items[${i}].variant_id`} value={line.variant_id} form={form} />
                  <div className="min-w-0 flex-1"><Name item={line.item} /></div>
                  {lineExtra?.(line, name)}
                  {withQty ? <div>
                    <label htmlFor={qtyId} className="sr-only">{t("picker.qty_label", { name })}</label>
                    <input id={qtyId} type="number" name={`items[${i}].qty`} form={form} defaultValue={line.qtyText} key={line.qtyText}
                      min={1} max={maxQty} step={1} inputMode="numeric" aria-invalid={bad || undefined}
                      aria-describedby={bad ? `${qtyId}-error` : undefined} className={`${inputClass} !w-24`} />
                    {bad ? <p id={`${qtyId}-error`} className="mt-1 text-xs text-red-600">{t("picker.qty_error", { max: maxQty })}</p> : null}
                  </div> : <input type="hidden" name={`items[${i}].qty`} value={1} form={form} />}
                  <button type="submit" name="picker" value={`remove:${line.variant_id}`} form={form} className={small}
                    aria-label={t("picker.remove_label", { name })}>{t("picker.remove")}</button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t("picker.empty_selection")}</p>
        )}
      </section>
    </div>
  );
}
