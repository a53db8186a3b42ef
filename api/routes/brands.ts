/**
 * Brands (spec section 7 "Brands") and the product category pickers (section 7 "Utilities":
 * categories, categories/tree).
 *
 * Calls:
 *   GET  /v0.0.0/utilities/categories            flat list; search, level (1-3), parent_id
 *   GET  /v0.0.0/utilities/categories/tree       three levels: name, product_category_id (and id), childs
 *   GET  /v0.0.0/brands, /v0.0.1/brands           owned + partnered brands; status, ownership, search, sort, page, limit
 *   GET  /v0.0.0/brands/mixed                     picker (see below)
 *   POST /v0.0.1/brands/create                    an owned brand
 *   POST /v0.0.0/brands/create-partnership        ask to partner with another business's brand ({ brand_id })
 *   GET  /v0.0.0/brands/partnerships              partnership requests: direction incoming | outgoing, status, brand_id
 *   PUT  /v0.0.0/brands/partnerships/{id}/{action} approve | decline | cancel | disconnect | approve-disconnect
 *                                                 | decline-disconnect | request (core/profile/partnerships.ts)
 *   GET  /v0.0.0/brands/{id}, /v0.0.1/brands/{id}
 *   PUT  /v0.0.3/brands/{id}                      update an owned brand (whole form)
 *   PUT  /v0.0.0/brands/{id}/{activate|inactivate}
 *   GET  /v0.0.0/brands/{id}/update-history
 *   POST /v0.0.0/brands/{id}/documents            add a document (multipart type + file, or JSON type + url of an upload)
 *   DELETE /v0.0.0/brands/{id}/documents?url=…    remove one
 *   GET, POST /v0.0.{0,1,2}/brands/{id}/{section}; PUT, DELETE /v0.0.{0,1,2}/brands/{id}/{section}/{entryId}
 *     sections: social-media, banners, pickup-lines, notes, response, holiday (shapes: core/profile/brand-schema.ts)
 * Export kind "brand" (POST /v0.0.0/exports/brand) with the list's filters.
 *
 * Decisions where the spec is silent:
 * - Scope: the caller's active business (c.var.member.businessId). It sees the brands it owns and
 *   the brands it has an open partnership with (status 0-3); any other id answers 404. Every call
 *   needs the "profile" privilege; any member with it (owner or staff) manages the business's
 *   brands, as with every other profile resource (companies alone are owner-only).
 * - A partner brand is read-only for the partner: update, toggle and documents answer 422
 *   "brand:api.partner_read_only" (not 403, which signs the web user out; the web shows no control
 *   for them anyway). Its Social Media, Banner, Pickup Line, Notes and Response sections are the
 *   owner's own (spec section 6) and answer 404 to a partner. Holiday is readable by partners (the
 *   card's Holiday link is on every brand card; a partner needs to know when the brand is closed)
 *   and only the owner changes it.
 * - product_category_id may be any level of the three-level tree (a brand can be all of "Fashion"
 *   or just "Batik Tulis"). The answer carries the category (name, level, path) and its top level,
 *   the spec's brand category (brand_category_data).
 * - image is optional (the card shows the name's initial without one). It must be an image the
 *   caller uploaded (POST /v0.0.0/utilities/upload) or the brand's current one. Names are unique per
 *   business, case-insensitively.
 * - Documents: the company document types (utilities:documents); a brand with 3 or more is
 *   verified (is_verified). Files are private uploads (png, jpeg, pdf); a partner sees their names,
 *   not the files.
 * - /brands/mixed is "brands to pick from". Without business_id (or with the caller's own): the
 *   caller's active owned brands and the active brands it is Connected with (status 1, or 3 while a
 *   disconnection waits) — the list later forms (products, promotions) offer. With another active
 *   business's business_id: that business's active brands, each with the caller's partnership_status
 *   (null when none) and is_requestable — the partnership picker's second step.
 * - A partnership is asked for by the business that wants to work with the brand; the brand's
 *   owner approves or declines; either side asks to disconnect and the other approves (or keeps
 *   it); a pending request can be taken back. Rules: core/profile/partnerships.ts.
 * - Toggle: the brand's status 1 Active / 3 Inactive. Repeating the current state is a harmless
 *   200 without a history row.
 * - Update history: creation, every field change (category as its path, not its id), toggles,
 *   documents, section entries (added / changed / removed, as a readable summary or per field) and
 *   partnership steps. A partner's history of a partner brand is the history of its partnership.
 */
