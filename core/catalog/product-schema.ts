/**
 * The product body of POST /v0.0.0/products and PUT /v0.0.0/products/{id}, and of the web's
 * product form (both save through product-save.ts): one family (name, brand, category,
 * description, audience, order type, dimensions, video, channels, images) and its variant × size
 * combinations, each with SKU, barcode, price, compare-at price and stock per location.
 *
 * Decisions where the spec is silent:
 * - Numbers arrive as JSON numbers or as the text a form sent. Money is whole rupiah; "150.000"
 *   and "150,000" both mean 150000 (sellers type the thousands separator); dots and commas mixed
 *   ("1,000.000") or blanks inside ("150 000") are refused, not guessed (core/lib/money.ts). Dimensions and
 *   weight read like money too: a dot before exactly three digits groups thousands ("1.000" gr =
 *   1000), a comma is the decimal mark ("2,5" cm, "1.250,5"), and "2.5" stays two and a half
 *   (see parseDecimal). They are stored as whole mm and grams.
 *   Every number is 0 or more ("number_min_zero").
 * - A family has 1–100 combinations; one without variants or sizes is a single combination with
 *   empty names. (variant, size) pairs are unique in a family; SKUs are unique in the business
 *   (families and combinations alike, any case); a blank combination SKU is made from the family
 *   SKU, the variant's first three letters and the size (KMJ-001-MER-L), as the demo catalogue does.
 * - Compare-at price, when given, must be higher than the price (it is the "was" price).
 * - Status the seller may choose: draft, published, archived. Publishing needs a category and a
 *   price above 0 on every combination; a draft needs only a name and SKU. Images are not required:
 *   a shop counter sells without them, bulk drafts have none yet, and the listing shows a
 *   placeholder (the same rule everywhere a product is published: editor, bulk drafts, listing).
 *   "Out of stock" is derived, "suspended" is the platform's (a suspended product stays so).
 * - Pre-order needs the days (1–90); other order types store none.
 * - Video: the long watch URL with an 11-character id (stored as https://www.youtube.com/watch?v=ID);
 *   title and description are cut to 99 characters, not refused (spec section 9).
 * - Images: at most 8, each an upload of ours (/uploads/<name>); the first is the main one; names
 *   are cut to 30 characters.
 * - Stock per location: `stock` is the on-hand wanted. With `stock_before` (what the editor
 *   showed) the change is applied as the difference, so a sale made while the form was open is
 *   not undone, and the same form sent twice changes nothing the second time (the level already
 *   shows `stock`); without it the level is set to `stock`.
 */
import { z } from "zod";
import { MONEY_SEPARATORS, readRupiah } from "#core/lib/money.ts";
import {
  cutText, GENDER_AUDIENCES, LENGTH_UNITS, PREORDER_DAYS_MAX, PRODUCT_IMAGE, STOCK_TYPES, VIDEO_TEXT_MAX, videoIdOf, WEIGHT_UNITS,
} from "./product-enums.ts";

export const MAX_COMBINATIONS = 100;
export const MAX_STOCK = 1_000_000;
export const MAX_PRICE = 1_000_000_000_000;
export const EDITABLE_STATUSES = ["draft", "published", "archived"] as const;

const empty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * Whole rupiah: a number, or text with thousands separators (dots or commas, one kind). Mixed or
 * spaced separators are refused with how to write them; other text is NaN ("invalid").
 */
const moneyText = (v: unknown, ctx: z.RefinementCtx) => {
  if (empty(v)) return undefined;
  if (typeof v !== "string") return v;
  const r = readRupiah(v, { commas: true });
  if ("value" in r) return r.value;
  if (r.error === "separators") ctx.addIssue({ code: "custom", message: MONEY_SEPARATORS });
  return Number.NaN;
};
/**
 * A decimal number as an Indonesian seller types it: the comma is the decimal mark and a dot
 * followed by exactly three digits groups thousands ("1.000" = 1000, "1.250,5" = 1250.5), as in
 * money. A dot followed by one, two or four and more digits is a decimal point ("2.5", "0.75"),
 * and so is a dot after a lone 0 ("0.500" = 0.5). Anything else is NaN (refused as "invalid").
 */
