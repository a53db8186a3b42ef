/**
 * Brands as a business sees them: the list query shared by the list calls and the export job, one
 * brand by id, the answer shape (spec section 3 "Brand"), category paths, and the reading half of
 * the service (list, one brand, its update history, the /brands/mixed pickers, the export). The
 * changes are brands-save.ts (the brand itself), brands-documents.ts, brands-sections.ts and
 * brands-partnerships.ts; the category pickers are brands-categories.ts.
 *
 * What a business sees: the brands it owns, plus the brands of other businesses it has an open
 * partnership with (status 0-3: asked, connected, or asking to change; core/profile/partnerships.ts).
 * A Disconnected partnership (4) no longer shows the brand. Any other brand is "not found".
 * Filters: status 1 Active / 3 Non-Active (the brand's own status, set by its owner); ownership
 * 1 Owned / 2 Partnership; search in the name; sort 1-6 on the brand's own dates and name.
 *
 * Decisions where the spec is silent:
 * - Every call needs the "profile" privilege; any member with it (owner or staff) manages the
 *   business's brands, as with every other profile resource (companies alone are owner-only).
 * - A partner brand is read-only for the partner: a change answers Refused
 *   "brand:api.partner_read_only" (not Forbidden, which signs the web user out; the web shows no
 *   control for them anyway).
 * - The brand's category is the top level of its product category (the spec's brand category,
 *   brand_category_data); product_category_id may be any level of the three-level tree.
 * - /brands/mixed is "brands to pick from". Without business_id (or with the caller's own): the
 *   caller's active owned brands and the active brands it is Connected with (status 1, or 3 while a
 *   disconnection waits): the list later forms (products, promotions) offer. With another active
 *   business's business_id: that business's active brands, each with the caller's partnership_status
 *   (null when none) and is_requestable: the partnership picker's second step.
 * - A partner's history of a partner brand is the history of its partnership (its own business's
 *   rows on it); the owner's is the brand's.
 */
