/**
 * The company forms check the API's own schema (core/business/company-schema.ts) in their actions;
 * this turns what they parsed into the API's body.
 */
import type { CompanyBody } from "#core/business/company-schema.ts";

/** The API body of a company from the parsed form (empty optionals sent as "" so PUT clears them). */
export function companyPayload(v: CompanyBody) {
  return {
    name: v.name, legal_type: v.legal_type, business_type: v.business_type, email: v.email ?? "", phone: v.phone,
    address: v.address, city_id: v.city_id, village_id: v.village_id ?? "", postcode: v.postcode,
    tax_id: v.tax_id ?? "", description: v.description ?? "",
  };
}
