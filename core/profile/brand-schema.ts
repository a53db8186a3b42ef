/**
 * What a brand form sends: the one set of schemas for the REST adapter (api/routes/brands.ts) and the
 * web's brand forms, both checking the input with them before they call core/profile/brands*.ts.
 * Server-side only on the web: the browser gets the HTML constraints from the loader, no Zod.
 *
 * The owned-brand sections (spec section 6: Social Media, Banner, Pickup Line, Notes, Response,
 * plus Holiday), one entry each:
 * - social-media: type (1-9, profile:social_media.N), username, url (http/https).
 * - banners: image (an uploaded image URL), title, link (optional http/https URL the banner opens),
 *   sort (0-999, smaller first).
 * - pickup-lines: text (≤ 150 characters): a short tagline buyers see under the brand's name.
 * - notes: title, content (≤ 2000): notes for buyers (size guide, care, shipping days).
 * - response: an auto-reply template: name, message (≤ 1000), is_active.
 * - holiday: start_date, end_date (YYYY-MM-DD, WIB days, end ≥ start), reason.
 */
import { z } from "zod";
import type { BrandSection } from "./profile-enums.ts";

/** "" and null from a form mean "not given". */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** The URL an upload answers (core/lib/uploads.ts storeUpload): /uploads/<32 hex>.<png|jpg>. */
export const UPLOAD_IMAGE_URL = /^\/uploads\/[a-f0-9]{32}\.(png|jpg)$/;

// A field's first failing rule is its message: `abort` stops the checks after it.
const text = (max: number) => z.string({ error: "required" }).trim().min(1, { error: "required", abort: true }).max(max, "too_long");

function isWebUrl(v: string) {
  try {
    const u = new URL(v);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname.includes(".");
  } catch {
    return false;
  }
}
const webUrl = text(500).refine(isWebUrl, { error: "brand:errors.url", abort: true });

function isDay(v: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
const day = z.string({ error: "required" }).trim().min(1, { error: "required", abort: true }).refine(isDay, { error: "brand:errors.date", abort: true });

/** A checkbox: "on" / "true" / "1" / true are yes; absent is no. */
const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());

export const brandBody = z.object({
  name: text(100),
  image: blank(z.string().trim().regex(UPLOAD_IMAGE_URL, "invalid")),
  product_category_id: z.coerce.number({ error: "required" }).int("required").positive("required"),
  description: blank(z.string().trim().max(1000, "too_long")),
});
export type BrandBody = z.infer<typeof brandBody>;

export const partnershipBody = z.object({
  brand_id: z.coerce.number({ error: "required" }).int("required").positive("required"),
});

export const SECTION_SCHEMAS = {
  "social-media": z.object({
    type: z.coerce.number({ error: "required" }).int("required").min(1, "required").max(9, "invalid"),
    username: text(100),
    url: webUrl,
  }),
  banners: z.object({
    image: z.string({ error: "required" }).trim().min(1, { error: "required", abort: true }).regex(UPLOAD_IMAGE_URL, "invalid"),
    title: text(100),
    link: blank(webUrl),
    sort: z.preprocess((v) => (v === "" || v === null || v === undefined ? 0 : v),
      z.coerce.number({ error: "invalid" }).int("invalid").min(0, "number_min_zero").max(999, "invalid")),
  }),
  "pickup-lines": z.object({ text: text(150) }),
  notes: z.object({ title: text(100), content: text(2000) }),
  response: z.object({ name: text(100), message: text(1000), is_active: checkbox }),
  holiday: z
    .object({ start_date: day, end_date: day, reason: text(200) })
    .superRefine((v, ctx) => {
      if (isDay(v.end_date) && isDay(v.start_date) && v.end_date < v.start_date) ctx.addIssue({ code: "custom", path: ["end_date"], message: "brand:errors.end_before_start" });
    }),
} satisfies Record<BrandSection, z.ZodType>;

export type SectionData<S extends BrandSection> = z.infer<(typeof SECTION_SCHEMAS)[S]>;

/** Most entries a brand keeps in one section. */
export const MAX_SECTION_ENTRIES = 50;
