/**
 * Settlements (issue 15 item 1): what a finished order earns the seller, and when it becomes
 * withdrawable. The only writer of `settlements` and their totals (`settlement_days`,
 * `settlement_day_totals`, `settlement_months`: addToDays); the money moves through
 * the ledger (core/money/ledger.ts) in the caller's transaction.
 *
 *   finish (core/orders/actions.ts, same transaction as the status change)
 *     → settlement  key settlement:order:<id>   income +net, sales −gross, store_fees +fee, commission +c, shipping +s, cashback +b
 *     → points      key points:order:<id>       points +n, points_issued −n      (1 point per full Rp 10.000 of gross)
 *   the day job (settle-day.ts): the same two postings per (day, channel, store) of a batch, summed
 *     over its orders and keyed by its first order (decision 21)
 *   MONEY_HOLD_DAYS (3) days later, the sweeper in the job worker (releaseDueSettlements)
 *     → release     key release:settlement:<id> income −x, saldo +x
 *   a platform correction (adjustSettlement)
 *     → settlement_adjustment  key given by the caller   income ±a, adjustments ∓a (never below 0)
 *
 * Decisions where the spec is silent:
 * - Gross is what the buyer paid for the goods: the live lines (orders.subtotal is kept over the
 *   lines not cancelled, core/orders/actions.ts totals) minus the order's discount (the seller's
 *   own), never below 0. Shipping cost is the courier's money, not the seller's: not in gross.
 * - Store fee: the profile's store fee (core/profile/store-fees-money.ts applicableFee/feeAmount)
 *   of the order's store and channel, on the gross; an order sent from a warehouse has no store,
 *   so no store fee. Channel commission: the business's rate for the channel's platform, else the
 *   default (core/money/income-options.ts: marketplaces 5 %, the rest 0 %), on the gross, rounded
 *   half up. Shipping subsidy: 0 unless the order says the seller bears some —
 *   `shipping_parameter.shipping_subsidy` (whole rupiah), which our channels may send.
 * - Cashback: what the order's cashback promotion gives its buyer (core/promotions, kept on
 *   order_promotions; none once the promotion was given back) is the seller's cost, taken from the
 *   order's income when it finishes, after the fees. The buyer receives it from the channel as
 *   points or saldo (1 point = Rp 1); to the seller both are rupiah.
 * - Deductions never take net below 0: each is capped at what is left (a fixed store fee on a
 *   tiny order), and the row keeps what was actually deducted.
 * - The settlement row is written first (unique per order): a retried finish, a second process or
 *   the day job racing the finish find it and post nothing; the ledger key is the second guard.
 * - Returns: a complaint opens only before `finish` (core/orders/lifecycle.ts: complain from
 *   `received`), so a returned order never settles and there is nothing to reverse. A platform
 *   correction after the fact is an adjustment.
 * - Adjustments: a positive one goes to income (a released settlement is holding again until the
 *   sweeper moves the difference, key release:settlement:<id>:a<n>); a negative one takes from where
 *   the settlement's money is — what it still holds in income first, the rest from saldo (refused
 *   when saldo has less: money already withdrawn is the platform's to collect another way) — and
 *   never takes a settlement below 0. Taking it all from income would leave the other settlements'
 *   releases short, and the sweeper would be refused for ever (found by the money property test).
 * - The finish time is the order's finish in its status history (the demo and the bulk data
 *   generator: its last change); the settlement period is its WIB day.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { db as pool, sideBySide, type Db, type Tx } from "#db/client.ts";
import { channelCommissions, channels, settlements, storeFees, type SettlementStatus } from "#db/schema/index.ts";
import { applicableFee, feeAmount } from "#core/profile/store-fees-money.ts";
import { DAY_MS, wibDate } from "#core/lib/time.ts";
import { Refused } from "#core/errors.ts";
import { registerSweep } from "#core/jobs/worker.ts";
import { postMany, type Leg, type Posting } from "./ledger.ts";
import { DEFAULT_HOLD_DAYS, defaultCommissionBp } from "./income-options.ts";
import { pointsForSales } from "./balance-pages.ts";
import { pointsEarnedPosting } from "./points.ts";

export const holdDays = () => {
  const n = Number(process.env.MONEY_HOLD_DAYS ?? DEFAULT_HOLD_DAYS);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_HOLD_DAYS;
};

/** What settling needs of an order. */
export type FinishedOrder = {
  id: number;
  businessId: number;
  orderCode: string;
  channelId: number | null;
  channelName: string;
  storeId: number | null;
  subtotal: number;
  discount: number;
  shippingParameter?: Record<string, unknown> | null;
  finishedAt: Date;
  /** The cashback its promotions give the buyer (settleOrders reads it). */
  cashback?: number;
};

