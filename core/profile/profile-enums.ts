/**
 * The seller profile's enumerations (spec sections 3, 4 and 9): the one source for the API, the
 * database and the web, browser included. Plain constants only (no Zod, no server code).
 * Labels live in locales/<lng>/profile.json under the same keys.
 */

/** Status of stores, channels, warehouses, factories and store fees: 1 active, 0 inactive. */
export const ACTIVE = 1;
export const INACTIVE = 0;
/** Brands use the company codes: 1 active, 3 inactive. */
export const BRAND_STATUS = { active: 1, inactive: 3 } as const;

/** Status filter values: Active 1 / Non-Active 3 for brands, 1 / 0 for the rest (spec section 9). */
export const BRAND_STATUS_FILTERS = ["1", "3"] as const;
export const STATUS_FILTERS = ["1", "0"] as const;
/** Ownership filter: Owned 1, Partnership 2. Store category filter: Flagship 1, Reseller 2. */
export const OWNERSHIP_FILTERS = ["1", "2"] as const;
export const STORE_CATEGORY_FILTERS = ["1", "2"] as const;

/** Store types 1 Dept Store, 2 Mall Store, 3 Street Store, 4 Home Store, 5 Office Store (profile:store_types.N). */
export const STORE_TYPES = [1, 2, 3, 4, 5] as const;
/** 1 deliver from the store's address, 2 from another address. */
export const DELIVERY_ADDRESS_TYPES = [1, 2] as const;
export const MAX_PROCESS_DAYS = 30;

/** Channel types: 0 Indie Marketplace, 1 Offline, 2 Marketplace, 3 Social Media, 4 Online Store (profile:channel_types.N). */
export const CHANNEL_TYPES = [0, 1, 2, 3, 4] as const;
/** The channel type filter offers the online ones (Offline 1 is the stores' own list). */
export const CHANNEL_TYPE_FILTERS = ["0", "2", "3", "4"] as const;

export type ChannelConfigKey = "url" | "username" | "phone_number" | "line_id";
/**
 * The platforms a channel can be on, each with its channel type and the config its code requires
 * (spec section 3). Logos are drawn from the code (app/components/channel-logo.tsx); names are brands.
 */
export const CHANNEL_PLATFORMS = {
  IDM: { name: "Indie Marketplace", type: 0, config: [] },
  TKP: { name: "Tokopedia", type: 2, config: ["url"] },
  SHP: { name: "Shopee", type: 2, config: ["url"] },
  LZD: { name: "Lazada", type: 2, config: ["url"] },
  ZLR: { name: "Zalora", type: 2, config: ["url"] },
  BLI: { name: "Blibli", type: 2, config: ["url"] },
  ZLG: { name: "Zilingo", type: 2, config: ["url"] },
  FCB: { name: "Facebook", type: 3, config: ["url"] },
  IGM: { name: "Instagram", type: 3, config: ["url", "username"] },
  TWT: { name: "X (Twitter)", type: 3, config: ["url", "username"] },
  WAP: { name: "WhatsApp", type: 3, config: ["phone_number"] },
  SMS: { name: "SMS", type: 3, config: ["phone_number"] },
  LNE: { name: "LINE", type: 3, config: ["phone_number", "line_id"] },
  SFY: { name: "Shopify", type: 4, config: ["url"] },
  WOO: { name: "WooCommerce", type: 4, config: ["url"] },
} as const satisfies Record<string, { name: string; type: number; config: readonly ChannelConfigKey[] }>;
export type ChannelPlatformCode = keyof typeof CHANNEL_PLATFORMS;
export const CHANNEL_PLATFORM_CODES = Object.keys(CHANNEL_PLATFORMS) as ChannelPlatformCode[];

/** Warehouse type 1 Central, 2 Branch, 3 Office; region 1 Domestic, 2 Overseas. */
export const WAREHOUSE_TYPES = [1, 2, 3] as const;
export const WAREHOUSE_REGIONS = [1, 2] as const;

/** Brand categories of the spec are the top level of the product category tree (db/reference-data.ts). */

/** Social media kinds 1-9 of a brand's Social Media tab (profile:social_media.N). */
export const SOCIAL_MEDIA = {
  1: "Instagram", 2: "Facebook", 3: "X (Twitter)", 4: "TikTok", 5: "YouTube", 6: "LinkedIn", 7: "Pinterest", 8: "LINE", 9: "WhatsApp",
} as const;

/** The brand detail sections only an owned brand has (spec section 6), in tab order, and their URL names. */
export const BRAND_SECTIONS = ["social-media", "banners", "pickup-lines", "notes", "response", "holiday"] as const;
export type BrandSection = (typeof BRAND_SECTIONS)[number];

/** Partnership status (spec section 4). Transitions: core/profile/partnerships.ts. */
export const PARTNERSHIP_STATUS = {
  waiting: 0, connected: 1, requesting_connect: 2, requesting_disconnect: 3, disconnected: 4,
} as const;

/** A brand with this many documents or more shows the verified check (spec section 9). */
export const VERIFIED_DOCUMENTS = 3;

/** The map: default centre (central Jakarta, Monas), zoom on cards and in the picker, height in px. */
export const MAP_DEFAULT_CENTER = { lat: -6.1754, lng: 106.8272 } as const;
export const MAP_ZOOM_CARD = 15;
export const MAP_ZOOM_PICKER = 16;
export const MAP_HEIGHT = 300;

/** Holiday weekdays (spec section 3): a holiday session's recurring closed days (profile:weekdays.<DAY>). */
export const HOLIDAY_WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
export type HolidayWeekday = (typeof HOLIDAY_WEEKDAYS)[number];
/** A holiday session's scope: the whole business, or the chosen stores and brands. */
export const HOLIDAY_SCOPES = ["business", "selected"] as const;
