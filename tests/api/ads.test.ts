/**
 * Indie ads (core/promotions/ads.ts) on the real database: bad input refused under its field,
 * another business's product and ad refused, the pause / resume / end table walked, the channel's
 * reports charged whole clicks capped by the day's budget and by the deposit (never below zero,
 * also under 50 reports at once), a report sent again posting and counting once, the states the
 * seller sees with the list's tabs, the demo channel's simulator, and the ledger's own audit.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { actorFromToken, scopeOf, type Scope } from "#core/actor.ts";
import { issueToken } from "#core/auth/tokens.ts";
import { NotFound, parseInput, Refused } from "#core/errors.ts";
import { DAY_MS, wibDayStart } from "#core/lib/time.ts";
import { auditLedger, balancesOf, post } from "#core/money/ledger.ts";
import { AD_ACTIONS, adTransition, type StoredAdStatus } from "#core/promotions/ad-options.ts";
import { adAction, adBody, adDetail, adQuery, createAd, listAds, recordAdActivity, updateAd, type AdBody } from "#core/promotions/ads.ts";
import { simulateAds, simulatedActivity } from "#core/promotions/ad-simulator.ts";
import { withEnv } from "./helpers.ts";
import { moneyBusiness } from "./money-fixtures.ts";

type Shop = { businessId: number; userId: number; scope: Scope; products: number[] };

async function shop(label: string): Promise<Shop> {
  const { businessId, userId } = await moneyBusiness(label);
  await db.update(s.businesses).set({ status: s.BUSINESS_STATUS.active }).where(eq(s.businesses.id, businessId));
  await db.insert(s.businessMembers).values({ businessId, userId, role: "owner" });
  await db.insert(s.settings).values({ businessId }).onConflictDoNothing();
  const made = await db.insert(s.products).values([1, 2, 3].map((i) => ({
    businessId, name: `Kaos Iklan ${label} ${i}`, sku: `ADS-${businessId}-${i}`, status: i === 3 ? "draft" : "published",
  }))).returning({ id: s.products.id });
  return { businessId, userId, scope: scopeOf(await actorFromToken(await issueToken(userId), "en")), products: made.map((p) => p.id) };
}

let a: Shop;
let b: Shop;
beforeAll(async () => {
  [a, b] = [await shop("Ads A"), await shop("Ads B")];
});

let topups = 0;
const topUp = (x: Shop, amount: number) => db.transaction((tx) => post(tx, {
  businessId: x.businessId, kind: "topup", key: `ads-test-topup-${++topups}`,
  legs: [{ account: "deposit", amount }, { account: "payment", amount: -amount }],
}));
const deposit = async (x: Shop) => (await balancesOf(db, x.businessId)).deposit;

const minute = () => Math.floor(Date.now() / 60_000) * 60;
const body = (x: Shop, more: Record<string, unknown> = {}) => parseInput(adBody, {
  name: "Iklan kaos", daily_budget: "10.000", bid_per_click: "1.000", keywords: "kaos polos\nkaos katun", placements: ["search", "product"],
  product_ids: [x.products[0]], starts_at: minute() - 3600, ...more,
}) as AdBody;
const refusal = (p: Promise<unknown> | (() => unknown)) => Promise.resolve().then(typeof p === "function" ? p : () => p).then(
  () => { throw new Error("not refused"); },
  (e: unknown) => {
    if (!(e instanceof Refused) && !(e instanceof NotFound)) throw e;
    return e as Refused;
  },
);
const adRow = async (id: number) => (await db.select().from(s.ads).where(eq(s.ads.id, id)))[0];
const report = (x: Shop, id: number, r: { clicks: number; impressions?: number; at?: Date; key: string }) =>
  db.transaction((tx) => recordAdActivity(tx, x.businessId, id, { impressions: r.impressions ?? r.clicks * 30, at: r.at ?? new Date(), ...r }));

describe("the input", () => {
  it("reads money, keywords, placements and times as the form sends them", () => {
    const v = body(a, { keywords: " Kaos Polos , kaos  polos\n\nbatik,", placements: "product,search", daily_budget: "Rp 25.000", starts_at: "2030-01-02T09:30" });
    expect(v).toMatchObject({ daily_budget: 25_000, bid_per_click: 1_000, keywords: ["Kaos Polos", "batik"], placements: ["search", "product"], ends_at: null });
    // WIB to the minute: 09:30 WIB is 02:30 UTC.
    expect(v.starts_at.toISOString()).toBe("2030-01-02T02:30:00.000Z");
  });

  it("refuses bad input under its field", async () => {
    const fields = async (more: Record<string, unknown>) => Object.keys((await refusal(() => body(a, more))).fields ?? {});
    expect(await fields({ daily_budget: "9.999" })).toEqual(["daily_budget"]);
    expect(await fields({ daily_budget: "1,000.50" })).toEqual(["daily_budget"]);
    expect(await fields({ bid_per_click: "99" })).toEqual(["bid_per_click"]);
    expect(await fields({ bid_per_click: "10.001" })).toEqual(["bid_per_click"]);
    expect(await fields({ keywords: Array.from({ length: 21 }, (_, i) => `kata ${i}`).join(",") })).toEqual(["keywords"]);
    expect(await fields({ keywords: "x".repeat(51) })).toEqual(["keywords"]);
    expect(await fields({ keywords: "", placements: ["search"] })).toEqual(["keywords"]);
    expect(await fields({ placements: [] })).toEqual(["placements"]);
    expect(await fields({ placements: ["billboard"] })).toEqual(["placements"]);
    expect(await fields({ product_ids: [] })).toEqual(["product_ids"]);
    expect(await fields({ product_ids: ["abc"] })).toEqual(["product_ids"]);
    expect(await fields({ starts_at: "besok" })).toEqual(["starts_at"]);
    expect(await fields({ ends_at: minute() - 7200 })).toEqual(["ends_at"]);
    expect(await fields({ name: "", daily_budget: "" })).toEqual(["name", "daily_budget"]);
    expect((await refusal(() => body(a, { bid_per_click: "20.000" }))).fields).toEqual({ bid_per_click: ["ads:errors.bid_over_budget"] });
  });

  it("refuses another business's product, a draft one, and an end already past", async () => {
    const theirs = await refusal(createAd(a.scope, body(a, { product_ids: [a.products[0], b.products[0]] })));
    expect(theirs.fields).toEqual({ product_ids: ["ads:errors.unknown_product"] });
    expect((await refusal(createAd(a.scope, body(a, { product_ids: [a.products[2]] })))).fields).toEqual({ product_ids: ["ads:errors.product_not_live"] });
    expect((await refusal(createAd(a.scope, body(a, { ends_at: minute() - 60 })))).fields).toEqual({ ends_at: ["ads:errors.ends_in_past"] });
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.ads).where(eq(s.ads.businessId, a.businessId));
    expect(n).toBe(0);
  });
});

describe("another business", () => {
  it("never sees, changes or reports on another's ad", async () => {
    const { ad_id } = await createAd(a.scope, body(a));
    await expect(adDetail(b.scope, ad_id)).rejects.toBeInstanceOf(NotFound);
    await expect(updateAd(b.scope, ad_id, body(b))).rejects.toBeInstanceOf(NotFound);
    await expect(adAction(b.scope, ad_id, "pause")).rejects.toBeInstanceOf(NotFound);
    await expect(report(b, ad_id, { clicks: 1, key: "x" })).rejects.toBeInstanceOf(NotFound);
    expect((await listAds(b.scope, adQuery.parse({}))).rows.map((r) => r.ad_id)).not.toContain(ad_id);
    expect((await adRow(ad_id)).status).toBe(s.AD_STATUS.active);
    await adAction(a.scope, ad_id, "end");
  });
});

describe("pause, resume, end", () => {
  it("follows the table, from every stored status and once over", () => {
    const allowed = (stored: StoredAdStatus, over: boolean) => AD_ACTIONS.filter((x) => adTransition(x, stored, over)).join(",");
    expect(allowed("active", false)).toBe("pause,end");
    expect(allowed("paused", false)).toBe("resume,end");
    expect(allowed("ended", false)).toBe("");
    for (const stored of ["active", "paused", "ended"] as const) expect(allowed(stored, true)).toBe("");
  });

  it("moves an ad and refuses what the table does not allow", async () => {
    const { ad_id } = await createAd(a.scope, body(a));
    await expect(adAction(a.scope, ad_id, "resume")).rejects.toThrow("ads:errors.not_allowed");
    expect(await adAction(a.scope, ad_id, "pause")).toMatchObject({ from: "active", to: "paused" });
    await expect(adAction(a.scope, ad_id, "pause")).rejects.toThrow("ads:errors.not_allowed");
    expect((await adDetail(a.scope, ad_id)).state).toBe("paused");
    expect(await adAction(a.scope, ad_id, "resume")).toMatchObject({ from: "paused", to: "active" });
    expect(await adAction(a.scope, ad_id, "end")).toMatchObject({ from: "active", to: "ended" });
    const ended = await adRow(ad_id);
    expect(ended.endsAt!.getTime()).toBeLessThanOrEqual(Date.now());
    for (const x of AD_ACTIONS) await expect(adAction(a.scope, ad_id, x)).rejects.toThrow("ads:errors.not_allowed");
    await expect(updateAd(a.scope, ad_id, body(a))).rejects.toThrow("ads:errors.not_editable");
    const history = await db.select({ action: s.updateHistory.action }).from(s.updateHistory)
      .where(and(eq(s.updateHistory.refType, "ad"), eq(s.updateHistory.refId, ad_id))).orderBy(s.updateHistory.id);
    expect(history.map((h) => h.action)).toEqual(["create", "status:pause", "status:resume", "status:end"]);

    // Past its end, whatever is stored: Ended, no moves.
    const { ad_id: late } = await createAd(a.scope, body(a, { ends_at: minute() + 120 }));
    await db.update(s.ads).set({ startsAt: new Date(Date.now() - 2 * 3600_000), endsAt: new Date(Date.now() - 60_000) }).where(eq(s.ads.id, late));
    expect((await adDetail(a.scope, late)).state).toBe("ended");
    await expect(adAction(a.scope, late, "pause")).rejects.toThrow("ads:errors.not_allowed");
  });

  it("edits every setting while not over", async () => {
    const { ad_id } = await createAd(a.scope, body(a));
    await updateAd(a.scope, ad_id, body(a, { name: "Iklan baru", daily_budget: 20_000, placements: ["home"], keywords: "", product_ids: [a.products[1]] }));
    expect(await adRow(ad_id)).toMatchObject({ name: "Iklan baru", dailyBudget: 20_000, placements: ["home"], keywords: [], productIds: [a.products[1]] });
    await expect(updateAd(a.scope, ad_id, body(a, { product_ids: [b.products[0]] }))).rejects.toThrow("ads:errors.unknown_product");
    await adAction(a.scope, ad_id, "end");
  });
});

describe("the channel's reports", () => {
  it("charges whole clicks, capped by the day's budget, again the next day", async () => {
    const x = await shop("Ads budget");
    await topUp(x, 1_000_000);
    const { ad_id } = await createAd(x.scope, body(x, { starts_at: minute() - 3 * 86_400 }));
    const yesterday = new Date(wibDayStart().getTime() - DAY_MS + 10 * 3600_000);
    expect(await report(x, ad_id, { clicks: 7, impressions: 300, at: yesterday, key: "r1" })).toMatchObject({ charged: 7_000, clicks: 7, impressions: 300, skipped: null });
    // 3 of 6 fit what is left of the day's 10.000: impressions in the same proportion.
    expect(await report(x, ad_id, { clicks: 6, impressions: 200, at: yesterday, key: "r2" })).toMatchObject({ charged: 3_000, clicks: 3, impressions: 100 });
    expect(await report(x, ad_id, { clicks: 2, at: yesterday, key: "r3" })).toMatchObject({ charged: 0, clicks: 0, impressions: 0, skipped: "budget_reached" });
    // A new WIB day, a new budget.
    expect(await report(x, ad_id, { clicks: 4, impressions: 100, key: "r4" })).toMatchObject({ charged: 4_000, clicks: 4 });
    expect(await deposit(x)).toBe(1_000_000 - 14_000);
    const ad = await adDetail(x.scope, ad_id);
    expect(ad).toMatchObject({ impressions: 500, clicks: 14, spent: 14_000, ctr: 2.8, cost_per_click: 1_000, state: "running", budget_left_today: 6_000 });
    expect(ad.days.map((d) => [d.clicks, d.spent])).toEqual([[4, 4_000], [10, 10_000]]);
    // Today's budget spent: Daily budget reached.
    await report(x, ad_id, { clicks: 50, key: "r5" });
    expect((await adDetail(x.scope, ad_id)).state).toBe("budget_reached");
    expect(await auditLedger(db, x.businessId)).toEqual([]);
  });

  it("charges no more than the deposit holds: never below zero, Deposit empty", async () => {
    const x = await shop("Ads deposit");
    const { ad_id } = await createAd(x.scope, body(x));
    expect(await report(x, ad_id, { clicks: 3, key: "none" })).toMatchObject({ charged: 0, skipped: "deposit_empty" });
    await topUp(x, 2_500);
    expect(await report(x, ad_id, { clicks: 5, impressions: 100, key: "some" })).toMatchObject({ charged: 2_000, clicks: 2, impressions: 40 });
    expect(await deposit(x)).toBe(500);
    expect((await adDetail(x.scope, ad_id)).state).toBe("deposit_empty");
    expect((await listAds(x.scope, adQuery.parse({ tab: "deposit_empty" }))).rows.map((r) => r.ad_id)).toEqual([ad_id]);
    // A paused ad counts nothing.
    await topUp(x, 10_000);
    await adAction(x.scope, ad_id, "pause");
    expect(await report(x, ad_id, { clicks: 1, key: "paused" })).toMatchObject({ charged: 0, skipped: "not_running" });
    expect(await deposit(x)).toBe(10_500);
    expect(await auditLedger(db, x.businessId)).toEqual([]);
  });

  it("keeps the deposit at or above zero under 50 reports at once, the totals equal to the ledger", async () => {
    const x = await shop("Ads race");
    await topUp(x, 25_000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createAd(x.scope, body(x, { daily_budget: "100.000" }))).ad_id);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => report(x, ids[i % 3], { clicks: 1, impressions: 40, key: `race-${i}` })));
    expect(results.reduce((sum, r) => sum + r.charged, 0)).toBe(25_000);
    expect(results.filter((r) => r.charged > 0)).toHaveLength(25);
    expect(await deposit(x)).toBe(0);
    const balances = await balancesOf(db, x.businessId);
    expect(balances.ads).toBe(25_000);
    const ads = await db.select().from(s.ads).where(eq(s.ads.businessId, x.businessId));
    expect(ads.reduce((sum, ad) => sum + ad.spent, 0)).toBe(25_000);
    expect(ads.reduce((sum, ad) => sum + ad.clicks, 0)).toBe(25);
    const [days] = await db.select({ spent: sql<number>`sum(spent)::int`, clicks: sql<number>`sum(clicks)::int` }).from(s.adDays).where(eq(s.adDays.businessId, x.businessId));
    expect(days).toEqual({ spent: 25_000, clicks: 25 });
    const entries = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_accounts acc ON acc.id = e.account_id
      WHERE acc.business_id = ${x.businessId} AND acc.code = 'deposit' AND e.balance_after < 0`);
    expect(entries.rows[0].n).toBe(0);
    expect(await auditLedger(db, x.businessId)).toEqual([]);
  });

  it("posts and counts a report once, however often it comes", async () => {
    const x = await shop("Ads once");
    await topUp(x, 100_000);
    const { ad_id } = await createAd(x.scope, body(x));
    const first = await report(x, ad_id, { clicks: 2, impressions: 50, key: "same" });
    const again = await Promise.all([1, 2, 3, 4].map(() => report(x, ad_id, { clicks: 2, impressions: 50, key: "same" })));
    expect(again.every((r) => r.repeated && r.charged === first.charged && r.clicks === 2)).toBe(true);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.ledgerTransactions)
      .where(and(eq(s.ledgerTransactions.businessId, x.businessId), eq(s.ledgerTransactions.kind, "ad_spend")));
    expect(n).toBe(1);
    expect(await adRow(ad_id)).toMatchObject({ clicks: 2, impressions: 50, spent: 2_000 });
    expect(await deposit(x)).toBe(98_000);
    // Five at once with a new key: still one.
    const race = await Promise.all([1, 2, 3, 4, 5].map(() => report(x, ad_id, { clicks: 1, impressions: 10, key: "burst" })));
    expect(race.filter((r) => !r.repeated)).toHaveLength(1);
    expect(await adRow(ad_id)).toMatchObject({ clicks: 3, impressions: 60, spent: 3_000 });
    // More clicks than impressions is not a report the channel can send.
    await expect(report(x, ad_id, { clicks: 3, impressions: 1, key: "bad" })).rejects.toThrow("ads:errors.bad_report");
    expect(await auditLedger(db, x.businessId)).toEqual([]);
  });
});

describe("what the seller sees", () => {
  it("lists with a tab per state, counted under the search", async () => {
    const x = await shop("Ads tabs");
    await topUp(x, 50_000);
    const make = async (name: string, more: Record<string, unknown> = {}) => (await createAd(x.scope, body(x, { name, ...more }))).ad_id;
    const running = await make("Lari");
    const full = await make("Penuh");
    await report(x, full, { clicks: 10, key: "full" });
    const later = await make("Nanti", { starts_at: minute() + 86_400 });
    const paused = await make("Jeda");
    await adAction(x.scope, paused, "pause");
    const over = await make("Selesai");
    await adAction(x.scope, over, "end");
    const list = await listAds(x.scope, adQuery.parse({}));
    expect(list.tabs).toEqual({ all: 5, running: 1, budget_reached: 1, deposit_empty: 0, scheduled: 1, paused: 1, ended: 1 });
    expect(list.deposit_balance).toBe(40_000);
    expect(Object.fromEntries(list.rows.map((r) => [r.ad_id, r.state]))).toEqual({
      [running]: "running", [full]: "budget_reached", [later]: "scheduled", [paused]: "paused", [over]: "ended",
    });
    expect(list.rows.find((r) => r.ad_id === full)).toMatchObject({ today: { spent: 10_000, clicks: 10 }, actions: ["pause", "end"], state_name: "Daily budget reached" });
    expect((await listAds(x.scope, adQuery.parse({ tab: "scheduled" }))).rows.map((r) => r.ad_id)).toEqual([later]);
    const searched = await listAds(x.scope, adQuery.parse({ search: "jed" }));
    expect(searched.rows.map((r) => r.ad_id)).toEqual([paused]);
    expect(searched.tabs.all).toBe(1);
    // The deposit below one click: the ads that would run show Deposit empty.
    await report(x, running, { clicks: 10, key: "drain" });
    await db.update(s.ads).set({ dailyBudget: 1_000_000 }).where(eq(s.ads.id, running));
    await report(x, running, { clicks: 100, key: "drain-2" });
    expect(await deposit(x)).toBe(0);
    expect((await listAds(x.scope, adQuery.parse({}))).tabs).toMatchObject({ running: 0, deposit_empty: 2 });
  });
});

describe("the demo channel", () => {
  it("simulates running ads only in demo, once per stretch, with a CTR of 2–4 %", async () => {
    const ad = { id: 7, dailyBudget: 50_000, bidPerClick: 500 };
    let clicks = 0;
    let impressions = 0;
    const start = Date.UTC(2030, 0, 1);
    for (let i = 0; i < 1440; i++) {
      const r = simulatedActivity(ad, new Date(start + (i + 1) * 60_000), 60_000);
      clicks += r.clicks;
      impressions += r.impressions;
    }
    // About 1.1 × what the budget pays for in a day (100 clicks).
    expect(clicks).toBeGreaterThan(80);
    expect(clicks).toBeLessThan(140);
    expect(clicks / impressions).toBeGreaterThan(0.019);
    expect(clicks / impressions).toBeLessThan(0.041);

    const x = await shop("Ads sim");
    await topUp(x, 1_000_000);
    const { ad_id } = await createAd(x.scope, body(x, { daily_budget: "1.000.000", bid_per_click: "100" }));
    const now = new Date();
    expect(await withEnv({ DEMO: "off" }, () => simulateAds(now, 3_600_000))).toBe(0);
    await withEnv({ DEMO: "on" }, () => simulateAds(now, 3_600_000));
    const once = await adRow(ad_id);
    expect(once.clicks).toBeGreaterThan(0);
    await withEnv({ DEMO: "on" }, () => simulateAds(now, 3_600_000));
    expect(await adRow(ad_id)).toMatchObject({ clicks: once.clicks, spent: once.spent });
    expect(await auditLedger(db, x.businessId)).toEqual([]);
  });
});
