/**
 * The promotion lifecycle, as data (decision 7): which action moves a promotion from which status
 * to which, and who may trigger it. The spec (section 4) names the statuses, not the moves: this
 * table is ours. core/promotions/actions.ts is its only writer; the pages show exactly the actions
 * it allows to the seller; tests walk it. Browser-safe.
 *
 * - The platform moderates: a new or recreated promotion waits In Moderation until approved
 *   (a demo business is approved by the sweeper a minute later) or rejected with a note.
 * - Time moves it (the sweeper, core/promotions/sweep.ts): Upcoming → On Going at its start,
 *   On Going or Empty → Ended at its end; an approval after the start goes straight to On Going.
 * - Use moves it: the order that takes the last of the quota or of the promo stock makes it
 *   Empty; a larger quota or promo stock (an edit) or a cancelled order giving a use back makes it
 *   On Going again.
 * - The seller cancels what has not started, stops what runs (it ends now), and recreates what is
 *   over (a copy, In Moderation). The platform may suspend and resume.
 */
import { PROMOTION_STATUS, type PromotionStatusName } from "#db/schema/promotion-enums.ts";

export type PromotionActor = "seller" | "platform" | "system";

export const PROMOTION_ACTIONS = ["approve", "reject", "start", "end", "run-out", "refill", "cancel", "stop", "suspend", "resume"] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

export type PromotionTransition = {
  action: PromotionAction;
  from: readonly PromotionStatusName[];
  /** "by-time": upcoming before its start, on_going within its window, ended after its end. */
  to: PromotionStatusName | "by-time";
  by: readonly PromotionActor[];
  note?: "required";
};

export const PROMOTION_TRANSITIONS: readonly PromotionTransition[] = [
  { action: "approve", from: ["in_moderation"], to: "by-time", by: ["platform", "system"] },
  { action: "reject", from: ["in_moderation"], to: "rejected", by: ["platform"], note: "required" },
  { action: "start", from: ["upcoming"], to: "on_going", by: ["system"] },
  { action: "end", from: ["upcoming", "on_going", "empty"], to: "ended", by: ["system"] },
  { action: "run-out", from: ["on_going"], to: "empty", by: ["system"] },
  { action: "refill", from: ["empty"], to: "on_going", by: ["system"] },
  { action: "cancel", from: ["in_moderation", "upcoming"], to: "cancelled", by: ["seller", "platform"] },
  { action: "stop", from: ["on_going", "empty"], to: "ended", by: ["seller"] },
  { action: "suspend", from: ["upcoming", "on_going", "empty"], to: "suspended", by: ["platform"], note: "required" },
  { action: "resume", from: ["suspended"], to: "by-time", by: ["platform"] },
];

export function transitionFor(action: PromotionAction, from: PromotionStatusName, by: PromotionActor) {
  return PROMOTION_TRANSITIONS.find((t) => t.action === action && t.from.includes(from) && t.by.includes(by));
}

/** The seller's actions a promotion in this status offers (the page shows exactly these). */
export const sellerActions = (status: PromotionStatusName) =>
  PROMOTION_TRANSITIONS.filter((t) => t.by.includes("seller") && t.from.includes(status)).map((t) => t.action);

/** Where "by-time" leads at `now`. */
export function statusByTime(now: Date, startsAt: Date, endsAt: Date): PromotionStatusName {
  if (now >= endsAt) return "ended";
  return now >= startsAt ? "on_going" : "upcoming";
}

/** What the seller may change: everything before it runs; while it runs, a sooner end and more quota or stock. */
export type EditScope = "all" | "running" | "none";
export function editScope(status: PromotionStatusName): EditScope {
  if (status === "in_moderation" || status === "upcoming") return "all";
  if (status === "on_going" || status === "empty") return "running";
  return "none";
}

/** A promotion that is over may be copied into a new one. */
export const canRecreate = (status: PromotionStatusName) => status === "ended" || status === "cancelled" || status === "rejected";

export const statusName = (n: number) => (Object.entries(PROMOTION_STATUS).find(([, v]) => v === n)?.[0] ?? "ended") as PromotionStatusName;

/**
 * What a promotion is at `now` for the seller: one the sweeper has not moved yet is already On
 * Going from its start (pricing reads the window to the minute) and Ended from its end.
 */
export function effectiveStatus(p: { status: number; startsAt: Date; endsAt: Date }, now: Date): PromotionStatusName {
  const stored = statusName(p.status);
  if ((stored === "upcoming" || stored === "on_going" || stored === "empty") && now >= p.endsAt) return "ended";
  if (stored === "upcoming" && now >= p.startsAt) return "on_going";
  return stored;
}
