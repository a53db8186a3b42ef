/**
 * Store partnerships (the rules in core/profile/partnerships.ts, kind "store"): a business asks to
 * resell another business's active store; the owner approves. While asked (any status but
 * Disconnected) the store is in the asker's list as a Reseller store, read-only; once Connected the
 * asker connects it to its own channels. The owner's history of the store gets the partnership steps.
 *
 * Here: the other businesses' stores a business may ask for (with its partnership status), the
 * request, the partnerships it sent or received (those waiting for it first), and the answers to
 * them. Privilege "profile", scoped by the actor's business.
 */
import { alias } from "drizzle-orm/pg-core";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { prepared, type Db, type Tx } from "#db/client.ts";
import { businesses, cities, partnerships, stores } from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { contains, listQuery, offsetOf, totalOf } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { actOnPartnership, allowedMoves, OPEN_STATUSES, PENDING_STATUSES, requestPartnership, type PartnershipAction } from "./partnerships.ts";
import { ACTIVE, PARTNERSHIP_STATUS } from "./profile-enums.ts";
import { findStore, storesJson } from "./stores.ts";

const ownerBiz = alias(businesses, "sp_owner");
const partnerBiz = alias(businesses, "sp_partner");
const storeCity = alias(cities, "sp_city");

const partnershipColumns = {
  id: partnerships.id, status: partnerships.status, ownerBusinessId: partnerships.ownerBusinessId,
  partnerBusinessId: partnerships.partnerBusinessId, requestedByBusinessId: partnerships.requestedByBusinessId,
  timeCreated: partnerships.timeCreated, timeModified: partnerships.timeModified,
  storeId: stores.id, storeName: stores.name, storeImage: stores.image, storeType: stores.type, cityName: storeCity.name,
  ownerName: ownerBiz.name, partnerName: partnerBiz.name,
};

function storePartnershipSelect(exec: Db | Tx, where: SQL | undefined) {
  return exec.select(partnershipColumns).from(partnerships)
    .innerJoin(stores, eq(stores.id, partnerships.refId))
    .innerJoin(storeCity, eq(storeCity.id, stores.cityId))
    .innerJoin(ownerBiz, eq(ownerBiz.id, partnerships.ownerBusinessId))
    .innerJoin(partnerBiz, eq(partnerBiz.id, partnerships.partnerBusinessId))
    .where(and(eq(partnerships.kind, "store"), where));
}
type StorePartnershipRow = Awaited<ReturnType<typeof storePartnershipSelect>>[number];

export function storePartnershipJson(r: StorePartnershipRow, viewer: number, t: TFunction) {
  const moves = allowedMoves(r, viewer);
  const isRequester = r.requestedByBusinessId === viewer;
  return {
    partnership_id: r.id,
    kind: "store" as const,
    status: r.status,
    status_name: t(`profile:partnership_status.${r.status}`),
    store_data: { store_branch_id: r.storeId, name: r.storeName, image: r.storeImage, type: r.storeType, type_name: t(`profile:store_types.${r.storeType}`), city: r.cityName },
    owner_business_data: { business_id: r.ownerBusinessId, name: r.ownerName },
    partner_business_data: { business_id: r.partnerBusinessId, name: r.partnerName },
    is_owner: r.ownerBusinessId === viewer,
    is_requester: isRequester,
    is_waiting_for_me: (PENDING_STATUSES as number[]).includes(r.status) && !isRequester,
    actions: moves.map((m) => m.action),
    action_datas: moves.map((m) => ({ action: m.action, status: m.to, status_name: t(`profile:partnership_status.${m.to}`) })),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type StorePartnershipJson = ReturnType<typeof storePartnershipJson>;

export const partnerCandidatesQuery = listQuery.pick({ page: true, limit: true, search: true }).extend({
  business_id: z.coerce.number().int().positive("invalid").optional(),
});

/** Other businesses' active stores the actor's business may ask to partner with, with its partnership status. */
export async function partnerCandidates(scope: Scope, q: z.infer<typeof partnerCandidatesQuery>) {
  const { db, actor } = sellerScope(scope, "profile");
  const viewer = actor.member.businessId;
  const t = actor.t;
  const mine = and(eq(partnerships.kind, "store"), eq(partnerships.refId, stores.id), eq(partnerships.partnerBusinessId, viewer));
  const where = and(
    ne(stores.businessId, viewer),
    eq(stores.status, ACTIVE),
    eq(businesses.status, BUSINESS_STATUS.active),
    q.business_id ? eq(stores.businessId, q.business_id) : undefined,
    q.search ? or(ilike(stores.name, contains(q.search)), ilike(businesses.name, contains(q.search)), ilike(cities.name, contains(q.search))) : undefined,
  );
  const rows = await db.select({
    id: stores.id, name: stores.name, image: stores.image, type: stores.type, city: cities.name, businessId: businesses.id,
    businessName: businesses.name, partnershipStatus: partnerships.status,
  })
    .from(stores)
    .innerJoin(businesses, eq(businesses.id, stores.businessId))
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .leftJoin(partnerships, mine)
    .where(where)
    .orderBy(asc(sql`lower(${businesses.name})`), asc(sql`lower(${stores.name})`), asc(stores.id))
    .limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await db.select({ total: count() }).from(stores)
    .innerJoin(businesses, eq(businesses.id, stores.businessId))
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .where(where);
  return {
    rows: rows.map((r) => ({
      store_branch_id: r.id,
      name: r.name,
      image: r.image,
      type: r.type,
      type_name: t(`profile:store_types.${r.type}`),
      city: r.city,
      business_data: { business_id: r.businessId, name: r.businessName },
      partnership_status: r.partnershipStatus,
      partnership_status_name: r.partnershipStatus === null ? null : t(`profile:partnership_status.${r.partnershipStatus}`),
      is_requestable: r.partnershipStatus === null || r.partnershipStatus === PARTNERSHIP_STATUS.disconnected,
    })),
    total,
  };
}
export type PartnerCandidateJson = Awaited<ReturnType<typeof partnerCandidates>>["rows"][number];

export const partnershipRequestBody = z.object({ store_branch_id: z.coerce.number({ error: "required" }).int().positive("required") });

/** Asks to resell another business's active store; answers that store as the asker now sees it. */
export async function requestStorePartnership(scope: Scope, body: z.infer<typeof partnershipRequestBody>) {
  const { db, actor } = sellerScope(scope, "profile");
  const viewer = actor.member.businessId;
  const refuse = (key: string): never => {
    throw new Refused("api:errors.validation", { store_branch_id: [key] });
  };
  const [target] = await db
    .select({ id: stores.id, businessId: stores.businessId, status: stores.status, businessStatus: businesses.status })
    .from(stores).innerJoin(businesses, eq(businesses.id, stores.businessId))
    .where(eq(stores.id, body.store_branch_id)).limit(1);
  if (target?.businessId === viewer) refuse("store:errors.own_store");
  if (!target || target.status !== ACTIVE || target.businessStatus !== BUSINESS_STATUS.active) refuse("store:errors.not_available");
  const [existing] = await db.select({ status: partnerships.status }).from(partnerships)
    .where(and(eq(partnerships.kind, "store"), eq(partnerships.refId, target!.id), eq(partnerships.partnerBusinessId, viewer))).limit(1);
  if (existing && OPEN_STATUSES.includes(existing.status)) refuse("store:errors.already_partner");
  await db.transaction((tx) => requestPartnership(tx, {
    kind: "store", refId: target!.id, ownerBusinessId: target!.businessId, partnerBusinessId: viewer, userId: actor.user.id,
  }));
  const [answer] = await storesJson([(await findStore(viewer, target!.id, db))!], viewer, actor.t, db);
  return answer;
}

export const storePartnershipsQuery = listQuery.pick({ page: true, limit: true }).extend({
  direction: z.enum(["incoming", "outgoing"], { error: "invalid" }).default("incoming"),
  status: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0, "invalid").max(4, "invalid").optional()),
  store_branch_id: z.coerce.number().int().positive("invalid").optional(),
});

