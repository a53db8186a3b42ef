/**
 * Indie ads (issue 16 item 4; spec section 2 /promotions/indie-ads, which names the page and
 * nothing else): a seller's ad campaigns on the Indie channel, paid per click from the deposit
 * within a daily budget. Privilege `promotion`; every query is scoped by the actor's business.
 *
 * The rules:
 * - One input (`adBody`) for the web form and any other caller: a name; a daily budget in whole
 *   rupiah (at least Rp 10.000); a bid per click (at least Rp 100, at most the daily budget);
 *   keywords (comma or newline separated, at most 20, each at most 50 characters, repeats dropped
 *   whatever their case); placements (one or more of search, home, product); 1–20 of the
 *   business's own published products; a start and an optional end in WIB to the minute (times
 *   and money are read by promotionBody's helpers: minuteField, moneyField).
 * - The channel reports activity; `recordAdActivity` is the ONE writer of impressions, clicks and
 *   spend (ad_days, the ad's totals, the ledger's `ad_spend` postings). Under the ad's row lock and
 *   the deposit's account lock it charges whole clicks at the bid: the clicks charged are the
 *   clicks reported, capped by what is left of that WIB day's budget and by the deposit (never
 *   below zero), each at bid_per_click; the rest are neither charged nor counted. The money moves
 *   in the same transaction as the counts: deposit −x, ads +x, kind `ad_spend`, key
 *   `ad-<id>:<the report's key>`, so a report sent again posts once and counts once.
 * - The seller's moves are a table (ad-options.ts AD_TRANSITIONS): pause an active ad, resume a
 *   paused one, end either; an ad past its end (or ended) allows none and cannot be edited.
 *
 * Decisions where the spec is silent:
 * - A click is charged whole or not at all: spend is always clicks × bid, so "Daily budget
 *   reached" means what is left of today's budget is less than one click (today's spend equals
 *   the budget when the bid divides it), and "Deposit empty" that the deposit holds less than one
 *   click. What the seller sees, first match wins: Ended (ended, or past its end), Paused,
 *   Scheduled (before its start), Deposit empty, Daily budget reached, Running. It is read from the
 *   stored status, the clock, today's spend and the deposit — never written, so nothing has to run
 *   for an ad to become Ended or to run again tomorrow.
 * - The channel reports in billable batches: the clicks of a stretch of time with the impressions
 *   that led to them. A report counts only what it pays for: when some of its clicks are not
 *   covered, its impressions are counted in the same proportion (the channel stops showing an ad
 *   that cannot pay for a click), and a report that charges nothing counts nothing. So every
 *   counted report has its ledger posting, and the ledger's unique key is what makes a repeat
 *   count once. Activity of an ad that is not running at the report's time (paused, ended, before
 *   its start, after its end) counts nothing.
 * - Keywords are what search matches: an ad shown on search needs at least one.
 * - Products must be the business's own (another's is refused under the field, as unknown) and
 *   published (the channel shows only live products).
 * - A start before now is allowed (the ad runs from now); an end must be after the start and in
 *   the future when set or changed. Every field may change until the ad is over; a lower budget
 *   takes effect at once (today's spend already over it: Daily budget reached).
 * - Ending an ad that has started sets its end to now (to the minute) when that is sooner; a
 *   scheduled one keeps its dates and never runs.
 * - The list: tabs per state with counts (under the search), newest first, page and size in the
 *   URL as the promotions list. The detail: the last 90 days that had activity, newest first.
 * - CTR is clicks ÷ impressions in percent (2 decimals); cost per click is spend ÷ clicks, rounded.
 */
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { sideBySide, type Db, type Tx } from "#db/client.ts";
import { adDays, ads, AD_STATUS, ledgerAccounts, ledgerTransactions, products, type AdPlacement } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { contains } from "#core/lib/list-query.ts";
import { unix, wibDate } from "#core/lib/time.ts";
import { moneyField, nameField } from "#core/catalog/offerings-shared.ts";
import { balancesOf, post } from "#core/money/ledger.ts";
import { minuteField } from "./promotions.ts";
import {
  AD_LIMITS, AD_TABS, adActionsFor, adTransition, PLACEMENTS, type AdAction, type AdState, type AdTab, type StoredAdStatus,
} from "./ad-options.ts";

export type AdRow = typeof ads.$inferSelect;
const MAX_ID = 2_147_483_647;
const DETAIL_DAYS = 90;
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