export type Breakdown = {
  gross: number; storeFee: number; commission: number; commissionBp: number; shipping: number; cashback: number; net: number; points: number;
};

/** The settlement of one order (pure): header comment for the rules. */
export function breakdownOf(
  order: Pick<FinishedOrder, "subtotal" | "discount" | "shippingParameter" | "cashback">,
  fee: { percentBp: number; fixedAmount: number } | null,
  commissionBp: number,
): Breakdown {
  const gross = Math.max(0, order.subtotal - order.discount);
  let left = gross;
  const take = (n: number) => {
    const x = Math.min(Math.max(0, n), left);
    left -= x;
    return x;
  };
  const storeFee = take(fee ? feeAmount(gross, fee) : 0);
  const commission = take(feeAmount(gross, { percentBp: commissionBp, fixedAmount: 0 }));
  const subsidy = order.shippingParameter?.shipping_subsidy;
  const shipping = take(typeof subsidy === "number" && Number.isSafeInteger(subsidy) ? subsidy : 0);
  const cashback = take(order.cashback ?? 0);
  return { gross, storeFee, commission, commissionBp, shipping, cashback, net: left, points: pointsForSales(gross) };
}

type Settled = { id: number; orderId: number; day: string; channelId: number; storeId: number; finishedAt: Date } & Breakdown;

/**
 * The ledger postings of the settlements one call made (decision 21): one settlement posting and
 * one points posting per (day, channel, store), the legs summed over its orders. A group of one
 * order — every finish — names the order; a larger one (the day job) names its settlement day,
 * whose page lists each order. Keys name the group's first order (settlement:order:<id>,
 * points:order:<id>): an order settles once, so no two groups share one.
 */
export function postingsOf(businessId: number, settled: Settled[], at?: Date): Posting[] {
  const groups = new Map<string, Settled[]>();
  for (const s of settled) {
    const k = `${s.day}|${s.channelId}|${s.storeId}`;
    const g = groups.get(k);
    if (g) g.push(s);
    else groups.set(k, [s]);
  }
  const out: Posting[] = [];
  for (const group of groups.values()) {
    const first = group.reduce((a, b) => (b.orderId < a.orderId ? b : a));
    const total = (k: "net" | "gross" | "storeFee" | "commission" | "shipping" | "cashback" | "points") => group.reduce((n, s) => n + s[k], 0);
    const one = group.length === 1;
    const ref = one ? { type: "order", id: first.orderId } : { type: "settlement_day", id: first.id };
    const memo = one
      ? { settlement_id: first.id }
      : { day: first.day, channel_id: first.channelId, store_id: first.storeId, orders: group.length };
    const legs = ([
      { account: "income", amount: total("net") },
      { account: "sales", amount: -total("gross") },
      { account: "store_fees", amount: total("storeFee") },
      { account: "commission", amount: total("commission") },
      { account: "shipping", amount: total("shipping") },
      { account: "cashback", amount: total("cashback") },
    ] satisfies Leg[]).filter((l) => l.amount !== 0);
    if (legs.length) out.push({ businessId, kind: "settlement", key: `settlement:order:${first.orderId}`, legs, ref, memo, at });
    const points = pointsEarnedPosting(businessId, { orderId: first.orderId, points: total("points") }, { ref, memo, at });
    if (points) out.push(points);
  }
  return out;
}

/** The cashback each order's promotions give its buyer (none once given back, as on cancelling). */
async function cashbackOf(tx: Tx, businessId: number, orderIds: number[]) {
  const { rows } = await tx.execute<{ order_id: number; amount: string }>(sql`
    SELECT op.order_id, sum(op.amount) AS amount FROM order_promotions op JOIN promotions p ON p.id = op.promotion_id
     WHERE op.business_id = ${businessId} AND op.order_id = ANY(${sql.param(orderIds)}::int[]) AND op.released_at IS NULL AND p.kind = 'cashback'
     GROUP BY op.order_id`);
  return new Map(rows.map((r) => [r.order_id, Number(r.amount)]));
}

