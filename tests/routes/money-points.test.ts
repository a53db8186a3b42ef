/**
 * The money pages of issue 15 at the web's seam: the points page (its balance, history, URL-held
 * filters, pages and export), /income-balance sending to the first balance page, and the
 * dashboard's balances panel — shown to a member holding "balance", left out for one who does not.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { post, type Posting } from "#core/money/ledger.ts";
import { pointsEarnedPosting, pointsSpentPosting } from "#core/money/points.ts";
import { pointsForSales } from "#core/money/balance-pages.ts";
import * as dashboardPage from "#app/routes/admin/dashboard.tsx";
import * as balanceIndex from "#app/routes/admin/income-balance/index.tsx";
import * as pointsPage from "#app/routes/admin/income-balance/points.tsx";
import { moneyBusiness } from "../api/money-fixtures.ts";
import { runAction, runLoader } from "./harness.ts";

/** A business of this file's own, its owner's email, and a staff member's with these privileges. */
async function business(label: string) {
  const b = await moneyBusiness(label);
  await db.update(s.businesses).set({ status: BUSINESS_STATUS.active }).where(eq(s.businesses.id, b.businessId));
  await db.insert(s.businessMembers).values({ businessId: b.businessId, userId: b.userId, role: "owner" });
  const [u] = await db.select({ email: s.users.email }).from(s.users).where(eq(s.users.id, b.userId));
  return { ...b, email: u.email! };
}
async function staff(businessId: number, privileges: string[]) {
  const email = `staf-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@indie.test`;
  const [u] = await db.insert(s.users).values({ name: "Staf Poin", email, passwordHash: "x" }).returning();
  await db.insert(s.businessMembers).values({ businessId, userId: u.id, role: "staff", privileges });
  return email;
}
const posting = (p: Posting | null) => db.transaction((tx) => post(tx, p!));

let A: Awaited<ReturnType<typeof business>>;
beforeAll(async () => {
  A = await business("Halaman Poin");
  const old = new Date(Date.now() - 40 * 86_400_000);
  await posting(pointsEarnedPosting(A.businessId, { orderId: 910_001, points: pointsForSales(50_000) }, { at: old })); // 5, 40 days ago
  for (let i = 0; i < 12; i++) await posting(pointsEarnedPosting(A.businessId, { orderId: 910_100 + i, points: pointsForSales(10_000) })); // 12 × 1
  await posting(pointsSpentPosting(A.businessId, { id: 31, points: 4 })); // −4
  await posting({ businessId: A.businessId, kind: "invoice_payment", key: "debt-1", debt: true, legs: [{ account: "deposit", amount: -7_500 }, { account: "platform_costs", amount: 7_500 }] });
});

