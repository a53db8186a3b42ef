/**
 * Changing an owned brand: create, update (the whole form, brand-schema.ts brandBody) and the
 * status switch, for the actor's business (privilege "profile"); readings are brands.ts.
 *
 * Decisions where the spec is silent:
 * - image is optional (the card shows the name's initial without one). It must be an image the
 *   actor uploaded (POST /v0.0.0/utilities/upload) or the brand's current one. Names are unique per
 *   business, case-insensitively (a refusal under `name`, also when a double submit races past the
 *   check).
 * - Status: 1 Active / 3 Inactive, the owner's to set; repeating the current state changes nothing
 *   and writes no history row.
 * - Update history: creation and every field change, as readable values (the category as its path,
 *   not its id); the same form sent again writes nothing.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "#db/client.ts";
import { brands, productCategories, uploads } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { pgErrorCode, Refused } from "#core/errors.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import type { BrandBody } from "./brand-schema.ts";
import { brandAnswer, brandOf, categoryPath, findBrand } from "./brands.ts";
import { BRAND_STATUS } from "./profile-enums.ts";

const parentCat = alias(productCategories, "parent_cat");
const topCat = alias(productCategories, "top_cat");

/** The category's path ("Fashion › Batik"), or a refusal under product_category_id for an unknown one. */
async function categoryName(exec: Db | Tx, id: number) {
  const [row] = await exec
    .select({ categoryName: productCategories.name, parentCategoryName: parentCat.name, topCategoryName: topCat.name })
    .from(productCategories)
    .leftJoin(parentCat, eq(parentCat.id, productCategories.parentId))
    .leftJoin(topCat, eq(topCat.id, parentCat.parentId))
    .where(eq(productCategories.id, id))
    .limit(1);
  if (!row) throw new Refused("api:errors.validation", { product_category_id: ["validation:invalid"] });
  return categoryPath(row);
}

/**
 * An image URL is fine when it is one of `keep` (already there) or an image `userId` uploaded;
 * else a refusal under `field`. Shared by the brand's logo and its banners.
 */
export async function checkImage(exec: Db | Tx, userId: number, field: string, url: string | undefined | null, keep: (string | null)[] = []) {
  if (!url || keep.includes(url)) return;
  const name = url.replace(/^\/uploads\//, "");
  const [row] = await exec.select({ name: uploads.name }).from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.userId, userId), inArray(uploads.contentType, ["image/png", "image/jpeg"]))).limit(1);
  if (!row) throw new Refused("api:errors.validation", { [field]: ["brand:errors.image_unknown"] });
}

const nameTaken = () => new Refused("api:errors.validation", { name: ["brand:errors.name_taken"] });

async function checkNameFree(exec: Db | Tx, businessId: number, name: string, exceptId?: number) {
  const [clash] = await exec.select({ id: brands.id }).from(brands)
    .where(and(eq(brands.businessId, businessId), sql`lower(${brands.name}) = lower(${name})`, exceptId ? ne(brands.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw nameTaken();
}

/** A unique-name race lost past checkNameFree is the same answer. */
async function nameRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === "23505") throw nameTaken();
    throw err;
  }
}

const values = (b: BrandBody) => ({
  name: b.name, image: b.image ?? null, productCategoryId: b.product_category_id, description: b.description ?? null,
});

/** What the history shows of a brand: readable values (the category's path, not its id). */
const snapshot = (v: { name: string; image: string | null; description: string | null }, category: string) =>
  ({ name: v.name, image: v.image, category, description: v.description });

export async function createBrand(scope: Scope, body: BrandBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const category = await categoryName(db, body.product_category_id);
  await checkImage(db, actor.user.id, "image", body.image);
  await checkNameFree(db, me, body.name);
  const after = await nameRace(() => db.transaction(async (tx) => {
    const [b] = await tx.insert(brands).values({ ...values(body), businessId: me, status: BRAND_STATUS.active }).returning({ id: brands.id });
    await recordHistory(tx, {
      businessId: me, refType: "brand", refId: b.id, userId: actor.user.id, action: "create",
      changes: diff({}, snapshot(values(body), category)),
    });
    return (await findBrand(me, b.id, tx))!;
  }));
  return brandAnswer(after, actor);
}

/** Saves `body` over an owned brand; the same body again writes nothing. */
export async function updateBrand(scope: Scope, id: number, body: BrandBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const current = await brandOf(db, actor, id, { owned: true });
  const category = await categoryName(db, body.product_category_id);
  await checkImage(db, actor.user.id, "image", body.image, [current.image]);
  await checkNameFree(db, me, body.name, id);
  const after = await nameRace(() => db.transaction(async (tx) => {
    const before = await brandOf(tx, actor, id, { owned: true, lock: true });
    const changes = diff(snapshot(before, categoryPath(before)), snapshot(values(body), category));
    if (!Object.keys(changes).length) return before;
    await tx.update(brands).set({ ...values(body), timeModified: new Date() }).where(eq(brands.id, id));
    await recordHistory(tx, { businessId: me, refType: "brand", refId: id, userId: actor.user.id, action: "update", changes });
    return (await findBrand(me, id, tx))!;
  }));
  return brandAnswer(after, actor);
}

/** The notice of a switch (the REST call's message, the web's toast). */
export const brandStatusMessage = (activate: boolean) => (activate ? "brand:api.activated" : "brand:api.inactivated");

/** The owner's switch: Active (1) or Inactive (3). */
export async function setBrandStatus(scope: Scope, id: number, activate: boolean) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const to = activate ? BRAND_STATUS.active : BRAND_STATUS.inactive;
  const after = await db.transaction(async (tx) => {
    // Decided on the locked row: a double click waits for the first and writes no second history row.
    const brand = await brandOf(tx, actor, id, { owned: true, lock: true });
    if (brand.status === to) return brand;
    await tx.update(brands).set({ status: to, timeModified: new Date() }).where(eq(brands.id, brand.id));
    await recordHistory(tx, {
      businessId: me, refType: "brand", refId: brand.id, userId: actor.user.id,
      action: activate ? "activate" : "inactivate", changes: { status: { from: brand.status, to } },
    });
    return (await findBrand(me, brand.id, tx))!;
  });
  return brandAnswer(after, actor);
}