export function parseDecimal(text: string): number {
  const s = text.trim().replace(/\s+/g, "");
  const m = /^(-?)(.*)$/.exec(s)!;
  const sign = m[1] ? -1 : 1;
  const body = m[2];
  if (/^[1-9]\d{0,2}(\.\d{3})+(,\d+)?$/.test(body)) return sign * Number(body.replace(/\./g, "").replace(",", "."));
  if (/^\d+(,\d+)?$/.test(body)) return sign * Number(body.replace(",", "."));
  if (/^\d*\.\d+$/.test(body)) return sign * Number(body);
  return Number.NaN;
}
const decimalText = (v: unknown) => (empty(v) ? undefined : typeof v === "string" ? parseDecimal(v) : v);
const intText = (v: unknown) => (empty(v) ? undefined : typeof v === "string" ? Number(v.trim()) : v);

const nonNegative = (max: number) => z.number({ error: "invalid" }).min(0, "number_min_zero").max(max, "invalid");
export const money = z.preprocess(moneyText, nonNegative(MAX_PRICE).int("invalid"));
const optionalMoney = z.preprocess(moneyText, nonNegative(MAX_PRICE).int("invalid").optional());
const count = (max: number) => z.preprocess(intText, nonNegative(max).int("invalid"));
const measure = z.preprocess(decimalText, nonNegative(100_000).optional());
const text = (max: number) => z.preprocess((v) => (empty(v) ? undefined : v), z.string({ error: "invalid" }).trim().max(max, "too_long").optional());
const id = z.preprocess(intText, z.number({ error: "invalid" }).int("invalid").positive("invalid"));
const optionalId = z.preprocess(intText, z.number({ error: "invalid" }).int("invalid").positive("invalid").optional());

/** The SKU and barcode rules every way of making a product shares (editor, API, bulk add). */
export const SKU_MAX = 60;
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;
export const BARCODE_MAX = 48;
export const BARCODE_PATTERN = /^[A-Za-z0-9-]+$/;

export const skuText = z.string({ error: "required" }).trim().min(1, "required").max(SKU_MAX, "too_long")
  .regex(SKU_PATTERN, "api-product:errors.sku_format");

const stockEntry = z.object({
  source_type: z.preprocess(intText, z.union([z.literal(1), z.literal(2)], { error: "invalid" })),
  source_id: id,
  partition_id: optionalId,
  stock: count(MAX_STOCK),
  stock_before: z.preprocess(intText, nonNegative(MAX_STOCK).int("invalid").optional()),
});
export type StockEntry = z.infer<typeof stockEntry>;

const combination = z.object({
  variant_id: optionalId,
  variant_name: z.preprocess((v) => (empty(v) ? "" : v), z.string({ error: "invalid" }).trim().max(50, "too_long")),
  size_name: z.preprocess((v) => (empty(v) ? "" : v), z.string({ error: "invalid" }).trim().max(50, "too_long")),
  sku: z.preprocess((v) => (empty(v) ? undefined : v), skuText.optional()),
  barcode: z.preprocess((v) => (empty(v) ? undefined : v), z.string().trim().max(BARCODE_MAX, "too_long").regex(BARCODE_PATTERN, "api-product:errors.barcode_format").optional()),
  price: z.preprocess(moneyText, z.number({ error: (iss) => (iss.input === undefined ? "required" : "invalid") }).min(0, "number_min_zero").max(MAX_PRICE, "invalid").int("invalid")),
  compare_at_price: optionalMoney,
  stocks: z.array(stockEntry).max(200, "invalid").default([]),
});
export type Combination = z.infer<typeof combination>;

const image = z.object({
  url: z.string({ error: "required" }).trim().regex(/^\/uploads\/[a-f0-9]{32}\.(jpg|png)$/, "invalid"),
  name: z.preprocess((v) => (typeof v === "string" ? cutText(v.trim(), PRODUCT_IMAGE.nameMax) : v), z.string().optional()),
  variant: text(50),
});

const idList = z.preprocess(
  (v) => (empty(v) ? [] : Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [v]),
  z.array(z.preprocess(intText, z.number({ error: "invalid" }).int("invalid").positive("invalid"))).max(100, "invalid"),
);

