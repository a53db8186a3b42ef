/**
 * The product form of /products/add/single and /products/:slug/edit: one multipart <Form> that
 * works without JavaScript (app/lib/product-form.server.ts reads it). Sections: basic information,
 * images, variants × sizes (texts + "Make combinations" → the grid), shipping (dimensions mm|cm,
 * weight gr|kg), video, channels, then the buttons (add: Save as draft / Publish; edit: a status
 * select and Save). The form is re-mounted (key = the reply's nonce) whenever the action answers,
 * so every field shows what the server sent back, with JavaScript as without.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { GENDER_AUDIENCES, LENGTH_UNITS, PREORDER_DAYS_MAX, STOCK_TYPES, WEIGHT_UNITS } from "#core/catalog/product-enums.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import { FieldError, FormErrors, formState, Select, TextArea, TextInput, type FormReply } from "./form.tsx";
import { CombinationGrid } from "./product-form-grid.tsx";
import { ProductImages } from "./product-form-images.tsx";
import type { FormLocation, ProductValues } from "#app/lib/product-form.server.ts";
import { FormToken } from "./form-token.tsx";

type Category = { product_category_id: number; name: string; childs: Category[] };
export type ProductFormOptions = {
  brands: { brand_id: number; name: string }[];
  channels: { channel_id: number; name: string }[];
  categories: Category[];
  locations: FormLocation[];
};

export function ProductForm({ values, errors, notice, nonce, options, mode, suspended, cancelTo, historyHref, historyPanel }: {
  values: ProductValues; errors: Record<string, string[]>; notice?: string; nonce: number; options: ProductFormOptions;
  mode: "add" | "edit"; suspended?: boolean; cancelTo: string; historyHref?: (variantId: string) => string;
  /** The open stock history (edit page): shown under its combination. */
  historyPanel?: { variantId: string; node: React.ReactNode };
}) {
  const { t } = useTranslation("product");
  const flat: Record<string, unknown> = { ...values.fields };
  values.rows.forEach((r, i) => {
    for (const k of ["variant_id", "variant_name", "size_name", "sku", "barcode", "price", "compare_at_price"] as const) flat[`r${i}.${k}`] = r[k];
    for (const [loc, v] of Object.entries(r.stock)) flat[`r${i}.stock.${loc}`] = v;
  });
  const form = formState({ status: "error", initialValue: flat, error: errors } as unknown as FormReply, { id: "product" });
  const section = "rounded-lg border border-slate-200 bg-white p-4 sm:p-6 space-y-4";
  const h2 = "text-base font-semibold text-slate-900";
  const channelIds = form.values("channel_ids");
  return (
    <Form key={nonce} method="post" encType="multipart/form-data" noValidate className="space-y-4">
      <FormToken />
      {/* Enter in a text field presses the form's first button: this one only comes back with the form (nothing saved). */}
      <button type="submit" name="intent" value="refresh" tabIndex={-1} aria-hidden="true" className="sr-only">{t("actions.refresh")}</button>
      {notice ? <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{notice}</p> : null}
      <FormErrors errors={form.formErrors ?? errors._form} />

      <section className={section} aria-labelledby="product-basic">
        <h2 id="product-basic" className={h2}>{t("sections.basic")}</h2>
        <TextInput form={form} name="name" label={t("fields.name")} required maxLength={200} autoComplete="off" />
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput form={form} name="sku" label={t("fields.sku")} hint={t("hints.sku")} required maxLength={60} autoComplete="off" />
          <Select form={form} name="brand_id" label={t("fields.brand")} placeholder={t("placeholders.no_brand")}
            options={options.brands.map((b) => ({ value: b.brand_id, label: b.name }))} />
          <Select form={form} name="category_id" label={t("fields.category")} placeholder={t("placeholders.category")} hint={t("hints.category")}>
            {options.categories.flatMap((l1) => l1.childs.map((l2) => (
              <optgroup key={l2.product_category_id} label={`${l1.name} › ${l2.name}`}>
                {l2.childs.map((l3) => <option key={l3.product_category_id} value={l3.product_category_id}>{l3.name}</option>)}
              </optgroup>
            )))}
          </Select>
          <Select form={form} name="gender" label={t("fields.gender")}
            options={GENDER_AUDIENCES.map((g, i) => ({ value: i, label: t(`gender.${g}`) }))} />
          <Select form={form} name="stock_type" label={t("fields.stock_type")}
            options={Object.values(STOCK_TYPES).map((v) => ({ value: v, label: t(`stock_type.${v}`) }))} />
          <TextInput form={form} name="preorder_days" label={t("fields.preorder_days")} hint={t("hints.preorder_days", { max: PREORDER_DAYS_MAX })}
            type="number" min={0} max={PREORDER_DAYS_MAX} inputMode="numeric" />
        </div>
        <TextArea form={form} name="description" label={t("fields.description")} rows={5} maxLength={5000} />
      </section>

      <section className={section} aria-labelledby="product-images">
        <h2 id="product-images" className={h2}>{t("sections.images")}</h2>
        <ProductImages images={values.images} errors={form.errors("images")} />
      </section>

      <section className={section} aria-labelledby="product-variants">
        <h2 id="product-variants" className={h2}>{t("sections.variants")}</h2>
        <p className="text-sm text-slate-600">{t("hints.variants")}</p>
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput form={form} name="variants_text" label={t("fields.variants")} placeholder={t("placeholders.variants")} autoComplete="off" />
          <TextInput form={form} name="sizes_text" label={t("fields.sizes")} placeholder={t("placeholders.sizes")} autoComplete="off" />
        </div>
        <button type="submit" name="intent" value="combine" className={buttonClass("secondary")}>{t("actions.combine")}</button>
        <FieldError id="product-variants-error" errors={form.errors("variants")} />
        <CombinationGrid form={form} rows={values.rows} locations={options.locations} openStock={mode === "add"} historyHref={historyHref} historyPanel={historyPanel} />
      </section>

      <section className={section} aria-labelledby="product-shipping">
        <h2 id="product-shipping" className={h2}>{t("sections.shipping")}</h2>
        <div className="grid gap-4 sm:grid-cols-4">
          <TextInput form={form} name="length" label={t("fields.length")} inputMode="decimal" />
          <TextInput form={form} name="width" label={t("fields.width")} inputMode="decimal" />
          <TextInput form={form} name="height" label={t("fields.height")} inputMode="decimal" />
          <Select form={form} name="dimension_unit" label={t("fields.dimension_unit")} options={Object.keys(LENGTH_UNITS).map((u) => ({ value: u, label: u }))} />
          <TextInput form={form} name="weight" label={t("fields.weight")} inputMode="decimal" />
          <Select form={form} name="weight_unit" label={t("fields.weight_unit")} options={Object.keys(WEIGHT_UNITS).map((u) => ({ value: u, label: u }))} />
          <TextInput form={form} name="min_stock" label={t("fields.min_stock")} hint={t("hints.min_stock")} type="number" min={0} inputMode="numeric" />
        </div>
      </section>

      <section className={section} aria-labelledby="product-video">
        <h2 id="product-video" className={h2}>{t("sections.video")}</h2>
        <TextInput form={form} name="video_url" label={t("fields.video_url")} hint={t("hints.video_url")} type="url" maxLength={300} autoComplete="off" />
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput form={form} name="video_title" label={t("fields.video_title")} hint={t("hints.cut_99")} autoComplete="off" />
          <TextInput form={form} name="video_description" label={t("fields.video_description")} hint={t("hints.cut_99")} autoComplete="off" />
        </div>
      </section>

      {options.channels.length ? (
        <fieldset className={section}>
          <legend className={`${h2} px-1`}>{t("sections.channels")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {options.channels.map((ch) => (
              <label key={ch.channel_id} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="channel_ids" value={ch.channel_id} defaultChecked={channelIds.includes(String(ch.channel_id))}
                  className="h-4 w-4 rounded border-slate-300" />
                {ch.name}
              </label>
            ))}
          </div>
          <FieldError id="product-channels-error" errors={form.errors("channel_ids")} />
        </fieldset>
      ) : null}

      <div className="flex flex-wrap items-end justify-end gap-3">
        {mode === "edit" ? (
          suspended ? <p className="text-sm text-slate-600">{t("hints.suspended")}</p> : (
            <div className="w-48">
              <Select form={form} name="status" label={t("fields.status")}
                options={["draft", "published", "archived"].map((s) => ({ value: s, label: t(`status.${s}`) }))} />
            </div>
          )
        ) : null}
        <Link to={cancelTo} className={buttonClass("ghost")}>{t("actions.cancel")}</Link>
        {mode === "add" ? (
          <>
            <SubmitButton name="intent" value="save_draft" variant="secondary">{t("actions.save_draft")}</SubmitButton>
            <SubmitButton name="intent" value="publish">{t("actions.publish")}</SubmitButton>
          </>
        ) : <SubmitButton name="intent" value="save">{t("actions.save")}</SubmitButton>}
      </div>
    </Form>
  );
}
