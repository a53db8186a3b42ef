/**
 * The editable fields of a company: the one schema of the REST calls (create, update, the seller
 * registration's text part) and of the web's company forms, whose actions check it before they
 * call the same core functions (core/business/companies.ts, sellers.ts). Server-side only on the
 * web: the browser gets the schema's HTML constraints from the loader (getZodConstraint) and
 * downloads no Zod.
 */
import { z } from "zod";
import { isPhoneLike } from "#core/lib/phone.ts";
import { BUSINESS_TYPES, LEGAL_TYPES } from "#db/schema/company-enums.ts";

/** "" and null from a form mean "not given". */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

export const companyBody = z.object({
  name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  legal_type: z.enum(LEGAL_TYPES, { error: "required" }),
  business_type: z.coerce.number({ error: "required" }).int().min(1, "required").max(BUSINESS_TYPES.length, "invalid"),
  email: blank(z.string().trim().toLowerCase().email("email_invalid").max(200, "too_long")),
  phone: z.string({ error: "required" }).trim().min(1, "required").refine(isPhoneLike, "phone_invalid"),
  address: z.string({ error: "required" }).trim().min(1, "required").max(500, "too_long"),
  city_id: z.coerce.number({ error: "required" }).int().positive("required"),
  village_id: blank(z.coerce.number().int().positive("invalid")),
  postcode: z.string({ error: "required" }).trim().regex(/^\d{5}$/, "company:errors.postcode"),
  tax_id: blank(z.string().trim().max(30, "too_long")),
  description: blank(z.string().trim().max(1000, "too_long")),
});
export type CompanyBody = z.infer<typeof companyBody>;
