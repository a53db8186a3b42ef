/**
 * The service every offering (service, gift voucher, voucher, package) has, one way for all four:
 * list, read, create, update, the status switch and the update history, for the actor's business
 * (privilege "products"). Each kind's module (services.ts, gift-vouchers.ts, vouchers.ts,
 * packages.ts) gives its queries, its answer shape and its write rules; `offeringService` makes the
 * functions the REST adapter (api/routes/offering-crud.ts) and the web's pages both call.
 *
 * Rules: another business's id is NotFound, exactly like an unknown one; every change writes its
 * update-history row in the same transaction, and the record is locked while it changes, so two
 * saves never interleave; saving the same values again writes nothing (no history row). A unique
 * field taken by another record of the business (SKU, code) is a Refused on that field, also when
 * two saves race for it. The status switch follows core/lib/status-change.ts.
 *
 * The message keys of each kind (created, updated, activated…) live here too: the API answers with
 * them and the web flashes the same ones as its toasts.
 */
import type { TFunction } from "i18next";
import { sideBySide, type Exec, type Tx } from "#db/client.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, pgErrorCode, Refused } from "#core/errors.ts";
import { historyPage, recordHistory } from "#core/lib/history.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { changeStatus, type StatusSpec } from "#core/lib/status-change.ts";

export type Changes = Record<string, { from: unknown; to: unknown }>;
export type WriteContext = { businessId: number; userId: number };
export type Page = { limit: number; offset: number };

const PRIVILEGE = "products";

/** Page and limit: an offering list's query is this extended with the kind's filters (search, status, sort…). */
export const pageQuery = listQuery.pick({ page: true, limit: true });

export type OfferingMessages = { created: string; updated: string; status: (activate: boolean, count: number) => string };

export type OfferingSpec<B, R extends { id: number }, F, J> = {
  /** History ref type: "service". */
  refType: string;
  table: StatusSpec["table"];
  /** One record of the business, or undefined; `lock`: the row stays locked until `exec` (a transaction) ends. */
  find: (businessId: number, id: number, exec: Exec, lock?: boolean) => Promise<R | undefined>;
  findMany: (businessId: number, filters: F, page: Page, exec: Exec) => Promise<{ rows: R[]; total: number }>;
  json: (r: R, t: TFunction) => J;
  /** Inserts the record (and its children); answers its id. The "create" history row is written by the service. */
  create: (tx: Tx, ctx: WriteContext, body: B) => Promise<number>;
  /** Applies the body to the locked record; answers what changed (empty: nothing was saved). */
  update: (tx: Tx, ctx: WriteContext, before: R, body: B) => Promise<Changes>;
  /** The field a unique-index violation (23505) is reported on, and its message key. */
  unique?: { field: string; message: string };
  /** Message keys: what the API answers with and the web's toasts. */
  messages: OfferingMessages;
};

export function offeringService<B, R extends { id: number }, F, J>(spec: OfferingSpec<B, R, F, J>): OfferingService<J, B, F & { page: number; limit: number }> {
  async function record(exec: Exec, businessId: number, id: number, lock = false) {
    const row = await spec.find(businessId, id, exec, lock);
    if (!row) throw new NotFound();
    return row;
  }

  /** Runs a write in one transaction; a unique violation becomes the Refused of spec.unique. */
  async function write<T>(exec: Exec, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await exec.transaction(work);
    } catch (err) {
      if (spec.unique && pgErrorCode(err) === "23505") throw new Refused("api:errors.validation", { [spec.unique.field]: [spec.unique.message] });
      throw err;
    }
  }

  return {
    messages: spec.messages,

    async list(scope: Scope, q: F & { page: number; limit: number }) {
      const { db, actor } = sellerScope(scope, PRIVILEGE);
      const { rows, total } = await spec.findMany(actor.member.businessId, q, { limit: q.limit, offset: offsetOf(q) }, db);
      return { rows: rows.map((r) => spec.json(r, actor.t)), total };
    },

    async get(scope: Scope, id: number) {
      const { db, actor } = sellerScope(scope, PRIVILEGE);
      return spec.json(await record(db, actor.member.businessId, id), actor.t);
    },

    async create(scope: Scope, body: B) {
      const { db, actor } = sellerScope(scope, PRIVILEGE);
      const ctx = { businessId: actor.member.businessId, userId: actor.user.id };
      const row = await write(db, async (tx) => {
        const id = await spec.create(tx, ctx, body);
        await recordHistory(tx, { businessId: ctx.businessId, refType: spec.refType, refId: id, userId: ctx.userId, action: "create" });
        return record(tx, ctx.businessId, id);
      });
      return spec.json(row, actor.t);
    },

    /** Saves `body` over the record; the same body again writes nothing. */
    async update(scope: Scope, id: number, body: B) {
      const { db, actor } = sellerScope(scope, PRIVILEGE);
      const ctx = { businessId: actor.member.businessId, userId: actor.user.id };
      const row = await write(db, async (tx) => {
        const before = await record(tx, ctx.businessId, id, true);
        const changes = await spec.update(tx, ctx, before, body);
        if (!Object.keys(changes).length) return before;
        await recordHistory(tx, { businessId: ctx.businessId, refType: spec.refType, refId: id, userId: ctx.userId, action: "update", changes });
        return record(tx, ctx.businessId, id);
      });
      return spec.json(row, actor.t);
    },

    /** Activates or inactivates records (the list's switch, the spec's several-at-once call); answers them. */
    async setStatus(scope: Scope, ids: number[], activate: boolean) {
      const seller = sellerScope(scope, PRIVILEGE);
      const businessId = seller.actor.member.businessId;
      const done = await changeStatus(seller, { table: spec.table, refType: spec.refType }, ids, activate);
      const rows = await sideBySide(seller.db, ...done.map((id) => () => spec.find(businessId, id, seller.db)));
      return rows.filter((r) => r !== undefined).map((r) => spec.json(r, seller.actor.t));
    },

    async history(scope: Scope, id: number, q: { page: number; limit: number }) {
      const { db, actor } = sellerScope(scope, PRIVILEGE);
      const row = await record(db, actor.member.businessId, id);
      return historyPage(db, { businessId: actor.member.businessId, refType: spec.refType, refId: row.id }, q);
    },
  };
}

/** What `offeringService` makes, seen by the adapters: J the answer shape, B the body, Q the list query. */
export type OfferingService<J, B, Q> = {
  messages: OfferingMessages;
  list: (scope: Scope, q: Q) => Promise<{ rows: J[]; total: number }>;
  get: (scope: Scope, id: number) => Promise<J>;
  create: (scope: Scope, body: B) => Promise<J>;
  update: (scope: Scope, id: number, body: B) => Promise<J>;
  setStatus: (scope: Scope, ids: number[], activate: boolean) => Promise<J[]>;
  history: (scope: Scope, id: number, q: { page: number; limit: number }) => ReturnType<typeof historyPage>;
};