/** The business's settlement rates: its store fees and its commission per platform. */
async function ratesOf(tx: Tx | Db, businessId: number, channelIds: number[]) {
  const [fees, own, chans] = await sideBySide(tx,
    () => tx.select({ storeId: storeFees.storeId, channelId: storeFees.channelId, percentBp: storeFees.percentBp, fixedAmount: storeFees.fixedAmount, status: storeFees.status })
      .from(storeFees).where(eq(storeFees.businessId, businessId)),
    () => tx.select({ platformCode: channelCommissions.platformCode, rateBp: channelCommissions.rateBp })
      .from(channelCommissions).where(eq(channelCommissions.businessId, businessId)),
    () => channelIds.length
      ? tx.select({ id: channels.id, platformCode: channels.platformCode }).from(channels).where(and(eq(channels.businessId, businessId), inArray(channels.id, channelIds)))
      : Promise.resolve([]),
  );
  const rate = new Map(own.map((r) => [r.platformCode, r.rateBp]));
  const platform = new Map(chans.map((c) => [c.id, c.platformCode]));
  return {
    fees,
    platformOf: (channelId: number | null) => (channelId ? platform.get(channelId) ?? null : null),
    commissionBp: (code: string | null) => (code ? rate.get(code) ?? defaultCommissionBp(code) : 0),
  };
}

/**
 * Settles finished orders of one business (one, from the finish; thousands, from the day job):
 * writes their settlement rows, posts their settlements and points in a few array statements, and
 * adds them to the day totals. Orders already settled are skipped. Answers how many it settled.
 */
export async function settleOrders(tx: Tx, businessId: number, finished: FinishedOrder[], opts: { postedAt?: Date } = {}): Promise<number> {
  if (!finished.length) return 0;
  const rates = await ratesOf(tx, businessId, [...new Set(finished.flatMap((o) => (o.channelId ? [o.channelId] : [])))]);
  const cashback = await cashbackOf(tx, businessId, finished.map((o) => o.id));
  const hold = holdDays() * DAY_MS;
  const rows = finished.map((o) => {
    const platformCode = rates.platformOf(o.channelId);
    const fee = o.storeId ? applicableFee(rates.fees, o.storeId, o.channelId) : null;
    const b = breakdownOf({ ...o, cashback: cashback.get(o.id) ?? 0 }, fee, rates.commissionBp(platformCode));
    return {
      businessId, orderId: o.id, orderCode: o.orderCode, channelId: o.channelId ?? 0, channelName: o.channelName, platformCode,
      storeId: o.storeId ?? 0, day: wibDate(o.finishedAt), finishedAt: o.finishedAt, releaseAt: new Date(o.finishedAt.getTime() + hold),
      gross: b.gross, storeFee: b.storeFee, commission: b.commission, commissionBp: b.commissionBp, shipping: b.shipping, cashback: b.cashback,
      net: b.net, points: b.points,
    };
  });
  // One array statement (no parameter per value): a day's thousands of rows in one go.
  const col = <K extends keyof (typeof rows)[number]>(k: K, f: (v: (typeof rows)[number][K]) => unknown = (v) => v) => sql.param(rows.map((r) => f(r[k])));
  const { rows: made } = await tx.execute<{ id: number; orderId: number }>(sql`
    INSERT INTO settlements (business_id, order_id, order_code, channel_id, channel_name, platform_code, store_id, day, finished_at, release_at,
                             gross, store_fee, commission, commission_bp, shipping, cashback, net, points)
    SELECT * FROM unnest(${col("businessId")}::int[], ${col("orderId")}::int[], ${col("orderCode")}::text[], ${col("channelId")}::int[],
                         ${col("channelName")}::text[], ${col("platformCode")}::text[], ${col("storeId")}::int[], ${col("day")}::date[],
                         ${col("finishedAt", (d) => (d as Date).toISOString())}::timestamptz[], ${col("releaseAt", (d) => (d as Date).toISOString())}::timestamptz[],
                         ${col("gross")}::bigint[], ${col("storeFee")}::bigint[], ${col("commission")}::bigint[], ${col("commissionBp")}::int[],
                         ${col("shipping")}::bigint[], ${col("cashback")}::bigint[], ${col("net")}::bigint[], ${col("points")}::int[])
    ON CONFLICT (order_id) DO NOTHING
    RETURNING id, order_id AS "orderId"`);
  if (!made.length) return 0;
  const byOrder = new Map(rows.map((r) => [r.orderId, r]));
  const settled = made.map((m) => ({ ...byOrder.get(m.orderId)!, id: m.id }));
  const postings = postingsOf(businessId, settled, opts.postedAt);
  for (let i = 0; i < postings.length; i += 10_000) await postMany(tx, postings.slice(i, i + 10_000));
  await addToDays(tx, settled.map((s) => ({ ...s, n: 1, adjustment: 0, released: 0, nReleased: 0 })));
  return settled.length;
}