export const productBody = z
  .object({
    name: z.string({ error: "required" }).trim().min(1, "required").max(200, "too_long"),
    sku: skuText,
    status: z.enum(EDITABLE_STATUSES, { error: "invalid" }).default("draft"),
    description: text(5000),
    brand_id: optionalId,
    category_id: optionalId,
    gender: z.preprocess(intText, z.number({ error: "invalid" }).int("invalid").min(0, "invalid").max(GENDER_AUDIENCES.length - 1, "invalid").default(0)),
    stock_type: z.preprocess(intText, z.number({ error: "invalid" }).int("invalid").refine((n) => Object.values(STOCK_TYPES).includes(n as 1), "invalid").default(1)),
    preorder_days: z.preprocess(intText, z.number({ error: "invalid" }).int("invalid").min(0, "number_min_zero").optional()),
    length: measure,
    width: measure,
    height: measure,
    dimension_unit: z.enum(Object.keys(LENGTH_UNITS) as [keyof typeof LENGTH_UNITS], { error: "invalid" }).default("mm"),
    weight: measure,
    weight_unit: z.enum(Object.keys(WEIGHT_UNITS) as [keyof typeof WEIGHT_UNITS], { error: "invalid" }).default("gr"),
    min_stock: z.preprocess(intText, nonNegative(MAX_STOCK).int("invalid").default(5)),
    video_url: text(300),
    video_title: z.preprocess((v) => (empty(v) ? undefined : typeof v === "string" ? cutText(v.trim(), VIDEO_TEXT_MAX) : v), z.string().optional()),
    video_description: z.preprocess((v) => (empty(v) ? undefined : typeof v === "string" ? cutText(v.trim(), VIDEO_TEXT_MAX) : v), z.string().optional()),
    channel_ids: idList.default([]),
    images: z.array(image).max(PRODUCT_IMAGE.maxCount, "api-product:errors.too_many_images").default([]),
    variants: z.array(combination, { error: "api-product:errors.no_combination" })
      .min(1, "api-product:errors.no_combination").max(MAX_COMBINATIONS, "api-product:errors.too_many_combinations"),
  })
  .superRefine((v, ctx) => {
    if (!v || typeof v !== "object") return;
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (v.video_url && !videoIdOf(v.video_url)) issue(["video_url"], "api-product:errors.video_url");
    if (v.stock_type === STOCK_TYPES.pre_order) {
      if (!v.preorder_days) issue(["preorder_days"], "api-product:errors.preorder_days");
      else if (v.preorder_days > PREORDER_DAYS_MAX) issue(["preorder_days"], "api-product:errors.preorder_days");
    }
    const variants = Array.isArray(v.variants) ? v.variants : [];
    const seen = new Set<string>();
    variants.forEach((c, i) => {
      if (!c || typeof c !== "object") return;
      const key = `${c.variant_name?.toLowerCase()}|${c.size_name?.toLowerCase()}`;
      if (seen.has(key)) issue(["variants", i, "variant_name"], "api-product:errors.duplicate_combination");
      seen.add(key);
      if (typeof c.price === "number" && typeof c.compare_at_price === "number" && c.compare_at_price <= c.price) {
        issue(["variants", i, "compare_at_price"], "api-product:errors.compare_at_price");
      }
      if (v.status === "published" && c.price === 0) issue(["variants", i, "price"], "api-product:errors.publish_price");
    });
    if (v.status === "published") {
      if (!v.category_id) issue(["category_id"], "api-product:errors.publish_category");
    }
    const skus = variants.map((c) => c?.sku?.toLowerCase()).filter(Boolean);
    variants.forEach((c, i) => {
      if (c?.sku && skus.filter((s) => s === c.sku!.toLowerCase()).length > 1) issue(["variants", i, "sku"], "api-product:errors.sku_taken");
    });
  }, { when: () => true });
export type ProductBody = z.infer<typeof productBody>;

/** A blank combination SKU: family SKU, the variant's first three letters and the size (KMJ-001-MER-L). */
export function combinationSku(familySku: string, c: { variant_name: string; size_name: string }) {
  const part = (s: string) => s.normalize("NFKD").replace(/[^A-Za-z0-9]/g, "").toUpperCase();
  return [familySku, part(c.variant_name).slice(0, 3), part(c.size_name)].filter(Boolean).join("-");
}
