/**
 * Saldo and withdrawals through the REST API (core/money/payouts.ts, saldo.ts, payout-dispatch.ts):
 * the race of 200 withdrawals, Idempotency-Key replays, callbacks applied once per outcome, bad
 * signatures, failures returning the money, the re-auth guard, tenants and privileges.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { hashPassword } from "#core/auth/password.ts";
import { issueToken, hashToken } from "#core/auth/tokens.ts";
import { auditLedger, balancesOf, post } from "#core/money/ledger.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { retryDuePayouts } from "#core/money/payout-dispatch.ts";
import { signMoneyBody } from "#core/money/providers.ts";
import { call, clearRateLimits, withEnv } from "./helpers.ts";
import { moneyBusiness } from "./money-fixtures.ts";

/** An active business of its own, its owner signed in, a default bank account, and `saldo` in its saldo. */
async function sellerWithSaldo(saldo: number, label = "Saldo") {
  const { businessId, userId } = await moneyBusiness(label);
  await db.update(s.businesses).set({ status: s.BUSINESS_STATUS.active }).where(eq(s.businesses.id, businessId));
  await db.insert(s.businessMembers).values({ businessId, userId, role: "owner" });
  await db.insert(s.bankAccounts).values({ businessId, bankCode: "014", accountName: `PT ${label}`, accountNo: "5270999001", isDefault: true });
  if (saldo) await fund(businessId, saldo, `fund-${saldo}`);
  return { businessId, userId, token: await issueToken(userId) };
}
const fund = (businessId: number, amount: number, key: string, account: "saldo" | "deposit" = "saldo") =>
  db.transaction((tx) => post(tx, { businessId, kind: account === "saldo" ? "release" : "topup", key, legs: [{ account: "sales", amount: -amount }, { account, amount }] }));

const withdraw = (token: string, amount: unknown, opts: { key?: string; path?: string } = {}) =>
  call("POST", opts.path ?? "/v0.0.0/saldo/withdraw-request", { token, json: { amount }, headers: opts.key ? { "Idempotency-Key": opts.key } : {} });

const ledgerCount = async (businessId: number, kind: string) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(s.ledgerTransactions)
    .where(and(eq(s.ledgerTransactions.businessId, businessId), eq(s.ledgerTransactions.kind, kind))))[0].n;

function callback(payoutId: number, amount: number, status: "paid" | "failed" | "expired", event = `ev-${Math.random()}`) {
  const body = JSON.stringify({ event_id: event, reference: `payout-${payoutId}`, provider_ref: "SIMDSB-TEST", status, amount, time: Math.floor(Date.now() / 1000) });
  return { body, signature: signMoneyBody("disbursement", body) };
}
async function deliver(cb: { body: string; signature: string }) {
  const { api } = await import("#api/app.ts");
  const res = await api.request("/api/callbacks/disbursements", { method: "POST", body: cb.body, headers: { "Content-Type": "application/json", "X-Indie-Signature": cb.signature } });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; data?: { outcome: string } } };
}

// The in-process simulator calls back after this long: out of the way of the tests that deliver their own callbacks.
const LATER = { SIMULATED_PAYMENT_DELAY_MS: "600000" };

beforeAll(clearRateLimits);
afterEach(() => {
  delete process.env.DISBURSEMENT_URL;
});

