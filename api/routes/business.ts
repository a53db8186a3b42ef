/**
 * Companies (spec section 7 "Business"), the first complete resource: list with filters, create,
 * read, update, the activate/deactivate toggle, other businesses, business groups.
 *
 * Decisions where the spec is silent:
 * - Scope: a caller sees only companies they are a member of; any other id answers 404 (not 403),
 *   so ids of other sellers' companies cannot be probed. Every call needs the "profile" privilege
 *   in the business the caller works in (the page's access, as for every other resource) and,
 *   for a company, on the caller's membership of that company: staff of B without it cannot read
 *   B while working in A (403), and the list leaves B out.
 * - Changes (update, toggle, groups) are for the company's owner; a staff member gets 403. The web
 *   shows no edit or switch to non-owners, so that 403 only answers a hand-made request.
 * - A company added here starts Active: its creator is already a verified seller. Only the first
 *   company (POST /v0.0.0/sellers/register) goes through Moderation.
 * - PUT replaces the editable fields (the web always sends the whole form).
 * - The toggle only moves between Active (1) and Inactive (3); Moderation, Suspend and Reject are
 *   decided by the platform (422). The business the caller's token works in cannot be deactivated
 *   (422): the user would be left in a company they just closed. Repeating the current state is a
 *   harmless 200 that writes no history.
 * - Every change writes an update_history row (field: from → to, names rather than ids). Changes
 *   lock the company's row and compare with it inside their transaction, so concurrent edits and
 *   toggles run one after the other and the history's "from" values are what was overwritten.
 */
import { Hono, type Context } from "hono";
import { and, asc, count, eq, ilike, inArray, notInArray } from "drizzle-orm";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { businessGroups, businesses, businessMembers, cities, settings, villages } from "#db/schema/index.ts";
import { companyFilters, companyJson, findCompanies, findCompany, type CompanyRow } from "#core/business/business.ts";
import { BUSINESS_STATUS, statusName, TOGGLEABLE_STATUSES } from "#db/schema/company-enums.ts";
import { companyBody, type CompanyBody } from "#core/business/company-schema.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { historyList } from "#api/lib/history.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";
import { contains, listQuery, offsetOf } from "#core/lib/list-query.ts";
import { normalizePhone } from "#core/lib/phone.ts";
import { NotFound, Refused, Forbidden } from "#core/errors.ts";

export const businessRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("profile")] as const;

/** Checks the places exist and belong together; answers their names for the history. */
export async function checkPlaces(body: CompanyBody) {
  const [city] = await db.select({ name: cities.name }).from(cities).where(eq(cities.id, body.city_id)).limit(1);
  if (!city) throw new Refused("api:errors.validation", { city_id: ["validation:invalid"] });
  let village: string | null = null;
  if (body.village_id) {
    const [v] = await db.select({ name: villages.name, cityId: villages.cityId }).from(villages).where(eq(villages.id, body.village_id)).limit(1);
    if (!v || v.cityId !== body.city_id) throw new Refused("api:errors.validation", { village_id: ["company:errors.village_city"] });
    village = v.name;
  }
  return { city: city.name, village };
}

/** The row values of the body (phone in E.164). */
export function companyValues(body: CompanyBody) {
  return {
    name: body.name,
    legalType: body.legal_type,
    businessType: body.business_type,
    email: body.email ?? null,
    phone: normalizePhone(body.phone),
    address: body.address,
    cityId: body.city_id,
    villageId: body.village_id ?? null,
    postcode: body.postcode,
    taxId: body.tax_id ?? null,
    description: body.description ?? null,
  };
}

type Shown = {
  name: string; legalType: string; businessType: number; email: string | null; phone: string; address: string;
  postcode: string | null; taxId: string | null; description: string | null;
};
/** What the history shows of a company: readable values (place names, not ids). */
function snapshot(v: Shown, places: { city: string | null; village: string | null }) {
  return {
    name: v.name, legal_type: v.legalType, business_type: v.businessType, email: v.email, phone: v.phone, address: v.address,
    city: places.city, village: places.village, postcode: v.postcode, tax_id: v.taxId, description: v.description,
  };
}

const idParam = (c: Context<ApiEnv>) => Number(c.req.param("id"));

/**
 * The company, when the caller is a member; else 404. A membership without the profile privilege
 * gets 403; with `owner`, so does a staff member. With `tx`, the row stays locked until it ends.
 */
async function companyFor(c: Context<ApiEnv>, id: number, opts: { owner?: boolean; tx?: Tx } = {}) {
  const row = await findCompany(c.var.user.id, id, opts.tx);
  if (!row) throw new NotFound();
  if (!canAccess(row, "profile")) throw new Forbidden("api:errors.no_privilege");
  if (opts.owner && row.role !== "owner") throw new Forbidden("company:api.owner_only");
  return row;
}

