/**
 * Companies (businesses) as a member sees them: the list query shared by the list call and the
 * export job, the answer shape of spec section 7 "Business", and approval out of moderation
 * (used by the demo button and by scripts/approve-business.ts).
 *
 * Scope: a user sees the companies they are a member of (owner or staff), in any status, when
 * that membership grants the "profile" privilege (owners have every privilege). The privilege is
 * the one of each company's own membership, not of the business the caller is working in.
 * Filters: status 1 Active, 3 Non-Active (exactly those codes: Moderation, Suspend and Reject show
 * under "All" only); ownership 1 Owned (the user's role is owner), 2 Partnership (a member who is
 * not the owner).
 */
import { and, count, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { businessGroups, businesses, businessMembers, cities, provinces, settings, villages } from "#db/schema/index.ts";
import { recordHistory } from "#core/lib/history.ts";
import { unix } from "#core/lib/time.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
import { BUSINESS_STATUS, STATUS_FILTERS, statusName } from "#db/schema/company-enums.ts";

export const companyFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  status: z.coerce.number().int().refine((v) => STATUS_FILTERS.includes(v), "invalid").optional(),
  ownership: z.coerce.number().int().refine((v) => v === 1 || v === 2, "invalid").optional(),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type CompanyFilters = z.infer<typeof companyFilters>;

const columns = {
  id: businesses.id,
  name: businesses.name,
  legalType: businesses.legalType,
  businessType: businesses.businessType,
  email: businesses.email,
  phone: businesses.phone,
  address: businesses.address,
  cityId: cities.id,
  cityName: cities.name,
  provinceName: provinces.name,
  villageId: villages.id,
  villageName: villages.name,
  villageDistrict: villages.district,
  villagePostcode: villages.postcode,
  postcode: businesses.postcode,
  taxId: businesses.taxId,
  description: businesses.description,
  image: businesses.image,
  status: businesses.status,
  documents: businesses.documents,
  groupId: businessGroups.id,
  groupName: businessGroups.name,
  role: businessMembers.role,
  privileges: businessMembers.privileges,
  timeCreated: businesses.timeCreated,
  timeModified: businesses.timeModified,
};

/** The membership grants the company's profile pages (core/auth/privileges.ts canAccess, in SQL). */
const grantsProfile = or(eq(businessMembers.role, "owner"), sql`'profile' = ANY(${businessMembers.privileges})`)!;

function scoped(userId: number, f: Partial<CompanyFilters> = {}) {
  const where: SQL[] = [eq(businessMembers.userId, userId)];
  if (f.search) where.push(ilike(businesses.name, contains(f.search)));
  if (f.status !== undefined) where.push(eq(businesses.status, f.status));
  if (f.ownership === 1) where.push(eq(businessMembers.role, "owner"));
  if (f.ownership === 2) where.push(ne(businessMembers.role, "owner"));
  return and(...where);
}

function baseQuery(exec: typeof db | Tx = db) {
  return exec
    .select(columns)
    .from(businesses)
    .innerJoin(businessMembers, eq(businessMembers.businessId, businesses.id))
    .leftJoin(cities, eq(cities.id, businesses.cityId))
    .leftJoin(provinces, eq(provinces.id, cities.provinceId))
    .leftJoin(villages, eq(villages.id, businesses.villageId))
    .leftJoin(businessGroups, eq(businessGroups.id, businesses.groupId));
}

/** One page of the companies the user may see (their membership grants the profile privilege). */
export async function findCompanies(userId: number, f: CompanyFilters, page: { limit: number; offset: number }) {
  const where = and(scoped(userId, f), grantsProfile);
  const [rows, [{ total }]] = await Promise.all([
    baseQuery()
      .where(where)
      .orderBy(...orderBy(f.sort, { created: businesses.timeCreated, modified: businesses.timeModified, name: businesses.name, id: businesses.id }))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(businesses).innerJoin(businessMembers, eq(businessMembers.businessId, businesses.id)).where(where),
  ]);
  return { rows, total };
}

/**
 * One company the user is a member of, with their membership's role and privileges (the caller
 * checks them); undefined for anyone else's (the caller answers 404). With a transaction, the
 * company's row is locked until it ends, so a change decides on the current values.
 */
export async function findCompany(userId: number, id: number, tx?: Tx) {
  const query = baseQuery(tx).where(and(scoped(userId), eq(businesses.id, id))).limit(1);
  const [row] = tx ? await query.for("update", { of: businesses }) : await query;
  return row;
}
export type CompanyRow = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

/** The answer shape of the Business calls; names translated for the caller. */
export function companyJson(r: CompanyRow, t: TFunction, activeBusinessId: number | null) {
  return {
    business_id: r.id,
    name: r.name,
    legal_type: r.legalType,
    legal_type_name: r.legalType ? t(`utilities:legal_types.${r.legalType}`) : null,
    business_type: { id: r.businessType, name: r.businessType ? t(`utilities:business_types.${r.businessType}`) : null },
    email: r.email,
    phone: r.phone,
    address: r.address,
    city: r.cityId ? { location_id: r.cityId, location_name: r.cityName, province_name: r.provinceName } : null,
    village: r.villageId ? { village_id: r.villageId, name: r.villageName, district: r.villageDistrict, postcode: r.villagePostcode } : null,
    postcode: r.postcode,
    tax_id: r.taxId,
    description: r.description,
    status: r.status,
    status_name: t(`common:status.${statusName(r.status)}`),
    is_owner: r.role === "owner",
    is_active_business: r.id === activeBusinessId,
    image: r.image,
    document_datas: (r.documents ?? []).map((d) => ({ ...d, type_name: t(`utilities:documents.${d.type}`) })),
    group: r.groupId ? { id: r.groupId, name: r.groupName } : null,
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}

/**
 * Moves a company out of moderation: Active, its owner becomes its owner member (so they are a
 * seller now), default settings exist. Answers the company, or null when it was not in moderation.
 */
export async function approveBusiness(businessId: number, actorUserId: number | null) {
  return db.transaction(async (tx) => {
    const [b] = await tx
      .update(businesses)
      .set({ status: BUSINESS_STATUS.active, timeModified: new Date() })
      .where(and(eq(businesses.id, businessId), eq(businesses.status, BUSINESS_STATUS.moderation)))
      .returning();
    if (!b) return null;
    await tx.insert(businessMembers).values({ businessId, userId: b.ownerUserId, role: "owner" }).onConflictDoNothing();
    await tx.insert(settings).values({ businessId }).onConflictDoNothing();
    await recordHistory(tx, {
      businessId, refType: "business", refId: businessId, userId: actorUserId, action: "approve",
      changes: { status: { from: BUSINESS_STATUS.moderation, to: BUSINESS_STATUS.active } },
    });
    return b;
  });
}
