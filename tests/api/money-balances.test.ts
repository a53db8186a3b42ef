/**
 * The balances overview and the points history (issue 15): GET /v0.0.0/balances and
 * GET /v0.0.0/balances/histories/point — the spec's envelope, the filters (dates, kind,
 * direction, pages), another business's entries never shown, the "balance" privilege — and the
 * points history's xlsx export. Each business here is this file's own (money-fixtures.ts).
 */
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { issueToken } from "#core/auth/tokens.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { auditLedger, post, type Posting } from "#core/money/ledger.ts";
import { pointsEarnedPosting, pointsSpentPosting } from "#core/money/points.ts";
import { pointsForSales } from "#core/money/balance-pages.ts";
import { call } from "./helpers.ts";
import { moneyBusiness } from "./money-fixtures.ts";

/** A business of its own, active, with its owner signed in. */
async function business(label: string) {
  const b = await moneyBusiness(label);
  await db.update(s.businesses).set({ status: BUSINESS_STATUS.active }).where(eq(s.businesses.id, b.businessId));
  await db.insert(s.businessMembers).values({ businessId: b.businessId, userId: b.userId, role: "owner" });
  return { ...b, token: await issueToken(b.userId) };
}

/** A staff member of the business with these privileges, signed in. */
async function staff(businessId: number, privileges: string[]) {
  const tag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const [u] = await db.insert(s.users).values({ name: `Staf ${tag}`, email: `staf-${tag}@indie.test`, passwordHash: "x" }).returning();
  await db.insert(s.businessMembers).values({ businessId, userId: u.id, role: "staff", privileges });
  return issueToken(u.id);
}

const posting = (p: Posting | null) => db.transaction((tx) => post(tx, p!));
const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

let A: Awaited<ReturnType<typeof business>>;
let B: Awaited<ReturnType<typeof business>>;

beforeAll(async () => {
  A = await business("Poin A");
  B = await business("Poin B");
  const old = new Date((now - 40 * DAY) * 1000);
  // A: 3 points from an order 40 days ago, 12 from one today, 5 spent on an invoice, 2 earned and spent on another invoice.
  await posting(pointsEarnedPosting(A.businessId, { orderId: 900_001, points: pointsForSales(35_000) }, { at: old })); // 3 points, 40 days ago
  await posting(pointsEarnedPosting(A.businessId, { orderId: 900_002, points: pointsForSales(129_999) })); // 12 points
  await posting(pointsSpentPosting(A.businessId, { id: 77, points: 5 })); // −5
  await posting(pointsEarnedPosting(A.businessId, { orderId: 900_003, points: pointsForSales(20_000) })); // 2 points
  await posting(pointsSpentPosting(A.businessId, { id: 78, points: 2 })); // −2
  // A's money: saldo, an invoice charged to an empty deposit (debt), income on hold, a withdrawal on its way.
  await posting({ businessId: A.businessId, kind: "release", key: "saldo-1", legs: [{ account: "sales", amount: -250_000 }, { account: "saldo", amount: 250_000 }] });
  await posting({ businessId: A.businessId, kind: "withdrawal", key: "wd-1", legs: [{ account: "saldo", amount: -50_000 }, { account: "payout", amount: 50_000 }] });
  await posting({ businessId: A.businessId, kind: "settlement", key: "set-1", legs: [{ account: "sales", amount: -80_000 }, { account: "income", amount: 80_000 }] });
  await posting({ businessId: A.businessId, kind: "invoice_payment", key: "inv-1", debt: true, legs: [{ account: "deposit", amount: -15_000 }, { account: "platform_costs", amount: 15_000 }] });
  // B: 100 points of its own.
  await posting(pointsEarnedPosting(B.businessId, { orderId: 900_100, points: pointsForSales(1_000_000) }));
});

describe("GET /v0.0.0/balances", () => {
  it("answers every balance of the business in the envelope, the deposit's debt negative", async () => {
    const res = await call("GET", "/v0.0.0/balances", { token: A.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: expect.any(String) });
    expect(res.body.data).toMatchObject({
      saldo: 200_000, in_withdrawal: 50_000, income_holding: 80_000, deposit: -15_000, deposit_debt: 15_000,
      points: 10, points_value: 1_000, currency: "IDR",
    });
    expect(res.body.data.balances.map((b: { key: string }) => b.key)).toEqual(["saldo", "deposit", "income_holding", "in_withdrawal", "points"]);
    expect(res.body.data.balances[0]).toEqual({ key: "saldo", account: "saldo", name: "Saldo", amount: 200_000, unit: "idr" });
    const id = await call("GET", "/v0.0.0/balances", { token: A.token, locale: "id" });
    expect(id.body.data.balances.find((b: { key: string }) => b.key === "income_holding").name).toBe("Pendapatan");
    expect(await auditLedger(db, A.businessId)).toEqual([]);
  });

  it("answers zeros for a business that never moved money, and only its own figures", async () => {
    const c = await business("Kosong");
    const res = await call("GET", "/v0.0.0/balances", { token: c.token });
    expect(res.body.data).toMatchObject({ saldo: 0, deposit: 0, deposit_debt: 0, income_holding: 0, in_withdrawal: 0, points: 0 });
    expect((await call("GET", "/v0.0.0/balances", { token: B.token })).body.data).toMatchObject({ points: 100, saldo: 0 });
  });

  it("needs the balance privilege", async () => {
    const without = await call("GET", "/v0.0.0/balances", { token: await staff(A.businessId, ["dashboard", "orders"]) });
    expect(without.status).toBe(403);
    const withIt = await call("GET", "/v0.0.0/balances", { token: await staff(A.businessId, ["balance"]) });
    expect(withIt.status).toBe(200);
    expect(withIt.body.data.points).toBe(10);
    expect((await call("GET", "/v0.0.0/balances")).status).toBe(401);
  });
});