// ───────────────────────────── the input ─────────────────────────────

/** A list from a form's text (comma or newline separated), repeated fields, or JSON (an array). */
const listOf = (v: unknown): unknown[] => {
  if (v === undefined || v === null || v === "") return [];
  return (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === "string" ? x.split(/[,\n\r]+/) : [x]));
};

const keywordsField = z.unknown().transform((v, ctx) => {
  const words: string[] = [];
  for (const raw of listOf(v)) {
    if (typeof raw !== "string") {
      ctx.addIssue({ code: "custom", message: "invalid" });
      return z.NEVER;
    }
    const w = raw.trim().replace(/\s+/g, " ");
    if (w && !words.some((x) => x.toLowerCase() === w.toLowerCase())) words.push(w);
  }
  if (words.some((w) => w.length > AD_LIMITS.keywordLength)) ctx.addIssue({ code: "custom", message: "ads:errors.keyword_too_long" });
  else if (words.length > AD_LIMITS.maxKeywords) ctx.addIssue({ code: "custom", message: "ads:errors.too_many_keywords" });
  else return words;
  return z.NEVER;
});

const placementsField = z.unknown().transform((v, ctx) => {
  const chosen = [...new Set(listOf(v).map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== ""))];
  if (chosen.some((x) => !(PLACEMENTS as readonly unknown[]).includes(x))) ctx.addIssue({ code: "custom", message: "invalid" });
  else if (!chosen.length) ctx.addIssue({ code: "custom", message: "ads:errors.placement_required" });
  // In the table's order, whatever the order sent.
  else return PLACEMENTS.filter((p) => chosen.includes(p)) as AdPlacement[];
  return z.NEVER;
});

const productsField = z.unknown().transform((v, ctx) => {
  const ids = [...new Set(listOf(v).map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "").map(Number))];
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0 || n > MAX_ID)) ctx.addIssue({ code: "custom", message: "invalid" });
  else if (!ids.length) ctx.addIssue({ code: "custom", message: "ads:errors.product_required" });
  else if (ids.length > AD_LIMITS.maxProducts) ctx.addIssue({ code: "custom", message: "ads:errors.too_many_products" });
  else return ids;
  return z.NEVER;
});

export const adBody = z.object({
  name: nameField(100),
  daily_budget: moneyField().refine((n) => n >= AD_LIMITS.minBudget, "ads:errors.budget_min"),
  bid_per_click: moneyField().refine((n) => n >= AD_LIMITS.minBid, "ads:errors.bid_min"),
  keywords: keywordsField,
  placements: placementsField,
  product_ids: productsField,
  starts_at: minuteField,
  ends_at: z.preprocess(blank, minuteField.optional()),
}).superRefine((v, ctx) => {
  if (v.bid_per_click > v.daily_budget) ctx.addIssue({ code: "custom", path: ["bid_per_click"], message: "ads:errors.bid_over_budget" });
  if (v.ends_at && v.ends_at <= v.starts_at) ctx.addIssue({ code: "custom", path: ["ends_at"], message: "ads:errors.end_before_start" });
  if (v.placements.includes("search") && !v.keywords.length) ctx.addIssue({ code: "custom", path: ["keywords"], message: "ads:errors.keywords_for_search" });
}).transform((v) => ({ ...v, ends_at: v.ends_at ?? null }));
export type AdBody = z.infer<typeof adBody>;

// ───────────────────────────── shapes ─────────────────────────────

export const storedStatus = (n: number): StoredAdStatus => (n === AD_STATUS.paused ? "paused" : n === AD_STATUS.ended ? "ended" : "active");
const isOver = (ad: Pick<AdRow, "status" | "endsAt">, now: Date) => ad.status === AD_STATUS.ended || (ad.endsAt !== null && now >= ad.endsAt);

type Day = { impressions: number; clicks: number; spent: number };
const NO_DAY: Day = { impressions: 0, clicks: 0, spent: 0 };

/** What the seller sees (header: first match wins). */
export function adState(ad: Pick<AdRow, "status" | "startsAt" | "endsAt" | "bidPerClick" | "dailyBudget">, todaySpent: number, deposit: number, now: Date): AdState {
  if (isOver(ad, now)) return "ended";
  if (ad.status === AD_STATUS.paused) return "paused";
  if (now < ad.startsAt) return "scheduled";
  if (deposit < ad.bidPerClick) return "deposit_empty";
  if (todaySpent + ad.bidPerClick > ad.dailyBudget) return "budget_reached";
  return "running";
}

