// The spec's company enumerations, as in db/reference-data.ts (not imported from there: that
// module carries every village). Kept apart from the Zod schema so the browser can use them.
export const LEGAL_TYPES = ["perorangan", "cv", "pt", "pma"] as const;
export const BUSINESS_TYPES = [1, 2, 3, 4] as const;