type Row = { entry_id: number; kind: string; kind_name: string; amount: number; balance_after: number; direction: string; reference: string; reference_path: string | null; ref_type: string; time_created: number };

describe("GET /v0.0.0/balances/histories/point", () => {
  const history = (query: Record<string, string | number>, token = A.token, locale: "en" | "id" = "en") =>
    call<Row[]>("GET", "/v0.0.0/balances/histories/point", { token, query, locale });

  it("lists the points account newest first, with the balance after each entry, in the list envelope", async () => {
    const res = await history({});
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total_page: 1, total_record: 5, summary_data: { balance: 10, total_in: 17, total_out: 7 } });
    const rows = res.body.data!;
    expect(rows.map((r) => [r.kind, r.amount, r.balance_after])).toEqual([
      ["points_spent", -2, 10], ["points_earned", 2, 12], ["points_spent", -5, 10], ["points_earned", 12, 15], ["points_earned", 3, 3],
    ]);
    expect(rows[2]).toMatchObject({ kind_name: "Points spent", direction: "out", ref_type: "invoice", reference: "Invoice #77", reference_path: null });
    expect(rows[3]).toMatchObject({ kind_name: "Points earned", direction: "in", ref_type: "order", reference: "Order #900002", reference_path: null }); // no such order: named, not linked
    const id = await history({}, A.token, "id");
    expect(id.body.data![2]).toMatchObject({ kind_name: "Poin dipakai", reference: "Tagihan #77" });
  });

  it("filters by kind, direction and WIB days, and pages", async () => {
    expect((await history({ kind: "points_spent" })).body.data!.map((r) => r.amount)).toEqual([-2, -5]);
    const ins = await history({ direction: "in" });
    expect(ins.body.data!.map((r) => r.amount)).toEqual([2, 12, 3]);
    expect(ins.body.pagination!.summary_data).toEqual({ balance: 10, total_in: 17, total_out: 0 });
    // The last 7 days leave out the entry of 40 days ago; that day alone holds only it.
    expect((await history({ date_from: now - 6 * DAY, date_to: now })).body.pagination!.total_record).toBe(4);
    expect((await history({ date_from: now - 40 * DAY, date_to: now - 40 * DAY })).body.data!.map((r) => r.amount)).toEqual([3]);
    const page2 = await history({ limit: 10, page: 1 });
    expect(page2.body.data).toHaveLength(5);
    const past = await history({ page: 2 });
    expect(past.status).toBe(404);
    expect(past.body).toMatchObject({ code: 404, data: [], pagination: { total_record: 5 } });
  });

  it("refuses filters that are not filters with 422 under their fields", async () => {
    const bad = await history({ date_from: now, date_to: now - 2 * DAY, kind: "gift", direction: "up", limit: 7 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object)).toEqual(expect.arrayContaining(["direction", "kind", "limit"]));
    const backwards = await history({ date_from: now, date_to: now - 2 * DAY });
    expect(backwards.status).toBe(422);
    expect(backwards.body.data).toEqual({ date_to: ["The end date must be on or after the start date"] });
    for (const q of [{ page: 0 }, { page: "x" }, { date_from: -1 }, { date_to: "yesterday" }] as Record<string, string | number>[]) {
      expect([q, (await history(q)).status]).toEqual([q, 422]);
    }
  });

  it("shows only the asking business's points, and needs the balance privilege", async () => {
    const b = await history({}, B.token);
    expect(b.body.data!.map((r) => r.amount)).toEqual([100]);
    expect(b.body.pagination!.summary_data).toEqual({ balance: 100, total_in: 100, total_out: 0 });
    const a = await history({ limit: 150 });
    expect(a.body.data!.some((r) => r.amount === 100)).toBe(false);
    expect((await history({}, await staff(A.businessId, ["orders"]))).status).toBe(403);
    expect((await history({}, await staff(B.businessId, ["balance"]))).body.data!.map((r) => r.amount)).toEqual([100]);
    const empty = await history({}, (await business("Tanpa poin")).token);
    expect(empty.status).toBe(404);
    expect(empty.body.pagination!.summary_data).toEqual({ balance: 0, total_in: 0, total_out: 0 });
  });

  it("exports the filtered history as an xlsx in the asker's language", async () => {
    const queued = await call("POST", "/v0.0.0/exports/points-history", { token: A.token, locale: "id", json: { direction: "in" } });
    expect(queued.status).toBe(202);
    while (await runNextJob());
    const job = await call("GET", `/v0.0.0/exports/${queued.body.data.job_id}`, { token: A.token });
    expect(job.body.data).toMatchObject({ status: "success", progress: 100 });
    const file = await api.request(`/api/v0.0.0/exports/${queued.body.data.job_id}/download`, { headers: { Authorization: `Bearer ${A.token}` } });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Poin");
    expect(sheet.getRow(1).values).toEqual([undefined, "Waktu", "Jenis", "Referensi", "Jumlah", "Saldo setelahnya", "Catatan"]);
    const rows = sheet.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(2, 6));
    expect(rows).toEqual([["Poin didapat", "Pesanan #900003", 2, 12], ["Poin didapat", "Pesanan #900002", 12, 15], ["Poin didapat", "Pesanan #900001", 3, 3]]);
    // Another business's member cannot take it.
    const other = await api.request(`/api/v0.0.0/exports/${queued.body.data.job_id}/download`, { headers: { Authorization: `Bearer ${B.token}` } });
    expect(other.status).toBe(404);
  });
});
