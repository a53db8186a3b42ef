/**
 * Partnerships: one business (the partner) works with a brand or an offline store that another
 * business (the owner) owns. Generic over `kind` ("brand" | "store"); a row names the thing by
 * (kind, refId). Status codes are the spec's (section 4, core/profile/profile-enums.ts):
 * 0 Waiting for Approval, 1 Connected, 2 Requesting to Connect, 3 Requesting to Disconnect,
 * 4 Disconnected.
 *
 * The rules are DATA (PARTNERSHIP_TRANSITIONS): (action, from status, who may do it) → to status.
 * Who: "partner" / "owner" (a fixed side), "either", "requester" (the side that asked for the
 * pending change, kept in requested_by_business_id) or "responder" (the other side).
 *
 *   request             none → 0  partner     a first request to work with the thing
 *   request             4 → 2     either      asking again after a disconnection (either side)
 *   approve             0, 2 → 1  responder
 *   decline             0, 2 → 4  responder
 *   cancel              0, 2 → 4  requester   taking a pending request back
 *   disconnect          1 → 3     either
 *   approve-disconnect  3 → 4     responder
 *   decline-disconnect  3 → 1     responder   the partnership stays
 *   cancel              3 → 1     requester   taking a disconnect request back
 *
 * Decisions where the spec is silent: 0 is a first request and 2 a renewed one (after 4), so the
 * owner sees whether they dealt with this business before; both are answered the same way. A
 * disconnection needs the other side's approval (status 3 exists for that) and can be refused.
 *
 * Exported functions (for brands here, and stores later):
 * - findTransition(action, from, side, isRequester): the table row that allows it, or undefined.
 * - allowedActions(row, businessId): the actions that business may take on the row now (for the UI);
 *   allowedMoves(row, businessId): the same as table rows (action and the status it leads to).
 * - partnershipSide(row, businessId): "owner" | "partner" | null.
 * - requestPartnership(tx, { kind, refId, ownerBusinessId, partnerBusinessId, userId }): the
 *   partner asks (creates the row at 0, or moves a Disconnected one to 2); 422 when a request or
 *   a partnership already exists.
 * - actOnPartnership(tx, { id, businessId, action, userId, kind? }): locks the row (FOR UPDATE), checks
 *   the caller is one of its two businesses (else 404) and the table allows the action from the
 *   current status for the caller's side (else 422 "brand:partnership.not_allowed" naming the
 *   status), updates it and writes the history.
 * Both write two history rows in the caller's transaction: one in the owner's business on the
 * thing itself (refType = kind, refId), one in the partner's business on the partnership
 * (refType "partnership", refId = partnership id); changes hold the status (from → to codes) and
 * the other business's name.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { businesses, partnerships } from "#db/schema/index.ts";
import { recordHistory } from "#core/lib/history.ts";
import { PARTNERSHIP_STATUS } from "./profile-enums.ts";
import { NotFound, Refused } from "#core/errors.ts";

export type PartnershipKind = "brand" | "store";
export type PartnershipAction =
  | "request" | "approve" | "decline" | "cancel" | "disconnect" | "approve-disconnect" | "decline-disconnect";
export type Side = "owner" | "partner";
type Who = Side | "either" | "requester" | "responder";
export type Transition = { action: PartnershipAction; from: number | null; to: number; by: Who };

const S = PARTNERSHIP_STATUS;

export const PARTNERSHIP_TRANSITIONS: readonly Transition[] = [
  { action: "request", from: null, to: S.waiting, by: "partner" },
  { action: "request", from: S.disconnected, to: S.requesting_connect, by: "either" },
  { action: "approve", from: S.waiting, to: S.connected, by: "responder" },
  { action: "approve", from: S.requesting_connect, to: S.connected, by: "responder" },
  { action: "decline", from: S.waiting, to: S.disconnected, by: "responder" },
  { action: "decline", from: S.requesting_connect, to: S.disconnected, by: "responder" },
  { action: "cancel", from: S.waiting, to: S.disconnected, by: "requester" },
  { action: "cancel", from: S.requesting_connect, to: S.disconnected, by: "requester" },
  { action: "disconnect", from: S.connected, to: S.requesting_disconnect, by: "either" },
  { action: "approve-disconnect", from: S.requesting_disconnect, to: S.disconnected, by: "responder" },
  { action: "decline-disconnect", from: S.requesting_disconnect, to: S.connected, by: "responder" },
  { action: "cancel", from: S.requesting_disconnect, to: S.connected, by: "requester" },
];

/** The actions of PUT …/partnerships/{id}/{action}; "request" there asks again on an existing row. */
export const ANSWER_ACTIONS = ["approve", "decline", "cancel", "disconnect", "approve-disconnect", "decline-disconnect", "request"] as const;

/** Statuses where the partner works with the thing or has asked to: shown in the partner's lists. */
export const OPEN_STATUSES: readonly number[] = [S.waiting, S.connected, S.requesting_connect, S.requesting_disconnect];
/** Statuses waiting for an answer. */
export const PENDING_STATUSES: readonly number[] = [S.waiting, S.requesting_connect, S.requesting_disconnect];

type Row = typeof partnerships.$inferSelect;

export function partnershipSide(row: Pick<Row, "ownerBusinessId" | "partnerBusinessId">, businessId: number): Side | null {
  if (row.ownerBusinessId === businessId) return "owner";
  if (row.partnerBusinessId === businessId) return "partner";
  return null;
}

