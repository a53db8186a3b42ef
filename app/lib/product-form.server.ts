/**
 * The server half of the product form (app/components/product-form.tsx), shared by
 * /products/add/single and /products/:slug/edit. The form is one multipart POST that works without
 * JavaScript; its buttons say what to do (`intent`):
 *   combine            re-make the combination grid from the "Variants" and "Sizes" texts
 *                      (what was typed in rows that stay is kept; nothing is saved)
 *   image_main:<n>     move image n first (it becomes the main one; saved with the product)
 *   image_remove:<n>   drop image n from the form
 *   save | save_draft | publish   save through core (status from the button or the select)
 * Every intent first uploads newly picked photos (core/catalog/product-media.ts, the photo of a
 * product still being written), so a photo is never lost to a refused save. The rules are core's:
 * this file only turns the form into the product body (core/catalog/product-schema.ts, the body
 * the REST API takes too) and core's field messages back onto the form's fields.
 *
 * Decision: saving with Variants/Sizes texts that no longer match the grid re-makes the grid
 * first and asks to check it (nothing is saved), so no combination appears or vanishes unseen.
 */
import type { RouterContextProvider } from "react-router";
import { uploadProductMedia } from "#core/catalog/product-media.ts";
import { Refused } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { getScope } from "./auth.server.ts";
import { getLocale } from "./i18n.server.ts";

type Ctx = { request: Request; context: Readonly<RouterContextProvider> };

export type FormLocation = { key: string; source_type: 1 | 2; source_id: number; partition_id: number | null; name: string };
export type FormRow = {
  variant_id: string; variant_name: string; size_name: string; sku: string; barcode: string; price: string; compare_at_price: string;
  stock: Record<string, string>; before: Record<string, string>;
};
export type FormImage = { url: string; name: string };
export type ProductValues = { fields: Record<string, string | string[]>; rows: FormRow[]; images: FormImage[] };
export type ProductReply = { values: ProductValues; errors: Record<string, string[]>; notice?: string; nonce: number };

export const TOP_FIELDS = [
  "name", "sku", "status", "description", "brand_id", "category_id", "gender", "stock_type", "preorder_days", "length", "width", "height",
  "dimension_unit", "weight", "weight_unit", "min_stock", "video_url", "video_title", "video_description", "variants_text", "sizes_text",
] as const;
const MAX_NAMES = 20;
const MAX_IMAGES = 8;

const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

/** "Merah, Biru\nHijau" → ["Merah", "Biru", "Hijau"] (case-insensitively unique, at most 20). */
export function splitNames(text: string) {
  const out: string[] = [];
  for (const raw of text.split(/[,\n]/)) {
    const name = raw.trim().slice(0, 50);
    if (name && !out.some((n) => n.toLowerCase() === name.toLowerCase())) out.push(name);
  }
  return out.slice(0, MAX_NAMES);
}

const comboKey = (r: { variant_name: string; size_name: string }) => `${r.variant_name.toLowerCase()}|${r.size_name.toLowerCase()}`;

/** Variants × sizes as rows; rows already there keep what was typed, new ones start with the first row's price. */
export function combine(values: ProductValues): FormRow[] {
  const variants = splitNames(String(values.fields.variants_text ?? ""));
  const sizes = splitNames(String(values.fields.sizes_text ?? ""));
  const first = values.rows[0];
  return (variants.length ? variants : [""]).flatMap((variant_name) => (sizes.length ? sizes : [""]).map((size_name) => {
    const have = values.rows.find((r) => comboKey(r) === comboKey({ variant_name, size_name }));
    return have ?? {
      variant_id: "", variant_name, size_name, sku: "", barcode: "", price: first?.price ?? "", compare_at_price: "", stock: {}, before: {},
    };
  }));
}

export const gridMatchesTexts = (values: ProductValues) => combine(values).map(comboKey).join() === values.rows.map(comboKey).join();

