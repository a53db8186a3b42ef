/**
 * /income-balance/saldo at the web's seam: the cards and tabs, the withdraw form's steps without
 * JavaScript (a bad amount under its field, the confirm step, the withdrawal and its notice), the
 * password step when the business's security is Password, and the export of the tab shown.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as saldoPage from "#app/routes/admin/income-balance/saldo.tsx";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { balancesOf, post } from "#core/money/ledger.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

let businessId: number;
const URL_ = "/income-balance/saldo";

beforeAll(async () => {
  process.env.SIMULATED_PAYMENT_DELAY_MS = "600000"; // the simulator's callback stays out of these tests
  const [u] = await db.select().from(s.users).where(eq(s.users.email, DEMO.seller));
  const [m] = await db.select().from(s.businessMembers).where(eq(s.businessMembers.userId, u.id)).limit(1);
  businessId = m.businessId;
  await db.transaction((tx) => post(tx, { businessId, kind: "release", key: "route-fund", legs: [{ account: "sales", amount: -300_000 }, { account: "saldo", amount: 300_000 }] }));
});

describe("the saldo page", () => {
  it("shows the cards, the destination and the saldo history, in English and Indonesian", async () => {
    const before = (await balancesOf(db, businessId)).saldo;
    const res = await runLoader(saldoPage, { url: URL_, as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.summary.saldo).toBe(before);
    expect(res.data.destination).toMatchObject({ bank_name: "BCA", account_no: "5270123456" });
    expect(res.data.canWithdraw).toBe(true);
    expect(res.data.list.rows[0]).toMatchObject({ kind: "release", kind_name: "Released to saldo" });
    const id = await runLoader(saldoPage, { url: `/id${URL_}?tab=withdrawals&status=paid&date=7`, as: DEMO.seller });
    expect(id.data.params.filters).toMatchObject({ tab: "withdrawals", status: "paid", date: "7" });
    expect(id.data.title).toMatch(/^Saldo/);
  });

  it("says what is wrong with the amount under its field, before asking", async () => {
    const res = await runAction(saldoPage, { url: URL_, as: DEMO.seller, form: { intent: "withdraw", amount: "1.000,50" } });
    expect(res.status).toBe(400);
    expect(res.data.error.amount).toEqual(["validation:money_separators"]);
    const small = await runAction(saldoPage, { url: URL_, as: DEMO.seller, form: { intent: "withdraw", amount: "9.999" } });
    expect(small.data.error.amount).toEqual(["money:errors.withdraw_min"]);
  });

  it("asks first without JavaScript, then withdraws and opens the Withdrawals tab with a notice", async () => {
    const asked = await runAction(saldoPage, { url: URL_, as: DEMO.seller, form: { intent: "withdraw", amount: "Rp. 25.000" } });
    expect(asked.redirect).toBe(`${URL_}?confirm=withdraw&amount=Rp.+25.000`);
    const step = await runLoader(saldoPage, { url: asked.redirect!, as: DEMO.seller });
    expect(step.data.confirm.fields).toMatchObject({ intent: "withdraw", amount: "Rp. 25.000" });

    const before = await balancesOf(db, businessId);
    const done = await runAction(saldoPage, { url: URL_, as: DEMO.seller, form: { intent: "withdraw", amount: "Rp. 25.000", confirmed: "1" } });
    expect(done.redirect).toBe(`${URL_}?tab=withdrawals`);
    expect(done.toasts[0]).toMatchObject({ type: "success", message: expect.stringMatching(/^Withdrawal WD-\d+ of Rp\. 25\.000 requested/) });
    const after = await balancesOf(db, businessId);
    expect(after.saldo).toBe(before.saldo - 25_000);
    const list = await runLoader(saldoPage, { url: `${URL_}?tab=withdrawals`, as: DEMO.seller });
    expect(list.data.list.rows[0]).toMatchObject({ amount: 25_000, status: "processing", status_name: "Processing" });
  });

  it("refuses more than the saldo under the amount, and asks for the password when security is Password", async () => {
    const saldo = (await balancesOf(db, businessId)).saldo;
    const tooMuch = await runAction(saldoPage, { url: URL_, as: DEMO.seller, form: { intent: "withdraw", amount: String(saldo + 1), confirmed: "1" } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data.error.amount).toEqual(["Your saldo is not enough for this amount."]);

    await db.insert(s.settings).values({ businessId, security2fa: "password" }).onConflictDoUpdate({ target: s.settings.businessId, set: { security2fa: "password" } });
    try {
      const res = await runAction(saldoPage, { url: URL_, as: DEMO.seller, form: { intent: "withdraw", amount: "10.000", confirmed: "1" } });
      expect(res.redirect).toMatch(/^\/income-balance\/saldo\?reauth=1&intent=withdraw&amount=10.000/);
      expect((await balancesOf(db, businessId)).saldo).toBe(saldo);
      const withPassword = await runAction(saldoPage, {
        url: URL_, as: DEMO.seller, form: { intent: "withdraw", amount: "10.000", confirmed: "1", reauth_password: DEMO.password },
      });
      expect(withPassword.redirect).toBe(`${URL_}?tab=withdrawals`);
      expect((await balancesOf(db, businessId)).saldo).toBe(saldo - 10_000);
    } finally {
      await db.update(s.settings).set({ security2fa: "none" }).where(eq(s.settings.businessId, businessId));
    }
  });

  it("exports the tab shown with its filters", async () => {
    const res = await runAction(saldoPage, { url: `${URL_}?tab=withdrawals&status=processing`, as: DEMO.seller, form: { intent: "export" } });
    expect(res.redirect).toBe(`${URL_}?tab=withdrawals&status=processing&history=open`);
    const [job] = await db.select().from(s.jobs).where(eq(s.jobs.kind, "export:withdraw-history"));
    expect(job.params).toMatchObject({ filters: { status: "processing", page: 1 } });
  });
});