describe("the points page", () => {
  it("shows the balance and the history, newest first, 50 a page", async () => {
    const res = await runLoader(pointsPage, { url: "/income-balance/points", as: A.email });
    expect(res.status).toBe(200);
    expect(res.data.balance).toBe(13);
    expect(res.data.title).toBe("Points | Indie Seller");
    expect(res.data.list.pagination).toEqual({ total_page: 1, total_record: 14 });
    expect(res.data.list.rows[0]).toMatchObject({ kind: "points_spent", amount: -4, balance_after: 13, reference: "Invoice #31" });
    expect(res.data.params.limit).toBe(50);
    expect(res.data.exports).toEqual([]);
  });

  it("holds its filters in the URL: type, the one date filter, page size and page", async () => {
    const spent = await runLoader(pointsPage, { url: "/income-balance/points?kind=points_spent", as: A.email });
    expect(spent.data.list.rows.map((r: { amount: number }) => r.amount)).toEqual([-4]);
    const week = await runLoader(pointsPage, { url: "/income-balance/points?date=7", as: A.email });
    expect(week.data.list.pagination.total_record).toBe(13);
    expect(week.data.params.filters).toMatchObject({ date: "7" });
    const paged = await runLoader(pointsPage, { url: "/income-balance/points?limit=10&page=2", as: A.email });
    expect(paged.data.list.rows).toHaveLength(4);
    expect(paged.data.list.rows.at(-1)).toMatchObject({ amount: 5, balance_after: 5 });
    // A page past the end, or a filter that is none: the first page, the filter left out.
    const past = await runLoader(pointsPage, { url: "/income-balance/points?limit=10&page=9&kind=points_earned", as: A.email });
    expect(past.redirect).toBe("/income-balance/points?kind=points_earned&limit=10");
    const junk = await runLoader(pointsPage, { url: "/income-balance/points?kind=gift&date=someday&limit=7", as: A.email });
    expect(junk.status).toBe(200);
    expect(junk.data.list.pagination.total_record).toBe(14);
  });

  it("speaks Indonesian under /id", async () => {
    const res = await runLoader(pointsPage, { url: "/id/income-balance/points", as: A.email });
    expect(res.data.title).toBe("Poin | Indie Seller");
    expect(res.data.list.rows[0]).toMatchObject({ kind_name: "Poin dipakai", reference: "Tagihan #31" });
  });

  it("queues the export of the filtered history and opens the export history", async () => {
    const res = await runAction(pointsPage, { url: "/income-balance/points?kind=points_spent", as: A.email, form: { intent: "export" } });
    expect(res.redirect).toBe("/income-balance/points?kind=points_spent&history=open");
    const [job] = await db.select().from(s.jobs).where(eq(s.jobs.businessId, A.businessId));
    expect(job).toMatchObject({ kind: "export:points-history", params: { locale: "en", filters: { kind: "points_spent" } } });
    const list = await runLoader(pointsPage, { url: "/income-balance/points?history=open", as: A.email });
    expect(list.data.exportsOpen).toBe(true);
    expect(list.data.exports).toHaveLength(1);
  });

  it("is the balance privilege's: a staff member without it gets the 403 page", async () => {
    const res = await runLoader(pointsPage, { url: "/income-balance/points", as: await staff(A.businessId, ["dashboard", "orders"]) });
    expect(res.status).toBe(403);
    const ok = await runLoader(pointsPage, { url: "/income-balance/points", as: await staff(A.businessId, ["balance"]) });
    expect(ok.data.balance).toBe(13);
  });
});

describe("/income-balance", () => {
  it("sends to the first balance page of the sidebar, in the page's language", async () => {
    expect((await runLoader(balanceIndex, { url: "/income-balance", as: A.email })).redirect).toBe("/income-balance/income");
    expect((await runLoader(balanceIndex, { url: "/id/income-balance", as: A.email })).redirect).toBe("/id/income-balance/income");
    expect(balanceIndex.firstBalancePage((p) => p !== "/income-balance/income")).toBe("/income-balance/saldo");
    expect(balanceIndex.firstBalancePage(() => false)).toBeNull();
    expect((await runLoader(balanceIndex, { url: "/income-balance", as: await staff(A.businessId, ["orders"]) })).status).toBe(403);
  });
});

describe("the dashboard's balances panel", () => {
  it("shows every balance to a member holding balance, each with its page", async () => {
    const res = await runLoader(dashboardPage, { url: "/dashboard", as: A.email });
    expect(res.status).toBe(200);
    expect(res.data.balances).toMatchObject({ saldo: 0, deposit: -7_500, deposit_debt: 7_500, points: 13, points_value: 1_300 });
    expect(res.data.balances.balances.map((b: { key: string }) => b.key)).toEqual(["saldo", "deposit", "income_holding", "in_withdrawal", "points"]);
  });

  it("is left out for a member without balance; the rest of the dashboard is theirs", async () => {
    const res = await runLoader(dashboardPage, { url: "/dashboard", as: await staff(A.businessId, ["dashboard"]) });
    expect(res.status).toBe(200);
    expect(res.data.balances).toBeNull();
    expect(res.data.orders).toBeDefined();
  });
});