import { Hono, type Context } from "hono";
import { and, count, desc, eq, ilike, inArray, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { brandEntries, brands, businesses, partnerships, productCategories, uploads } from "#db/schema/index.ts";
import { categoryTree, type CategoryNode } from "#core/catalog/categories.ts";
import { brandBody, MAX_SECTION_ENTRIES, partnershipBody, SECTION_SCHEMAS, type BrandBody } from "#core/profile/brand-schema.ts";
import {
  brandFilters, brandJson, categoryPath, entryJson, entrySummary, findBrand, findBrands, moveJson, sectionEntries, type BrandRow,
} from "#core/profile/brands.ts";
import { BUSINESS_STATUS, isDocumentType, MAX_DOCUMENTS } from "#db/schema/company-enums.ts";
import { actOnPartnership, allowedMoves, ANSWER_ACTIONS, OPEN_STATUSES, requestPartnership, type PartnershipAction } from "#core/profile/partnerships.ts";
import { BRAND_SECTIONS, BRAND_STATUS, PARTNERSHIP_STATUS, type BrandSection } from "#core/profile/profile-enums.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { historyList } from "#api/lib/history.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";
import { unix } from "#core/lib/time.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { DOCUMENT_KINDS, storeUpload } from "#core/lib/uploads.ts";
import { NotFound, Refused, pgErrorCode } from "#core/errors.ts";

export const brandRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("profile")] as const;

const idParam = (c: Context<ApiEnv>, name = "id") => Number(c.req.param(name));
const me = (c: Context<ApiEnv>) => c.var.member.businessId;
const answer = (c: Context<ApiEnv>, row: BrandRow) => brandJson(row, c.var.t, me(c));

// ---------------------------------------------------------------------------------------------
// Product categories (reference data, db/reference-data-categories.ts)
// ---------------------------------------------------------------------------------------------
const parentCat = alias(productCategories, "parent_cat");
const topCat = alias(productCategories, "top_cat");

const categoriesQuery = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  level: z.coerce.number().int().min(1, "invalid").max(3, "invalid").optional(),
  parent_id: z.coerce.number().int().positive("invalid").optional(),
});

/** Every category (or those matching), each with its path; in the catalogue's order. */
brandRoutes.get("/v0.0.0/utilities/categories", requireAuth, async (c) => {
  const q = await input(c, categoriesQuery, "query");
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
  return whole(c, rows.map((r) => ({
    product_category_id: r.id, id: r.id, name: r.name, level: r.level, parent_id: r.parentId, path: categoryPath(r),
  })));
});

/**
 * The three-level tree. `sort` is accepted as the spec's pickers send it (8); 5 and 6 order each
 * level by name (A-Z, Z-A), anything else keeps the catalogue's order.
 */
brandRoutes.get("/v0.0.0/utilities/categories/tree", requireAuth, async (c) => {
  const q = await input(c, z.object({ sort: z.coerce.number().int("invalid").optional() }), "query");
  const roots = await categoryTree();
  if (q.sort === 5 || q.sort === 6) {
    const dir = q.sort === 5 ? 1 : -1;
    const order = (list: CategoryNode[]) => {
      list.sort((a, b) => dir * a.name.localeCompare(b.name, "id"));
      list.forEach((n) => order(n.childs));
    };
    order(roots);
  }
  return whole(c, roots);
});

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------
/** A brand the caller sees, else 404; `owned` also refuses a partner brand (422, read-only). */
async function brandFor(c: Context<ApiEnv>, id: number, opts: { owned?: boolean; tx?: Tx } = {}) {
  const row = await findBrand(me(c), id, opts.tx);
  if (!row) throw new NotFound();
  if (opts.owned && row.businessId !== me(c)) throw new Refused("brand:api.partner_read_only");
  return row;
}

async function categoryName(id: number) {
  const [row] = await db
    .select({ categoryName: productCategories.name, parentCategoryName: parentCat.name, topCategoryName: topCat.name })
    .from(productCategories)
    .leftJoin(parentCat, eq(parentCat.id, productCategories.parentId))
    .leftJoin(topCat, eq(topCat.id, parentCat.parentId))
    .where(eq(productCategories.id, id))
    .limit(1);
  if (!row) throw new Refused("api:errors.validation", { product_category_id: ["validation:invalid"] });
  return categoryPath(row);
}