/**
 * The actor's store partnerships: incoming (its stores, asked by others), outgoing (it asked), or
 * both (the store page's one list of requests: it is not a choice of the REST call).
 */
export async function listStorePartnerships(
  scope: Scope, q: Omit<z.infer<typeof storePartnershipsQuery>, "direction"> & { direction: "incoming" | "outgoing" | "both" },
) {
  const { db, actor } = sellerScope(scope, "profile");
  const viewer = actor.member.businessId;
  const whereFor = (viewer: number | Placeholder) => and(
    q.direction === "both"
      ? or(eq(partnerships.ownerBusinessId, viewer), eq(partnerships.partnerBusinessId, viewer))
      : eq(q.direction === "incoming" ? partnerships.ownerBusinessId : partnerships.partnerBusinessId, viewer),
    q.status === undefined ? inArray(partnerships.status, [...OPEN_STATUSES]) : eq(partnerships.status, q.status),
    q.store_branch_id ? eq(partnerships.refId, q.store_branch_id) : undefined,
  );
  // The store page shows the open ones of both directions: prepared (db/client.ts).
  const shape = q.status === undefined && !q.store_branch_id ? `store_partnerships_${q.direction}` : null;
  const rows = await prepared(db, shape, (e, name) => storePartnershipSelect(e, whereFor(sql.placeholder("viewer")))
    // Waiting for the actor first, then the latest change first.
    .orderBy(sql`CASE WHEN ${partnerships.status} IN (0, 2, 3) AND ${partnerships.requestedByBusinessId} <> ${sql.placeholder("viewer")} THEN 0 ELSE 1 END`,
      desc(partnerships.timeModified), desc(partnerships.id))
    .limit(sql.placeholder("limit")).offset(sql.placeholder("offset"))
    .prepare(name)).execute({ viewer, limit: q.limit, offset: offsetOf(q) });
  const total = await totalOf({ offset: offsetOf(q), limit: q.limit }, rows.length, async () =>
    (await db.select({ total: count() }).from(partnerships).where(and(eq(partnerships.kind, "store"), whereFor(viewer))))[0].total);
  return { rows: rows.map((r) => storePartnershipJson(r, viewer, actor.t)), total };
}

/** One answer to a store partnership (approve, decline, cancel, disconnect, …): NotFound when not the actor's. */
export async function answerStorePartnership(scope: Scope, id: number, action: PartnershipAction) {
  const { db, actor } = sellerScope(scope, "profile");
  const viewer = actor.member.businessId;
  const { row } = await db.transaction((tx) => actOnPartnership(tx, { id, businessId: viewer, action, userId: actor.user.id, kind: "store" }));
  const [after] = await storePartnershipSelect(db, eq(partnerships.id, row.id));
  return storePartnershipJson(after, viewer, actor.t);
}

/** The success notice of an answer, the same on the web and in the API. */
export const partnershipDoneKey = (action: PartnershipAction) => `store:partnership.done.${action}`;