const answer = (c: Context<ApiEnv>, row: CompanyRow) => companyJson(row, c.var.t, c.var.member.businessId);

// ---------------------------------------------------------------------------------------------
// List, create, read, update
// ---------------------------------------------------------------------------------------------
businessRoutes.get("/v0.0.1/business", ...seller, async (c) => {
  const q = await input(c, listQuery.extend(companyFilters.shape), "query");
  const { rows, total } = await findCompanies(c.var.user.id, q, { limit: q.limit, offset: offsetOf(q) });
  return list(c, rows.map((r) => answer(c, r)), total, q.limit);
});

businessRoutes.post("/v0.0.1/business", ...seller, async (c) => {
  const body = await input(c, companyBody);
  await checkPlaces(body);
  const userId = c.var.user.id;
  const id = await db.transaction(async (tx) => {
    const [b] = await tx
      .insert(businesses)
      .values({ ...companyValues(body), status: BUSINESS_STATUS.active, ownerUserId: userId })
      .returning({ id: businesses.id });
    await tx.insert(businessMembers).values({ businessId: b.id, userId, role: "owner" });
    await tx.insert(settings).values({ businessId: b.id });
    await recordHistory(tx, { businessId: b.id, refType: "business", refId: b.id, userId, action: "create" });
    return b.id;
  });
  return ok(c, answer(c, (await findCompany(userId, id))!), "company:api.created");
});

async function getOne(c: Context<ApiEnv>) {
  return ok(c, answer(c, await companyFor(c, idParam(c))));
}
businessRoutes.get("/v0.0.1/business/:id{[0-9]+}", ...seller, getOne);
businessRoutes.get("/v0.0.2/business/:id{[0-9]+}", ...seller, getOne);

businessRoutes.put("/v0.0.1/business/:id{[0-9]+}", ...seller, async (c) => {
  const { id } = await companyFor(c, idParam(c), { owner: true });
  const body = await input(c, companyBody);
  const places = await checkPlaces(body);
  const values = companyValues(body);
  const after = await db.transaction(async (tx) => {
    const before = await companyFor(c, id, { owner: true, tx });
    const changes = diff(snapshot(before, { city: before.cityName, village: before.villageName }), snapshot(values, places));
    if (!Object.keys(changes).length) return before;
    await tx.update(businesses).set({ ...values, timeModified: new Date() }).where(eq(businesses.id, id));
    await recordHistory(tx, { businessId: id, refType: "business", refId: id, userId: c.var.user.id, action: "update", changes });
    return (await findCompany(c.var.user.id, id, tx))!;
  });
  return ok(c, answer(c, after), "company:api.updated");
});

businessRoutes.get("/v0.0.0/business/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const company = await companyFor(c, idParam(c));
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  return historyList(c, { businessId: company.id, refType: "business", refId: company.id }, q);
});

// ---------------------------------------------------------------------------------------------
// Other businesses (partnership pickers) and business groups. Registered before the toggle so
// "groups/join" is never read as a company id and an action.
// ---------------------------------------------------------------------------------------------
businessRoutes.get("/v0.0.0/business/other-business", ...seller, async (c) => {
  const q = await input(c, listQuery.pick({ page: true, limit: true, search: true }), "query");
  const mine = db.select({ id: businessMembers.businessId }).from(businessMembers).where(eq(businessMembers.userId, c.var.user.id));
  const where = and(
    eq(businesses.status, BUSINESS_STATUS.active),
    notInArray(businesses.id, mine),
    q.search ? ilike(businesses.name, contains(q.search)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({ business_id: businesses.id, name: businesses.name }).from(businesses).where(where)
      .orderBy(asc(businesses.name), asc(businesses.id)).limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(businesses).where(where),
  ]);
  return list(c, rows, total, q.limit);
});

/** The caller's groups, each with its companies (spec: grouped entries with business_datas). */
businessRoutes.get("/v0.0.0/business/groups", ...seller, async (c) => {
  const groups = await db.select().from(businessGroups).where(eq(businessGroups.ownerUserId, c.var.user.id)).orderBy(asc(businessGroups.name));
  const members = groups.length
    ? await db.select({ groupId: businesses.groupId, business_id: businesses.id, name: businesses.name, status: businesses.status })
      .from(businesses).where(inArray(businesses.groupId, groups.map((g) => g.id))).orderBy(asc(businesses.name))
    : [];
  return whole(c, groups.map((g) => ({
    group_id: g.id,
    name: g.name,
    business_datas: members.filter((m) => m.groupId === g.id).map(({ groupId: _, ...m }) => m),
  })));
});

