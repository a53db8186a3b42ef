/**
 * Store fees: what a store pays on each sale (spec: the /profile/store-fee page; the model is ours,
 * the spec names the page only).
 *
 *   GET    /v0.0.0/store-fees                   list: store_id, channel_id, channel_type (0|2|3|4, or
 *                                               "none" = the store-wide fees), status 1|0, search (store
 *                                               or channel name), sort 1-6 (name = store name), page, limit
 *   GET    /v0.0.0/store-fees/choices           the business's stores and online channels for the form
 *   GET    /v0.0.0/store-fees/{id}
 *   POST   /v0.0.0/store-fees
 *   PUT    /v0.0.0/store-fees/{id}
 *   PUT    /v0.0.0/store-fees/status            store_fee_ids=4,7 & action=activate|inactivate (form or JSON)
 *   PUT    /v0.0.0/store-fees/{id}/{activate|inactivate}
 *   DELETE /v0.0.0/store-fees/{id}
 *   GET    /v0.0.0/store-fees/{id}/update-history
 *   export kind "store-fee" (POST /v0.0.0/exports/store-fee, the list's filters)
 *
 * The model (decided here; db/schema/profile.ts storeFees):
 * - A fee belongs to one of the business's offline stores and, optionally, one of its online
 *   channels. It is `percent_bp` basis points of the sale (250 = 2.5 %, 0 to 10000) plus
 *   `fixed_amount` whole rupiah per transaction (0 or more). Both are integers in storage: the
 *   percentage is typed as text ("2.5", "2,5") and parsed exactly, never through a float; more than
 *   two decimals is refused, not rounded.
 * - With a channel, the fee applies to the store's sales through that channel; without one
 *   ("All channels"), to every sale of the store, its own till included. The most specific active
 *   fee applies: store + channel, else the store's. So a 0 % fee for a channel is a real choice
 *   (that channel pays nothing even though the store-wide fee is 20 %).
 * - One fee per store + channel (and one store-wide fee per store): a second one is 422 on
 *   channel_id. Deactivated fees still hold their place (edit or delete them instead).
 * - Worked example: Toko Demo's stand in a mall pays the mall a 20 % concession on everything it
 *   sells: store = the mall store, no channel, 20 % + Rp 0. The same store's stock sold on
 *   Tokopedia pays 2.5 % + Rp 1.000 per transaction: store = the mall store, channel = Tokopedia.
 *   A Rp 200.000 sale on Tokopedia → 2.5 % = Rp 5.000, + Rp 1.000 = Rp 6.000 fee; a Rp 200.000 sale
 *   at the till → 20 % = Rp 40.000. The percentage is rounded half up to whole rupiah
 *   (store-fees-money.ts feeAmount).
 *
 * Other decisions where the spec is silent:
 * - The store and the channel must be the business's own (422 on store_id / channel_id otherwise,
 *   not 404: they are choices in a form). A channel must be an online one (every channel row is).
 * - Fees can be deleted (a fee is a setting, not a record others point to); the deletion is kept
 *   in the business's update history. Scope, PUT semantics, the status change and history follow
 *   api/routes/warehouses.ts. History values: store and channel names, percent as "2.5", rupiah.
 */
import { Hono, type Context } from "hono";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { db, type Tx } from "#db/client.ts";
import { channels, storeFees, stores } from "#db/schema/index.ts";
import {
  channelType, findStoreFee, findStoreFees, storeFeeBody, storeFeeChoices, storeFeeFilters, storeFeeJson, type StoreFeeBody, type StoreFeeRow,
} from "#core/profile/store-fees.ts";
import { percentText } from "#core/profile/store-fees-money.ts";
import { statusRoutes } from "#api/lib/status-routes.ts";
import { sellerScope } from "#core/actor.ts";
import { changeStatus } from "#core/lib/status-change.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { historyList } from "#api/lib/history.ts";
import { input, list, ok } from "#api/lib/http.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const storeFeeRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("profile")] as const;
const REF = "store_fee";

const biz = (c: Context<ApiEnv>) => c.var.member.businessId;
const idParam = (c: Context<ApiEnv>) => Number(c.req.param("id"));
const answer = (c: Context<ApiEnv>, row: StoreFeeRow) => storeFeeJson(row, c.var.t);

