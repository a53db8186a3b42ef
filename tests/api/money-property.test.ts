/**
 * Issue 15's property over the whole money area, on real PostgreSQL: any sequence of orders
 * finishing (settled), orders taken over finished and settled by the day job (one posting for
 * the lot, decision 21), orders returned instead (never settled), platform adjustments, the hold
 * period's release to saldo, deposit top-ups (paid or failed, their callback delivered up to three
 * times at once), invoices (paid from the deposit, with points, or charged automatically into
 * debt) and withdrawals (paid or failed, callbacks repeated) keeps, after every step:
 * - every ledger transaction summing to zero and every balance equal to the sum of its entries
 *   (auditLedger);
 * - the seller's balances equal to a model that knows only the rules: what each step should have
 *   moved, or nothing when it was refused;
 * - nothing below zero that may not be (income, saldo, withdrawals in progress, points), and
 * - every entry written in the first half of a run unchanged at its end (append-only).
 * Each run has a business of its own (freshShop), so its balances start at zero.
 * A refusal (not enough saldo or deposit, a withdrawal under the minimum) is a fine answer; any
 * other error fails. MONEY_PROPERTY_RUNS sets the number of runs (50 steps each): 150 by default,
 * about 80 s, so the suite stays inside CI's half hour; fast-check draws a new seed each time, so
 * every run of the suite explores other sequences (a failure prints its seed). The deep check,
 * about ten minutes: `MONEY_PROPERTY_RUNS=1000 npx vitest run tests/api/money-property.test.ts`.
 */
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { actorFromToken, scopeOf, type Scope } from "#core/actor.ts";
import { issueToken } from "#core/auth/tokens.ts";
import { Refused } from "#core/errors.ts";
import { applyOrderAction } from "#core/orders/actions.ts";
import { auditLedger, balancesOf } from "#core/money/ledger.ts";
import { issueInvoice, payInvoice, sweepDepositInvoices } from "#core/money/invoices.ts";
import { applyPaymentCallback, requestTopup } from "#core/money/payments.ts";
import { applyPayoutCallback, requestWithdrawal } from "#core/money/payouts.ts";
import { signMoneyBody } from "#core/money/providers.ts";
import { adjustSettlement, releaseDueSettlements } from "#core/money/settlements.ts";
import { settleDay } from "#core/money/settle-day.ts";
import { wibDate } from "#core/lib/time.ts";
import { moneyBusiness } from "./money-fixtures.ts";
import { forceState, newOrder, newVariant, type Shop } from "./order-fixtures.ts";

const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 150);
const FAR = new Date(Date.now() + 400 * 86400_000);
let shop: Shop;
let scope: Scope;
let sku: string;
let seq = 0;
const env: Record<string, string | undefined> = {};

beforeAll(async () => {
  // The payment and disbursement services are the in-process simulator, told to call back only
  // after the test has ended: the steps deliver their own callbacks.
  for (const [k, v] of Object.entries({ DEMO: "on", SIMULATED_PAYMENT_DELAY_MS: "2000000000", PAYMENT_URL: undefined, DISBURSEMENT_URL: undefined })) {
    env[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}, 60_000);

/**
 * A business of its own for each run: its ledger starts empty, so the audit and the fingerprint
 * read one run's entries (on one business for all runs they would read them all a thousand times).
 */
async function freshShop() {
  const { businessId, userId } = await moneyBusiness("Property");
  await db.update(s.businesses).set({ status: s.BUSINESS_STATUS.active }).where(eq(s.businesses.id, businessId));
  await db.insert(s.businessMembers).values({ businessId, userId, role: "owner" });
  await db.insert(s.bankAccounts).values({ businessId, bankCode: "014", accountName: "PT Property", accountNo: "5270999002", isDefault: true });
  await db.insert(s.warehouses).values({ businessId, name: "Gudang", type: 1, isDefault: true, address: "Jl. Gudang 2" });
  const [channel] = await db.insert(s.channels).values({ businessId, name: "Shopee Property", platformCode: "SHP", status: 1 }).returning();
  await db.insert(s.moneySettings).values({ businessId, autoPayment: true });
  shop = { businessId, channelId: channel.id, userId };
  scope = scopeOf(await actorFromToken(await issueToken(userId), "en"));
  sku = (await newVariant(shop)).sku;
  settled.length = 0;
}

afterAll(() => {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

type Model = { income: number; saldo: number; payout: number; deposit: number; points: number };
const SELLER = ["income", "saldo", "payout", "deposit", "points"] as const;
const now = async (): Promise<Model> => {
  const b = await balancesOf(db, shop.businessId);
  return { income: b.income, saldo: b.saldo, payout: b.payout, deposit: b.deposit, points: b.points };
};

/** Runs a step that may be refused: a refusal moves nothing; anything else is a failure. */
async function refusable<T>(step: () => Promise<T>): Promise<T | "refused"> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof Refused) return "refused";
    throw e;
  }
}

function signed(service: "payment" | "disbursement", reference: string, amount: number, status: "paid" | "failed") {
  const body = JSON.stringify({ event_id: `prop-${++seq}`, reference, provider_ref: "PROP", status, amount, time: Math.floor(Date.now() / 1000) });
  return { body, signature: signMoneyBody(service, body) };
}

const settled: number[] = [];

type Step =
  | { kind: "finish"; quantity: number }
  | { kind: "settle-day"; quantities: number[] }
  | { kind: "return"; quantity: number }
  | { kind: "adjust"; amount: number }
  | { kind: "release" }
  | { kind: "topup"; amount: number; paid: boolean; times: number }
  | { kind: "invoice"; amount: number; via: "deposit" | "points" | "auto" }
  | { kind: "withdraw"; amount: number; paid: boolean; times: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("finish" as const), quantity: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("settle-day" as const), quantities: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("return" as const), quantity: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("adjust" as const), amount: fc.integer({ min: -60_000, max: 60_000 }).filter((n) => n !== 0) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("release" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("topup" as const), amount: fc.integer({ min: 10, max: 500 }).map((n) => n * 1_000), paid: fc.boolean(), times: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("invoice" as const), amount: fc.integer({ min: 1, max: 300 }).map((n) => n * 1_000), via: fc.constantFrom("deposit" as const, "points" as const, "auto" as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("withdraw" as const), amount: fc.integer({ min: 5, max: 400 }).map((n) => n * 1_000), paid: fc.boolean(), times: fc.integer({ min: 1, max: 3 }) }) },
);

