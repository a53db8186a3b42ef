/**
 * What the inventory pages offer (tabs, sorts, page sizes, movement reasons) without reaching the
 * database: route components import these, and a component importing from a module with queries
 * would pull the pool into the browser (vite.config.ts serverOnly refuses that build).
 */
export const STOCK_REASONS = [
  "initial", "manual", "bulk_upload", "mass_update", "order", "transfer", "opname", "adjustment", "package", "transfer_out", "transfer_in",
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const OVERVIEW_TABS = ["all", "ready", "low", "out"] as const;
export type OverviewTab = (typeof OVERVIEW_TABS)[number];
export const OVERVIEW_SORTS = ["name", "name_desc", "sku", "on_hand_desc", "available_asc", "updated"] as const;
export type OverviewSort = (typeof OVERVIEW_SORTS)[number];
export const OVERVIEW_PAGE_SIZES = [10, 20, 50, 100, 150] as const;
