/**
 * Indie ads' constants the pages show (browser-safe: no tables, no queries — a component importing
 * core/promotions/ads.ts would ship the pool to the browser). The rules are in ads.ts.
 *
 * - What the seller sees (`AdState`): Scheduled, Running, Daily budget reached, Deposit empty,
 *   Paused, Ended — read from the stored status (active 1 / paused 2 / ended 3), the schedule,
 *   today's spend and the deposit, never written.
 * - The seller's moves, as data (decision 7): from the stored status, and only while the ad is
 *   not over (an ad past its end is Ended whatever is stored).
 */
import type { AdPlacement } from "#db/schema/ads.ts";

/** Where the channel shows an ad (db/schema/ads.ts AD_PLACEMENTS, repeated here without the table). */
export const PLACEMENTS = ["search", "home", "product"] as const satisfies readonly AdPlacement[];

export const AD_STATES = ["running", "budget_reached", "deposit_empty", "scheduled", "paused", "ended"] as const;
export type AdState = (typeof AD_STATES)[number];
export const AD_TABS = ["all", ...AD_STATES] as const;
export type AdTab = (typeof AD_TABS)[number];

export type StoredAdStatus = "active" | "paused" | "ended";
export const AD_ACTIONS = ["pause", "resume", "end"] as const;
export type AdAction = (typeof AD_ACTIONS)[number];

/** What each move does: from which stored status (the ad not over) to which. */
export const AD_TRANSITIONS: readonly { action: AdAction; from: readonly StoredAdStatus[]; to: StoredAdStatus }[] = [
  { action: "pause", from: ["active"], to: "paused" },
  { action: "resume", from: ["paused"], to: "active" },
  { action: "end", from: ["active", "paused"], to: "ended" },
];

/** The move `action` from `stored`, or undefined when the table does not allow it (an ad over allows none). */
export function adTransition(action: AdAction, stored: StoredAdStatus, over: boolean) {
  if (over) return undefined;
  return AD_TRANSITIONS.find((t) => t.action === action && t.from.includes(stored));
}

/** The moves the pages offer for an ad now. */
export const adActionsFor = (stored: StoredAdStatus, over: boolean) =>
  AD_ACTIONS.filter((a) => adTransition(a, stored, over) !== undefined);

/** Limits of the input (ads.ts adBody), shown by the form's hints. */
export const AD_LIMITS = {
  minBudget: 10_000,
  minBid: 100,
  maxKeywords: 20,
  keywordLength: 50,
  maxProducts: 20,
} as const;