/** An image URL is fine when it is one of `keep` (already there) or an image the caller uploaded. */
async function checkImage(c: Context<ApiEnv>, field: string, url: string | undefined | null, keep: (string | null)[] = []) {
  if (!url || keep.includes(url)) return;
  const name = url.replace(/^\/uploads\//, "");
  const [row] = await db.select({ name: uploads.name }).from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.userId, c.var.user.id), inArray(uploads.contentType, ["image/png", "image/jpeg"]))).limit(1);
  if (!row) throw new Refused("api:errors.validation", { [field]: ["brand:errors.image_unknown"] });
}

async function checkNameFree(c: Context<ApiEnv>, name: string, exceptId?: number) {
  const [clash] = await db.select({ id: brands.id }).from(brands)
    .where(and(eq(brands.businessId, me(c)), sql`lower(${brands.name}) = lower(${name})`, exceptId ? ne(brands.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw new Refused("api:errors.validation", { name: ["brand:errors.name_taken"] });
}

/** A unique-name race lost past checkNameFree is the same answer. */
async function nameRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === "23505") throw new Refused("api:errors.validation", { name: ["brand:errors.name_taken"] });
    throw err;
  }
}

const values = (b: BrandBody) => ({
  name: b.name, image: b.image ?? null, productCategoryId: b.product_category_id, description: b.description ?? null,
});

/** What the history shows of a brand: readable values (the category's path, not its id). */
const snapshot = (v: { name: string; image: string | null; description: string | null }, category: string) =>
  ({ name: v.name, image: v.image, category, description: v.description });

// ---------------------------------------------------------------------------------------------
// List, picker, create
// ---------------------------------------------------------------------------------------------
async function listBrands(c: Context<ApiEnv>) {
  const q = await input(c, listQuery.extend(brandFilters.shape), "query");
  const { rows, total } = await findBrands(me(c), q, { limit: q.limit, offset: offsetOf(q) });
  return list(c, rows.map((r) => answer(c, r)), total, q.limit);
}
brandRoutes.get("/v0.0.0/brands", ...seller, listBrands);
brandRoutes.get("/v0.0.1/brands", ...seller, listBrands);

const mixedQuery = listQuery.extend({ business_id: z.coerce.number().int().positive("invalid").optional() });

brandRoutes.get("/v0.0.0/brands/mixed", ...seller, async (c) => {
  const q = await input(c, mixedQuery, "query");
  if (!q.business_id || q.business_id === me(c)) {
    const connected = [PARTNERSHIP_STATUS.connected, PARTNERSHIP_STATUS.requesting_disconnect];
    const { rows, total } = await findBrands(me(c), { ...q, status: BRAND_STATUS.active }, { limit: q.limit, offset: offsetOf(q) }, connected);
    return list(c, rows.map((r) => answer(c, r)), total, q.limit);
  }
  // Another business's active brands, for the partnership picker.
  const [other] = await db.select({ id: businesses.id, name: businesses.name }).from(businesses)
    .where(and(eq(businesses.id, q.business_id), eq(businesses.status, BUSINESS_STATUS.active))).limit(1);
  if (!other) return list(c, [], 0, q.limit);
  const mine = and(eq(partnerships.kind, "brand"), eq(partnerships.refId, brands.id), eq(partnerships.partnerBusinessId, me(c)));
  const where = and(eq(brands.businessId, other.id), eq(brands.status, BRAND_STATUS.active),
    q.search ? ilike(brands.name, contains(q.search)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db.select({
      id: brands.id, name: brands.name, image: brands.image, categoryId: productCategories.id, categoryName: productCategories.name,
      parentCategoryName: parentCat.name, topCategoryName: topCat.name, partnershipStatus: partnerships.status, timeCreated: brands.timeCreated,
    })
      .from(brands)
      .innerJoin(productCategories, eq(productCategories.id, brands.productCategoryId))
      .leftJoin(parentCat, eq(parentCat.id, productCategories.parentId))
      .leftJoin(topCat, eq(topCat.id, parentCat.parentId))
      .leftJoin(partnerships, mine)
      .where(where)
      .orderBy(...orderBy(q.sort, { created: brands.timeCreated, modified: brands.timeModified, name: brands.name, id: brands.id }))
      .limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(brands).where(where),
  ]);
  return list(c, rows.map((r) => ({
    brand_id: r.id,
    name: r.name,
    image: r.image,
    product_category_data: { product_category_id: r.categoryId, name: r.categoryName, path: categoryPath(r) },
    company_data: { business_id: other.id, name: other.name },
    partnership_status: r.partnershipStatus,
    partnership_status_name: r.partnershipStatus === null ? null : c.var.t(`profile:partnership_status.${r.partnershipStatus}`),
    is_requestable: r.partnershipStatus === null || r.partnershipStatus === PARTNERSHIP_STATUS.disconnected,
    time_created: unix(r.timeCreated),
  })), total, q.limit);
});

