/**
 * The product category pickers of the brand forms (spec section 7 "Utilities": categories,
 * categories/tree). Categories are reference data (db/reference-data-categories.ts, read once a
 * process by core/catalog/categories.ts); any signed-in user may read them.
 *
 * Decisions where the spec is silent:
 * - The flat list carries each category's path ("Fashion › Batik") and keeps the catalogue's
 *   order: a top level, then its children, then theirs.
 * - The tree's `sort` is accepted as the spec's pickers send it (8); 5 and 6 order each level by
 *   name (A-Z, Z-A), anything else keeps the catalogue's order.
 */
import { and, eq, ilike, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { productCategories } from "#db/schema/index.ts";
import type { Scope } from "#core/actor.ts";
import { categoryTree, type CategoryNode } from "#core/catalog/categories.ts";
import { contains } from "#core/lib/list-query.ts";
import { categoryPath } from "./brands.ts";

const parentCat = alias(productCategories, "parent_cat");
const topCat = alias(productCategories, "top_cat");

export const categoriesQuery = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  level: z.coerce.number().int().min(1, "invalid").max(3, "invalid").optional(),
  parent_id: z.coerce.number().int().positive("invalid").optional(),
});
export type CategoriesQuery = z.infer<typeof categoriesQuery>;

/** Every category (or those matching), each with its path; in the catalogue's order. */
export async function listCategories({ db }: Scope, q: CategoriesQuery) {
  const where: SQL[] = [];
  if (q.search) where.push(ilike(productCategories.name, contains(q.search)));
  if (q.level) where.push(eq(productCategories.level, q.level));
  if (q.parent_id) where.push(eq(productCategories.parentId, q.parent_id));
  const rows = await db
    .select({
      id: productCategories.id, name: productCategories.name, level: productCategories.level, parentId: productCategories.parentId,
      categoryName: productCategories.name, parentCategoryName: parentCat.name, topCategoryName: topCat.name,
    })
    .from(productCategories)
    .leftJoin(parentCat, eq(parentCat.id, productCategories.parentId))
    .leftJoin(topCat, eq(topCat.id, parentCat.parentId))
    .where(and(...where))
    .orderBy(sql`coalesce(${topCat.sortOrder}, ${parentCat.sortOrder}, ${productCategories.sortOrder})`,
      sql`CASE WHEN ${topCat.id} IS NOT NULL THEN ${parentCat.sortOrder} WHEN ${parentCat.id} IS NOT NULL THEN ${productCategories.sortOrder} ELSE 0 END`,
      sql`CASE WHEN ${topCat.id} IS NOT NULL THEN ${productCategories.sortOrder} ELSE 0 END`);
  return rows.map((r) => ({
    product_category_id: r.id, id: r.id, name: r.name, level: r.level, parent_id: r.parentId, path: categoryPath(r),
  }));
}

export const categoryTreeQuery = z.object({ sort: z.coerce.number().int("invalid").optional() });

/** The three-level tree (name, product_category_id and id, childs), by name when sort is 5 or 6. */
export async function categoryPicker(_scope: Scope, q: { sort?: number } = {}) {
  const roots = await categoryTree();
  if (q.sort === 5 || q.sort === 6) {
    const dir = q.sort === 5 ? 1 : -1;
    const order = (list: CategoryNode[]) => {
      list.sort((a, b) => dir * a.name.localeCompare(b.name, "id"));
      list.forEach((n) => order(n.childs));
    };
    order(roots);
  }
  return roots;
}