/** Applies one step; answers what the model says it moved. */
async function apply(st: Step, m: Model): Promise<Model> {
  const next = { ...m };
  switch (st.kind) {
    case "finish": {
      const orderId = await newOrder(shop, [{ sku, quantity: st.quantity }]);
      await forceState(orderId, { status: "received", stockState: "deducted" });
      await applyOrderAction(shop.businessId, orderId, { action: "fulfill", actor: "seller", userId: shop.userId });
      const [row] = await db.select().from(s.settlements).where(eq(s.settlements.orderId, orderId));
      expect(row.net).toBe(row.gross - row.storeFee - row.commission - row.shipping);
      expect(row.gross).toBe(st.quantity * 50_000);
      settled.push(orderId);
      next.income += row.net;
      next.points += Math.floor(row.gross / 10_000);
      return next;
    }
    case "settle-day": {
      // Orders taken over already finished (no settlement yet), settled by the day job together.
      const ids: number[] = [];
      const at = new Date(); // one finish time: the day settled is the day they finished, even at midnight
      for (const quantity of st.quantities) {
        const orderId = await newOrder(shop, [{ sku, quantity }]);
        await forceState(orderId, { status: "finish", stockState: "deducted", timeModified: at });
        ids.push(orderId);
      }
      expect(await settleDay(shop.businessId, wibDate(at))).toBe(ids.length);
      for (const orderId of ids) {
        const [row] = await db.select().from(s.settlements).where(eq(s.settlements.orderId, orderId));
        expect(row.net).toBe(row.gross - row.storeFee - row.commission - row.shipping);
        settled.push(orderId);
        next.income += row.net;
        next.points += Math.floor(row.gross / 10_000);
      }
      return next;
    }
    case "return": {
      // The buyer's complaint is won before the order finishes: the goods come back, nothing is settled.
      const orderId = await newOrder(shop, [{ sku, quantity: st.quantity }]);
      await forceState(orderId, { status: "complaint", returnStage: "received", previousStatus: "received", stockState: "none" });
      await applyOrderAction(shop.businessId, orderId, { action: "finish-returns", actor: "seller", userId: shop.userId });
      expect(await db.select().from(s.settlements).where(eq(s.settlements.orderId, orderId))).toEqual([]);
      return next;
    }
    case "adjust": {
      // A platform correction: a gain goes to income; a loss comes from what the settlement still
      // holds in income, the rest from saldo; never below the settlement's own total.
      if (!settled.length) return next;
      const orderId = settled[seq % settled.length];
      const [before] = await db.select().from(s.settlements).where(eq(s.settlements.orderId, orderId));
      const holding = before.net + before.adjustment - before.released;
      const fromIncome = st.amount > 0 ? st.amount : -Math.min(-st.amount, holding);
      const fromSaldo = st.amount - fromIncome;
      const done = await refusable(() => adjustSettlement(db, { businessId: shop.businessId, orderId, amount: st.amount, key: `prop-${++seq}` }));
      if (done === "refused") {
        expect(before.net + before.adjustment + st.amount < 0 || m.saldo + fromSaldo < 0).toBe(true);
        return next;
      }
      next.income += fromIncome;
      next.saldo += fromSaldo;
      return next;
    }
    case "release": {
      await releaseDueSettlements(FAR, { businessId: shop.businessId });
      const after = await now();
      // Income moves to saldo and nothing else moves.
      expect(after.income + after.saldo).toBe(m.income + m.saldo);
      expect(after.income).toBeGreaterThanOrEqual(0);
      return { ...next, income: after.income, saldo: after.saldo };
    }
    case "topup": {
      const p = await requestTopup(scope, { amount: st.amount, method: 3 });
      const cb = signed("payment", p.reference, st.amount, st.paid ? "paid" : "failed");
      await Promise.all(Array.from({ length: st.times }, () => applyPaymentCallback(cb.body, cb.signature)));
      if (st.paid) next.deposit += st.amount;
      return next;
    }
    case "invoice": {
      const t0 = new Date(Date.now() - 2 * 86400_000);
      const inv = await issueInvoice(db, shop.businessId, {
        type: "sales_po", periodStart: t0, periodEnd: t0, lines: [{ description: "PO", qty: 1, price: st.amount }],
        dueAt: st.via === "auto" ? new Date(Date.now() - 1000) : new Date(Date.now() + 30 * 86400_000),
      });
      expect(inv).not.toBeNull();
      if (st.via === "auto") {
        await sweepDepositInvoices(new Date(), db);
        next.deposit -= st.amount; // may go below zero: a debt
        return next;
      }
      const via = st.via;
      const paid = await refusable(() => payInvoice(scope, { invoice_id: inv!.id, via }));
      if (paid === "refused") {
        const used = st.via === "points" ? Math.min(m.points, Math.floor(st.amount / 100)) : 0;
        expect(used === 0 && st.via === "points" ? true : m.deposit < st.amount - used * 100).toBe(true);
        return next;
      }
      const used = st.via === "points" ? Math.min(m.points, Math.floor(st.amount / 100)) : 0;
      next.points -= used;
      next.deposit -= st.amount - used * 100;
      return next;
    }
    case "withdraw": {
      const w = await refusable(() => requestWithdrawal(scope, { amount: st.amount, source: "saldo" }));
      if (w === "refused") {
        expect(st.amount > m.saldo || st.amount < 10_000).toBe(true);
        return next;
      }
      next.saldo -= st.amount;
      next.payout += st.amount;
      const cb = signed("disbursement", `payout-${w.payout_id}`, st.amount, st.paid ? "paid" : "failed");
      const { readCallback } = await import("#core/money/callbacks.ts");
      await Promise.all(Array.from({ length: st.times }, () => applyPayoutCallback(readCallback("disbursement", cb.body, cb.signature))));
      next.payout -= st.amount;
      if (!st.paid) next.saldo += st.amount;
      return next;
    }
  }
}