/** The same, in SQL, for the list's tabs and filter (`today` joined as ad_days of today's WIB day). */
const stateSql = (now: Date, deposit: number): SQL<AdState> => sql<AdState>`CASE
  WHEN ${ads.status} = ${AD_STATUS.ended} OR (${ads.endsAt} IS NOT NULL AND ${ads.endsAt} <= ${now}) THEN 'ended'
  WHEN ${ads.status} = ${AD_STATUS.paused} THEN 'paused'
  WHEN ${ads.startsAt} > ${now} THEN 'scheduled'
  WHEN ${deposit}::bigint < ${ads.bidPerClick} THEN 'deposit_empty'
  WHEN coalesce(${adDays.spent}, 0) + ${ads.bidPerClick} > ${ads.dailyBudget} THEN 'budget_reached'
  ELSE 'running' END`;

export const ctrOf = (clicks: number, impressions: number) => (impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : null);
export const cpcOf = (spent: number, clicks: number) => (clicks > 0 ? Math.round(spent / clicks) : null);

export function adJson(ad: AdRow, today: Day, deposit: number, t: TFunction, now = new Date()) {
  const state = adState(ad, today.spent, deposit, now);
  const over = isOver(ad, now);
  return {
    ad_id: ad.id,
    name: ad.name,
    status: ad.status,
    state,
    state_name: t(`ads:state.${state}`),
    daily_budget: ad.dailyBudget,
    bid_per_click: ad.bidPerClick,
    keywords: ad.keywords,
    placements: ad.placements,
    placement_names: ad.placements.map((p) => t(`ads:placement.${p}`)),
    product_ids: ad.productIds,
    starts_at: unix(ad.startsAt)!,
    ends_at: unix(ad.endsAt),
    impressions: ad.impressions,
    clicks: ad.clicks,
    spent: ad.spent,
    ctr: ctrOf(ad.clicks, ad.impressions),
    cost_per_click: cpcOf(ad.spent, ad.clicks),
    today: { ...today, ctr: ctrOf(today.clicks, today.impressions) },
    budget_left_today: over ? 0 : Math.max(0, ad.dailyBudget - today.spent),
    actions: adActionsFor(storedStatus(ad.status), over),
    editable: !over,
    time_created: unix(ad.timeCreated)!,
    time_modified: unix(ad.timeModified)!,
  };
}
export type AdJson = ReturnType<typeof adJson>;

// ───────────────────────────── reads ─────────────────────────────

export async function adOf(exec: Db | Tx, businessId: number, id: number, lock = false) {
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_ID) throw new NotFound("ads:errors.not_found");
  const q = exec.select().from(ads).where(and(eq(ads.id, id), eq(ads.businessId, businessId)));
  const [ad] = lock ? await q.for("update") : await q;
  if (!ad) throw new NotFound("ads:errors.not_found");
  return ad;
}

/** The business's deposit balance (0 when it never had one). */
const depositOf = async (exec: Db | Tx, businessId: number) => (await balancesOf(exec, businessId)).deposit;

async function todayOf(exec: Db | Tx, adId: number, day: string): Promise<Day> {
  const [d] = await exec.select({ impressions: adDays.impressions, clicks: adDays.clicks, spent: adDays.spent }).from(adDays)
    .where(and(eq(adDays.adId, adId), eq(adDays.day, day)));
  return d ?? NO_DAY;
}

export const adQuery = z.object({
  tab: z.preprocess(blank, z.enum(AD_TABS, { error: "invalid" }).default("all")),
  search: z.preprocess(blank, z.string().trim().max(100, "too_long").optional()),
  page: z.preprocess(blank, z.coerce.number().int("invalid").min(1, "invalid").max(100_000, "invalid").default(1)),
  limit: z.preprocess(blank, z.coerce.number().int("invalid").min(1, "invalid").max(150, "invalid").default(50)),
});
export type AdQuery = z.infer<typeof adQuery>;

