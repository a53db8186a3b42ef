/**
 * The combination grid of the product form: one card per variant × size (a table would not fit a
 * phone), each with SKU, barcode, price, compare-at price and its stock per location in a
 * <details> (opens without JavaScript). On the edit page each stock field carries, hidden, the
 * on-hand it showed (`r<i>.before.<place>`), so the API applies the difference; a link opens the
 * combination's stock history (?stock=<variant_id>).
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { FieldError, TextInput, type FormState } from "./form.tsx";
import { inputBase } from "./button.tsx";
import type { FormLocation, FormRow } from "#app/lib/product-form.server.ts";

export function CombinationGrid({ form, rows, locations, openStock, historyHref, historyPanel }: {
  form: FormState; rows: FormRow[]; locations: FormLocation[]; openStock: boolean; historyHref?: (variantId: string) => string;
  historyPanel?: { variantId: string; node: React.ReactNode };
}) {
  const { t } = useTranslation("product");
  return (
    <div className="space-y-3">
      <input type="hidden" name="row_count" value={rows.length} />
      {rows.map((r, i) => {
        const title = [r.variant_name, r.size_name].filter(Boolean).join(" / ") || t("grid.single");
        const total = locations.reduce((a, l) => a + (Number(form.value(`r${i}.stock.${l.key}`)) || 0), 0);
        const stockErrors = form.errors(`r${i}.stocks`);
        return (
          <fieldset key={`${r.variant_name}|${r.size_name}`} className="rounded-md border border-slate-200 p-3" aria-label={title}>
            <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
            <input type="hidden" name={`r${i}.variant_id`} value={r.variant_id} />
            <input type="hidden" name={`r${i}.variant_name`} value={r.variant_name} />
            <input type="hidden" name={`r${i}.size_name`} value={r.size_name} />
            <FieldError id={`product-r${i}-combo-error`} errors={form.errors(`r${i}.variant_name`)} />
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <TextInput form={form} name={`r${i}.sku`} label={t("grid.sku")} hint={t("grid.sku_hint")} maxLength={60} autoComplete="off" aria-label={`${t("grid.sku")} ${title}`} />
              <TextInput form={form} name={`r${i}.barcode`} label={t("grid.barcode")} maxLength={48} inputMode="numeric" autoComplete="off" aria-label={`${t("grid.barcode")} ${title}`} />
              <TextInput form={form} name={`r${i}.price`} label={t("grid.price")} inputMode="numeric" required aria-label={`${t("grid.price")} ${title}`} />
              <TextInput form={form} name={`r${i}.compare_at_price`} label={t("grid.compare_at_price")} inputMode="numeric" aria-label={`${t("grid.compare_at_price")} ${title}`} />
            </div>
            <details className="mt-3" open={openStock || Boolean(stockErrors?.length)}>
              <summary className="cursor-pointer text-sm font-medium text-slate-700">{t("grid.stock_summary", { total })}</summary>
              {locations.length ? (
                <div className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
                  {locations.map((l) => {
                    const id = `product-r${i}-stock-${l.key}`;
                    const before = r.before[l.key];
                    return (
                      <div key={l.key} className="flex items-center gap-2">
                        <label htmlFor={id} className="min-w-0 flex-1 text-sm text-slate-700">
                          <span className="sr-only">{t("grid.stock_at", { combination: title })} </span>{l.name}
                        </label>
                        <input id={id} name={`r${i}.stock.${l.key}`} type="number" min={0} step={1} inputMode="numeric"
                          defaultValue={form.value(`r${i}.stock.${l.key}`) || "0"} className={`${inputBase} w-24 shrink-0`} />
                        {before !== undefined ? <input type="hidden" name={`r${i}.before.${l.key}`} value={before} /> : null}
                      </div>
                    );
                  })}
                </div>
              ) : <p className="mt-2 text-sm text-slate-500">{t("grid.no_locations")}</p>}
              <FieldError id={`product-r${i}-stocks-error`} errors={stockErrors} />
            </details>
            {historyHref && r.variant_id ? (
              <Link to={historyHref(r.variant_id)} preventScrollReset className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
                {t("grid.stock_history")}<span className="sr-only"> {title}</span>
              </Link>
            ) : null}
            {historyPanel && historyPanel.variantId === r.variant_id ? historyPanel.node : null}
          </fieldset>
        );
      })}
    </div>
  );
}