type DayDelta = {
  businessId: number; day: string; channelId: number; storeId: number; n: number; nReleased: number; gross: number; storeFee: number;
  commission: number; shipping: number; cashback: number; adjustment: number; net: number; released: number;
};
const DAY_COLUMNS = ["n", "nReleased", "gross", "storeFee", "commission", "shipping", "cashback", "adjustment", "net", "released"] as const;

/**
 * The three tables of settlement totals (db/schema/income.ts), each keyed by the business and its
 * grain: per day, channel and store; per day; per month, channel and store.
 */
const GRAINS = [
  { table: "settlement_days", key: ["day", "channel_id", "store_id"], of: (d: DayDelta) => [d.day, d.channelId, d.storeId] },
  { table: "settlement_day_totals", key: ["day"], of: (d: DayDelta) => [d.day] },
  { table: "settlement_months", key: ["month", "channel_id", "store_id"], of: (d: DayDelta) => [`${d.day.slice(0, 7)}-01`, d.channelId, d.storeId] },
] as const;
const SUM_COLUMNS = ["n", "n_released", "gross", "store_fee", "commission", "shipping", "cashback", "adjustment", "net", "released"] as const;

/**
 * Adds deltas to every table of settlement totals: one upsert each, rows in key order, tables in
 * one order, so two writers never wait in a circle.
 */
async function addToDays(tx: Tx, deltas: DayDelta[]) {
  if (!deltas.length) return;
  for (const grain of GRAINS) {
    const sum = new Map<string, { key: (string | number)[]; d: DayDelta }>();
    for (const d of deltas) {
      const key = [d.businessId, ...grain.of(d)];
      const k = key.join("|");
      const acc = sum.get(k);
      if (!acc) sum.set(k, { key, d: { ...d } });
      else for (const c of DAY_COLUMNS) acc.d[c] += d[c];
    }
    const rows = [...sum.values()].sort((a, b) => {
      for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i] < b.key[i] ? -1 : 1;
      return 0;
    });
    const keyTypes = ["int", ...grain.key.map((k) => (k === "day" || k === "month" ? "date" : "int"))];
    const keys = keyTypes.map((type, i) => sql`${sql.param(rows.map((r) => r.key[i]))}::${sql.raw(type)}[]`);
    const values = DAY_COLUMNS.map((c, i) => sql`${sql.param(rows.map((r) => r.d[c]))}::${sql.raw(i < 2 ? "int" : "bigint")}[]`);
    const t = sql.raw(grain.table);
    await tx.execute(sql`
      INSERT INTO ${t} (business_id, ${sql.raw(grain.key.join(", "))}, ${sql.raw(SUM_COLUMNS.join(", "))})
      SELECT * FROM unnest(${sql.join([...keys, ...values], sql`, `)})
      ON CONFLICT (business_id, ${sql.raw(grain.key.join(", "))}) DO UPDATE SET
        ${sql.raw(SUM_COLUMNS.map((c) => `${c} = ${grain.table}.${c} + excluded.${c}`).join(", "))}`);
  }
}

const zero = { n: 0, nReleased: 0, gross: 0, storeFee: 0, commission: 0, shipping: 0, cashback: 0, adjustment: 0, net: 0, released: 0 };

/**
 * How many corrections (adjustSettlement) each order's settlement has had: what makes a release's
 * key unique. A settlement releases again only after a correction gave it money, so the count grows
 * between two releases of it; its amounts do not (−40 then +40 twice comes back to the same ones).
 */
