/**
 * The seller's active promotions for an order's products or for chosen products (spec section 7
 * POST /v0.1.0/promotions/sellers).
 *
 * Decisions where the spec is silent:
 * - There are no promotions yet: the answer is honestly empty, after the input and the order's
 *   (or the products') ownership are checked — another business's order or product is NotFound,
 *   like an unknown one. No made-up promotions.
 */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { products } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { orderOf } from "./detail.ts";
import { orderIdList } from "./picklist.ts";

export const promotionsBody = z.object({
  order_id: z.coerce.number({ error: "invalid" }).int("invalid").positive("invalid").max(2_147_483_647, "invalid").optional(),
  product_ids: orderIdList(150).optional(),
}).refine((b) => b.order_id !== undefined || b.product_ids !== undefined, { message: "api-orders:promotions.what", path: ["order_id"] });

export async function sellerPromotions(scope: Scope, body: z.infer<typeof promotionsBody>): Promise<never[]> {
  const { db, actor } = sellerScope(scope, "orders");
  const businessId = actor.member.businessId;
  if (body.order_id !== undefined) await orderOf(businessId, body.order_id, db);
  if (body.product_ids) {
    const ids = [...new Set(body.product_ids)];
    const mine = await db.select({ id: products.id }).from(products).where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
    if (mine.length !== ids.length) throw new NotFound();
  }
  return [];
}
