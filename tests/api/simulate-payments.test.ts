/**
 * `npm run simulate:payments` (scripts/simulate-payments.ts) against the app in this process: the
 * API served on a real port, the app's disbursement service pointed at the simulator, every mode
 * played — pay, fail, pay twice, late, down — and the ledger consistent after all of it.
 */
import { createServer } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { issueToken } from "#core/auth/tokens.ts";
import { auditLedger, balancesOf, post } from "#core/money/ledger.ts";
import { retryDuePayouts } from "#core/money/payout-dispatch.ts";
import { requestPayment, signMoneyBody, verifyMoneySignature } from "#core/money/providers.ts";
import { startPaymentSimulator } from "#scripts/simulate-payments.ts";
import { call } from "./helpers.ts";
import { moneyBusiness } from "./money-fixtures.ts";

let app: ServerType;
let sim: Awaited<ReturnType<typeof startPaymentSimulator>>;
const saved = { APP_URL: process.env.APP_URL, DISBURSEMENT_URL: process.env.DISBURSEMENT_URL, PAYMENT_URL: process.env.PAYMENT_URL };

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    app = serve({ fetch: api.fetch, port: 0, hostname: "127.0.0.1" }, (info) => resolve(info.port));
  });
  process.env.APP_URL = `http://127.0.0.1:${port}`;
  sim = await startPaymentSimulator({ port: 0, mode: "pay", delayMs: 30, lateMs: 400, quiet: true });
  process.env.DISBURSEMENT_URL = sim.url;
});
afterAll(async () => {
  await sim.close();
  await new Promise((r) => app.close(r));
  for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
});

async function seller(saldo: number) {
  const { businessId, userId } = await moneyBusiness("Simulator");
  await db.update(s.businesses).set({ status: s.BUSINESS_STATUS.active }).where(eq(s.businesses.id, businessId));
  await db.insert(s.businessMembers).values({ businessId, userId, role: "owner" });
  await db.insert(s.bankAccounts).values({ businessId, bankCode: "008", accountName: "CV Simulasi", accountNo: "1270000111", isDefault: true });
  await db.transaction((tx) => post(tx, { businessId, kind: "release", key: "fund", legs: [{ account: "sales", amount: -saldo }, { account: "saldo", amount: saldo }] }));
  return { businessId, token: await issueToken(userId) };
}
const withdraw = async (token: string, amount: number) => {
  const r = await call<{ payout_id: number; status: string }>("POST", "/v0.0.1/saldo/withdraw-request", { token, json: { amount } });
  expect(r.status).toBe(201);
  return r.body.data!;
};
const statusOf = async (id: number) => (await db.select({ status: s.payouts.status }).from(s.payouts).where(eq(s.payouts.id, id)))[0].status;

describe("the payments simulator against the app", () => {
  it("pays, fails, pays twice and answers late; the app applies each outcome once", async () => {
    const { businessId, token } = await seller(1_000_000);
    const paid = await withdraw(token, 100_000);
    const failed = await withdraw(token, 100_013);
    const twice = await withdraw(token, 100_022);
    const late = await withdraw(token, 100_044);
    for (const w of [paid, failed, twice, late]) expect(w.status).toBe("processing");
    await sim.settled();
    expect(await statusOf(paid.payout_id)).toBe("paid");
    expect(await statusOf(failed.payout_id)).toBe("failed");
    expect(await statusOf(twice.payout_id)).toBe("paid");
    expect(await statusOf(late.payout_id)).toBe("paid");
    const dup = sim.events.find((e) => e.reference === `payout-${twice.payout_id}`)!;
    expect(dup.callbacks).toEqual([200, 200]); // applied once, the second answered "already applied"
    const outcomes = await db.select({ outcome: s.payoutCallbacks.outcome }).from(s.payoutCallbacks).where(eq(s.payoutCallbacks.payoutId, twice.payout_id));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["applied", "duplicate"]);
    expect(await balancesOf(db, businessId)).toMatchObject({ saldo: 1_000_000 - 300_066, payout: 0, bank: 300_066 });
    expect(await auditLedger(db, businessId)).toEqual([]);
  });

  it("is down: the withdrawal stays requested, and the sweeper sends it once the service is back", async () => {
    const { businessId, token } = await seller(100_000);
    sim.setMode("down");
    const w = await withdraw(token, 20_000);
    expect(w.status).toBe("requested");
    sim.setMode("pay");
    await db.update(s.payouts).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(s.payouts.id, w.payout_id));
    expect(await retryDuePayouts()).toBe(1);
    await sim.settled();
    expect(await statusOf(w.payout_id)).toBe("paid");
    expect((await balancesOf(db, businessId)).bank).toBe(20_000);
  });

  it("refuses a request the app did not sign, and plays the payment service too (signed callback to callback_url)", async () => {
    const body = JSON.stringify({ reference: "payout-1", amount: 1, bank_code: "014", account_no: "1", account_name: "x", callback_url: "http://127.0.0.1:1/" });
    expect((await fetch(`${sim.url}/disbursements`, { method: "POST", body, headers: { "X-Indie-Signature": "sha256=00" } })).status).toBe(401);

    const received: { body: string; signature: string }[] = [];
    const hook = createServer((req, res) => {
      let b = "";
      req.on("data", (c) => (b += c));
      req.on("end", () => {
        received.push({ body: b, signature: String(req.headers["x-indie-signature"]) });
        res.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
    const port = (hook.address() as { port: number }).port;
    const payBody = JSON.stringify({ reference: "payment-7", amount: 150_000, method: 3, description: "Top-up", callback_url: `http://127.0.0.1:${port}/cb` });
    const res = await fetch(`${sim.url}/payments`, { method: "POST", body: payBody, headers: { "X-Indie-Signature": signMoneyBody("payment", payBody) } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ provider_ref: expect.stringMatching(/^XPAY-/), instructions: { kind: "va" } });
    await sim.settled();
    hook.close();
    expect(received).toHaveLength(1);
    expect(verifyMoneySignature("payment", received[0].body, received[0].signature)).toBe(true);
    expect(JSON.parse(received[0].body)).toMatchObject({ reference: "payment-7", status: "paid", amount: 150_000 });
    // The app's own client speaks the same protocol to it.
    process.env.PAYMENT_URL = sim.url;
    expect(await requestPayment({ reference: "payment-8", amount: 10_000, method: 3, description: "x" })).toMatchObject({ providerRef: expect.stringMatching(/^XPAY-/) });
  });
});
