/**
 * Every partnership of the actor's business in one place (/setting/partner): brands and stores,
 * asked by others (incoming: the business owns the brand or store) or asked by it (outgoing),
 * with the answers the rules allow now (core/profile/partnerships.ts decides, as on the brand and
 * store pages; acting goes through the same functions).
 *
 * Decisions where the spec is silent (the page is only named in the sitemap):
 * - Open partnerships by default (waiting, connected, requesting); a status filter shows any one,
 *   Disconnected included. Those waiting for this business come first, then the latest change.
 * - Search matches the brand or store name and the other business's name.
 * - Privilege "profile": partnerships are the seller profile's, whichever page shows them.
 */
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { sideBySide } from "#db/client.ts";
import { brands, businesses, partnerships, stores } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { contains, listQuery, offsetOf } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { actOnBrandPartnership } from "./brands-partnerships.ts";
import { allowedMoves, OPEN_STATUSES, PENDING_STATUSES, type PartnershipAction } from "./partnerships.ts";
import { answerStorePartnership } from "./stores-partnerships.ts";

export const PARTNERSHIP_KINDS = ["brand", "store"] as const;
const blankIsNone = (v: unknown) => (v === "" ? undefined : v);

export const allPartnershipsQuery = listQuery.pick({ page: true, limit: true, search: true }).extend({
  kind: z.preprocess(blankIsNone, z.enum(PARTNERSHIP_KINDS, { error: "invalid" }).optional()),
  direction: z.preprocess(blankIsNone, z.enum(["incoming", "outgoing"], { error: "invalid" }).optional()),
  status: z.preprocess(blankIsNone, z.coerce.number().int().min(0, "invalid").max(4, "invalid").optional()),
});
export type AllPartnershipsQuery = z.infer<typeof allPartnershipsQuery>;

const ownerBiz = alias(businesses, "pa_owner");
const partnerBiz = alias(businesses, "pa_partner");
const objectName = sql<string>`coalesce(${brands.name}, ${stores.name})`;

/** The partnerships of `me` matching the query, waiting-for-me first. */
export async function listAllPartnerships(scope: Scope, q: AllPartnershipsQuery) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const side = q.direction === "incoming" ? eq(partnerships.ownerBusinessId, me)
    : q.direction === "outgoing" ? eq(partnerships.partnerBusinessId, me)
    : or(eq(partnerships.ownerBusinessId, me), eq(partnerships.partnerBusinessId, me));
  const term = q.search ? contains(q.search) : undefined;
  const where: SQL | undefined = and(
    side,
    q.kind ? eq(partnerships.kind, q.kind) : undefined,
    q.status === undefined ? inArray(partnerships.status, [...OPEN_STATUSES]) : eq(partnerships.status, q.status),
    term ? or(ilike(objectName, term), ilike(ownerBiz.name, term), ilike(partnerBiz.name, term)) : undefined,
  );
  // The joins and conditions of both the page and its count (drizzle's dynamic query mode).
  const scoped = <Q extends PgSelect>(q: Q) =>
    q.leftJoin(brands, and(eq(partnerships.kind, "brand"), eq(brands.id, partnerships.refId)))
      .leftJoin(stores, and(eq(partnerships.kind, "store"), eq(stores.id, partnerships.refId)))
      .innerJoin(ownerBiz, eq(ownerBiz.id, partnerships.ownerBusinessId))
      .innerJoin(partnerBiz, eq(partnerBiz.id, partnerships.partnerBusinessId))
      .where(where);
  const [rows, [{ total }]] = await sideBySide(db,
    () => scoped(db.select({
      id: partnerships.id, kind: partnerships.kind, refId: partnerships.refId, status: partnerships.status,
      ownerBusinessId: partnerships.ownerBusinessId, partnerBusinessId: partnerships.partnerBusinessId,
      requestedByBusinessId: partnerships.requestedByBusinessId, timeModified: partnerships.timeModified,
      name: objectName, image: sql<string | null>`coalesce(${brands.image}, ${stores.image})`,
      ownerName: ownerBiz.name, partnerName: partnerBiz.name,
    }).from(partnerships).$dynamic())
      .orderBy(
        sql`CASE WHEN ${inArray(partnerships.status, [...PENDING_STATUSES])} AND ${partnerships.requestedByBusinessId} <> ${me} THEN 0 ELSE 1 END`,
        desc(partnerships.timeModified), desc(partnerships.id),
      )
      .limit(q.limit).offset(offsetOf(q)),
    () => scoped(db.select({ total: count() }).from(partnerships).$dynamic()),
  );
  return {
    rows: rows.map((r) => {
      const incoming = r.ownerBusinessId === me;
      const moves = allowedMoves(r, me);
      return {
        partnership_id: r.id,
        kind: r.kind as (typeof PARTNERSHIP_KINDS)[number],
        kind_name: actor.t(`settings:partner.kinds.${r.kind}`),
        direction: incoming ? ("incoming" as const) : ("outgoing" as const),
        object_data: { id: r.refId, name: r.name, image: r.image },
        other_business_data: incoming ? { business_id: r.partnerBusinessId, name: r.partnerName } : { business_id: r.ownerBusinessId, name: r.ownerName },
        status: r.status,
        status_name: actor.t(`profile:partnership_status.${r.status}`),
        is_waiting_for_me: (PENDING_STATUSES as number[]).includes(r.status) && r.requestedByBusinessId !== me,
        actions: moves.map((m) => m.action),
        time_modified: unix(r.timeModified),
      };
    }),
    total,
  };
}
export type AnyPartnershipJson = Awaited<ReturnType<typeof listAllPartnerships>>["rows"][number];

/** The actor's business takes `action` on partnership `id`, whichever its kind (NotFound when not its own). */
export async function answerAnyPartnership(scope: Scope, id: number, action: PartnershipAction) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const [row] = await db.select({ kind: partnerships.kind }).from(partnerships)
    .where(and(eq(partnerships.id, id), or(eq(partnerships.ownerBusinessId, me), eq(partnerships.partnerBusinessId, me))));
  if (!row) throw new NotFound();
  return row.kind === "brand" ? actOnBrandPartnership(scope, id, action) : answerStorePartnership(scope, id, action);
}