describe("withdrawals", () => {
  it("200 concurrent withdrawals of Rp 10.000 from Rp 1.000.000: exactly 100 go through, saldo 0, the ledger consistent", async () => {
    const { businessId, token } = await sellerWithSaldo(1_000_000, "Race");
    const answers = await withEnv(LATER, () => Promise.all(Array.from({ length: 200 }, () => withdraw(token, 10_000))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(100);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(422);
      expect(a.body.message).toBe("Your saldo is not enough for this amount.");
    }
    const b = await balancesOf(db, businessId);
    expect(b.saldo).toBe(0);
    expect(b.payout).toBe(1_000_000);
    expect(await ledgerCount(businessId, "withdrawal")).toBe(100);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.payouts).where(eq(s.payouts.businessId, businessId));
    expect(n).toBe(100);
    expect(await auditLedger(db, businessId)).toEqual([]);
  }, 120_000);

  it("the same Idempotency-Key 50 times at once: one withdrawal, 50 identical answers; the key with another amount is 422", async () => {
    const { businessId, token } = await sellerWithSaldo(500_000, "Idem");
    const answers = await withEnv(LATER, () => Promise.all(Array.from({ length: 50 }, () => withdraw(token, 25_000, { key: "wd-once-1" }))));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers[0].body.data).toMatchObject({ amount: 25_000, source: "saldo", status: "processing", bank_data: { bank_code: "014", account_no: "5270999001" } });
    expect(await ledgerCount(businessId, "withdrawal")).toBe(1);
    const other = await withdraw(token, 30_000, { key: "wd-once-1" });
    expect(other.status).toBe(422);
    expect((await balancesOf(db, businessId)).saldo).toBe(475_000);
  }, 60_000);

  it("reads the amount as a seller types it and refuses what is not a withdrawal, under its field", async () => {
    const { token } = await sellerWithSaldo(100_000, "Input");
    const typed = await withEnv(LATER, () => withdraw(token, "Rp 12.500"));
    expect(typed.status).toBe(201);
    expect(typed.body.data).toMatchObject({ amount: 12_500 });
    for (const [amount, message] of [[9_999, "The smallest withdrawal is Rp. 10.000."], ["1.000,50", /dots/], ["abc", "Enter an amount in whole rupiah."], [null, /required/i]] as const) {
      const r = await withdraw(token, amount);
      expect(r.status).toBe(422);
      expect((r.body.data as Record<string, string[]>).amount[0]).toMatch(message);
    }
    const tooMuch = await withdraw(token, 1_000_000);
    expect(tooMuch.status).toBe(422);
    expect((tooMuch.body.data as Record<string, string[]>).amount).toEqual(["Your saldo is not enough for this amount."]);
  });

  it("a callback delivered 3 times at once pays once; a bad signature is 401 and writes nothing", async () => {
    const { businessId, token } = await sellerWithSaldo(200_000, "Callback");
    const w = await withEnv(LATER, () => withdraw(token, 50_000));
    const id = (w.body.data as { payout_id: number }).payout_id;

    const forged = callback(id, 50_000, "paid");
    const bad = await deliver({ body: forged.body, signature: `sha256=${"0".repeat(64)}` });
    expect(bad.status).toBe(401);
    expect(await deliver({ body: forged.body.replace("50000", "50001"), signature: forged.signature })).toMatchObject({ status: 401 });
    const [{ n: logged }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.payoutCallbacks).where(eq(s.payoutCallbacks.payoutId, id));
    expect(logged).toBe(0);
    expect(await ledgerCount(businessId, "withdrawal_paid")).toBe(0);

    const cb = callback(id, 50_000, "paid", "ev-paid-1");
    const three = await Promise.all([deliver(cb), deliver(cb), deliver(cb)]);
    expect(three.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(three.map((r) => r.body.data?.outcome).sort()).toEqual(["applied", "duplicate", "duplicate"]);
    expect(await ledgerCount(businessId, "withdrawal_paid")).toBe(1);
    const b = await balancesOf(db, businessId);
    expect(b).toMatchObject({ saldo: 150_000, payout: 0, bank: 50_000 });

    // The other outcome after the first: recorded, refused, nothing moves.
    const late = await deliver(callback(id, 50_000, "failed"));
    expect(late.status).toBe(409);
    expect(await ledgerCount(businessId, "withdrawal_failed")).toBe(0);
    const outcomes = await db.select({ outcome: s.payoutCallbacks.outcome }).from(s.payoutCallbacks).where(eq(s.payoutCallbacks.payoutId, id));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["applied", "conflict", "duplicate", "duplicate"]);
    const history = await call("GET", "/v0.0.1/saldo/withdraw-history", { token, query: { status: "paid" } });
    expect(history.body.data![0]).toMatchObject({ payout_id: id, status: "paid", status_name: "Paid" });
    // The owner is told once, in the feed, linking to the withdrawals.
    const told = await db.select().from(s.notifications).where(and(eq(s.notifications.businessId, businessId), eq(s.notifications.refId, id)));
    expect(told.map((n) => [n.event, n.link])).toEqual([["withdrawal_paid", "/income-balance/saldo?tab=withdrawals"]]);
    expect(await auditLedger(db, businessId)).toEqual([]);
  });

  it("a failed disbursement returns the money to where it came from; another amount is refused 422", async () => {
    const { businessId, token } = await sellerWithSaldo(100_000, "Failed");
    const w = await withEnv(LATER, () => withdraw(token, 40_000));
    const id = (w.body.data as { payout_id: number }).payout_id;
    expect((await deliver(callback(id, 39_000, "failed"))).status).toBe(422);
    expect((await balancesOf(db, businessId)).saldo).toBe(60_000);
    const failed = await deliver(callback(id, 40_000, "failed"));
    expect(failed.status).toBe(200);
    expect(await balancesOf(db, businessId)).toMatchObject({ saldo: 100_000, payout: 0, bank: 0 });
    expect((await deliver(callback(id, 40_000, "paid"))).status).toBe(409);
    const [p] = await db.select().from(s.payouts).where(eq(s.payouts.id, id));
    expect(p).toMatchObject({ status: "failed", failureReason: "failed" });
    const told = await db.select({ event: s.notifications.event }).from(s.notifications).where(and(eq(s.notifications.businessId, businessId), eq(s.notifications.refId, id)));
    expect(told).toEqual([{ event: "withdrawal_failed" }]);
    const lines = await call("GET", "/v0.0.0/balances/histories/saldo", { token });
    expect(lines.body.data!.map((l: { kind: string; amount: number; balance_after: number }) => [l.kind, l.amount, l.balance_after])).toEqual([
      ["withdrawal_failed", 40_000, 100_000], ["withdrawal", -40_000, 60_000], ["release", 100_000, 100_000],
    ]);
    expect(await auditLedger(db, businessId)).toEqual([]);
  });

  it("pays through the in-process simulator, and withdraws from the deposit the same way", async () => {
    const { businessId, token } = await sellerWithSaldo(100_000, "Sim");
    await fund(businessId, 80_000, "dep", "deposit");
    await withEnv({ SIMULATED_PAYMENT_DELAY_MS: "50" }, async () => {
      expect((await withdraw(token, 20_000)).status).toBe(201);
      expect((await withdraw(token, 30_000, { path: "/v0.1.0/deposit/withdraw" })).status).toBe(201);
      expect((await withdraw(token, 50_013, { path: "/v0.0.0/withdraw" })).status).toBe(201); // ends in 13: the simulator fails it
    });
    await expect.poll(async () => (await balancesOf(db, businessId)).payout, { timeout: 5000 }).toBe(0);
    expect(await balancesOf(db, businessId)).toMatchObject({ saldo: 80_000, deposit: 50_000, bank: 50_000 });
    const summary = await call("GET", "/v0.0.1/saldo/summary", { token });
    expect(summary.body.data).toEqual({ saldo: 80_000, in_withdrawal: 0, withdrawn_this_month: 20_000, holding_income: 0, deposit: 50_000 });
    expect((await call("GET", "/v0.0.0/saldo/amount", { token })).body.data).toEqual({ saldo: 80_000 });
    const failed = await call("GET", "/v0.0.0/saldo/withdraw-history", { token, query: { status: "failed" } });
    expect(failed.body.data).toHaveLength(1);
    expect(failed.body.pagination?.summary_data).toEqual({ counts: { requested: 0, processing: 0, paid: 2, failed: 1 } });
    expect(await auditLedger(db, businessId)).toEqual([]);
  });

  it("keeps a withdrawal requested while the service is away, and the sweeper sends it later", async () => {
    const { businessId, token } = await sellerWithSaldo(100_000, "Away");
    process.env.DISBURSEMENT_URL = "http://127.0.0.1:9"; // nothing listens there
    const w = await withdraw(token, 10_000);
    expect(w.status).toBe(201);
    expect(w.body.data).toMatchObject({ status: "requested" });
    const id = (w.body.data as { payout_id: number }).payout_id;
    const [p] = await db.select().from(s.payouts).where(eq(s.payouts.id, id));
    expect(p.attempts).toBe(1);
    expect(p.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    delete process.env.DISBURSEMENT_URL; // the service is back (here: the in-process simulator)
    await db.update(s.payouts).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(s.payouts.id, id));
    await withEnv(LATER, () => retryDuePayouts());
    const [again] = await db.select().from(s.payouts).where(eq(s.payouts.id, id));
    expect(again.status).toBe("processing");
    expect(again.providerRef).toMatch(/^SIMDSB-/);
    expect((await balancesOf(db, businessId)).payout).toBe(10_000);
  });

  it("refuses with a clear message when money-out is off or there is no bank account, writing nothing", async () => {
    const { businessId, token } = await sellerWithSaldo(100_000, "Off");
    const off = await withEnv({ DEMO: "off" }, () => withdraw(token, 10_000));
    expect(off.status).toBe(422);
    expect(off.body.message).toMatch(/no disbursement service/);
    await db.delete(s.bankAccounts).where(eq(s.bankAccounts.businessId, businessId));
    const noBank = await withdraw(token, 10_000);
    expect(noBank.status).toBe(422);
    expect(noBank.body.message).toMatch(/default bank account/);
    expect(await ledgerCount(businessId, "withdrawal")).toBe(0);
  });

  it("asks for the password again when the business's security is Password", async () => {
    const { businessId, userId, token } = await sellerWithSaldo(100_000, "Reauth");
    await db.insert(s.settings).values({ businessId, security2fa: "password" });
    await db.update(s.users).set({ passwordHash: await hashPassword("pw-Reauth-1") }).where(eq(s.users.id, userId));
    const refused = await withdraw(token, 10_000);
    expect(refused.status).toBe(401);
    expect(refused.body.data).toEqual({ reauth_required: true });
    expect(await ledgerCount(businessId, "withdrawal")).toBe(0);
    expect((await call("POST", "/v0.0.0/utilities/token-2fa/request", { token, json: { password: "pw-Reauth-1" } })).status).toBe(200);
    expect((await withEnv(LATER, () => withdraw(token, 10_000))).status).toBe(201);
    await db.update(s.apiTokens).set({ reauthAt: sql`now() - interval '301 seconds'` }).where(eq(s.apiTokens.tokenHash, hashToken(token)));
    expect((await withdraw(token, 10_000)).status).toBe(401);
  });

  it("keeps each business's saldo and withdrawals to itself, and needs balance.withdraw to take money out", async () => {
    const a = await sellerWithSaldo(100_000, "TenantA");
    const b = await sellerWithSaldo(70_000, "TenantB");
    const w = await withEnv(LATER, () => withdraw(a.token, 10_000));
    const id = (w.body.data as { payout_id: number }).payout_id;
    expect((await call("GET", "/v0.0.0/saldo/withdraw-history", { token: b.token })).status).toBe(404);
    expect((await call("GET", "/v0.0.0/saldo/amount", { token: b.token })).body.data).toEqual({ saldo: 70_000 });
    expect((await call("GET", "/v0.0.0/saldo/histories", { token: b.token })).body.data!.every((l: { ref_id: number | null }) => l.ref_id !== id)).toBe(true);

    // A staff member of A: "balance" reads, only "balance.withdraw" (with its group) takes money out.
    const { userId: staff } = await moneyBusiness("Staff");
    await db.insert(s.businessMembers).values({ businessId: a.businessId, userId: staff, role: "staff", privileges: ["balance"] });
    const staffToken = await issueToken(staff);
    expect((await call("GET", "/v0.0.0/saldo/summary", { token: staffToken })).status).toBe(200);
    const forbidden = await withdraw(staffToken, 10_000);
    expect(forbidden.status).toBe(403);
    expect((await withdraw(staffToken, 10_000, { path: "/v0.0.1/deposit/withdraw" })).status).toBe(403);
    await db.update(s.businessMembers).set({ privileges: ["balance", "balance.withdraw"] })
      .where(and(eq(s.businessMembers.businessId, a.businessId), eq(s.businessMembers.userId, staff)));
    const allowed = await withEnv(LATER, () => withdraw(staffToken, 10_000));
    expect(allowed.status).toBe(201);
    expect(allowed.body.data).toMatchObject({ requested_by: expect.stringContaining("Staff") });
    await db.update(s.businessMembers).set({ privileges: ["orders"] })
      .where(and(eq(s.businessMembers.businessId, a.businessId), eq(s.businessMembers.userId, staff)));
    expect((await call("GET", "/v0.0.0/saldo/summary", { token: staffToken })).status).toBe(403);
    expect((await balancesOf(db, a.businessId)).saldo).toBe(80_000);
    expect((await balancesOf(db, b.businessId)).saldo).toBe(70_000);
  });

  it("filters the histories by kind and WIB days, and refuses a range that ends before it starts", async () => {
    const { token } = await sellerWithSaldo(100_000, "Filters");
    await withEnv(LATER, () => withdraw(token, 10_000));
    const now = Math.floor(Date.now() / 1000);
    const today = await call("GET", "/v0.0.0/saldo/histories", { token, query: { date_from: now, date_to: now, kind: "withdrawal" } });
    expect(today.body.data).toHaveLength(1);
    expect(today.body.data![0]).toMatchObject({ kind: "withdrawal", kind_name: "Withdrawal requested", amount: -10_000, reference: expect.stringMatching(/^WD-\d+$/) });
    expect(today.body.pagination?.summary_data).toEqual({ money_in: 0, money_out: 10_000 });
    expect((await call("GET", "/v0.0.0/saldo/histories", { token, query: { date_from: now - 86400 * 30, date_to: now - 86400 * 20 } })).status).toBe(404);
    const backwards = await call("GET", "/v0.0.0/saldo/withdraw-history", { token, query: { date_from: now, date_to: now - 86400 * 2 } });
    expect(backwards.status).toBe(422);
    expect((await call("GET", "/v0.0.0/saldo/withdraw-history", { token, query: { status: "lost" } })).status).toBe(422);
    const id = await call("GET", "/v0.0.0/saldo/histories", { token, locale: "id" });
    expect(id.body.data![0]).toMatchObject({ kind_name: "Penarikan diajukan" });
  });

  it("exports both lists to xlsx through the export jobs", async () => {
    const { token } = await sellerWithSaldo(100_000, "Export");
    await withEnv(LATER, () => withdraw(token, 10_000));
    for (const kind of ["saldo-history", "withdraw-history"]) {
      const queued = await call<{ job_id: number }>("POST", `/v0.0.0/exports/${kind}`, { token, json: {} });
      expect(queued.status).toBe(202);
      while (await runNextJob());
      const job = await call<{ status: string; filename: string }>("GET", `/v0.0.0/exports/${queued.body.data!.job_id}`, { token });
      expect(job.body.data).toMatchObject({ status: "success", filename: expect.stringMatching(kind === "saldo-history" ? /^saldo_history_/ : /^withdrawals_/) });
    }
  });
});
