/**
 * The spec's company enumerations and document limits: the one source for the API, the database
 * schema and the web, browser included. Plain constants on purpose (no Zod, no server code), so a
 * component can import them without growing the browser bundle.
 */

/** Company status codes. The list filter offers Active 1 and Non-Active 3. */
export const BUSINESS_STATUS = { moderation: 0, active: 1, suspend: 2, inactive: 3, reject: 4 } as const;
export type BusinessStatusName = keyof typeof BUSINESS_STATUS;

const NAMES = Object.fromEntries(Object.entries(BUSINESS_STATUS).map(([name, code]) => [code, name])) as Record<number, BusinessStatusName>;
/** A status code's name ("active"), also its label key in common:status; an unknown code reads as inactive. */
export const statusName = (code: number): BusinessStatusName => NAMES[code] ?? "inactive";

/** The statuses the owner switches between; Moderation, Suspend and Reject are the platform's decision. */
export const TOGGLEABLE_STATUSES: readonly number[] = [BUSINESS_STATUS.active, BUSINESS_STATUS.inactive];
/** The list's status filter values: Active 1, Non-Active 3. */
export const STATUS_FILTERS: readonly number[] = [BUSINESS_STATUS.active, BUSINESS_STATUS.inactive];

export const LEGAL_TYPES = ["perorangan", "cv", "pt", "pma"] as const;
/** 1 Manufacture, 2 Retail, 3 Distribution, 4 Food & Beverages (labels in utilities:business_types). */
export const BUSINESS_TYPES = [1, 2, 3, 4] as const;

/** The company documents of the seller registration (labels in utilities:documents). */
export const DOCUMENT_TYPES = [
  "founder_id_card", "tax_id", "deed_of_establishment", "ministerial_decree", "business_permit",
  "registration_certificate", "taxable_letter", "due_diligence", "notarial_deed", "principal_license",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const isDocumentType = (v: unknown): v is DocumentType => DOCUMENT_TYPES.includes(v as DocumentType);
export const MAX_DOCUMENTS = 10;
/** The spec's limit for every uploaded file (2048 KB): checked in the browser and again by the API. */
export const MAX_UPLOAD_BYTES = 2048 * 1024;
/** Document files a browser may pick; the API checks the same kinds by their bytes (core/lib/uploads.ts). */
export const DOCUMENT_MIME_TYPES: readonly string[] = ["image/png", "image/jpeg", "application/pdf"];