/** A page of the business's ads, the count of every tab (under the search) and the deposit. */
export async function listAds(scope: Scope, q: AdQuery) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  const now = new Date();
  const deposit = await depositOf(db, businessId);
  const state = stateSql(now, deposit);
  const today = and(eq(adDays.adId, ads.id), eq(adDays.day, wibDate(now)));
  const where = and(eq(ads.businessId, businessId), q.search ? ilike(ads.name, contains(q.search)) : undefined)!;
  const inTab = q.tab === "all" ? where : and(where, sql`${state} = ${q.tab}`)!;
  const [rows, counts] = await sideBySide(db,
    () => db.select({ ad: ads, impressions: adDays.impressions, clicks: adDays.clicks, spent: adDays.spent })
      .from(ads).leftJoin(adDays, today).where(inTab).orderBy(desc(ads.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    () => db.select({ state, n: count() }).from(ads).leftJoin(adDays, today).where(where).groupBy(sql.raw("1")),
  );
  const tabs = Object.fromEntries(AD_TABS.map((tab) => [tab, 0])) as Record<AdTab, number>;
  for (const c of counts) {
    tabs[c.state] += c.n;
    tabs.all += c.n;
  }
  return {
    rows: rows.map((r) => adJson(r.ad, { impressions: r.impressions ?? 0, clicks: r.clicks ?? 0, spent: r.spent ?? 0 }, deposit, actor.t, now)),
    total: tabs[q.tab],
    tabs,
    deposit_balance: deposit,
  };
}

/** One ad: its settings with its products named, its totals, and its days (newest first). */
export async function adDetail(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  const now = new Date();
  const ad = await adOf(db, businessId, id);
  const [deposit, days, named] = await sideBySide(db,
    () => depositOf(db, businessId),
    () => db.select().from(adDays).where(and(eq(adDays.adId, id), eq(adDays.businessId, businessId))).orderBy(desc(adDays.day)).limit(DETAIL_DAYS),
    () => db.select({ product_id: products.id, name: products.name, sku: products.sku, status: products.status }).from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, ad.productIds))),
  );
  const todayKey = wibDate(now);
  const today = days.find((d) => d.day === todayKey) ?? NO_DAY;
  const byId = new Map(named.map((p) => [p.product_id, p]));
  return {
    ...adJson(ad, { impressions: today.impressions, clicks: today.clicks, spent: today.spent }, deposit, actor.t, now),
    deposit_balance: deposit,
    products: ad.productIds.flatMap((pid) => (byId.has(pid) ? [byId.get(pid)!] : [])),
    days: days.map((d) => ({
      day: d.day, impressions: d.impressions, clicks: d.clicks, spent: d.spent,
      ctr: ctrOf(d.clicks, d.impressions), cost_per_click: cpcOf(d.spent, d.clicks),
    })),
  };
}
export type AdDetail = Awaited<ReturnType<typeof adDetail>>;

export type AdProduct = { product_id: number; name: string; sku: string };

/**
 * What the form offers: the chosen products named (the business's own only), and up to 20 of its
 * published products matching `search` (name or SKU, any part, any case), the chosen left out.
 */
export async function adProductChoices(scope: Scope, q: { search?: string; chosen?: number[] }) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  const chosenIds = (q.chosen ?? []).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= MAX_ID).slice(0, 100);
  const search = q.search?.trim().slice(0, 100);
  const cols = { product_id: products.id, name: products.name, sku: products.sku };
  const [chosen, found] = await sideBySide(db,
    () => (chosenIds.length ? db.select(cols).from(products).where(and(eq(products.businessId, businessId), inArray(products.id, chosenIds))) : Promise.resolve([] as AdProduct[])),
    () => db.select(cols).from(products).where(and(
      eq(products.businessId, businessId), eq(products.status, "published"),
      search ? or(ilike(products.name, contains(search)), ilike(products.sku, contains(search))) : undefined,
      chosenIds.length ? notInArray(products.id, chosenIds) : undefined,
    )).orderBy(asc(sql`lower(${products.name})`), asc(products.id)).limit(20),
  );
  const byId = new Map(chosen.map((p) => [p.product_id, p]));
  return { chosen: chosenIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])), found, search: search ?? "" };
}
export type AdProductChoices = Awaited<ReturnType<typeof adProductChoices>>;

// ───────────────────────────── writes ─────────────────────────────