async function feeFor(c: Context<ApiEnv>, id: number, tx?: Tx) {
  const row = await findStoreFee(biz(c), id, tx);
  if (!row) throw new NotFound();
  return row;
}

const fieldError = (field: string, key: string) => new Refused("api:errors.validation", { [field]: [key] });

/** The store and channel of a body, when they are the business's own (422 per field otherwise). */
async function checkRefs(businessId: number, body: StoreFeeBody) {
  const [[store], [channel]] = await Promise.all([
    db.select({ id: stores.id, name: stores.name }).from(stores).where(and(eq(stores.id, body.store_id), eq(stores.businessId, businessId))).limit(1),
    body.channel_id
      ? db.select({ id: channels.id, name: channels.name, code: channels.platformCode }).from(channels)
        .where(and(eq(channels.id, body.channel_id), eq(channels.businessId, businessId))).limit(1)
      : Promise.resolve([undefined]),
  ]);
  const errors: Record<string, string[]> = {};
  if (!store) errors.store_id = ["site:errors.store_not_yours"];
  if (body.channel_id) {
    if (!channel) errors.channel_id = ["site:errors.channel_not_yours"];
    else if (channelType(channel.code) === null || channelType(channel.code) === 1) errors.channel_id = ["site:errors.channel_not_online"];
  }
  if (Object.keys(errors).length) throw new Refused("api:errors.validation", errors);
  return { store: store!.name, channel: channel?.name ?? null };
}

/** 422 on channel_id when the store already has a fee for that channel (or a store-wide one), other than `except`. */
async function checkUnique(tx: Tx, body: StoreFeeBody, except?: number) {
  const [taken] = await tx
    .select({ id: storeFees.id })
    .from(storeFees)
    .where(and(
      eq(storeFees.storeId, body.store_id),
      body.channel_id ? eq(storeFees.channelId, body.channel_id) : isNull(storeFees.channelId),
      except ? ne(storeFees.id, except) : undefined,
    ))
    .limit(1);
  if (taken) throw fieldError("channel_id", body.channel_id ? "site:errors.fee_duplicate" : "site:errors.fee_duplicate_store");
}