async function correctionsOf(tx: Tx, due: { businessId: number; orderId: number }[]) {
  const { rows } = await tx.execute<{ order_id: number; n: number }>(sql`
    SELECT t.ref_id AS order_id, count(*)::int AS n FROM ledger_transactions t
      JOIN unnest(${sql.param(due.map((s) => s.businessId))}::int[], ${sql.param(due.map((s) => s.orderId))}::int[]) AS d(b, o)
        ON t.business_id = d.b AND t.ref_type = 'order' AND t.ref_id = d.o
     WHERE t.kind = 'settlement_adjustment'
     GROUP BY t.ref_id`);
  return new Map(rows.map((r) => [r.order_id, r.n]));
}

/**
 * Moves the income of every settlement whose hold has ended (at `now`) to saldo, in batches:
 * one release posting per settlement (key release:settlement:<id>, :a<n> after its n-th correction), the
 * row marked released, the day totals. Rows are taken with SKIP LOCKED, so several processes
 * sweep side by side. Answers how many settlements it released.
 */
export async function releaseDueSettlements(now = new Date(), opts: { batch?: number; db?: Db; businessId?: number } = {}): Promise<number> {
  const batch = opts.batch ?? 1000;
  let total = 0;
  for (;;) {
    const n = await (opts.db ?? pool).transaction(async (tx) => {
      const due = await tx
        .select({
          id: settlements.id, businessId: settlements.businessId, orderId: settlements.orderId, day: settlements.day, channelId: settlements.channelId,
          storeId: settlements.storeId, net: settlements.net, adjustment: settlements.adjustment, released: settlements.released,
        })
        .from(settlements)
        .where(and(eq(settlements.status, "holding"), sql`${settlements.releaseAt} <= ${now}`,
          opts.businessId === undefined ? undefined : eq(settlements.businessId, opts.businessId)))
        .orderBy(settlements.releaseAt)
        .limit(batch)
        .for("update", { skipLocked: true });
      if (!due.length) return 0;
      const corrections = await correctionsOf(tx, due);
      const postings: Posting[] = [];
      for (const s of due) {
        const amount = s.net + s.adjustment - s.released;
        if (amount <= 0) continue;
        const n = corrections.get(s.orderId) ?? 0;
        postings.push({
          businessId: s.businessId, kind: "release", key: n ? `release:settlement:${s.id}:a${n}` : `release:settlement:${s.id}`,
          legs: [{ account: "income", amount: -amount }, { account: "saldo", amount }], ref: { type: "settlement", id: s.id },
          memo: { order_id: s.orderId },
        });
      }
      await postMany(tx, postings);
      await tx.execute(sql`
        UPDATE settlements SET status = 'released', released_at = ${now}, released = GREATEST(released, net + adjustment)
         WHERE id = ANY(${sql.param(due.map((s) => s.id))}::int[])`);
      await addToDays(tx, due.map((s) => ({
        ...zero, businessId: s.businessId, day: s.day, channelId: s.channelId, storeId: s.storeId,
        // Every row taken here was holding: it counts as released again (an adjustment that made a
        // released settlement hold again took it off the count).
        nReleased: 1, released: Math.max(0, s.net + s.adjustment - s.released),
      })));
      return due.length;
    });
    total += n;
    if (n < batch) return total;
  }
}

/**
 * A platform correction of one order's settlement (± whole rupiah, with the caller's key so a
 * retry posts once): on income, refused when income would go below 0 (money:errors.insufficient_income).
 */