brandRoutes.post("/v0.0.1/brands/create", ...seller, async (c) => {
  const body = await input(c, brandBody);
  const category = await categoryName(body.product_category_id);
  await checkImage(c, "image", body.image);
  await checkNameFree(c, body.name);
  const id = await nameRace(() => db.transaction(async (tx) => {
    const [b] = await tx.insert(brands).values({ ...values(body), businessId: me(c), status: BRAND_STATUS.active }).returning({ id: brands.id });
    await recordHistory(tx, {
      businessId: me(c), refType: "brand", refId: b.id, userId: c.var.user.id, action: "create",
      changes: diff({}, snapshot(values(body), category)),
    });
    return b.id;
  }));
  return ok(c, answer(c, (await findBrand(me(c), id))!), "brand:api.created");
});

brandRoutes.post("/v0.0.0/brands/create-partnership", ...seller, async (c) => {
  const body = await input(c, partnershipBody);
  const [target] = await db
    .select({ id: brands.id, businessId: brands.businessId, status: brands.status, businessStatus: businesses.status })
    .from(brands).innerJoin(businesses, eq(businesses.id, brands.businessId))
    .where(eq(brands.id, body.brand_id)).limit(1);
  if (target?.businessId === me(c)) throw new Refused("api:errors.validation", { brand_id: ["brand:errors.own_brand"] });
  if (!target || target.status !== BRAND_STATUS.active || target.businessStatus !== BUSINESS_STATUS.active) {
    throw new Refused("api:errors.validation", { brand_id: ["brand:errors.not_available"] });
  }
  const [existing] = await db.select({ status: partnerships.status }).from(partnerships)
    .where(and(eq(partnerships.kind, "brand"), eq(partnerships.refId, target.id), eq(partnerships.partnerBusinessId, me(c)))).limit(1);
  if (existing && OPEN_STATUSES.includes(existing.status)) {
    throw new Refused("api:errors.validation", { brand_id: ["brand:errors.already_partner"] });
  }
  await db.transaction((tx) => requestPartnership(tx, {
    kind: "brand", refId: target.id, ownerBusinessId: target.businessId, partnerBusinessId: me(c), userId: c.var.user.id,
  }));
  return ok(c, answer(c, (await findBrand(me(c), target.id))!), "brand:api.partnership_requested");
});

// ---------------------------------------------------------------------------------------------
// Partnerships: requests in and out, and their answers
// ---------------------------------------------------------------------------------------------
const ownerBiz = alias(businesses, "p_owner");
const partnerBiz = alias(businesses, "p_partner");

const partnershipsQuery = listQuery.pick({ page: true, limit: true }).extend({
  direction: z.enum(["incoming", "outgoing"], { error: "invalid" }).default("incoming"),
  status: z.coerce.number().int().min(0, "invalid").max(4, "invalid").optional(),
  brand_id: z.coerce.number().int().positive("invalid").optional(),
});

const partnershipColumns = {
  id: partnerships.id, status: partnerships.status, ownerBusinessId: partnerships.ownerBusinessId,
  partnerBusinessId: partnerships.partnerBusinessId, requestedByBusinessId: partnerships.requestedByBusinessId,
  timeCreated: partnerships.timeCreated, timeModified: partnerships.timeModified,
  brandId: brands.id, brandName: brands.name, brandImage: brands.image, ownerName: ownerBiz.name, partnerName: partnerBiz.name,
};

function partnershipSelect(where: SQL | undefined) {
  return db.select(partnershipColumns).from(partnerships)
    .innerJoin(brands, eq(brands.id, partnerships.refId))
    .innerJoin(ownerBiz, eq(ownerBiz.id, partnerships.ownerBusinessId))
    .innerJoin(partnerBiz, eq(partnerBiz.id, partnerships.partnerBusinessId))
    .where(and(eq(partnerships.kind, "brand"), where));
}

