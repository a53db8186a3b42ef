/**
 * The lifecycles of a stock count and of an adjustment, as data (docs/decisions/0007): status ×
 * action → next status, and who may. Browser-safe: the pages show exactly the buttons this allows,
 * core/stock/opname.ts and adjustments.ts apply it, the API refuses what it does not allow naming
 * the action and the status.
 *
 * A count (spec section 4 "Opname lifecycle: create, add product, adjust product, remove product,
 * save/adjust, cancel"; the transition rules are not shown, so these are ours):
 *   draft ── edit (add / remove products, enter counts, import) ──▶ draft
 *   draft ── adjust ──▶ adjusted            within the business's thresholds, or by an erp.approve holder
 *   draft ── adjust ──▶ awaiting_approval   above them, by someone without erp.approve
 *   awaiting_approval ── approve ──▶ adjusted   erp.approve
 *   awaiting_approval ── reject  ──▶ draft      erp.approve (back to the counter to recount)
 *   draft | awaiting_approval ── cancel ──▶ cancelled   (the lock is released)
 * An adjustment: created adjusted or awaiting_approval (the same threshold rule);
 *   awaiting_approval ── approve ──▶ adjusted | reject ──▶ rejected   erp.approve.
 */
export const OPNAME_STATUSES = ["draft", "awaiting_approval", "adjusted", "cancelled"] as const;
export type OpnameStatus = (typeof OPNAME_STATUSES)[number];
export const OPEN_STATUSES: readonly OpnameStatus[] = ["draft", "awaiting_approval"];

export type OpnameAction = "edit" | "adjust" | "approve" | "reject" | "cancel";
type Move = { from: OpnameStatus; action: OpnameAction; to: OpnameStatus; approver?: true };

export const OPNAME_LIFECYCLE: readonly Move[] = [
  { from: "draft", action: "edit", to: "draft" },
  { from: "draft", action: "adjust", to: "adjusted" }, // or awaiting_approval above the thresholds
  { from: "awaiting_approval", action: "approve", to: "adjusted", approver: true },
  { from: "awaiting_approval", action: "reject", to: "draft", approver: true },
  { from: "draft", action: "cancel", to: "cancelled" },
  { from: "awaiting_approval", action: "cancel", to: "cancelled" },
];

export const opnameMove = (from: string, action: OpnameAction) => OPNAME_LIFECYCLE.find((m) => m.from === from && m.action === action);

/** The actions a person may take on a count in `status` (isApprover: holds erp.approve). */
export function opnameActions(status: string, isApprover: boolean): OpnameAction[] {
  return OPNAME_LIFECYCLE.filter((m) => m.from === status && (!m.approver || isApprover)).map((m) => m.action);
}

export const ADJUSTMENT_STATUSES = ["awaiting_approval", "adjusted", "rejected"] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
export const ADJUSTMENT_LIFECYCLE = [
  { from: "awaiting_approval", action: "approve", to: "adjusted", approver: true },
  { from: "awaiting_approval", action: "reject", to: "rejected", approver: true },
] as const;

/** The reason codes of an adjustment (item 3). */
export const ADJUSTMENT_REASONS = ["damaged", "lost", "found", "expired", "sample", "correction", "other"] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** Which items a count starts with. */
export const OPNAME_SCOPES = ["all", "category", "brand", "picked"] as const;

/** The count page's line filters. */
export const LINE_FILTERS = ["all", "counted", "uncounted", "variance"] as const;

/** The kinds of correction the opname-adjustment report lists (ledger reasons). */
export const REPORT_KINDS = ["opname", "adjustment"] as const;