/** Takes a per-store lock, so two requests for the same store + channel never both pass checkUnique. */
const lockStore = (tx: Tx, storeId: number) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('store-fee'), ${storeId})`);

const valuesOf = (body: StoreFeeBody) => ({
  storeId: body.store_id,
  channelId: body.channel_id ?? null,
  percentBp: body.percent,
  fixedAmount: body.fixed_amount,
  note: body.note ?? null,
});

/** What the history shows: names, the percentage as "2.5", rupiah. */
const snapshot = (v: { percentBp: number; fixedAmount: number; note: string | null }, names: { store: string; channel: string | null }) => ({
  store: names.store, channel: names.channel, percent: percentText(v.percentBp), fixed_amount: v.fixedAmount, note: v.note,
});

storeFeeRoutes.get("/v0.0.0/store-fees", ...seller, async (c) => {
  const q = await input(c, listQuery.extend(storeFeeFilters.shape), "query");
  const { rows, total } = await findStoreFees(biz(c), q, { limit: q.limit, offset: offsetOf(q) });
  return list(c, rows.map((r) => answer(c, r)), total, q.limit);
});

storeFeeRoutes.get("/v0.0.0/store-fees/choices", ...seller, async (c) => ok(c, await storeFeeChoices(biz(c), c.var.t)));

storeFeeRoutes.get("/v0.0.0/store-fees/:id{[0-9]+}", ...seller, async (c) => ok(c, answer(c, await feeFor(c, idParam(c)))));

storeFeeRoutes.post("/v0.0.0/store-fees", ...seller, async (c) => {
  const body = await input(c, storeFeeBody);
  const businessId = biz(c);
  await checkRefs(businessId, body);
  const after = await db.transaction(async (tx) => {
    await lockStore(tx, body.store_id);
    await checkUnique(tx, body);
    const [f] = await tx.insert(storeFees).values({ ...valuesOf(body), businessId }).returning({ id: storeFees.id });
    await recordHistory(tx, { businessId, refType: REF, refId: f.id, userId: c.var.user.id, action: "create" });
    return (await findStoreFee(businessId, f.id, tx))!;
  });
  return ok(c, answer(c, after), "site:api.fee_created");
});

storeFeeRoutes.put("/v0.0.0/store-fees/:id{[0-9]+}", ...seller, async (c) => {
  const current = await feeFor(c, idParam(c));
  const id = current.id;
  const body = await input(c, storeFeeBody);
  const businessId = biz(c);
  const names = await checkRefs(businessId, body);
  const values = valuesOf(body);
  const after = await db.transaction(async (tx) => {
    // Both stores' locks (the old and the new), in id order.
    for (const storeId of [...new Set([current.storeId, body.store_id])].sort((a, b) => a - b)) await lockStore(tx, storeId);
    const before = await feeFor(c, id, tx);
    await checkUnique(tx, body, id);
    const changes = diff(
      snapshot(before, { store: before.storeName, channel: before.channelId ? before.channelName : null }),
      snapshot(values, names),
    );
    if (!Object.keys(changes).length) return before;
    await tx.update(storeFees).set({ ...values, timeModified: new Date() }).where(eq(storeFees.id, id));
    await recordHistory(tx, { businessId, refType: REF, refId: id, userId: c.var.user.id, action: "update", changes });
    return (await findStoreFee(businessId, id, tx))!;
  });
  return ok(c, answer(c, after), "site:api.fee_updated");
});

statusRoutes(storeFeeRoutes, seller, {
  base: "/v0.0.0/store-fees",
  idsField: "store_fee_ids",
  message: (activate, count) => `site:api.${count === 1 ? "fee" : "fees"}_${activate ? "activated" : "inactivated"}`,
  async set(scope, ids, activate) {
    const seller = sellerScope(scope, "profile");
    const done = await changeStatus(seller, { table: storeFees, refType: REF }, ids, activate);
    const rows = await Promise.all(done.map((id) => findStoreFee(seller.actor.member.businessId, id)));
    return rows.filter((r) => r !== undefined).map((r) => storeFeeJson(r!, seller.actor.t));
  },
});

storeFeeRoutes.delete("/v0.0.0/store-fees/:id{[0-9]+}", ...seller, async (c) => {
  const businessId = biz(c);
  const gone = await db.transaction(async (tx) => {
    const before = await feeFor(c, idParam(c), tx);
    await tx.delete(storeFees).where(eq(storeFees.id, before.id));
    await recordHistory(tx, {
      businessId, refType: REF, refId: before.id, userId: c.var.user.id, action: "delete",
      changes: { store: { from: before.storeName, to: null }, channel: { from: before.channelId ? before.channelName : null, to: null } },
    });
    return before;
  });
  return ok(c, answer(c, gone), "site:api.fee_deleted");
});

storeFeeRoutes.get("/v0.0.0/store-fees/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const f = await feeFor(c, idParam(c));
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  return historyList(c, { businessId: biz(c), refType: REF, refId: f.id }, q);
});

defineExport("store-fee", {
  privilege: "profile",
  filename: "site:store_fee.export.filename",
  sheet: "site:store_fee.export.sheet",
  filters: storeFeeFilters,
  columns: [
    { key: "store", header: "site:store_fee.fields.store", width: 30 },
    { key: "channel", header: "site:store_fee.fields.channel", width: 26 },
    { key: "channel_type", header: "site:store_fee.fields.channel_type", width: 18 },
    { key: "percent", header: "site:store_fee.fields.percent", width: 12 },
    { key: "fixed_amount", header: "site:store_fee.fields.fixed_amount", width: 16 },
    { key: "status", header: "site:fields.status", width: 12 },
    { key: "note", header: "site:store_fee.fields.note", width: 40 },
    { key: "time_created", header: "site:fields.time_created", date: true },
    { key: "time_modified", header: "site:fields.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findStoreFees(job.businessId, filters, { limit, offset });
    return {
      total,
      rows: rows.map((r) => {
        const f = storeFeeJson(r, t);
        return {
          store: f.store_data.name,
          channel: f.channel_name,
          channel_type: f.channel_data?.type_name ?? null,
          // Numbers, so a spreadsheet can compute with them: percent as 2.5, rupiah as integers.
          percent: f.percent,
          fixed_amount: f.fixed_amount,
          status: f.status_name,
          note: f.note,
          time_created: r.timeCreated,
          time_modified: r.timeModified,
        };
      }),
    };
  },
});
