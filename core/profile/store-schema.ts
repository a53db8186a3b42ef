/**
 * The editable fields of an offline store: the one schema for the API (POST /v0.0.1/stores/create,
 * PUT /v0.0.0/stores/{id}) and the web's store form, which checks it in its action before the API
 * checks it again. Server-side only on the web: the browser gets the schema's HTML constraints from
 * the loader (getZodConstraint) and downloads no Zod.
 *
 * Bodies may be JSON or form-encoded: checkboxes arrive as "on" (or true/"1"), a missing checkbox is
 * false, and the courier services come as repeated fields, an array, or "1,2,3".
 */
import { z } from "zod";
import { isPhoneLike } from "#core/lib/phone.ts";
import { DELIVERY_ADDRESS_TYPES, MAX_PROCESS_DAYS, STORE_TYPES } from "./profile-enums.ts";

/** "" and null from a form mean "not given". */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** A checkbox or a JSON boolean: checked is true, anything else (missing included) is false. */
export const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1" || v === 1, z.boolean());

/** Ids as repeated form fields, a JSON array, or one comma-separated string. */
export const idList = (message = "invalid") =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === "") return [];
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === "string" ? x.split(",") : [x]));
    return parts.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "");
  }, z.array(z.coerce.number().int(message).positive(message)).max(200, "too_long"));

const postcode = z.string({ error: "required" }).trim().regex(/^\d{5}$/, "store:errors.postcode");
const message = blank(z.string().trim().max(500, "too_long"));

export const storeBody = z
  .object({
    name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
    type: z.coerce.number({ error: "required" }).int("required").refine((v) => (STORE_TYPES as readonly number[]).includes(v), "required"),
    image: blank(z.string().trim().max(500, "too_long")),
    email: blank(z.string().trim().toLowerCase().email("email_invalid").max(200, "too_long")),
    phone: z.string({ error: "required" }).trim().min(1, "required").refine(isPhoneLike, "phone_invalid"),
    address: z.string({ error: "required" }).trim().min(1, "required").max(500, "too_long"),
    city_id: z.coerce.number({ error: "required" }).int().positive("required"),
    village_id: blank(z.coerce.number().int().positive("invalid")),
    postcode,
    latitude: blank(z.coerce.number({ error: "invalid" }).min(-90, "store:errors.latitude").max(90, "store:errors.latitude")),
    longitude: blank(z.coerce.number({ error: "invalid" }).min(-180, "store:errors.longitude").max(180, "store:errors.longitude")),
    is_pickup_at_store: checkbox,
    delivery_address_type: z.coerce.number({ error: "required" }).int()
      .refine((v) => (DELIVERY_ADDRESS_TYPES as readonly number[]).includes(v), "required").default(1),
    delivery_address: blank(z.string().trim().max(500, "too_long")),
    delivery_city_id: blank(z.coerce.number().int().positive("invalid")),
    delivery_postcode: blank(z.string().trim().regex(/^\d{5}$/, "store:errors.postcode")),
    bank_account_id: blank(z.coerce.number().int().positive("invalid")),
    process_day: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: "required" })
      .int("store:errors.process_day").min(0, "store:errors.process_day").max(MAX_PROCESS_DAYS, "store:errors.process_day")),
    courier_service_ids: idList(),
    order_finished: message,
    order_finished_is_active: checkbox,
    order_returned: message,
    order_returned_is_active: checkbox,
    /** true makes this store the business's default; false or missing leaves the default where it is. */
    is_default: checkbox,
  })
  .superRefine((v, ctx) => {
    // A pin point is a pair.
    if ((v.latitude === undefined) !== (v.longitude === undefined)) {
      const path = v.latitude === undefined ? "latitude" : "longitude";
      ctx.addIssue({ code: "custom", path: [path], message: "store:errors.pin_pair" });
    }
    if (v.delivery_address_type === 2) {
      if (!v.delivery_address) ctx.addIssue({ code: "custom", path: ["delivery_address"], message: "required" });
      if (!v.delivery_city_id) ctx.addIssue({ code: "custom", path: ["delivery_city_id"], message: "required" });
      if (!v.delivery_postcode) ctx.addIssue({ code: "custom", path: ["delivery_postcode"], message: "required" });
    }
    // A message that is switched on must say something.
    if (v.order_finished_is_active && !v.order_finished) ctx.addIssue({ code: "custom", path: ["order_finished"], message: "store:errors.message_on" });
    if (v.order_returned_is_active && !v.order_returned) ctx.addIssue({ code: "custom", path: ["order_returned"], message: "store:errors.message_on" });
  });
export type StoreBody = z.infer<typeof storeBody>;

/** A bank account of the business (POST /banks/create); also the store form's inline "add bank account". */
export const bankAccountBody = z.object({
  bank_code: z.string({ error: "required" }).trim().min(1, "required").max(10, "invalid"),
  account_name: z.string({ error: "required" }).trim().min(2, "store:errors.account_name").max(100, "too_long"),
  account_no: z.string({ error: "required" }).trim().transform((v) => v.replace(/[\s.-]/g, ""))
    .pipe(z.string().regex(/^\d{6,20}$/, "store:errors.account_no")),
  is_default: checkbox,
});
export type BankAccountBody = z.infer<typeof bankAccountBody>;

/** POST /v0.0.0/utilities/banks/check_account: the name is optional (without it nothing is compared). */
export const checkAccountBody = bankAccountBody.pick({ bank_code: true, account_no: true }).extend({
  account_name: blank(z.string().trim().max(100, "too_long")),
});