function allows(by: Who, side: Side, isRequester: boolean) {
  return by === "either" || by === side || (by === "requester" && isRequester) || (by === "responder" && !isRequester);
}

export function findTransition(action: PartnershipAction, from: number | null, side: Side, isRequester: boolean) {
  return PARTNERSHIP_TRANSITIONS.find((t) => t.action === action && t.from === from && allows(t.by, side, isRequester));
}

type RowState = Pick<Row, "ownerBusinessId" | "partnerBusinessId" | "status" | "requestedByBusinessId">;

/** The steps `businessId` may take on the partnership now, in table order: each action with the status it leads to. */
export function allowedMoves(row: RowState, businessId: number): Transition[] {
  const side = partnershipSide(row, businessId);
  if (!side) return [];
  const isRequester = row.requestedByBusinessId === businessId;
  return PARTNERSHIP_TRANSITIONS.filter((t) => t.from === row.status && allows(t.by, side, isRequester));
}

/** What `businessId` may do with the partnership now, in table order. */
export function allowedActions(row: RowState, businessId: number): PartnershipAction[] {
  return allowedMoves(row, businessId).map((t) => t.action);
}

async function names(tx: Tx, ids: number[]) {
  const rows = await tx.select({ id: businesses.id, name: businesses.name }).from(businesses).where(inArray(businesses.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function writeHistory(tx: Tx, row: Row, action: PartnershipAction, from: number | null, userId: number | null) {
  const n = await names(tx, [row.ownerBusinessId, row.partnerBusinessId]);
  const status = { from, to: row.status };
  await recordHistory(tx, {
    businessId: row.ownerBusinessId, refType: row.kind, refId: row.refId, userId, action: `partnership_${action}`,
    changes: { partnership_status: status, partner_business: { from: null, to: n.get(row.partnerBusinessId) ?? null } },
  });
  await recordHistory(tx, {
    businessId: row.partnerBusinessId, refType: "partnership", refId: row.id, userId, action: `partnership_${action}`,
    changes: { partnership_status: status, owner_business: { from: null, to: n.get(row.ownerBusinessId) ?? null } },
  });
}

const refused = (status: number | null) =>
  // The status is translated by i18next's nesting, allowed for this one value.
  new Refused("brand:partnership.not_allowed", undefined, {
    status: status === null ? "-" : `$t(profile:partnership_status.${status})`, interpolation: { skipOnVariables: false },
  });

/**
 * The partner asks to work with (kind, refId): a new row at 0, or a Disconnected one moved to 2.
 * Any other existing status is 422 (already asked or already partners). Answers the row and the
 * status it had (null when new).
 */
export async function requestPartnership(
  tx: Tx,
  p: { kind: PartnershipKind; refId: number; ownerBusinessId: number; partnerBusinessId: number; userId: number | null },
) {
  if (p.ownerBusinessId === p.partnerBusinessId) throw new Refused("brand:partnership.own");
  const lockExisting = () => tx.select().from(partnerships)
    .where(and(eq(partnerships.kind, p.kind), eq(partnerships.refId, p.refId), eq(partnerships.partnerBusinessId, p.partnerBusinessId)))
    .for("update").limit(1);
  let [row] = await lockExisting();
  if (!row) {
    const [created] = await tx.insert(partnerships).values({
      kind: p.kind, refId: p.refId, ownerBusinessId: p.ownerBusinessId, partnerBusinessId: p.partnerBusinessId,
      status: S.waiting, requestedByBusinessId: p.partnerBusinessId,
    }).onConflictDoNothing().returning();
    if (created) {
      await writeHistory(tx, created, "request", null, p.userId);
      return { row: created, from: null };
    }
    // Another request for the same pair won the race: answer from the row it made.
    [row] = await lockExisting();
  }
  return apply(tx, row, "request", p.partnerBusinessId, p.userId);
}

async function apply(tx: Tx, row: Row, action: PartnershipAction, businessId: number, userId: number | null) {
  const side = partnershipSide(row, businessId);
  if (!side) throw new NotFound();
  const move = findTransition(action, row.status, side, row.requestedByBusinessId === businessId);
  if (!move) throw refused(row.status);
  // The side that asks for a change is the one the other side answers.
  const asks = action === "request" || action === "disconnect";
  const [after] = await tx
    .update(partnerships)
    .set({ status: move.to, requestedByBusinessId: asks ? businessId : row.requestedByBusinessId, timeModified: new Date() })
    .where(eq(partnerships.id, row.id))
    .returning();
  await writeHistory(tx, after, action, row.status, userId);
  return { row: after, from: row.status as number | null };
}

/**
 * `businessId` takes `action` on partnership `id` (of `kind`, when given). 404 when the partnership
 * is not theirs (or of another kind); 422 when the table does not allow it now.
 */
export async function actOnPartnership(
  tx: Tx,
  p: { id: number; businessId: number; action: PartnershipAction; userId: number | null; kind?: PartnershipKind },
) {
  const [row] = await tx.select().from(partnerships)
    .where(and(eq(partnerships.id, p.id), p.kind ? eq(partnerships.kind, p.kind) : undefined))
    .for("update").limit(1);
  if (!row || !partnershipSide(row, p.businessId)) throw new NotFound();
  return apply(tx, row, p.action, p.businessId, p.userId);
}
