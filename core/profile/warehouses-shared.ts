/**
 * What the three "sites" resources share (warehouses, factories, store fees): the input pieces of
 * their Zod schemas, the status-change body of the spec ("form-encoded warehouse_ids with action
 * activate or inactivate", JSON too), and the place check. Server side (Zod); the web's actions
 * use the same schemas, the browser gets only their HTML constraints.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db, type Db, type Tx } from "#db/client.ts";
import { cities, provinces } from "#db/schema/index.ts";
import { isPhoneLike } from "#core/lib/phone.ts";
import { Refused } from "#core/errors.ts";

/** "" and null from a form mean "not given". */
export const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** A checkbox or a JSON boolean: "on", "1", "true", true are yes; anything else (missing) is no. */
export const flag = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true" || v === 1, z.boolean());
/** Like flag, but missing stays undefined ("keep as it is"). */
export const optionalFlag = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? undefined : v === true || v === "on" || v === "1" || v === "true" || v === 1),
  z.boolean().optional(),
);

export const nameField = (max = 100) => z.string({ error: "required" }).trim().min(1, "required").max(max, "too_long");
/** An uploaded image's URL (POST /utilities/upload answers /uploads/<name>) or an http(s) URL. */
/** An image's address: one of our uploads or a web address. */
export const imageUrl = z.string().trim().max(500, "too_long").regex(/^(\/uploads\/[\w.-]+|https?:\/\/[^\s"'<>]+)$/, "invalid");
export const imageField = blank(imageUrl);
export const emailField = blank(z.string().trim().toLowerCase().email("email_invalid").max(200, "too_long"));
export const phoneField = blank(z.string().trim().max(30, "too_long").refine(isPhoneLike, "phone_invalid"));
export const addressField = z.string({ error: "required" }).trim().min(1, "required").max(500, "too_long");

/** Coordinates of the pin point: numbers (or numeric text from a form), both or none. */
export const coordinates = {
  latitude: blank(z.coerce.number({ error: "invalid" }).min(-90, "invalid").max(90, "invalid")),
  longitude: blank(z.coerce.number({ error: "invalid" }).min(-180, "invalid").max(180, "invalid")),
};
export function bothOrNone(v: { latitude?: number; longitude?: number }, ctx: z.RefinementCtx) {
  if (!v || typeof v !== "object") return;
  if ((v.latitude === undefined) !== (v.longitude === undefined)) {
    ctx.addIssue({ code: "custom", path: [v.latitude === undefined ? "latitude" : "longitude"], message: "site:errors.pin_point" });
  }
}

/** The list's status filter: 1 Active, 0 Non-Active (spec section 9). */
export const statusFilter = blank(z.coerce.number().int().refine((v) => v === 1 || v === 0, "invalid"));

/**
 * The status change body: `<ids>` as "4,7,9" (form-encoded, the spec's way) or an array (JSON),
 * and `action` activate | inactivate. At most 100 records at once.
 */
export function statusChangeBody(idsField: string) {
  return z.object({
    [idsField]: z.preprocess(
      (v) => {
        if (Array.isArray(v)) return v.flatMap((x) => String(x).split(","));
        if (typeof v === "number") return [String(v)];
        if (typeof v === "string") return v.split(",");
        return v;
      },
      z.array(z.string().trim().regex(/^[1-9]\d{0,9}$/, "invalid").transform(Number), { error: "required" }).min(1, "required").max(100, "too_long"),
    ),
    action: z.enum(["activate", "inactivate"], { error: "required" }),
  });
}

/** The city of a place, with its province, or Refused on `field` when there is no such city. */
export async function cityOf(cityId: number | undefined | null, field = "city_id", exec: Db | Tx = db) {
  if (!cityId) return null;
  const [city] = await exec
    .select({ id: cities.id, name: cities.name, province: provinces.name })
    .from(cities)
    .innerJoin(provinces, eq(provinces.id, cities.provinceId))
    .where(eq(cities.id, cityId))
    .limit(1);
  if (!city) throw new Refused("api:errors.validation", { [field]: ["validation:invalid"] });
  return city;
}

/** The status name key of a site record (profile:status.*). */
export const statusKey = (status: number) => (status === 1 ? "profile:status.active" : "profile:status.inactive");