/** The business's own published products, or a refusal under the field. */
async function checkProducts(tx: Tx, businessId: number, ids: number[]) {
  const mine = await tx.select({ id: products.id, status: products.status }).from(products)
    .where(and(inArray(products.id, ids), eq(products.businessId, businessId)));
  if (mine.length !== ids.length) throw new Refused("ads:errors.unknown_product", { product_ids: ["ads:errors.unknown_product"] });
  if (mine.some((p) => p.status !== "published")) throw new Refused("ads:errors.product_not_live", { product_ids: ["ads:errors.product_not_live"] });
}

const columnsOf = (b: AdBody) => ({
  name: b.name, dailyBudget: b.daily_budget, bidPerClick: b.bid_per_click, keywords: b.keywords, placements: b.placements,
  productIds: b.product_ids, startsAt: b.starts_at, endsAt: b.ends_at,
});

/** What the history shows of an ad's settings (names and text, as the seller saw them). */
const snapshot = (c: ReturnType<typeof columnsOf>) => ({
  name: c.name, daily_budget: c.dailyBudget, bid_per_click: c.bidPerClick, keywords: c.keywords.join(", "),
  placements: c.placements.join(", "), product_ids: c.productIds.join(", "),
  starts_at: c.startsAt.toISOString(), ends_at: c.endsAt?.toISOString() ?? null,
});

const endsInPast = () => new Refused("ads:errors.ends_in_past", { ends_at: ["ads:errors.ends_in_past"] });

/** A new ad, active: it runs from its start. */
export async function createAd(scope: Scope, body: AdBody) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  if (body.ends_at && body.ends_at <= new Date()) throw endsInPast();
  const id = await db.transaction(async (tx) => {
    await checkProducts(tx, businessId, body.product_ids);
    const [ad] = await tx.insert(ads).values({ ...columnsOf(body), businessId, status: AD_STATUS.active, createdBy: actor.user.id }).returning({ id: ads.id });
    await recordHistory(tx, { businessId, refType: "ad", refId: ad.id, userId: actor.user.id, action: "create" });
    return ad.id;
  });
  return { ad_id: id };
}

/** Any setting, until the ad is over; a changed end must be in the future. */
export async function updateAd(scope: Scope, id: number, body: AdBody) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  await db.transaction(async (tx) => {
    const before = await adOf(tx, businessId, id, true);
    const now = new Date();
    if (isOver(before, now)) throw new Refused("ads:errors.not_editable");
    if (body.ends_at && body.ends_at.getTime() !== before.endsAt?.getTime() && body.ends_at <= now) throw endsInPast();
    await checkProducts(tx, businessId, body.product_ids);
    const after = columnsOf(body);
    await tx.update(ads).set({ ...after, timeModified: now }).where(eq(ads.id, id));
    await recordHistory(tx, {
      businessId, refType: "ad", refId: id, userId: actor.user.id, action: "update",
      changes: diff(snapshot({
        name: before.name, dailyBudget: before.dailyBudget, bidPerClick: before.bidPerClick, keywords: before.keywords,
        placements: before.placements as AdPlacement[], productIds: before.productIds, startsAt: before.startsAt, endsAt: before.endsAt,
      }), snapshot(after)),
    });
  });
  return { ad_id: id };
}

/** Pause, resume or end (the table in ad-options.ts), under the ad's row lock, with its history row. */
export async function adAction(scope: Scope, id: number, action: AdAction) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const ad = await adOf(tx, businessId, id, true);
    const now = new Date();
    const from = storedStatus(ad.status);
    const t = adTransition(action, from, isOver(ad, now));
    if (!t) throw new Refused("ads:errors.not_allowed", undefined, { action, status: isOver(ad, now) ? "ended" : from });
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    // Ended after its start: it ends now (a start later than the minute keeps its dates).
    const endsAt = action === "end" && ad.startsAt < minute && (ad.endsAt === null || ad.endsAt > minute) ? minute : ad.endsAt;
    await tx.update(ads).set({ status: AD_STATUS[t.to], endsAt, timeModified: now }).where(eq(ads.id, id));
    await recordHistory(tx, {
      businessId, refType: "ad", refId: id, userId: actor.user.id, action: `status:${action}`, changes: { status: { from, to: t.to } },
    });
    return { ad_id: id, from, to: t.to };
  });
}

// ───────────────────────────── the channel's reports ─────────────────────────────

export type AdReport = {
  impressions: number;
  clicks: number;
  /** When it happened: its WIB day is the budget's day. */
  at: Date;
  /** The report's own key (unique per ad): the same key counts and posts once. */
  key: string;
};

