/**
 * Brand partnerships seen from one business: asking to partner with another business's brand,
 * the requests in (on its own brands) and out (on others'), and the answers to them. The rules
 * (who may take which step from which status) are partnerships.ts, shared with the stores.
 *
 * Decisions where the spec is silent:
 * - A partnership is asked for by the business that wants to work with the brand; the brand's
 *   owner approves or declines; either side asks to disconnect and the other approves (or keeps
 *   it); a pending request can be taken back.
 * - Asking is refused under brand_id for the business's own brand, a brand that is not active (or
 *   whose business is not), and a brand already asked for or partnered (status 0-3); a
 *   Disconnected one may be asked for again.
 * - Lists: direction incoming (the business owns the brand) or outgoing (it asked), the open
 *   statuses unless `status` is given, optionally one brand; the ones waiting for the business
 *   first, then the latest change first.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { sideBySide, type Db, type Tx } from "#db/client.ts";
import { brands, businesses, partnerships } from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { sellerScope, type Scope, type SellerActor } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { brandAnswer, findBrand, moveJson } from "./brands.ts";
import { actOnPartnership, allowedMoves, ANSWER_ACTIONS, OPEN_STATUSES, requestPartnership, type PartnershipAction } from "./partnerships.ts";
import { BRAND_STATUS, PARTNERSHIP_STATUS } from "./profile-enums.ts";

export { ANSWER_ACTIONS, type PartnershipAction };

const refusedBrand = (key: string) => new Refused("api:errors.validation", { brand_id: [key] });

/** The actor's business asks to partner with brand `brand_id`; answers the brand as it now sees it. */
export async function requestBrandPartnership(scope: Scope, body: { brand_id: number }) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const [target] = await db
    .select({ id: brands.id, businessId: brands.businessId, status: brands.status, businessStatus: businesses.status })
    .from(brands).innerJoin(businesses, eq(businesses.id, brands.businessId))
    .where(eq(brands.id, body.brand_id)).limit(1);
  if (target?.businessId === me) throw refusedBrand("brand:errors.own_brand");
  if (!target || target.status !== BRAND_STATUS.active || target.businessStatus !== BUSINESS_STATUS.active) {
    throw refusedBrand("brand:errors.not_available");
  }
  const [existing] = await db.select({ status: partnerships.status }).from(partnerships)
    .where(and(eq(partnerships.kind, "brand"), eq(partnerships.refId, target.id), eq(partnerships.partnerBusinessId, me))).limit(1);
  if (existing && OPEN_STATUSES.includes(existing.status)) throw refusedBrand("brand:errors.already_partner");
  await db.transaction((tx) => requestPartnership(tx, {
    kind: "brand", refId: target.id, ownerBusinessId: target.businessId, partnerBusinessId: me, userId: actor.user.id,
  }));
  return brandAnswer((await findBrand(me, target.id, db))!, actor);
}

const ownerBiz = alias(businesses, "p_owner");
const partnerBiz = alias(businesses, "p_partner");

export const partnershipsQuery = listQuery.pick({ page: true, limit: true }).extend({
  direction: z.enum(["incoming", "outgoing"], { error: "invalid" }).default("incoming"),
  status: z.coerce.number().int().min(0, "invalid").max(4, "invalid").optional(),
  brand_id: z.coerce.number().int().positive("invalid").optional(),
});
export type PartnershipsQuery = z.infer<typeof partnershipsQuery>;

const partnershipColumns = {
  id: partnerships.id, status: partnerships.status, ownerBusinessId: partnerships.ownerBusinessId,
  partnerBusinessId: partnerships.partnerBusinessId, requestedByBusinessId: partnerships.requestedByBusinessId,
  timeCreated: partnerships.timeCreated, timeModified: partnerships.timeModified,
  brandId: brands.id, brandName: brands.name, brandImage: brands.image, ownerName: ownerBiz.name, partnerName: partnerBiz.name,
};

function partnershipSelect(exec: Db | Tx, where: SQL | undefined) {
  return exec.select(partnershipColumns).from(partnerships)
    .innerJoin(brands, eq(brands.id, partnerships.refId))
    .innerJoin(ownerBiz, eq(ownerBiz.id, partnerships.ownerBusinessId))
    .innerJoin(partnerBiz, eq(partnerBiz.id, partnerships.partnerBusinessId))
    .where(and(eq(partnerships.kind, "brand"), where));
}

type PartnershipRow = Awaited<ReturnType<typeof partnershipSelect>>[number];

const WAITING: number[] = [PARTNERSHIP_STATUS.waiting, PARTNERSHIP_STATUS.requesting_connect, PARTNERSHIP_STATUS.requesting_disconnect];

function partnershipJson(r: PartnershipRow, actor: SellerActor) {
  const me = actor.member.businessId;
  const moves = allowedMoves(r, me);
  const isRequester = r.requestedByBusinessId === me;
  return {
    partnership_id: r.id,
    kind: "brand",
    status: r.status,
    status_name: actor.t(`profile:partnership_status.${r.status}`),
    brand_data: { brand_id: r.brandId, name: r.brandName, image: r.brandImage },
    owner_business_data: { business_id: r.ownerBusinessId, name: r.ownerName },
    partner_business_data: { business_id: r.partnerBusinessId, name: r.partnerName },
    is_owner: r.ownerBusinessId === me,
    is_requester: isRequester,
    is_waiting_for_me: WAITING.includes(r.status) && !isRequester,
    actions: moves.map((m) => m.action),
    action_datas: moveJson(moves, actor.t),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type BrandPartnershipJson = ReturnType<typeof partnershipJson>;

export async function listBrandPartnerships(scope: Scope, q: PartnershipsQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const side = q.direction === "incoming" ? eq(partnerships.ownerBusinessId, me) : eq(partnerships.partnerBusinessId, me);
  const where = and(
    side,
    q.status === undefined ? inArray(partnerships.status, [...OPEN_STATUSES]) : eq(partnerships.status, q.status),
    q.brand_id ? eq(partnerships.refId, q.brand_id) : undefined,
  );
  const [rows, [{ total }]] = await sideBySide(db,
    () => // Waiting for the business first, () => then the latest change first.
    partnershipSelect(db, where)
      .orderBy(sql`CASE WHEN ${partnerships.status} IN (0, 2, 3) AND ${partnerships.requestedByBusinessId} <> ${me} THEN 0 ELSE 1 END`,
        desc(partnerships.timeModified), desc(partnerships.id))
      .limit(q.limit).offset(offsetOf(q)),
    () => db.select({ total: count() }).from(partnerships).where(and(eq(partnerships.kind, "brand"), where)),
  );
  return { rows: rows.map((r) => partnershipJson(r, actor)), total };
}

/** The actor's business takes `action` on brand partnership `id` (partnerships.ts decides whether it may). */
export async function actOnBrandPartnership(scope: Scope, id: number, action: PartnershipAction) {
  const { db, actor } = sellerScope(scope, "profile");
  const { row } = await db.transaction((tx) => actOnPartnership(tx, {
    id, businessId: actor.member.businessId, action, userId: actor.user.id, kind: "brand",
  }));
  const [after] = await partnershipSelect(db, eq(partnerships.id, row.id));
  return partnershipJson(after, actor);
}