type PartnershipRow = Awaited<ReturnType<typeof partnershipSelect>>[number];

function partnershipJson(c: Context<ApiEnv>, r: PartnershipRow) {
  const moves = allowedMoves(r, me(c));
  const isRequester = r.requestedByBusinessId === me(c);
  return {
    partnership_id: r.id,
    kind: "brand",
    status: r.status,
    status_name: c.var.t(`profile:partnership_status.${r.status}`),
    brand_data: { brand_id: r.brandId, name: r.brandName, image: r.brandImage },
    owner_business_data: { business_id: r.ownerBusinessId, name: r.ownerName },
    partner_business_data: { business_id: r.partnerBusinessId, name: r.partnerName },
    is_owner: r.ownerBusinessId === me(c),
    is_requester: isRequester,
    is_waiting_for_me: [PARTNERSHIP_STATUS.waiting, PARTNERSHIP_STATUS.requesting_connect, PARTNERSHIP_STATUS.requesting_disconnect]
      .includes(r.status as 0) && !isRequester,
    actions: moves.map((m) => m.action),
    action_datas: moveJson(moves, c.var.t),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}

brandRoutes.get("/v0.0.0/brands/partnerships", ...seller, async (c) => {
  const q = await input(c, partnershipsQuery, "query");
  const side = q.direction === "incoming" ? eq(partnerships.ownerBusinessId, me(c)) : eq(partnerships.partnerBusinessId, me(c));
  const where = and(
    side,
    q.status === undefined ? inArray(partnerships.status, [...OPEN_STATUSES]) : eq(partnerships.status, q.status),
    q.brand_id ? eq(partnerships.refId, q.brand_id) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    // Waiting for the caller first, then the latest change first.
    partnershipSelect(where)
      .orderBy(sql`CASE WHEN ${partnerships.status} IN (0, 2, 3) AND ${partnerships.requestedByBusinessId} <> ${me(c)} THEN 0 ELSE 1 END`,
        desc(partnerships.timeModified), desc(partnerships.id))
      .limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(partnerships).where(and(eq(partnerships.kind, "brand"), where)),
  ]);
  return list(c, rows.map((r) => partnershipJson(c, r)), total, q.limit);
});

// Longest first: the router's pattern takes the first alternative that fits ("decline" of "decline-disconnect").
const ACTION_PATTERN = [...ANSWER_ACTIONS].sort((a, b) => b.length - a.length).join("|");
brandRoutes.put(`/v0.0.0/brands/partnerships/:id{[0-9]+}/:action{${ACTION_PATTERN}}`, ...seller, async (c) => {
  const action = c.req.param("action") as PartnershipAction;
  const { row } = await db.transaction((tx) => actOnPartnership(tx, {
    id: idParam(c), businessId: me(c), action, userId: c.var.user.id, kind: "brand",
  }));
  const [after] = await partnershipSelect(eq(partnerships.id, row.id));
  return ok(c, partnershipJson(c, after), `brand:partnership.done.${action}`);
});

// ---------------------------------------------------------------------------------------------
// One brand: read, update, toggle, history, documents
// ---------------------------------------------------------------------------------------------
async function getOne(c: Context<ApiEnv>) {
  return ok(c, answer(c, await brandFor(c, idParam(c))));
}
brandRoutes.get("/v0.0.0/brands/:id{[0-9]+}", ...seller, getOne);
brandRoutes.get("/v0.0.1/brands/:id{[0-9]+}", ...seller, getOne);

brandRoutes.put("/v0.0.3/brands/:id{[0-9]+}", ...seller, async (c) => {
  const { id, image: currentImage } = await brandFor(c, idParam(c), { owned: true });
  const body = await input(c, brandBody);
  const category = await categoryName(body.product_category_id);
  await checkImage(c, "image", body.image, [currentImage]);
  await checkNameFree(c, body.name, id);
  const after = await nameRace(() => db.transaction(async (tx) => {
    const before = await brandFor(c, id, { owned: true, tx });
    const changes = diff(snapshot(before, categoryPath(before)), snapshot(values(body), category));
    if (!Object.keys(changes).length) return before;
    await tx.update(brands).set({ ...values(body), timeModified: new Date() }).where(eq(brands.id, id));
    await recordHistory(tx, { businessId: me(c), refType: "brand", refId: id, userId: c.var.user.id, action: "update", changes });
    return (await findBrand(me(c), id, tx))!;
  }));
  return ok(c, answer(c, after), "brand:api.updated");
});

