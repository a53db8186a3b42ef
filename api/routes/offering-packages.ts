/**
 * Packages (bundles) under /v0.0.0/packages (the spec lists no paths: the same calls as services,
 * offering-crud.ts). See core/catalog/packages.ts for the derived stock, the shape and the decisions.
 */
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import type { Tx } from "#db/client.ts";
import { packageItems, packages } from "#db/schema/index.ts";
import {
  businessVariants, findPackage, findPackages, packageBody, packageFilters, packageJson, packageSnapshot, type PackageBody, type PackageRow,
} from "#core/catalog/packages.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff } from "#core/lib/history.ts";
import { crudRoutes } from "./offering-crud.ts";
import { Refused } from "#core/errors.ts";

const valuesOf = (b: PackageBody) => ({ name: b.name, sku: b.sku, description: b.description ?? "", image: b.image ?? null, price: b.price });

/** The items with their SKUs; 422 on `items` when a variant is not the business's. */
async function checkedItems(tx: Tx, businessId: number, body: PackageBody) {
  const skus = await businessVariants(tx, businessId, body.items.map((i) => i.variant_id));
  if (skus.size !== body.items.length) throw new Refused("api:errors.validation", { items: ["offering:errors.variant_unknown"] });
  return body.items.map((i) => ({ variantId: i.variant_id, quantity: i.quantity, sku: skus.get(i.variant_id)! }));
}

export function registerPackages(routes: Hono<ApiEnv>) {
  crudRoutes(routes, {
    base: "/v0.0.0/packages",
    refType: "package",
    idsField: "package_ids",
    table: packages,
    body: packageBody,
    filters: packageFilters,
    find: findPackage,
    findMany: findPackages,
    json: (t, r: PackageRow) => packageJson(r, t),
    unique: { field: "sku", message: "offering:errors.sku_taken" },
    messages: {
      created: "api-offering:package.created",
      updated: "api-offering:package.updated",
      status: (activate, n) => `api-offering:package.${activate ? "activated" : "inactivated"}${n === 1 ? "" : "_many"}`,
    },
    async create(tx, { businessId }, body) {
      const items = await checkedItems(tx, businessId, body);
      const [row] = await tx.insert(packages).values({ ...valuesOf(body), businessId }).returning({ id: packages.id });
      await tx.insert(packageItems).values(items.map((i) => ({ packageId: row.id, variantId: i.variantId, quantity: i.quantity })));
      return row.id;
    },
    async update(tx, { businessId }, before, body) {
      const items = await checkedItems(tx, businessId, body);
      const values = valuesOf(body);
      const changes = diff(packageSnapshot(before), packageSnapshot({ ...values, items }));
      if (!Object.keys(changes).length) return changes;
      await tx.update(packages).set({ ...values, timeModified: new Date() }).where(eq(packages.id, before.id));
      await tx.delete(packageItems).where(eq(packageItems.packageId, before.id));
      await tx.insert(packageItems).values(items.map((i) => ({ packageId: before.id, variantId: i.variantId, quantity: i.quantity })));
      return changes;
    },
  });
}
