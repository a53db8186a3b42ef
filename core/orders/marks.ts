/**
 * What the seller records on orders besides their status: the seller's feedback to the customer
 * (spec POST /v0.0.0/orders/{id}/feedback) and the printed marks (PUT /v0.0.0/orders/printed,
 * called by the print pages). Neither changes the status; order-actions.ts stays its only writer.
 *
 * Decisions where the spec is silent:
 * - Feedback is a message (1–500 characters) and an optional rating 1–5, given once per order,
 *   after the customer received it (received, finish, complaint, returned). A second one is refused
 *   ("already given"): a marketplace keeps the first feedback too, and a double-submitted form must
 *   not change it.
 * - A printed mark keeps when the document was first printed (reprints do not move it), so the
 *   list can tell "not printed yet" from "printed" at a glance. Every id must be the business's
 *   order, or the whole call is 404 and nothing is marked.
 * Both are the actor's, with the "orders" privilege.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { orders } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { orderOf } from "./detail.ts";
import { orderIdList } from "./picklist.ts";
import { blank } from "#core/profile/warehouses-shared.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const FEEDBACK_STATUSES = ["received", "finish", "complaint", "returned"] as const;

export const feedbackBody = z.object({
  message: z.string({ error: "required" }).trim().min(1, "required").max(500, "too_long"),
  rating: blank(z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(5, "invalid")),
});

export type FeedbackBody = z.infer<typeof feedbackBody>;

export async function giveFeedback(scope: Scope, orderId: number, body: FeedbackBody) {
  const { db, actor } = sellerScope(scope, "orders");
  const businessId = actor.member.businessId;
  const order = await orderOf(businessId, orderId, db);
  // One statement decides: two submits at once give one feedback, the other is told it exists.
  const [row] = await db
    .update(orders)
    .set({ sellerFeedback: body.message, sellerRating: body.rating ?? null, timeModified: new Date() })
    .where(and(
      eq(orders.id, order.id), eq(orders.businessId, businessId), isNull(orders.sellerFeedback),
      inArray(orders.status, [...FEEDBACK_STATUSES]),
    ))
    .returning({ message: orders.sellerFeedback, rating: orders.sellerRating });
  if (row) return { order_id: order.id, order_code: order.orderCode, message: row.message, rating: row.rating };
  const [now] = await db.select({ status: orders.status, feedback: orders.sellerFeedback }).from(orders).where(eq(orders.id, order.id));
  if (now?.feedback != null) throw new Refused("api-orders:feedback.already", { message: ["api-orders:feedback.already"] }, { order: order.orderCode });
  throw new Refused("api-orders:feedback.not_yet", { message: ["api-orders:feedback.not_yet"] }, { order: order.orderCode });
}

export const PRINT_KINDS = ["invoice", "label", "picklist"] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

export const printedBody = z.object({
  order_ids: orderIdList(150),
  kind: z.enum(PRINT_KINDS, { error: "api-orders:printed.kind" }),
});

const printedColumn = { invoice: orders.invoicePrintedAt, label: orders.labelPrintedAt, picklist: orders.picklistPrintedAt } as const;
const printedKey = { invoice: "invoicePrintedAt", label: "labelPrintedAt", picklist: "picklistPrintedAt" } as const;

export async function markPrinted(scope: Scope, body: z.infer<typeof printedBody>) {
  const { db, actor } = sellerScope(scope, "orders");
  const businessId = actor.member.businessId;
  const ids = [...new Set(body.order_ids)];
  const col = printedColumn[body.kind];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(orders)
      .set({ [printedKey[body.kind]]: sql`coalesce(${col}, now())` })
      .where(and(eq(orders.businessId, businessId), inArray(orders.id, ids)))
      .returning({ id: orders.id, printedAt: col });
    // Any id that is not the business's order: nothing is marked (the transaction rolls back).
    if (rows.length !== ids.length) throw new NotFound("api-orders:not_found");
    return rows.map((r) => ({ order_id: r.id, kind: body.kind, printed_at: unix(r.printedAt) }));
  });
}