export type AdActivity = {
  /** Rupiah taken from the deposit by this report. */
  charged: number;
  clicks: number;
  impressions: number;
  day: string;
  /** This key was reported before: nothing changed, the first report's counts are answered. */
  repeated: boolean;
  /** Why nothing was counted, when nothing was. */
  skipped: "not_running" | "budget_reached" | "deposit_empty" | "no_clicks" | null;
};

const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;

/**
 * The ONE writer of an ad's activity (header): charges the clicks the day's budget and the
 * deposit cover, posts them through the ledger and counts them, all in `tx`. Run it inside the
 * caller's transaction; answers what was counted.
 */
export async function recordAdActivity(tx: Tx, businessId: number, adId: number, report: AdReport): Promise<AdActivity> {
  if (!whole(report.impressions) || !whole(report.clicks) || report.impressions < report.clicks) throw new Refused("ads:errors.bad_report");
  if (!(report.at instanceof Date) || Number.isNaN(report.at.getTime())) throw new Refused("ads:errors.bad_report");
  if (!report.key || report.key.length > 150) throw new Refused("ads:errors.bad_report");
  const ad = await adOf(tx, businessId, adId, true);
  const key = `ad-${adId}:${report.key}`;
  const day = wibDate(report.at);
  const nothing = (skipped: AdActivity["skipped"]): AdActivity => ({ charged: 0, clicks: 0, impressions: 0, day, repeated: false, skipped });

  // A repeat: the first one's posting says what it counted (a report that counted nothing has none).
  const [seen] = await tx.select({ memo: ledgerTransactions.memo }).from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.businessId, businessId), eq(ledgerTransactions.key, key)));
  if (seen) {
    const m = seen.memo as { charged?: number; clicks?: number; impressions?: number; day?: string };
    return { charged: m.charged ?? 0, clicks: m.clicks ?? 0, impressions: m.impressions ?? 0, day: m.day ?? day, repeated: true, skipped: null };
  }
  if (ad.status !== AD_STATUS.active || report.at < ad.startsAt || (ad.endsAt !== null && report.at >= ad.endsAt)) return nothing("not_running");
  if (report.clicks === 0) return nothing("no_clicks");

  // The deposit (and the ads account, when it exists) locked in id order, as the ledger locks them:
  // every charge to this business's deposit waits here, so what it reads is what it may spend.
  const accounts = await tx.select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance }).from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.businessId, businessId), inArray(ledgerAccounts.code, ["deposit", "ads"])))
    .orderBy(ledgerAccounts.id).for("update");
  const deposit = Math.max(0, accounts.find((a) => a.code === "deposit")?.balance ?? 0);
  const spentToday = (await todayOf(tx, adId, day)).spent;
  const byBudget = Math.floor(Math.max(0, ad.dailyBudget - spentToday) / ad.bidPerClick);
  const byDeposit = Math.floor(deposit / ad.bidPerClick);
  const clicks = Math.min(report.clicks, byBudget, byDeposit);
  if (clicks === 0) return nothing(byBudget === 0 ? "budget_reached" : "deposit_empty");
  const impressions = clicks === report.clicks ? report.impressions : Math.round((report.impressions * clicks) / report.clicks);
  const charged = clicks * ad.bidPerClick;

  await post(tx, {
    businessId, kind: "ad_spend", key, ref: { type: "ad", id: adId }, at: report.at,
    memo: { ad: ad.name, day, clicks, impressions, charged, reported_clicks: report.clicks, reported_impressions: report.impressions },
    legs: [{ account: "deposit", amount: -charged }, { account: "ads", amount: charged }],
  });
  await tx.insert(adDays).values({ adId, businessId, day, impressions, clicks, spent: charged }).onConflictDoUpdate({
    target: [adDays.adId, adDays.day],
    set: {
      impressions: sql`${adDays.impressions} + excluded.impressions`,
      clicks: sql`${adDays.clicks} + excluded.clicks`,
      spent: sql`${adDays.spent} + excluded.spent`,
    },
  });
  await tx.update(ads).set({
    impressions: sql`${ads.impressions} + ${impressions}`, clicks: sql`${ads.clicks} + ${clicks}`, spent: sql`${ads.spent} + ${charged}`,
  }).where(eq(ads.id, adId));
  return { charged, clicks, impressions, day, repeated: false, skipped: null };
}
