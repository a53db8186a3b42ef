/**
 * The company form's schema: checked in the route actions and again by the API (which has the
 * last word). Server-only on purpose: the browser downloads no Zod; it gets the schema's HTML
 * constraints (required, lengths, patterns) from the loader (getZodConstraint) instead.
 */
import { z } from "zod";
import { isPhoneLike } from "../../api/lib/phone.ts";
import { LEGAL_TYPES } from "./company-enums.ts";

export const companySchema = z.object({
  name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  legal_type: z.enum(LEGAL_TYPES, { error: "required" }),
  business_type: z.coerce.number({ error: "required" }).int().min(1, "required").max(4, "invalid"),
  email: z.string().trim().email("email_invalid").max(200, "too_long").optional(),
  phone: z.string({ error: "required" }).trim().refine(isPhoneLike, "phone_invalid"),
  address: z.string({ error: "required" }).trim().min(1, "required").max(500, "too_long"),
  city_id: z.coerce.number({ error: "required" }).int().positive("required"),
  village_id: z.coerce.number().int().positive("invalid").optional(),
  postcode: z.string({ error: "required" }).trim().regex(/^\d{5}$/, "company:errors.postcode"),
  tax_id: z.string().trim().max(30, "too_long").optional(),
  description: z.string().trim().max(1000, "too_long").optional(),
});
export type CompanyInput = z.infer<typeof companySchema>;

/** The API body of a company from the parsed form (empty optionals sent as "" so PUT clears them). */
export function companyPayload(v: CompanyInput) {
  return {
    name: v.name, legal_type: v.legal_type, business_type: v.business_type, email: v.email ?? "", phone: v.phone,
    address: v.address, city_id: v.city_id, village_id: v.village_id ?? "", postcode: v.postcode,
    tax_id: v.tax_id ?? "", description: v.description ?? "",
  };
}
