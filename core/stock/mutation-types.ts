/**
 * The all-mutation page's types (tabs) and page sizes (core/stock/mutations.ts), as plain
 * constants: browser-safe, so the page's component reads them without the server module.
 */
export const MUTATION_TYPES = ["all", "sale", "return", "count", "adjustment", "transfer_out", "transfer_in", "bulk_upload", "other"] as const;
export type MutationType = (typeof MUTATION_TYPES)[number];
export const MUTATION_PAGE_SIZES = [10, 20, 50, 100, 150] as const;
