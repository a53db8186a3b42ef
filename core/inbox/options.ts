/**
 * The inbox's constants a page shows (browser-safe: no database here). Rules: discussions.ts, reviews.ts.
 */
export const DISCUSSION_TABS = ["unanswered", "answered", "hidden", "all"] as const;
export type DiscussionTab = (typeof DISCUSSION_TABS)[number];
export const DISCUSSION_ACTIONS = ["hide", "unhide", "answered", "unanswered"] as const;
export type DiscussionAction = (typeof DISCUSSION_ACTIONS)[number];

export const RATINGS = [5, 4, 3, 2, 1] as const;
export const REPLIED = ["yes", "no"] as const;
/** How long the seller may still edit a review's public reply after first posting it. */
export const REPLY_EDIT_HOURS = 24;
/** The inbox search applies from this many characters (spec section 5). */
export const INBOX_SEARCH_MIN = 2;

/** "1,3" or ["1","3"] → the distinct ratings 1–5 it names, highest first; anything else is dropped. */
export function ratingsOf(v: unknown): number[] {
  const parts = (Array.isArray(v) ? v : typeof v === "string" ? [v] : []).flatMap((x) => String(x).split(","));
  const set = new Set(parts.map((p) => p.trim()).filter((p) => /^[1-5]$/.test(p)).map(Number));
  return RATINGS.filter((r) => set.has(r));
}