const fingerprint = async (upTo: number) =>
  (await db.execute<{ f: string | null }>(sql`
    SELECT md5(string_agg(id || ':' || amount || ':' || balance_after || ':' || account_id, ',' ORDER BY id)) AS f
    FROM ledger_entries WHERE business_id = ${shop.businessId} AND id <= ${upTo}`)).rows[0].f;

describe("the money area as a whole", () => {
  it(`keeps the ledger whole and every balance as the rules say over ${RUNS} runs of 50 steps`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 50, maxLength: 50 }), async (steps) => {
        await freshShop();
        let model = await now();
        let half: { last: number; print: string | null } | undefined;
        for (const [i, st] of steps.entries()) {
          model = await apply(st, model);
          const actual = await now();
          for (const k of SELLER) expect({ step: st.kind, account: k, balance: actual[k] }).toEqual({ step: st.kind, account: k, balance: model[k] });
          for (const k of ["income", "saldo", "payout", "points"] as const) expect(actual[k]).toBeGreaterThanOrEqual(0);
          if (i === 24) {
            const [{ last }] = (await db.execute<{ last: number | null }>(sql`SELECT max(id)::int AS last FROM ledger_entries WHERE business_id = ${shop.businessId}`)).rows;
            half = { last: last ?? 0, print: await fingerprint(last ?? 0) };
          }
        }
        expect(await auditLedger(db, shop.businessId)).toEqual([]);
        // What the first half wrote, the second half left as it was.
        expect(await fingerprint(half!.last)).toBe(half!.print);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 60 * 60_000);
});