/** What the form sent, as the form's own values (strings), rows and images. */
export function readForm(formData: FormData): ProductValues {
  const fields: ProductValues["fields"] = {};
  for (const f of TOP_FIELDS) fields[f] = str(formData.get(f));
  fields.channel_ids = formData.getAll("channel_ids").map(String);
  const rowCount = Math.min(Number(formData.get("row_count")) || 0, 100);
  const rows: FormRow[] = [];
  for (let i = 0; i < rowCount; i++) {
    const at = (k: string) => str(formData.get(`r${i}.${k}`));
    const stock: Record<string, string> = {};
    const before: Record<string, string> = {};
    for (const [k, v] of formData.entries()) {
      if (k.startsWith(`r${i}.stock.`)) stock[k.slice(`r${i}.stock.`.length)] = str(v);
      if (k.startsWith(`r${i}.before.`)) before[k.slice(`r${i}.before.`.length)] = str(v);
    }
    rows.push({
      variant_id: at("variant_id"), variant_name: at("variant_name"), size_name: at("size_name"), sku: at("sku"), barcode: at("barcode"),
      price: at("price"), compare_at_price: at("compare_at_price"), stock, before,
    });
  }
  const imageCount = Math.min(Number(formData.get("image_count")) || 0, MAX_IMAGES);
  const images: FormImage[] = [];
  for (let i = 0; i < imageCount; i++) {
    const url = str(formData.get(`img${i}.url`));
    if (url) images.push({ url, name: str(formData.get(`img${i}.name`)) });
  }
  return { fields, rows, images };
}

/** Uploads the newly picked photos; the refused ones are named in the answer's messages. */
export async function uploadNewImages(args: Ctx, formData: FormData, values: ProductValues) {
  const t = translator(getLocale(args.context));
  const errors: string[] = [];
  for (const file of formData.getAll("new_images")) {
    if (!(file instanceof File) || file.size === 0) continue;
    if (values.images.length >= MAX_IMAGES) {
      errors.push(`${file.name}: ${t("product:images.too_many")}`);
      continue;
    }
    try {
      const stored = await uploadProductMedia(getScope(args.context), { type: "image", file });
      values.images.push({ url: stored.url, name: stored.name });
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      errors.push(`${file.name}: ${t(e.fields?.file?.[0] ?? e.message, e.vars)}`);
    }
  }
  return errors;
}

/** The product body (core's productBody) for the form's values; `locations` gives each stock field its place. */
export function apiBody(values: ProductValues, locations: FormLocation[], status: string) {
  const f = values.fields;
  const blank = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() !== "" ? v : undefined);
  return {
    ...Object.fromEntries(TOP_FIELDS.filter((k) => !k.endsWith("_text")).map((k) => [k, blank(f[k])])),
    status,
    channel_ids: f.channel_ids ?? [],
    images: values.images,
    variants: values.rows.map((r) => ({
      variant_id: blank(r.variant_id), variant_name: r.variant_name, size_name: r.size_name, sku: blank(r.sku), barcode: blank(r.barcode),
      price: r.price, compare_at_price: blank(r.compare_at_price),
      stocks: locations.map((l) => ({
        source_type: l.source_type, source_id: l.source_id, partition_id: l.partition_id ?? undefined,
        stock: r.stock[l.key] ?? "0", stock_before: blank(r.before[l.key]),
      })),
    })),
  };
}

/** Core's field paths → the form's field names (variants.2.price → r2.price; any stock problem → r2.stocks). */
export function formErrors(apiErrors: Record<string, string[]>) {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(apiErrors)) {
    const parts = path.split(".");
    let name = path;
    if (parts[0] === "variants" && parts.length > 1) name = parts[2] === "stocks" ? `r${parts[1]}.stocks` : `r${parts[1]}.${parts[2] ?? "variant_name"}`;
    else if (parts[0] === "images") name = "images";
    else if (parts[0] === "channel_ids") name = "channel_ids";
    (out[name] ??= []).push(...messages);
  }
  return out;
}

/** The flat name → value map the form kit reads (rows as r<i>.<field>, stock as r<i>.stock.<place>). */
export function flatValues(values: ProductValues) {
  const flat: Record<string, unknown> = { ...values.fields };
  values.rows.forEach((r, i) => {
    for (const k of ["variant_id", "variant_name", "size_name", "sku", "barcode", "price", "compare_at_price"] as const) flat[`r${i}.${k}`] = r[k];
    for (const [loc, v] of Object.entries(r.stock)) flat[`r${i}.stock.${loc}`] = v;
  });
  return flat;
}

/** The image intents move or drop images; answers whether it was one. */
export function applyImageIntent(intent: string, values: ProductValues) {
  const [kind, n] = intent.split(":");
  const i = Number(n);
  if (!values.images[i]) return kind === "image_main" || kind === "image_remove";
  if (kind === "image_main") values.images = [values.images[i], ...values.images.filter((_, k) => k !== i)];
  else if (kind === "image_remove") values.images = values.images.filter((_, k) => k !== i);
  else return false;
  return true;
}
