/**
 * Companies (businesses) as a member sees them: the list query shared by the list call and the
 * export job (kind "business", defined at the bottom), the answer shape of spec section 7
 * "Business", and approval out of moderation (used by the demo button, core/business/sellers.ts,
 * and by scripts/approve-business.ts). The service over them is core/business/companies.ts.
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
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { businessGroups, businesses, businessMembers, cities, provinces, settings, villages } from "#db/schema/index.ts";
import { recordHistory } from "#core/lib/history.ts";
import { unix } from "#core/lib/time.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { BUSINESS_STATUS, STATUS_FILTERS, statusName } from "#db/schema/company-enums.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";

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

/** The user's companies: those they are an Active member of (a suspended or removed member sees none of it). */
function scoped(userId: number, f: Partial<CompanyFilters> = {}) {
  const where: SQL[] = [eq(businessMembers.userId, userId), eq(businessMembers.status, MEMBER_STATUS.active)];
  if (f.search) where.push(ilike(businesses.name, contains(f.search)));
  if (f.status !== undefined) where.push(eq(businesses.status, f.status));
  if (f.ownership === 1) where.push(eq(businessMembers.role, "owner"));
  if (f.ownership === 2) where.push(ne(businessMembers.role, "owner"));
  return and(...where);
}

function baseQuery(exec: Db | Tx = db) {
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
export async function findCompanies(userId: number, f: CompanyFilters, page: { limit: number; offset: number }, exec: Db | Tx = db) {
  const where = and(scoped(userId, f), grantsProfile);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => baseQuery(exec)
      .where(where)
      .orderBy(...orderBy(f.sort, { created: businesses.timeCreated, modified: businesses.timeModified, name: businesses.name, id: businesses.id }))
      .limit(page.limit)
      .offset(page.offset),
    () => exec.select({ total: count() }).from(businesses).innerJoin(businessMembers, eq(businessMembers.businessId, businesses.id)).where(where),
  );
  return { rows, total };
}

/**
 * One company the user is a member of, with their membership's role and privileges (the caller
 * checks them); undefined for anyone else's (the caller answers 404). `lock`: the company's row
 * stays locked until `exec` (a transaction) ends, so a change decides on the current values.
 */
export async function findCompany(userId: number, id: number, exec: Db | Tx = db, lock = false) {
  const query = baseQuery(exec).where(and(scoped(userId), eq(businesses.id, id))).limit(1);
  const [row] = lock ? await query.for("update", { of: businesses }) : await query;
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

export type CompanyJson = ReturnType<typeof companyJson>;

/**
 * Moves a company out of moderation: Active, its owner becomes its owner member (so they are a
 * seller now), default settings exist. Answers the company, or null when it was not in moderation.
 * Its own transaction, or the caller's when `exec` is one.
 */
export async function approveBusiness(businessId: number, actorUserId: number | null, exec: Db | Tx = db) {
  return exec.transaction(async (tx) => {
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

// ---------------------------------------------------------------------------------------------
// Companies: the list of /profile/company with its filters (search, status, ownership, sort).
// ---------------------------------------------------------------------------------------------
defineExport("business", {
  privilege: "profile",
  filename: "company:export.filename",
  sheet: "company:export.sheet",
  filters: companyFilters,
  columns: [
    { key: "name", header: "company:fields.name", width: 32 },
    { key: "legal_type", header: "company:fields.legal_type", width: 28 },
    { key: "business_type", header: "company:fields.business_type", width: 20 },
    { key: "status", header: "company:fields.status", width: 14 },
    { key: "ownership", header: "company:fields.ownership", width: 14 },
    { key: "email", header: "company:fields.email", width: 26 },
    { key: "phone", header: "company:fields.phone", width: 18 },
    { key: "address", header: "company:fields.address", width: 40 },
    { key: "village", header: "company:fields.village", width: 20 },
    { key: "city", header: "company:fields.city", width: 24 },
    { key: "province", header: "company:fields.province", width: 20 },
    { key: "postcode", header: "company:fields.postcode", width: 10 },
    { key: "tax_id", header: "company:fields.tax_id", width: 22 },
    { key: "time_created", header: "company:fields.time_created", date: true },
    { key: "time_modified", header: "company:fields.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findCompanies(job.userId, filters, { limit, offset });
    return {
      total,
      rows: rows.map((r) => {
        const c = companyJson(r, t, null);
        return {
          name: c.name,
          legal_type: c.legal_type_name,
          business_type: c.business_type.name,
          status: c.status_name,
          ownership: t(c.is_owner ? "list:ownership.1" : "list:ownership.2"),
          email: c.email,
          phone: c.phone,
          address: c.address,
          village: c.village?.name ?? null,
          city: c.city?.location_name ?? null,
          province: c.city?.province_name ?? null,
          postcode: c.postcode,
          tax_id: c.tax_id,
          time_created: r.timeCreated,
          time_modified: r.timeModified,
        };
      }),
    };
  },
});