brandRoutes.put("/v0.0.0/brands/:id{[0-9]+}/:action{activate|inactivate}", ...seller, async (c) => {
  const activate = c.req.param("action") === "activate";
  const to = activate ? BRAND_STATUS.active : BRAND_STATUS.inactive;
  const after = await db.transaction(async (tx) => {
    // Decided on the locked row: a double click waits for the first and writes no second history row.
    const brand = await brandFor(c, idParam(c), { owned: true, tx });
    if (brand.status === to) return brand;
    await tx.update(brands).set({ status: to, timeModified: new Date() }).where(eq(brands.id, brand.id));
    await recordHistory(tx, {
      businessId: me(c), refType: "brand", refId: brand.id, userId: c.var.user.id,
      action: activate ? "activate" : "inactivate", changes: { status: { from: brand.status, to } },
    });
    return (await findBrand(me(c), brand.id, tx))!;
  });
  return ok(c, answer(c, after), activate ? "brand:api.activated" : "brand:api.inactivated");
});

brandRoutes.get("/v0.0.0/brands/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const brand = await brandFor(c, idParam(c));
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  if (brand.businessId === me(c)) return historyList(c, { businessId: me(c), refType: "brand", refId: brand.id }, q);
  return historyList(c, { businessId: me(c), refType: "partnership", refId: brand.partnershipId! }, q);
});

const documentJson = z.object({
  type: z.string({ error: "required" }).refine(isDocumentType, "brand:errors.document_type"),
  url: z.string({ error: "required" }).trim().min(1, "required"),
});

/**
 * One document: multipart `type` + `file` (png, jpeg or pdf up to 2048 KB, stored private), or JSON
 * `type` + `url` naming a file the caller uploaded before.
 */
