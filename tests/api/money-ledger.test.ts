/**
 * The ledger's own rules (core/money/ledger.ts): double entry, append-only, once per key, balances
 * derived and never below their floor — including under 200 concurrent postings.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { Refused } from "#core/errors.ts";
import { auditLedger, balancesOf, post, postMany } from "#core/money/ledger.ts";
import { moneyBusiness } from "./money-fixtures.ts";

let businessId: number;
beforeAll(async () => {
  ({ businessId } = await moneyBusiness("Ledger"));
});

const credit = (key: string, amount: number) =>
  db.transaction((tx) => post(tx, { businessId, kind: "release", key, legs: [{ account: "sales", amount: -amount }, { account: "saldo", amount }] }));
const withdraw = (key: string, amount: number) =>
  db.transaction((tx) => post(tx, { businessId, kind: "withdrawal", key, legs: [{ account: "saldo", amount: -amount }, { account: "payout", amount }] }));

describe("the money ledger", () => {
  it("keeps balances as the sum of their entries and refuses a posting that does not sum to zero", async () => {
    await credit("t1", 50_000);
    const b = await balancesOf(db, businessId);
    expect(b.saldo).toBe(50_000);
    expect(b.sales).toBe(-50_000);
    await expect(db.transaction((tx) => post(tx, { businessId, kind: "release", key: "bad", legs: [{ account: "saldo", amount: 1 }] }))).rejects.toThrow(/sum to zero/);
    expect(await auditLedger(db, businessId)).toEqual([]);
  });

  it("posts a key once: the same legs answer the first transaction, other legs are refused", async () => {
    const first = await credit("once", 10_000);
    const again = await credit("once", 10_000);
    expect(again).toEqual({ transactionId: first.transactionId, created: false });
    await expect(credit("once", 20_000)).rejects.toMatchObject({ message: "money:errors.key_reused" });
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.ledgerTransactions).where(eq(s.ledgerTransactions.key, "once"));
    expect(n).toBe(1);
  });

  it("never takes saldo below zero and writes nothing of a refused posting", async () => {
    const before = await balancesOf(db, businessId);
    await expect(withdraw("too-much", before.saldo + 1)).rejects.toBeInstanceOf(Refused);
    expect(await balancesOf(db, businessId)).toEqual(before);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.ledgerTransactions).where(eq(s.ledgerTransactions.key, "too-much"));
    expect(n).toBe(0);
  });

  it("lets the deposit go into debt only by an invoice charge", async () => {
    const charge = (key: string, debt: boolean) =>
      db.transaction((tx) => post(tx, { businessId, kind: "invoice_payment", key, debt, legs: [{ account: "deposit", amount: -5_000 }, { account: "platform_costs", amount: 5_000 }] }));
    await expect(charge("no-debt", false)).rejects.toMatchObject({ message: "money:errors.insufficient_deposit" });
    await charge("debt", true);
    expect((await balancesOf(db, businessId)).deposit).toBe(-5_000);
  });

  it("refuses to change or remove what was written", async () => {
    const refusal = (q: Promise<unknown>) => q.then(() => "done", (e) => String(e.cause?.message ?? e.message));
    expect(await refusal(db.execute(sql`UPDATE ledger_entries SET amount = amount + 1 WHERE business_id = ${businessId}`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`DELETE FROM ledger_transactions WHERE business_id = ${businessId}`))).toMatch(/append-only/);
    // A seller balance written below zero behind the writer's back is refused by the database too.
    expect(await refusal(db.execute(sql`UPDATE ledger_accounts SET balance = -1 WHERE business_id = ${businessId} AND code = 'saldo'`))).toMatch(/ledger_accounts_floor/);
    expect(await auditLedger(db, businessId)).toEqual([]);
  });

  it("writes many postings in one call with the same rules", async () => {
    const before = (await balancesOf(db, businessId)).saldo;
    const postings = Array.from({ length: 300 }, (_, i) => ({
      businessId, kind: "release" as const, key: `many-${i}`, legs: [{ account: "sales" as const, amount: -(i + 1) }, { account: "saldo" as const, amount: i + 1 }],
    }));
    const out = await db.transaction((tx) => postMany(tx, [...postings, postings[0]]));
    expect(out.filter((o) => o.created)).toHaveLength(300);
    expect(out[300]).toEqual({ transactionId: out[0].transactionId, created: false });
    expect((await balancesOf(db, businessId)).saldo).toBe(before + (300 * 301) / 2);
    expect(await auditLedger(db, businessId)).toEqual([]);
  });

  it("200 concurrent withdrawals of Rp 10.000 from Rp 1.000.000: exactly 100 go through, saldo ends at 0", async () => {
    const { businessId: b } = await moneyBusiness("Race");
    await db.transaction((tx) => post(tx, { businessId: b, kind: "release", key: "fund", legs: [{ account: "sales", amount: -1_000_000 }, { account: "saldo", amount: 1_000_000 }] }));
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) =>
      db.transaction((tx) => post(tx, { businessId: b, kind: "withdrawal", key: `w-${i}`, legs: [{ account: "saldo", amount: -10_000 }, { account: "payout", amount: 10_000 }] }))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(100);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(Refused);
    const after = await balancesOf(db, b);
    expect(after.saldo).toBe(0);
    expect(after.payout).toBe(1_000_000);
    expect(await auditLedger(db, b)).toEqual([]);
  }, 60_000);
});
