/**
 * The promotion form of /promotions/create, followers-voucher, edit/:slug and recreate/:slug, on
 * the plain form kit; the schema is the API's (core/promotions/promotions.ts promotionBody).
 * The kind is a set of radio buttons and every kind's fields are in the page: CSS (:has) shows only
 * the chosen kind's, with or without JavaScript, and the server reads only those. Products are
 * aimed at by SKU (typed or pasted, one per line), brands, categories, channels and stores by
 * ticking them. While a promotion runs only its end, quota and promo stock can change: the other
 * fields are shown read-only.
 */
import { Form, Link } from "react-router";
import { PRICED_KINDS, PROMOTION_KINDS, PROMOTION_TYPES } from "#db/schema/promotion-enums.ts";
import type { PromotionChoices } from "#core/promotions/read.ts";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { Checkbox, FieldError, FormErrors, formState, Select, TextArea, TextInput, UnitInput, type FormReply } from "#app/components/form.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { SectionCard } from "#app/components/section-card.tsx";

/** A field shown for these kinds only (app.css: .promo-form). */
const only = (...kinds: string[]) => `kf ${kinds.map((k) => `kf-${k}`).join(" ")}`;

function Ticks({ form, name, label, options, disabled }: {
  form: ReturnType<typeof formState>; name: string; label: string; options: { id: number; name: string }[]; disabled?: boolean;
}) {
  const { t } = useTranslation("promotion");
  const chosen = new Set(form.values(name));
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-700">{label}</legend>
      {options.length ? (
        // Scrollable: reachable by keyboard even when its boxes are locked (a running promotion).
        <div className="max-h-40 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2" tabIndex={disabled ? 0 : undefined}>
          {options.map((o) => (
            <label key={o.id} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name={name} value={o.id} defaultChecked={chosen.has(String(o.id))} disabled={disabled} className="h-4 w-4 rounded border-slate-300" />
              <span className="truncate">{o.name}</span>
            </label>
          ))}
        </div>
      ) : <p className="text-sm text-slate-500">-</p>}
      <FieldError id={`promotion-${name}-error`} errors={form.errors(name)} />
      {!chosen.size ? <p className="mt-1 text-xs text-slate-500">{t(`field.${name === "channel_ids" ? "all_channels" : name === "store_ids" ? "all_stores" : "all_products"}`)}</p> : null}
    </fieldset>
  );
}