const groupBody = z.object({ name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long") });

async function ownGroup(c: Context<ApiEnv>, id: number) {
  const [g] = await db.select().from(businessGroups).where(and(eq(businessGroups.id, id), eq(businessGroups.ownerUserId, c.var.user.id))).limit(1);
  if (!g) throw new NotFound();
  return g;
}

businessRoutes.post("/v0.0.0/business/groups", ...seller, async (c) => {
  const { name } = await input(c, groupBody);
  const [g] = await db.insert(businessGroups).values({ name, ownerUserId: c.var.user.id }).returning();
  return ok(c, { group_id: g.id, name: g.name, business_datas: [] }, "company:api.group_created");
});

/** Puts the caller's company in a group (or none), with its history row; answers the company's id. */
async function setGroup(c: Context<ApiEnv>, businessId: number, group: { id: number; name: string } | null) {
  return db.transaction(async (tx) => {
    const company = await companyFor(c, businessId, { owner: true, tx });
    if (company.groupId === (group?.id ?? null)) return company.id;
    await tx.update(businesses).set({ groupId: group?.id ?? null, timeModified: new Date() }).where(eq(businesses.id, company.id));
    await recordHistory(tx, {
      businessId: company.id, refType: "business", refId: company.id, userId: c.var.user.id, action: "update",
      changes: { group: { from: company.groupName, to: group?.name ?? null } },
    });
    return company.id;
  });
}

businessRoutes.put("/v0.0.0/business/groups/join", ...seller, async (c) => {
  const body = await input(c, z.object({
    business_id: z.coerce.number({ error: "required" }).int().positive("required"),
    group_id: z.coerce.number({ error: "required" }).int().positive("required"),
  }));
  const group = await ownGroup(c, body.group_id);
  const id = await setGroup(c, body.business_id, group);
  return ok(c, { business_id: id, group_id: group.id }, "company:api.joined");
});

businessRoutes.put("/v0.0.0/business/groups/unjoin", ...seller, async (c) => {
  const body = await input(c, z.object({ business_id: z.coerce.number({ error: "required" }).int().positive("required") }));
  const id = await setGroup(c, body.business_id, null);
  return ok(c, { business_id: id, group_id: null }, "company:api.unjoined");
});

businessRoutes.put("/v0.0.0/business/groups/:id{[0-9]+}", ...seller, async (c) => {
  const group = await ownGroup(c, idParam(c));
  const { name } = await input(c, groupBody);
  await db.update(businessGroups).set({ name, timeModified: new Date() }).where(eq(businessGroups.id, group.id));
  return ok(c, { group_id: group.id, name }, "company:api.group_updated");
});

/** Deleting a group leaves its companies ungrouped (businesses.group_id is set null). */
businessRoutes.delete("/v0.0.0/business/groups/:id{[0-9]+}", ...seller, async (c) => {
  const group = await ownGroup(c, idParam(c));
  await db.delete(businessGroups).where(eq(businessGroups.id, group.id));
  return ok(c, { group_id: group.id }, "company:api.group_deleted");
});

// ---------------------------------------------------------------------------------------------
// The status toggle: PUT /v0.0.0/business/{id}/{activate|inactivate}
// ---------------------------------------------------------------------------------------------
businessRoutes.put("/v0.0.0/business/:id{[0-9]+}/:action{activate|inactivate}", ...seller, async (c) => {
  const activate = c.req.param("action") === "activate";
  const to = activate ? BUSINESS_STATUS.active : BUSINESS_STATUS.inactive;
  const after = await db.transaction(async (tx) => {
    // Decided on the locked row: a second toggle waits for the first and sees the status it left,
    // so a double click writes one history row, and a status the platform set (suspend) stays.
    // The answer is read before the lock goes, so it shows the status this call left.
    const company = await companyFor(c, idParam(c), { owner: true, tx });
    if (!TOGGLEABLE_STATUSES.includes(company.status)) {
      throw new Refused("company:api.not_toggleable", undefined, { status: c.var.t(`common:status.${statusName(company.status)}`) });
    }
    if (!activate && company.id === c.var.member.businessId) throw new Refused("company:api.in_use");
    if (company.status === to) return company;
    await tx.update(businesses).set({ status: to, timeModified: new Date() }).where(eq(businesses.id, company.id));
    await recordHistory(tx, {
      businessId: company.id, refType: "business", refId: company.id, userId: c.var.user.id,
      action: activate ? "activate" : "inactivate", changes: { status: { from: company.status, to } },
    });
    return (await findCompany(c.var.user.id, company.id, tx))!;
  });
  return ok(c, answer(c, after), activate ? "company:api.activated" : "company:api.inactivated");
});
