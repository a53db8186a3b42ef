/**
 * Catalogue constants shared by the API and the pages (browser-safe: no imports). Spec sections 3
 * (enumerations, shapes), 4 (product status, sync task status), 5 (images, video, numbers) and 9
 * (mass-update sections, unit conversions, add product modes, date shortcuts).
 */

/** Stored product status; "out of stock" is derived (published with nothing available). */
export const PRODUCT_STATUSES = ["draft", "published", "archived", "suspended"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * The listing's tabs (spec section 2): All, Active (published, something available), Not Active
 * (archived), Out Of Stock (published, nothing available), Blocked (suspended). Drafts are only in
 * All (with a Draft badge) and in the drafts of a bulk upload.
 */
export const PRODUCT_TABS = ["all", "active", "not_active", "out_of_stock", "blocked"] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

/** Gender audience (spec section 3), stored as the index. */
export const GENDER_AUDIENCES = ["all", "female", "male", "girls", "boy", "unisex", "unisex_kids"] as const;

/** Product stock type / order type: 1 Ready, 2 Pre Order, 3 Custom. */
export const STOCK_TYPES = { ready: 1, pre_order: 2, custom: 3 } as const;
export const PREORDER_DAYS_MAX = 90;

/** Source types of inventory (spec section 3): 1 Store, 2 Warehouse. */
export const SOURCE_TYPES = { store: 1, warehouse: 2 } as const;

/** Sync task types (spec section 9) and statuses (section 4). */
export const SYNC_TASK_TYPES = { new_product: 0, stock_update: 1, image_update: 2, attribute_update: 4, price_update: 5 } as const;
export const SYNC_TASK_STATUSES = ["waiting", "processing", "success", "failed"] as const;

/** Mass-update section ids (spec section 9). */
export const MASS_UPDATE_SECTIONS = { attribute: 5, price: 6, stock: 7, image: 8 } as const;
export type MassUpdateSection = keyof typeof MASS_UPDATE_SECTIONS;

/** Add product modes (spec section 9). */
export const ADD_PRODUCT_MODES = ["add_product", "add_bulk"] as const;

/** The products filter's date shortcuts, in days (spec section 9: only 7, 14 and 30). */
export const PRODUCT_DATE_SHORTCUTS = [7, 14, 30] as const;

/** Product images (spec section 5): png/jpg/jpeg, at most 2 MB, 762×1100 hint; names cut to 30. */
export const PRODUCT_IMAGE = { maxBytes: 2048 * 1024, width: 762, height: 1100, types: ["image/png", "image/jpeg"], nameMax: 30, maxCount: 8 } as const;
/** Bulk media upload hint: PNG 1024×1024, at most 256 KB. */
export const BULK_MEDIA = { maxBytes: 256 * 1000, width: 1024, height: 1024 } as const;

/** Video: the long watch-URL form with an 11-character id; title and description cut to 99. */
export const VIDEO_TEXT_MAX = 99;
const WATCH_URL = /^https:\/\/(?:www\.|m\.)?youtube\.com\/watch\?(?:[^#]*&)?v=([A-Za-z0-9_-]{11})(?:[&#].*)?$/;
export function videoIdOf(url: string): string | null {
  return WATCH_URL.exec(url.trim())?.[1] ?? null;
}
export const videoThumbnailOf = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
export const cutText = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** Unit conversions (spec section 9): forms take cm or mm and gr or kg; we store mm and grams. */
export const LENGTH_UNITS = { mm: 1, cm: 10 } as const;
export const WEIGHT_UNITS = { gr: 1, kg: 1000 } as const;
export const toMm = (value: number, unit: keyof typeof LENGTH_UNITS) => Math.round(value * LENGTH_UNITS[unit]);
export const toGrams = (value: number, unit: keyof typeof WEIGHT_UNITS) => Math.round(value * WEIGHT_UNITS[unit]);
export const mmToCm = (mm: number) => mm / 10;

/** Bulk actions of the listing (spec section 9 "Bulk action confirmations"). */
export const PRODUCT_BULK_ACTIONS = ["activate", "deactivate", "update", "sync_to_master", "delete"] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];

/** Stock movement reasons shown in stock history (core/stock/stock-ledger.ts writes them). */
export const STOCK_MOVEMENT_REASONS = ["initial", "manual", "bulk_upload", "mass_update", "order", "transfer", "opname", "package"] as const;

/** Sort options shared with the profile lists (spec section 9): 1 oldest … 6 name desc. */
export const PRODUCT_SORTS = [1, 2, 3, 4, 5, 6] as const;
