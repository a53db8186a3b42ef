/**
 * The Indie ad form of /promotions/indie-ads/create and /:id/edit, on the plain form kit; the
 * schema is core's (core/promotions/ads.ts adBody). Products come first: the chosen ones ticked,
 * and a search (name or SKU) whose button posts the whole form back with everything typed kept
 * and the matches to tick — no JavaScript needed, and being the form's first button it is what
 * Enter presses, so Enter never makes an ad by accident. Then the budget and bid, where the ad
 * shows (placements, keywords), and its schedule (WIB, to the minute).
 */
import { Form, Link } from "react-router";
import type { AdProductChoices } from "#core/promotions/ads.ts";
import { AD_LIMITS, PLACEMENTS } from "#core/promotions/ad-options.ts";
import { formatRupiah } from "#core/lib/format.ts";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, inputClass, SubmitButton } from "#app/components/button.tsx";
import { FieldError, FormErrors, formState, TextArea, TextInput, UnitInput, type FormReply } from "#app/components/form.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { SectionCard } from "#app/components/section-card.tsx";

function ProductTick({ p, checked }: { p: AdProductChoices["found"][number]; checked: boolean }) {
  return (
    <label className="flex min-w-0 items-center gap-2 py-1 text-sm text-slate-700">
      <input type="checkbox" name="product_ids" value={p.product_id} defaultChecked={checked} className="h-4 w-4 shrink-0 rounded border-slate-300" />
      <span className="min-w-0 truncate">{p.name} <span className="text-xs text-slate-500">({p.sku})</span></span>
    </label>
  );
}

export function AdForm({ reply, defaults, products, cancelTo, submitLabel }: {
  reply?: FormReply; defaults: Record<string, unknown>; products: AdProductChoices; cancelTo: string; submitLabel: string;
}) {
  const { t } = useTranslation("ads");
  const form = formState(reply, { defaults, id: "ad" });
  const placements = new Set(form.values("placements"));
  const productErrors = form.errors("product_ids");
  const optional = (label: string) => t("optional", { label });
  return (
    <Form method="post" noValidate className="space-y-4">
      <FormToken />
      <FormErrors errors={form.formErrors} />

      <SectionCard title={t("form.products")} hint={t("hint.products", { max: AD_LIMITS.maxProducts })}>
        <fieldset className="min-w-0" aria-describedby={productErrors?.length ? "ad-product_ids-error" : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("form.chosen", { count: products.chosen.length })}</legend>
          {products.chosen.length ? (
            <div className="divide-y divide-slate-100">
              {products.chosen.map((p) => <ProductTick key={`c-${p.product_id}`} p={p} checked />)}
            </div>
          ) : <p className="text-sm text-slate-500">{t("form.none_chosen")}</p>}
          <FieldError id="ad-product_ids-error" errors={productErrors} />
        </fieldset>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1 basis-48">
            <label htmlFor="ad-product_search" className="mb-1 block text-sm font-medium text-slate-700">{t("form.product_search")}</label>
            <input id="ad-product_search" type="search" name="product_search" defaultValue={products.search} maxLength={100}
              placeholder={t("form.product_search_placeholder")} className={inputClass} />
          </div>
          <button type="submit" name="intent" value="find_products" className={buttonClass("secondary")}>{t("form.find")}</button>
        </div>
        <fieldset className="min-w-0">
          <legend className="mb-1 text-sm font-medium text-slate-700">
            {products.search ? t("form.found_for", { search: products.search }) : t("form.found")}
          </legend>
          {products.found.length ? (
            <div className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 px-2" tabIndex={0}>
              {products.found.map((p) => <ProductTick key={`f-${p.product_id}`} p={p} checked={false} />)}
            </div>
          ) : <p className="text-sm text-slate-500">{t("form.none_found")}</p>}
        </fieldset>
      </SectionCard>

      <SectionCard title={t("form.ad")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextInput form={form} name="name" label={t("field.name")} required maxLength={100} autoComplete="off" />
          </div>
          <UnitInput form={form} name="daily_budget" label={t("field.daily_budget")} unit="Rp" inputMode="numeric" maxLength={20} required
            hint={t("hint.daily_budget", { min: formatRupiah(AD_LIMITS.minBudget) })} />
          <UnitInput form={form} name="bid_per_click" label={t("field.bid_per_click")} unit="Rp" inputMode="numeric" maxLength={20} required
            hint={t("hint.bid_per_click", { min: formatRupiah(AD_LIMITS.minBid) })} />
        </div>
      </SectionCard>

      <SectionCard title={t("form.where")}>
        <fieldset className="min-w-0" aria-describedby={form.errors("placements")?.length ? "ad-placements-error" : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("field.placements")}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {PLACEMENTS.map((p) => (
              <label key={p} className="flex gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                <input type="checkbox" name="placements" value={p} defaultChecked={placements.has(p)} className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300" />
                <span><span className="font-medium text-slate-800">{t(`placement.${p}`)}</span><span className="block text-xs text-slate-600">{t(`placement_hint.${p}`)}</span></span>
              </label>
            ))}
          </div>
          <FieldError id="ad-placements-error" errors={form.errors("placements")} />
        </fieldset>
        <TextArea form={form} name="keywords" label={t("field.keywords")} rows={3} spellCheck={false}
          hint={t("hint.keywords", { max: AD_LIMITS.maxKeywords, length: AD_LIMITS.keywordLength })} />
      </SectionCard>

      <SectionCard title={t("form.schedule")} hint={t("hint.times")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput form={form} name="starts_at" type="datetime-local" label={t("field.starts_at")} required />
          <TextInput form={form} name="ends_at" type="datetime-local" label={optional(t("field.ends_at"))} hint={t("hint.ends_at")} />
        </div>
      </SectionCard>

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton name="intent" value="save">{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
