/**
 * Companies (spec section 7 "Business"): what the web's company pages and the REST calls do —
 * list, read, create, update, update history and the activate/deactivate toggle. The queries and
 * the answer shape are core/business/business.ts; groups and the partnership picker are
 * core/business/company-groups.ts.
 *
 * Decisions where the spec is silent:
 * - Scope: a caller sees only companies they are a member of; any other id is NotFound (not
 *   Forbidden), so ids of other sellers' companies cannot be probed. Every call needs the
 *   "profile" privilege in the business the caller works in (the page's access, as for every
 *   other resource) and, for a company, on the caller's membership of that company: staff of B
 *   without it cannot read B while working in A (Forbidden), and the list leaves B out.
 * - Changes (update, toggle, groups) are for the company's owner; a staff member is Forbidden. The
 *   web shows no edit or switch to non-owners, so that refusal only answers a hand-made request.
 * - A company added here starts Active: its creator is already a verified seller. Only the first
 *   company (core/business/sellers.ts, the seller registration) goes through Moderation.
 * - An update replaces the editable fields (the web always sends the whole form).
 * - The toggle only moves between Active (1) and Inactive (3); Moderation, Suspend and Reject are
 *   decided by the platform (Refused). The business the caller works in cannot be deactivated
 *   (Refused): the user would be left in a company they just closed. Repeating the current state
 *   is harmless and writes no history. Made inactive, its realtime room is emptied (its staff
 *   can no longer open its orders; core/lib/events.ts publishBusinessClosed).
 * - Every change writes an update_history row (field: from → to, names rather than ids). Changes
 *   lock the company's row and compare with it inside their transaction, so concurrent edits and
 *   toggles run one after the other and the history's "from" values are what was overwritten.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import { businesses, businessMembers, cities, settings, villages } from "#db/schema/index.ts";
import { BUSINESS_STATUS, statusName, TOGGLEABLE_STATUSES } from "#db/schema/company-enums.ts";
import { noPrivilege, sellerScope, type Scope, type SellerActor } from "#core/actor.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { Forbidden, NotFound, Refused } from "#core/errors.ts";
import { publishBusinessClosed } from "#core/lib/events.ts";
import { diff, historyPage, recordHistory } from "#core/lib/history.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { normalizePhone } from "#core/lib/phone.ts";
import { companyFilters, companyJson, findCompanies, findCompany, type CompanyRow } from "./business.ts";
import type { CompanyBody } from "./company-schema.ts";

const REF = "business";

export const companyListQuery = listQuery.extend(companyFilters.shape);
export type CompanyListQuery = z.infer<typeof companyListQuery>;

/** Checks the places exist and belong together; answers their names for the history. */
export async function checkPlaces(exec: Db | Tx, body: CompanyBody) {
  const [city] = await exec.select({ name: cities.name }).from(cities).where(eq(cities.id, body.city_id)).limit(1);
  if (!city) throw new Refused("api:errors.validation", { city_id: ["validation:invalid"] });
  let village: string | null = null;
  if (body.village_id) {
    const [v] = await exec.select({ name: villages.name, cityId: villages.cityId }).from(villages).where(eq(villages.id, body.village_id)).limit(1);
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

/**
 * The company, when the actor is a member; else NotFound. A membership without the profile
 * privilege is Forbidden; with `owner`, so is a staff member. `lock`: the row stays locked until
 * `exec` (a transaction) ends.
 */
export async function companyFor(exec: Db | Tx, actor: SellerActor, id: number, opts: { owner?: boolean; lock?: boolean } = {}) {
  const row = await findCompany(actor.user.id, id, exec, opts.lock);
  if (!row) throw new NotFound();
  if (!canAccess(row, "profile")) throw noPrivilege(actor.t, "profile");
  if (opts.owner && row.role !== "owner") throw new Forbidden("company:api.owner_only");
  return row;
}

const answer = (actor: SellerActor, row: CompanyRow) => companyJson(row, actor.t, actor.member.businessId);

export async function listCompanies(scope: Scope, q: CompanyListQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const { rows, total } = await findCompanies(actor.user.id, q, { limit: q.limit, offset: offsetOf(q) }, db);
  return { rows: rows.map((r) => answer(actor, r)), total };
}

/** One company of the actor's; with `owner`, Forbidden unless the actor owns it (the edit page, before a change). */
export async function getCompany(scope: Scope, id: number, opts: { owner?: boolean } = {}) {
  const { db, actor } = sellerScope(scope, "profile");
  return answer(actor, await companyFor(db, actor, id, opts));
}

/** A new company of the actor, Active at once, with the actor as its owner. */
export async function createCompany(scope: Scope, body: CompanyBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const userId = actor.user.id;
  await checkPlaces(db, body);
  const row = await db.transaction(async (tx) => {
    const [b] = await tx
      .insert(businesses)
      .values({ ...companyValues(body), status: BUSINESS_STATUS.active, ownerUserId: userId })
      .returning({ id: businesses.id });
    await tx.insert(businessMembers).values({ businessId: b.id, userId, role: "owner" });
    await tx.insert(settings).values({ businessId: b.id });
    await recordHistory(tx, { businessId: b.id, refType: REF, refId: b.id, userId, action: "create" });
    return (await findCompany(userId, b.id, tx))!;
  });
  return answer(actor, row);
}

/** Saves `body` over the company (owner only); the same body again writes nothing. */
export async function updateCompany(scope: Scope, id: number, body: CompanyBody) {
  const { db, actor } = sellerScope(scope, "profile");
  await companyFor(db, actor, id, { owner: true }); // an unknown company is NotFound before its body is checked
  const places = await checkPlaces(db, body);
  const values = companyValues(body);
  const after = await db.transaction(async (tx) => {
    const before = await companyFor(tx, actor, id, { owner: true, lock: true });
    const changes = diff(snapshot(before, { city: before.cityName, village: before.villageName }), snapshot(values, places));
    if (!Object.keys(changes).length) return before;
    await tx.update(businesses).set({ ...values, timeModified: new Date() }).where(eq(businesses.id, id));
    await recordHistory(tx, { businessId: id, refType: REF, refId: id, userId: actor.user.id, action: "update", changes });
    return (await findCompany(actor.user.id, id, tx))!;
  });
  return answer(actor, after);
}

export async function companyHistory(scope: Scope, id: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "profile");
  const company = await companyFor(db, actor, id);
  return historyPage(db, { businessId: company.id, refType: REF, refId: company.id }, q);
}

/** Moves the company between Active and Inactive (owner only); answers it as it is now. */
export async function setCompanyStatus(scope: Scope, id: number, activate: boolean) {
  const { db, actor } = sellerScope(scope, "profile");
  const to = activate ? BUSINESS_STATUS.active : BUSINESS_STATUS.inactive;
  const after = await db.transaction(async (tx) => {
    // Decided on the locked row: a second toggle waits for the first and sees the status it left,
    // so a double click writes one history row, and a status the platform set (suspend) stays.
    // The answer is read before the lock goes, so it shows the status this call left.
    const company = await companyFor(tx, actor, id, { owner: true, lock: true });
    if (!TOGGLEABLE_STATUSES.includes(company.status)) {
      throw new Refused("company:api.not_toggleable", undefined, { status: actor.t(`common:status.${statusName(company.status)}`) });
    }
    if (!activate && company.id === actor.member.businessId) throw new Refused("company:api.in_use");
    if (company.status === to) return company;
    await tx.update(businesses).set({ status: to, timeModified: new Date() }).where(eq(businesses.id, company.id));
    await recordHistory(tx, {
      businessId: company.id, refType: REF, refId: company.id, userId: actor.user.id,
      action: activate ? "activate" : "inactivate", changes: { status: { from: company.status, to } },
    });
    return (await findCompany(actor.user.id, company.id, tx))!;
  });
  // Committed: an inactive company's staff cannot open its orders, so its sockets stop hearing them.
  if (!activate) publishBusinessClosed(after.id);
  return answer(actor, after);
}

/** The toggle's message key, for the API's answer and the web's toast alike. */
export const companyStatusMessage = (activate: boolean) => (activate ? "company:api.activated" : "company:api.inactivated");
