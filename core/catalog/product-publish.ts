/**
 * The publishing rule (product-schema.ts header), checked on stored products for every way a
 * product becomes published without the editor's body: the listing's activate (single and bulk,
 * product-actions.ts) and publishing bulk drafts (product-bulk-add.ts decideDrafts).
 * The editor checks the same rule on the body it is sent (productBody).
 *
 * A product may be published when it has a category and every one of its combinations has a
 * price above 0 (a product without combinations has no price, so it may not). Images are not
 * required (see product-schema.ts). The caller passes products it has locked (FOR UPDATE) in its
 * transaction, so nothing changes between this check and its status update.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { products } from "#db/schema/index.ts";

export type PublishProblem = "category" | "price";

/** What keeps each of the given products from being published; products that may be published are absent. */
export async function publishProblems(tx: Tx, businessId: number, productIds: number[]): Promise<Map<number, PublishProblem[]>> {
  const out = new Map<number, PublishProblem[]>();
  if (!productIds.length) return out;
  const rows = await tx
    .select({
      id: products.id,
      categoryId: products.categoryId,
      // Written out in full: inside the subqueries a bare "id" would be the combination's.
      priced: sql<boolean>`EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = "products"."id")
        AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = "products"."id" AND v.price <= 0)`,
    })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, productIds)));
  for (const r of rows) {
    const problems: PublishProblem[] = [];
    if (!r.categoryId) problems.push("category");
    if (!r.priced) problems.push("price");
    if (problems.length) out.set(r.id, problems);
  }
  return out;
}
