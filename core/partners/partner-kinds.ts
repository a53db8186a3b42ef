/**
 * The kinds of trading partner and what each URL, export and privilege is called: a module with no
 * database, so the pages' components may import it (vite.config.ts serverOnly).
 */
export const PARTNER_KINDS = ["reseller", "supplier", "partner"] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

export const isPartnerKind = (v: unknown): v is PartnerKind => typeof v === "string" && (PARTNER_KINDS as readonly string[]).includes(v);

/** The kind of a page from its URL: /reseller/…, /id/supplier/…, /partner/… */
export function kindOfPath(pathname: string): PartnerKind {
  const first = pathname.replace(/^\/id(?=\/|$)/, "").split("/").filter(Boolean)[0];
  if (!isPartnerKind(first)) throw new Error(`not a trading-partner path: ${pathname}`);
  return first;
}

/** How many contact people the form offers (blank rows are left out). */
export const CONTACT_ROWS = 3;
/** At most this many contacts are kept. */
export const MAX_CONTACTS = 5;
/** Payment terms: at most a year. */
export const MAX_PAYMENT_DAYS = 365;
/** Credit limit: at most Rp 1 trillion (whole rupiah). */
export const MAX_CREDIT_LIMIT = 1_000_000_000_000;
