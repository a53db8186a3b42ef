/**
 * Brands as a business sees them: the list query shared by the list calls and the export job, one
 * brand by id, the answer shape (spec section 3 "Brand"), section entries and category paths.
 *
 * What a business sees: the brands it owns, plus the brands of other businesses it has an open
 * partnership with (status 0-3: asked, connected, or asking to change; core/profile/partnerships.ts).
 * A Disconnected partnership (4) no longer shows the brand. Any other brand is "not found".
 * Filters: status 1 Active / 3 Non-Active (the brand's own status, set by its owner); ownership
 * 1 Owned / 2 Partnership; search in the name; sort 1-6 on the brand's own dates and name.
 */
import { and, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { brandEntries, brands, businesses, partnerships, productCategories } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
import { allowedMoves, OPEN_STATUSES, PENDING_STATUSES } from "./partnerships.ts";
import { BRAND_STATUS, BRAND_STATUS_FILTERS, OWNERSHIP_FILTERS, PARTNERSHIP_STATUS, SOCIAL_MEDIA, VERIFIED_DOCUMENTS, type BrandSection } from "./profile-enums.ts";
import { wibDate } from "#core/lib/time.ts";

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

function baseQuery(businessId: number, exec: typeof db | Tx = db, statuses: readonly number[] = OPEN_STATUSES) {
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
) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await Promise.all([
    baseQuery(businessId, db, partnerStatuses)
      .where(where)
      .orderBy(...orderBy(f.sort, { created: brands.timeCreated, modified: brands.timeModified, name: brands.name, id: brands.id }))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(brands).leftJoin(partnerships, partnershipOf(businessId, partnerStatuses)).where(where),
  ]);
  return { rows, total };
}

/**
 * One brand `businessId` sees (owned or open partnership), else undefined. With `tx` the brand's
 * row is locked until the transaction ends, so a change decides on current values.
 */
export async function findBrand(businessId: number, id: number, tx?: Tx) {
  const query = baseQuery(businessId, tx).where(and(eq(brands.id, id), visibleTo(businessId))).limit(1);
  const [row] = tx ? await query.for("update", { of: brands }) : await query;
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
// Section entries
// ---------------------------------------------------------------------------------------------
type Entry = typeof brandEntries.$inferSelect;

/** One entry as the section calls answer it: its data's fields next to its id and times. */
export function entryJson(e: Entry) {
  const data = e.data as Record<string, unknown>;
  const extra = e.section === "holiday" ? { is_ongoing: isOngoing(data) } : {};
  return {
    id: e.id, brand_id: e.brandId, section: e.section, ...data, ...extra,
    time_created: unix(e.timeCreated), time_modified: unix(e.timeModified),
  };
}

function isOngoing(d: Record<string, unknown>, today = wibDate(new Date())) {
  return String(d.start_date) <= today && today <= String(d.end_date);
}

/** A section's entries in their order: banners by sort, holidays by start date, the rest as added. */
export async function sectionEntries(businessId: number, brandId: number, section: BrandSection) {
  const rows = await db.select().from(brandEntries)
    .where(and(eq(brandEntries.businessId, businessId), eq(brandEntries.brandId, brandId), eq(brandEntries.section, section)))
    .orderBy(brandEntries.sortOrder, brandEntries.id);
  if (section === "holiday") {
    rows.sort((a, b) => String((a.data as Record<string, unknown>).start_date).localeCompare(String((b.data as Record<string, unknown>).start_date)) || a.id - b.id);
  }
  return rows;
}

/** Readable one-line summary of an entry (the history keeps this, never ids). */
export function entrySummary(section: BrandSection, d: Record<string, unknown>): string {
  switch (section) {
    case "social-media": return `${SOCIAL_NAMES[Number(d.type)] ?? d.type} · ${d.username}`;
    case "banners": return String(d.title);
    case "pickup-lines": return String(d.text);
    case "notes": return String(d.title);
    case "response": return String(d.name);
    case "holiday": return `${dmy(d.start_date)} – ${dmy(d.end_date)} · ${d.reason}`;
  }
}
const dmy = (v: unknown) => String(v).split("-").reverse().join("-");
const SOCIAL_NAMES: Record<number, string> = SOCIAL_MEDIA;