import { and, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { brands, businesses, partnerships, productCategories } from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { sellerScope, type Scope, type SellerActor } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { historyPage } from "#core/lib/history.ts";
import { contains, listQuery, offsetOf, orderBy } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { allowedMoves, OPEN_STATUSES, PENDING_STATUSES } from "./partnerships.ts";
import { BRAND_STATUS, BRAND_STATUS_FILTERS, OWNERSHIP_FILTERS, PARTNERSHIP_STATUS, VERIFIED_DOCUMENTS } from "./profile-enums.ts";

export const brandFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  status: z.coerce.number().int().refine((v) => (BRAND_STATUS_FILTERS as readonly string[]).includes(String(v)), "invalid").optional(),
  ownership: z.coerce.number().int().refine((v) => (OWNERSHIP_FILTERS as readonly string[]).includes(String(v)), "invalid").optional(),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type BrandFilters = z.infer<typeof brandFilters>;

const parentCategory = alias(productCategories, "parent_category");
const topCategory = alias(productCategories, "top_category");
const owner = alias(businesses, "owner_business");

/** The partnership of `businessId` on a brand, when open (joined per row; one at most by the unique index). */
const partnershipOf = (businessId: number, statuses: readonly number[] = OPEN_STATUSES) =>
  and(
    eq(partnerships.kind, "brand"),
    eq(partnerships.refId, brands.id),
    eq(partnerships.partnerBusinessId, businessId),
    inArray(partnerships.status, [...statuses]),
  );

const columns = {
  id: brands.id,
  businessId: brands.businessId,
  name: brands.name,
  image: brands.image,
  description: brands.description,
  status: brands.status,
  documents: brands.documents,
  categoryId: productCategories.id,
  categoryName: productCategories.name,
  categoryLevel: productCategories.level,
  parentCategoryId: parentCategory.id,
  parentCategoryName: parentCategory.name,
  topCategoryId: topCategory.id,
  topCategoryName: topCategory.name,
  ownerName: owner.name,
  partnershipId: partnerships.id,
  partnershipStatus: partnerships.status,
  partnershipOwner: partnerships.ownerBusinessId,
  partnershipPartner: partnerships.partnerBusinessId,
  partnershipRequestedBy: partnerships.requestedByBusinessId,
  // For owned brands: how many partners work with it, and how many requests wait for its owner.
  totalPartner: sql<number>`(SELECT count(*) FROM ${partnerships} p WHERE p.kind = 'brand' AND p.ref_id = ${brands.id} AND p.status = ${PARTNERSHIP_STATUS.connected})`.mapWith(Number),
  totalRequest: sql<number>`(SELECT count(*) FROM ${partnerships} p WHERE p.kind = 'brand' AND p.ref_id = ${brands.id}
    AND p.status IN (${sql.join(PENDING_STATUSES.map((s) => sql`${s}`), sql`, `)}) AND p.requested_by_business_id <> ${brands.businessId})`.mapWith(Number),
  timeCreated: brands.timeCreated,
  timeModified: brands.timeModified,
};

function baseQuery(businessId: number, exec: Db | Tx = db, statuses: readonly number[] = OPEN_STATUSES) {
  return exec
    .select(columns)
    .from(brands)
    .innerJoin(owner, eq(owner.id, brands.businessId))
    .innerJoin(productCategories, eq(productCategories.id, brands.productCategoryId))
    .leftJoin(parentCategory, eq(parentCategory.id, productCategories.parentId))
    .leftJoin(topCategory, eq(topCategory.id, parentCategory.parentId))
    .leftJoin(partnerships, partnershipOf(businessId, statuses));
}

/** Owned by the business, or partnered through an open partnership. */
const visibleTo = (businessId: number) => or(eq(brands.businessId, businessId), isNotNull(partnerships.id))!;

function filtered(businessId: number, f: Partial<BrandFilters>) {
  const where: SQL[] = [visibleTo(businessId)];
  if (f.search) where.push(ilike(brands.name, contains(f.search)));
  if (f.status !== undefined) where.push(eq(brands.status, f.status));
  if (f.ownership === 1) where.push(eq(brands.businessId, businessId));
  if (f.ownership === 2) where.push(isNotNull(partnerships.id));
  return and(...where);
}

/**
 * One page of the brands `businessId` sees, with the total. `partnerStatuses` narrows the partner
 * brands (the pickers want only the ones the business works with now: Connected, or asking to leave).
 */
export async function findBrands(
  businessId: number, f: BrandFilters, page: { limit: number; offset: number }, partnerStatuses: readonly number[] = OPEN_STATUSES,
  exec: Db | Tx = db,
) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => baseQuery(businessId, exec, partnerStatuses)
      .where(where)
      .orderBy(...orderBy(f.sort, { created: brands.timeCreated, modified: brands.timeModified, name: brands.name, id: brands.id }))
      .limit(page.limit)
      .offset(page.offset),
    () => exec.select({ total: count() }).from(brands).leftJoin(partnerships, partnershipOf(businessId, partnerStatuses)).where(where),
  );
  return { rows, total };
}

/**
 * One brand `businessId` sees (owned or open partnership), else undefined. `lock`: the brand's row
 * stays locked until `exec` (a transaction) ends, so a change decides on current values.
 */
export async function findBrand(businessId: number, id: number, exec: Db | Tx = db, lock = false) {
  const query = baseQuery(businessId, exec).where(and(eq(brands.id, id), visibleTo(businessId))).limit(1);
  const [row] = lock ? await query.for("update", { of: brands }) : await query;
  return row;
}
export type BrandRow = NonNullable<Awaited<ReturnType<typeof findBrand>>>;

/** "Fashion › Pakaian Wanita › Dress": a category with its parents, as the history and exports show it. */
export function categoryPath(r: { categoryName: string; parentCategoryName: string | null; topCategoryName: string | null }) {
  return [r.topCategoryName, r.parentCategoryName, r.categoryName].filter(Boolean).join(" › ");
}

/** The category's top level: the spec's brand category (Fashion, Art, Jewelry, Body Care, Home Living). */
function topOf(r: BrandRow) {
  if (r.topCategoryId) return { product_category_id: r.topCategoryId, name: r.topCategoryName };
  if (r.parentCategoryId) return { product_category_id: r.parentCategoryId, name: r.parentCategoryName };
  return { product_category_id: r.categoryId, name: r.categoryName };
}