export async function adjustSettlement(exec: Db, input: { businessId: number; orderId: number; amount: number; key: string; note?: string }) {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new Refused("money:errors.amount_invalid", { amount: ["money:errors.amount_invalid"] });
  return exec.transaction(async (tx) => {
    const [s] = await tx.select().from(settlements)
      .where(and(eq(settlements.businessId, input.businessId), eq(settlements.orderId, input.orderId))).for("update");
    if (!s) throw new Refused("income:errors.not_settled", { order_id: ["income:errors.not_settled"] });
    // The correction takes money from where this settlement's money is: what it still holds in
    // income first, the part already released from saldo. A settlement is never corrected below 0.
    const holding = s.net + s.adjustment - s.released;
    if (s.net + s.adjustment + input.amount < 0) throw new Refused("income:errors.adjustment_too_big", { amount: ["income:errors.adjustment_too_big"] });
    const fromIncome = input.amount > 0 ? input.amount : -Math.min(-input.amount, holding);
    const fromSaldo = input.amount - fromIncome; // ≤ 0: the released part taken back
    const [posted] = await postMany(tx, [{
      businessId: input.businessId, kind: "settlement_adjustment", key: `adjustment:${input.key}`, ref: { type: "order", id: input.orderId },
      legs: ([{ account: "income", amount: fromIncome }, { account: "saldo", amount: fromSaldo }, { account: "adjustments", amount: -input.amount }] satisfies Leg[]).filter((l) => l.amount !== 0),
      memo: { settlement_id: s.id, ...(input.note ? { note: input.note } : {}) },
    }]);
    if (!posted.created) return { settlementId: s.id, transactionId: posted.transactionId, created: false };
    // A released settlement that gained money holds it again until the sweeper moves the difference;
    // what was taken back from saldo is no longer released.
    const released = s.released + fromSaldo;
    const status: SettlementStatus = s.net + s.adjustment + input.amount > released ? "holding" : s.status;
    await tx.update(settlements).set({ adjustment: s.adjustment + input.amount, released, status }).where(eq(settlements.id, s.id));
    const nReleased = s.status === "released" && status === "holding" ? -1 : 0;
    await addToDays(tx, [{ ...zero, businessId: s.businessId, day: s.day, channelId: s.channelId, storeId: s.storeId, adjustment: input.amount, nReleased }]);
    return { settlementId: s.id, transactionId: posted.transactionId, created: true };
  });
}

/**
 * The demo only (core/demo/orders.ts): its orders finish in one run and their history is then
 * spread over days, so each settlement takes its order's finish time from the history and the
 * totals are summed again. The ledger's postings keep the time they were made (append-only).
 */
export async function backdateDemoSettlements(exec: Db, businessIds: number[]) {
  await exec.transaction(async (tx) => {
    const ids = sql.param(businessIds);
    await tx.execute(sql`
      UPDATE settlements st SET finished_at = f.at, day = (f.at AT TIME ZONE 'Asia/Jakarta')::date,
             release_at = f.at + make_interval(days => ${holdDays()})
        FROM (SELECT h.order_id, max(h.time_created) AS at FROM order_status_history h
               WHERE h.business_id = ANY(${ids}::int[]) AND h.to_status = 'finish' GROUP BY h.order_id) f
       WHERE st.order_id = f.order_id AND st.business_id = ANY(${ids}::int[]) AND st.status = 'holding'`);
    for (const grain of GRAINS) await tx.execute(sql`DELETE FROM ${sql.raw(grain.table)} WHERE business_id = ANY(${ids}::int[])`);
    const { rows } = await tx.execute<{ business_id: number; day: string; channel_id: number; store_id: number } & Record<(typeof SUM_COLUMNS)[number], string>>(sql`
      SELECT business_id, day::text AS day, channel_id, store_id, count(*) AS n, count(*) FILTER (WHERE status = 'released') AS n_released, sum(gross) AS gross,
             sum(store_fee) AS store_fee, sum(commission) AS commission, sum(shipping) AS shipping, sum(cashback) AS cashback,
             sum(adjustment) AS adjustment, sum(net) AS net,
             sum(released) AS released
        FROM settlements WHERE business_id = ANY(${ids}::int[]) GROUP BY business_id, day, channel_id, store_id`);
    await addToDays(tx, rows.map((r) => ({
      businessId: r.business_id, day: r.day, channelId: r.channel_id, storeId: r.store_id, n: Number(r.n), nReleased: Number(r.n_released),
      gross: Number(r.gross), storeFee: Number(r.store_fee), commission: Number(r.commission), shipping: Number(r.shipping), cashback: Number(r.cashback),
      adjustment: Number(r.adjustment), net: Number(r.net), released: Number(r.released),
    })));
  });
}

// The job worker moves income past its hold period to saldo every minute (core/jobs/worker.ts).
registerSweep("settlement-release", Number(process.env.SETTLEMENT_SWEEP_MS ?? 60_000), () => releaseDueSettlements());