brandRoutes.post("/v0.0.0/brands/:id{[0-9]+}/documents", ...seller, async (c) => {
  const { id } = await brandFor(c, idParam(c), { owned: true });
  const multipart = (c.req.header("content-type") ?? "").includes("multipart/form-data");
  let type: string;
  let file: File | null = null;
  let url: string | null = null;
  if (multipart) {
    const form = await c.req.parseBody();
    const errors: Record<string, string[]> = {};
    type = String(form.type ?? "");
    if (!isDocumentType(type)) errors.type = [type ? "brand:errors.document_type" : "validation:required"];
    if (form.file instanceof File && form.file.size > 0) file = form.file;
    else errors.file = ["validation:required"];
    if (Object.keys(errors).length) throw new Refused("api:errors.validation", errors);
  } else {
    const body = await input(c, documentJson);
    type = body.type;
    const name = body.url.replace(/^\/uploads\//, "");
    const [own] = await db.select({ name: uploads.name, originalName: uploads.originalName }).from(uploads)
      .where(and(eq(uploads.name, name), eq(uploads.userId, c.var.user.id))).limit(1);
    if (!own) throw new Refused("api:errors.validation", { url: ["brand:errors.document_unknown"] });
    url = `/uploads/${own.name}`;
    await db.update(uploads).set({ private: true }).where(eq(uploads.name, own.name));
  }
  const after = await db.transaction(async (tx) => {
    const brand = await brandFor(c, id, { owned: true, tx });
    const documents = brand.documents ?? [];
    if (documents.length >= MAX_DOCUMENTS) throw new Refused("api:errors.validation", { file: ["brand:errors.too_many_documents"] });
    let name: string;
    if (file) {
      url = await storeUpload(file, c.var.user.id, DOCUMENT_KINDS, "file", { private: true, tx });
      name = file.name.slice(0, 120) || c.var.t(`utilities:documents.${type}`);
    } else {
      const [u] = await tx.select({ originalName: uploads.originalName }).from(uploads).where(eq(uploads.name, url!.slice(9))).limit(1);
      name = u?.originalName ?? url!.slice(9);
    }
    if (documents.some((d) => d.url === url)) return brand;
    await tx.update(brands).set({ documents: [...documents, { type, url: url!, name }], timeModified: new Date() }).where(eq(brands.id, id));
    await recordHistory(tx, {
      businessId: me(c), refType: "brand", refId: id, userId: c.var.user.id, action: "document_add",
      changes: { documents: { from: null, to: `${c.var.t(`utilities:documents.${type}`)} · ${name}` } },
    });
    return (await findBrand(me(c), id, tx))!;
  });
  return ok(c, answer(c, after), "brand:api.document_added");
});

brandRoutes.delete("/v0.0.0/brands/:id{[0-9]+}/documents", ...seller, async (c) => {
  const { url } = await input(c, z.object({ url: z.string({ error: "required" }).min(1, "required") }), "query");
  const after = await db.transaction(async (tx) => {
    const brand = await brandFor(c, idParam(c), { owned: true, tx });
    const documents = brand.documents ?? [];
    const gone = documents.find((d) => d.url === url);
    if (!gone) throw new NotFound();
    await tx.update(brands).set({ documents: documents.filter((d) => d !== gone), timeModified: new Date() }).where(eq(brands.id, brand.id));
    await recordHistory(tx, {
      businessId: me(c), refType: "brand", refId: brand.id, userId: c.var.user.id, action: "document_remove",
      changes: { documents: { from: `${c.var.t(`utilities:documents.${gone.type}`)} · ${gone.name}`, to: null } },
    });
    return (await findBrand(me(c), brand.id, tx))!;
  });
  return ok(c, answer(c, after), "brand:api.document_removed");
});

// ---------------------------------------------------------------------------------------------
// Sections: GET, POST /brands/{id}/{section}; PUT, DELETE /brands/{id}/{section}/{entryId}
// ---------------------------------------------------------------------------------------------
const SECTION = `:section{${BRAND_SECTIONS.join("|")}}`;
const sectionOf = (c: Context<ApiEnv>) => c.req.param("section") as BrandSection;

/** The brand of a section call: owned, or (reading Holiday only) partnered; else 404. */
async function sectionBrand(c: Context<ApiEnv>, section: BrandSection, opts: { write?: boolean; tx?: Tx } = {}) {
  const brand = await brandFor(c, idParam(c), { tx: opts.tx });
  if (brand.businessId === me(c)) return brand;
  if (section !== "holiday") throw new NotFound();
  if (opts.write) throw new Refused("brand:api.partner_read_only");
  return brand;
}

/** The history rows of an entry's change: a summary when added or removed, each field when changed. */
function entryChanges(section: BrandSection, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  if (!before || !after) {
    return { [`${section}.entry`]: { from: before ? entrySummary(section, before) : null, to: after ? entrySummary(section, after) : null } };
  }
  const d = diff(before, after);
  return Object.fromEntries(Object.entries(d).map(([k, v]) => [`${section}.${k}`, v]));
}

/** Banners keep their order in sort_order (their `sort`); other sections keep the order they were added in. */
const sortOrderOf = (section: BrandSection, data: Record<string, unknown>) => (section === "banners" ? Number(data.sort ?? 0) : 0);

for (const v of ["v0.0.0", "v0.0.1", "v0.0.2"]) {
  const base = `/${v}/brands/:id{[0-9]+}/${SECTION}`;

  brandRoutes.get(base, ...seller, async (c) => {
    const section = sectionOf(c);
    const brand = await sectionBrand(c, section);
    const rows = await sectionEntries(brand.businessId, brand.id, section);
    return whole(c, rows.map(entryJson));
  });

  brandRoutes.post(base, ...seller, async (c) => {
    const section = sectionOf(c);
    await sectionBrand(c, section, { write: true });
    const data = (await input(c, SECTION_SCHEMAS[section] as z.ZodType)) as Record<string, unknown>;
    if (section === "banners") await checkImage(c, "image", data.image as string);
    const entry = await db.transaction(async (tx) => {
      const brand = await sectionBrand(c, section, { write: true, tx });
      const [{ n }] = await tx.select({ n: count() }).from(brandEntries)
        .where(and(eq(brandEntries.brandId, brand.id), eq(brandEntries.section, section)));
      if (n >= MAX_SECTION_ENTRIES) throw new Refused("brand:errors.too_many_entries", undefined, { max: MAX_SECTION_ENTRIES });
      const [e] = await tx.insert(brandEntries).values({
        businessId: me(c), brandId: brand.id, section, data, sortOrder: sortOrderOf(section, data),
      }).returning();
      await tx.update(brands).set({ timeModified: new Date() }).where(eq(brands.id, brand.id));
      await recordHistory(tx, {
        businessId: me(c), refType: "brand", refId: brand.id, userId: c.var.user.id, action: "entry_add",
        changes: entryChanges(section, null, data),
      });
      return e;
    });
    return ok(c, entryJson(entry), "brand:api.entry_added");
  });

  const one = `${base}/:entryId{[0-9]+}`;
  async function entryFor(c: Context<ApiEnv>, tx: Tx, brandId: number, section: BrandSection) {
    const [e] = await tx.select().from(brandEntries)
      .where(and(eq(brandEntries.id, idParam(c, "entryId")), eq(brandEntries.brandId, brandId), eq(brandEntries.section, section),
        eq(brandEntries.businessId, me(c))))
      .for("update").limit(1);
    if (!e) throw new NotFound();
    return e;
  }

  brandRoutes.put(one, ...seller, async (c) => {
    const section = sectionOf(c);
    await sectionBrand(c, section, { write: true });
    const data = (await input(c, SECTION_SCHEMAS[section] as z.ZodType)) as Record<string, unknown>;
    const entry = await db.transaction(async (tx) => {
      const brand = await sectionBrand(c, section, { write: true, tx });
      const before = await entryFor(c, tx, brand.id, section);
      const old = before.data as Record<string, unknown>;
      if (section === "banners") await checkImage(c, "image", data.image as string, [old.image as string]);
      const changes = entryChanges(section, old, data);
      if (!Object.keys(changes).length) return before;
      const [e] = await tx.update(brandEntries)
        .set({ data, sortOrder: sortOrderOf(section, data), timeModified: new Date() })
        .where(eq(brandEntries.id, before.id)).returning();
      await tx.update(brands).set({ timeModified: new Date() }).where(eq(brands.id, brand.id));
      await recordHistory(tx, { businessId: me(c), refType: "brand", refId: brand.id, userId: c.var.user.id, action: "entry_update", changes });
      return e;
    });
    return ok(c, entryJson(entry), "brand:api.entry_updated");
  });

  brandRoutes.delete(one, ...seller, async (c) => {
    const section = sectionOf(c);
    await sectionBrand(c, section, { write: true });
    const gone = await db.transaction(async (tx) => {
      const brand = await sectionBrand(c, section, { write: true, tx });
      const e = await entryFor(c, tx, brand.id, section);
      await tx.delete(brandEntries).where(eq(brandEntries.id, e.id));
      await tx.update(brands).set({ timeModified: new Date() }).where(eq(brands.id, brand.id));
      await recordHistory(tx, {
        businessId: me(c), refType: "brand", refId: brand.id, userId: c.var.user.id, action: "entry_remove",
        changes: entryChanges(section, e.data as Record<string, unknown>, null),
      });
      return e;
    });
    return ok(c, entryJson(gone), "brand:api.entry_removed");
  });
}

// ---------------------------------------------------------------------------------------------
// Export: the list of /profile/brand with its filters
// ---------------------------------------------------------------------------------------------
defineExport("brand", {
  privilege: "profile",
  filename: "brand:export.filename",
  sheet: "brand:export.sheet",
  filters: brandFilters,
  columns: [
    { key: "name", header: "brand:fields.name", width: 30 },
    { key: "brand_category", header: "brand:fields.brand_category", width: 16 },
    { key: "category", header: "brand:fields.category", width: 40 },
    { key: "ownership", header: "brand:fields.ownership", width: 16 },
    { key: "company", header: "brand:fields.company", width: 28 },
    { key: "status", header: "brand:fields.status", width: 14 },
    { key: "partnership", header: "brand:fields.partnership_status", width: 24 },
    { key: "documents", header: "brand:fields.documents", width: 12 },
    { key: "verified", header: "brand:fields.verified", width: 12 },
    { key: "description", header: "brand:fields.description", width: 40 },
    { key: "time_created", header: "brand:fields.time_created", date: true },
    { key: "time_modified", header: "brand:fields.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findBrands(job.businessId, filters, { limit, offset });
    return {
      total,
      rows: rows.map((r) => {
        const b = brandJson(r, t, job.businessId);
        return {
          name: b.name,
          brand_category: b.brand_category_data.name,
          category: b.product_category_data.path,
          ownership: b.brand_category_name,
          company: b.company_data.name,
          status: b.status_name,
          partnership: b.partnership_data?.status_name ?? null,
          documents: b.total_document,
          verified: t(b.is_verified ? "common:actions.yes" : "common:actions.no"),
          description: b.description,
          time_created: r.timeCreated,
          time_modified: r.timeModified,
        };
      }),
    };
  },
});