/** The steps a business may take on a partnership, each with the status it leads to (for the confirm question). */
export function moveJson(moves: { action: string; to: number }[], t: TFunction) {
  return moves.map((m) => ({ action: m.action, status: m.to, status_name: t(`profile:partnership_status.${m.to}`) }));
}

/** The answer shape of the Brand calls, for the business `businessId` that asks. */
export function brandJson(r: BrandRow, t: TFunction, businessId: number) {
  const isPartner = r.businessId !== businessId;
  const documents = r.documents ?? [];
  const moves = isPartner && r.partnershipId !== null
    ? allowedMoves({
      ownerBusinessId: r.partnershipOwner!, partnerBusinessId: r.partnershipPartner!, status: r.partnershipStatus!,
      requestedByBusinessId: r.partnershipRequestedBy!,
    }, businessId)
    : [];
  const partnership = isPartner && r.partnershipId !== null
    ? {
      partnership_id: r.partnershipId,
      status: r.partnershipStatus!,
      status_name: t(`profile:partnership_status.${r.partnershipStatus}`),
      is_requester: r.partnershipRequestedBy === businessId,
      actions: moves.map((m) => m.action),
      action_datas: moveJson(moves, t),
    }
    : null;
  return {
    brand_id: r.id,
    name: r.name,
    image: r.image,
    description: r.description,
    product_category_id: r.categoryId,
    product_category_data: { product_category_id: r.categoryId, name: r.categoryName, level: r.categoryLevel, path: categoryPath(r) },
    brand_category_data: topOf(r),
    is_partner: isPartner,
    brand_category_name: t(isPartner ? "profile:brand_ownership.partner" : "profile:brand_ownership.owned"),
    company_data: { business_id: r.businessId, name: r.ownerName },
    status: r.status,
    status_name: t(r.status === BRAND_STATUS.active ? "profile:status.active" : "profile:status.inactive"),
    // A partner sees which documents the owner holds, not the (private) files.
    document_datas: documents.map((d) => ({
      type: d.type, type_name: t(`utilities:documents.${d.type}`, { defaultValue: d.type }), name: d.name, url: isPartner ? null : d.url,
    })),
    total_document: documents.length,
    is_verified: documents.length >= VERIFIED_DOCUMENTS,
    is_updateable: !isPartner,
    partnership_data: partnership,
    total_partner: isPartner ? 0 : r.totalPartner,
    total_partner_request: isPartner ? 0 : r.totalRequest,
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type BrandJson = ReturnType<typeof brandJson>;

// ---------------------------------------------------------------------------------------------
// The service, reading: what the web's pages and the REST calls read, for the actor's business
// (privilege "profile"). A brand the business does not see is NotFound, exactly like an unknown id.
// ---------------------------------------------------------------------------------------------

export const brandListQuery = listQuery.extend(brandFilters.shape);
export type BrandListQuery = z.infer<typeof brandListQuery>;

/** A brand the actor's business sees, else NotFound; `owned` also refuses a partner brand (read-only). */
export async function brandOf(exec: Db | Tx, actor: SellerActor, id: number, opts: { owned?: boolean; lock?: boolean } = {}) {
  const row = await findBrand(actor.member.businessId, id, exec, opts.lock);
  if (!row) throw new NotFound();
  if (opts.owned && row.businessId !== actor.member.businessId) throw new Refused("brand:api.partner_read_only");
  return row;
}

/** The answer shape for the actor's business. */
export const brandAnswer = (r: BrandRow, actor: SellerActor) => brandJson(r, actor.t, actor.member.businessId);

export async function listBrands(scope: Scope, q: BrandListQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const { rows, total } = await findBrands(actor.member.businessId, q, { limit: q.limit, offset: offsetOf(q) }, OPEN_STATUSES, db);
  return { rows: rows.map((r) => brandAnswer(r, actor)), total };
}

/** One brand the business sees; `owned`: a partner brand is refused (read-only). */
export async function getBrand(scope: Scope, id: number, opts: { owned?: boolean } = {}) {
  const { db, actor } = sellerScope(scope, "profile");
  return brandAnswer(await brandOf(db, actor, id, opts), actor);
}

/** The owner's brand history; for a partner brand, the history of the business's partnership on it. */
export async function brandHistory(scope: Scope, id: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const brand = await brandOf(db, actor, id);
  if (brand.businessId === me) return historyPage(db, { businessId: me, refType: "brand", refId: brand.id }, q);
  return historyPage(db, { businessId: me, refType: "partnership", refId: brand.partnershipId! }, q);
}

export const mixedBrandsQuery = listQuery.extend({ business_id: z.coerce.number().int().positive("invalid").optional() });
export type MixedBrandsQuery = z.infer<typeof mixedBrandsQuery>;

/** /brands/mixed: the brands to pick from (see the header): the business's own and connected, or another business's. */
export async function mixedBrands(scope: Scope, q: MixedBrandsQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  if (q.business_id && q.business_id !== me) return partnerableBrands(scope, q.business_id, q);
  const connected = [PARTNERSHIP_STATUS.connected, PARTNERSHIP_STATUS.requesting_disconnect];
  const { rows, total } = await findBrands(me, { ...q, status: BRAND_STATUS.active }, { limit: q.limit, offset: offsetOf(q) }, connected, db);
  return { rows: rows.map((r) => brandAnswer(r, actor)), total };
}

/**
 * Another active business's active brands, each with the actor's partnership status on it and
 * whether it may be asked for (none yet, or Disconnected): the partnership picker's second step.
 */
export async function partnerableBrands(scope: Scope, businessId: number, q: { page: number; limit: number; search?: string; sort: number }) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const [other] = await db.select({ id: businesses.id, name: businesses.name }).from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.status, BUSINESS_STATUS.active))).limit(1);
  if (!other || other.id === me) return { rows: [], total: 0 };
  const mine = and(eq(partnerships.kind, "brand"), eq(partnerships.refId, brands.id), eq(partnerships.partnerBusinessId, me));
  const where = and(eq(brands.businessId, other.id), eq(brands.status, BRAND_STATUS.active),
    q.search ? ilike(brands.name, contains(q.search)) : undefined);
  const [rows, [{ total }]] = await sideBySide(db,
    () => db.select({
      id: brands.id, name: brands.name, image: brands.image, categoryId: productCategories.id, categoryName: productCategories.name,
      parentCategoryName: parentCategory.name, topCategoryName: topCategory.name, partnershipStatus: partnerships.status,
      timeCreated: brands.timeCreated,
    })
      .from(brands)
      .innerJoin(productCategories, eq(productCategories.id, brands.productCategoryId))
      .leftJoin(parentCategory, eq(parentCategory.id, productCategories.parentId))
      .leftJoin(topCategory, eq(topCategory.id, parentCategory.parentId))
      .leftJoin(partnerships, mine)
      .where(where)
      .orderBy(...orderBy(q.sort, { created: brands.timeCreated, modified: brands.timeModified, name: brands.name, id: brands.id }))
      .limit(q.limit).offset(offsetOf(q)),
    () => db.select({ total: count() }).from(brands).where(where),
  );
  return {
    rows: rows.map((r) => ({
      brand_id: r.id,
      name: r.name,
      image: r.image,
      product_category_data: { product_category_id: r.categoryId, name: r.categoryName, path: categoryPath(r) },
      company_data: { business_id: other.id, name: other.name },
      partnership_status: r.partnershipStatus,
      partnership_status_name: r.partnershipStatus === null ? null : actor.t(`profile:partnership_status.${r.partnershipStatus}`),
      is_requestable: r.partnershipStatus === null || r.partnershipStatus === PARTNERSHIP_STATUS.disconnected,
      time_created: unix(r.timeCreated),
    })),
    total,
  };
}
export type PartnerableBrand = Awaited<ReturnType<typeof partnerableBrands>>["rows"][number];

/** Export kind "brand": the list of /profile/brand with its filters, as an .xlsx (core/jobs/exports.ts). */
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
