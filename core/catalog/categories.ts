/**
 * The product category tree (spec "Category tree": name, product_category_id or id, childs; three
 * levels). Categories are reference data, seeded with the database and never changed by the app,
 * so each process reads them once; every tree the API answers is built here.
 */
import { asc } from "drizzle-orm";
import { db } from "#db/client.ts";
import { productCategories } from "#db/schema/index.ts";

export type CategoryRow = typeof productCategories.$inferSelect;
export type CategoryNode<E = object> = { product_category_id: number; id: number; name: string; level: number; childs: CategoryNode<E>[] } & E;

let cached: Promise<CategoryRow[]> | null = null;

/** Every category, parents before children, in the catalogue's order. */
export function allCategories(): Promise<CategoryRow[]> {
  cached ??= db.select().from(productCategories)
    .orderBy(asc(productCategories.level), asc(productCategories.sortOrder), asc(productCategories.id))
    .then((rows) => {
      // An empty table is a database not seeded yet: ask again next time.
      if (!rows.length) cached = null;
      return rows;
    }, (e) => {
      cached = null;
      throw e;
    });
  return cached;
}

/** The tree; `extra` adds fields to a node, or leaves the category (and its children) out with null. */
export async function categoryTree<E extends object = object>(extra?: (row: CategoryRow) => E | null): Promise<CategoryNode<E>[]> {
  const nodes = new Map<number, CategoryNode<E>>();
  const roots: CategoryNode<E>[] = [];
  for (const r of await allCategories()) {
    const more = extra ? extra(r) : ({} as E);
    if (!more) continue;
    const node = { product_category_id: r.id, id: r.id, name: r.name, level: r.level, childs: [], ...more } as CategoryNode<E>;
    nodes.set(r.id, node);
    if (r.parentId === null) roots.push(node);
    else nodes.get(r.parentId)?.childs.push(node);
  }
  return roots;
}