export function PromotionForm({ reply, defaults, choices, running, cancelTo, submitLabel }: {
  reply?: FormReply; defaults: Record<string, unknown>; choices: PromotionChoices; running: boolean; cancelTo: string; submitLabel: string;
}) {
  const { t } = useTranslation("promotion");
  const form = formState(reply, { defaults, id: "promotion" });
  const kind = form.value("kind") || "discount";
  const optional = (label: string) => t("optional", { label });
  const locked = running ? { readOnly: true, "aria-readonly": true } : {};
  return (
    <Form method="post" noValidate className="promo-form space-y-4">
      <FormToken />
      <FormErrors errors={form.errors("") ?? form.formErrors} />
      {running ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-800">{t("hint.running")}</p> : null}
      <SectionCard title={t("form.benefit")}>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <TextInput form={form} name="name" label={t("field.name")} required maxLength={100} autoComplete="off" {...locked} />
          </div>
          <fieldset className="md:col-span-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t("field.kind")}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {PROMOTION_KINDS.map((k) => (
                <label key={k} className="flex gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                  <input type="radio" name="kind" value={k} defaultChecked={kind === k} disabled={running && kind !== k} className="mt-0.5 h-4 w-4 border-slate-300" />
                  <span><span className="font-medium text-slate-800">{t(`kind.${k}`)}</span><span className="block text-xs text-slate-600">{t(`kind_hint.${k}`)}</span></span>
                </label>
              ))}
            </div>
            <FieldError id="promotion-kind-error" errors={form.errors("kind")} />
          </fieldset>
          <Select form={form} name="promo_type" label={t("field.promo_type")} placeholder={t("promo_type.common")} disabled={running}
            options={PROMOTION_TYPES.filter((p) => p !== "common").map((p) => ({ value: p, label: t(`promo_type.${p}`) }))} />
          <div className={only(...PRICED_KINDS)}>
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700">{t("field.discount_type")}</legend>
              <div className="flex flex-wrap gap-4 py-2">
                {(["percent", "amount"] as const).map((d) => (
                  <label key={d} className="flex items-center gap-2 text-sm text-slate-700">
                    <input type="radio" name="discount_type" value={d} defaultChecked={(form.value("discount_type") || "percent") === d} disabled={running} className="h-4 w-4 border-slate-300" />
                    {t(`field.${d}`)}
                  </label>
                ))}
              </div>
              <FieldError id="promotion-discount_type-error" errors={form.errors("discount_type")} />
            </fieldset>
          </div>
          <div className={only(...PRICED_KINDS)}>
            <UnitInput form={form} name="discount_percent" label={t("field.discount_percent")} unit="%" side="after" inputMode="decimal" maxLength={10} {...locked} />
          </div>
          <div className={only(...PRICED_KINDS)}>
            <UnitInput form={form} name="discount_amount" label={t("field.discount_amount")} unit="Rp" inputMode="numeric" maxLength={20} {...locked} />
          </div>
          <div className={only("delivery")}>
            <UnitInput form={form} name="delivery_cap" label={t("field.delivery_cap")} unit="Rp" inputMode="numeric" maxLength={20} {...locked} />
          </div>
          <div className={only(...PRICED_KINDS)}>
            <UnitInput form={form} name="max_discount" label={optional(t("field.max_discount"))} unit="Rp" inputMode="numeric" maxLength={20} {...locked} />
          </div>
          <div className={only("cashback", "voucher", "delivery", "free")}>
            <UnitInput form={form} name="min_spend" label={optional(t("field.min_spend"))} unit="Rp" inputMode="numeric" maxLength={20} {...locked} />
          </div>
          <div className={only("bundle")}>
            <TextInput form={form} name="buy_qty" type="number" min={1} max={1000} inputMode="numeric" label={t("field.buy_qty")} hint={t("hint.bundle")} {...locked} />
          </div>
          <div className={only("bundle")}>
            <UnitInput form={form} name="bundle_price" label={optional(t("field.bundle_price"))} unit="Rp" inputMode="numeric" maxLength={20} {...locked} />
          </div>
          <div className={only("bundle")}>
            <TextInput form={form} name="get_qty" type="number" min={1} max={1000} inputMode="numeric" label={optional(t("field.get_qty"))} {...locked} />
          </div>
          <div className={only("free")}>
            <TextInput form={form} name="gift_sku" label={t("field.gift_variant_id")} autoComplete="off" spellCheck={false} {...locked} />
          </div>
          <div className={only("cashback")}>
            <Select form={form} name="cashback_as" label={t("field.cashback_as")} disabled={running}
              options={[{ value: "points", label: t("field.points") }, { value: "saldo", label: t("field.saldo") }]} />
          </div>
          <div className={only("voucher")}>
            <TextInput form={form} name="code" label={t("field.code")} maxLength={20} autoComplete="off" autoCapitalize="characters" spellCheck={false} {...locked} />
          </div>
          <div className={`${only("voucher")} pt-7`}>
            <Checkbox form={form} name="followers_only" label={t("field.followers_only")} disabled={running} />
          </div>
        </div>
      </SectionCard>

      <SectionCard title={t("form.schedule")} hint={t("hint.times")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput form={form} name="starts_at" type="datetime-local" label={t("field.starts_at")} required {...locked} />
          <TextInput form={form} name="ends_at" type="datetime-local" label={t("field.ends_at")} required />
        </div>
      </SectionCard>

      <SectionCard title={t("form.limits")}>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextInput form={form} name="quota" type="number" min={1} inputMode="numeric" label={optional(t("field.quota"))} hint={t("hint.quota")} />
          <TextInput form={form} name="per_buyer" type="number" min={1} max={1000} inputMode="numeric" label={optional(t("field.per_buyer"))} {...locked} />
          <TextInput form={form} name="promo_stock" type="number" min={1} inputMode="numeric" label={optional(t("field.promo_stock"))} hint={t("hint.promo_stock")} />
        </div>
      </SectionCard>

      <SectionCard title={t("field.targets")} hint={t("hint.targets")}>
        <div className="grid gap-4 md:grid-cols-2">
          {form.values("product_ids").length ? (
            <div className="md:col-span-2 text-sm text-slate-700">
              {form.values("product_ids").map((id) => <input key={id} type="hidden" name="product_ids" value={id} />)}
              {form.values("product_names").map((n, i) => <input key={i} type="hidden" name="product_names" value={n} />)}
              <span className="text-slate-600">{t("field.product_ids")}:</span> {form.values("product_names").join(", ")}
            </div>
          ) : null}
          <div className="md:col-span-2">
            <TextArea form={form} name="variant_skus" label={optional(t("field.variant_ids"))} hint={t("hint.skus")} rows={3} spellCheck={false} {...locked} />
          </div>
          <Ticks form={form} name="brand_ids" label={t("field.brand_ids")} options={choices.brands} disabled={running} />
          <Ticks form={form} name="category_ids" label={t("field.category_ids")} options={choices.categories} disabled={running} />
          <Ticks form={form} name="channel_ids" label={t("field.channel_ids")} options={choices.channels} disabled={running} />
          <Ticks form={form} name="store_ids" label={t("field.store_ids")} options={choices.stores} disabled={running} />
        </div>
      </SectionCard>

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}
