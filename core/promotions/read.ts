/**
 * Reading promotions (issue 16 item 3): one promotion, the list with its tabs, the detail with
 * its performance and orders. Privilege `promotion`; every query scoped by the business.
 *
 * Decisions where the spec is silent:
 * - The listing's slug (`/promotions/:slug/listing`) is `brand-<id>` or `channel-<id>`: the
 *   promotions that reach that brand's products or that channel (including those for all).
 * - Tabs count each status as the seller sees it (effectiveStatus: started or over though not yet
 *   swept), from promotion_status_counts moved by what is due unless a filter narrows the list;
 *   "all" is the default. Newest first; search is any part of the name or the code.
 * - Display type ids (spec section 9): Discount 1, Discount Time 2, Cashback 3, Buy Get Free
 *   Product 4 (a bundle "buy N get M"), Voucher 6, Free 22, Bundle 31 (a bundle "N for Rp X");
 *   free delivery, which section 9 does not name, is 21.
 * - Performance: the orders that got it and were not cancelled, their units and revenue, the
 *   discount given and per order, and the uplift: orders a day on its channels while it ran
 *   against the 7 days before it started.
 */
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { sideBySide, type Db, type Tx } from "#db/client.ts";
import {
  brands, channels, orderPromotions, orders, productCategories, products, productVariants, promotions, promotionStatusCounts, promotionTargets, stores,
  PROMOTION_KINDS, PROMOTION_STATUS, PROMOTION_STATUS_NAMES, PROMOTION_TYPES, TARGET_KINDS, type PromotionStatus, type TargetKind,
} from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound } from "#core/errors.ts";
import { contains } from "#core/lib/list-query.ts";
import { DAY_MS, unix } from "#core/lib/time.ts";
import { percentText } from "#core/profile/store-fees-money.ts";
import { canRecreate, editScope, effectiveStatus, sellerActions, statusName } from "./lifecycle.ts";

export type PromotionRow = typeof promotions.$inferSelect;

export async function promotionOf(exec: Db | Tx, businessId: number, id: number, lock = false) {
  const q = exec.select().from(promotions).where(and(eq(promotions.id, id), eq(promotions.businessId, businessId)));
  const [p] = lock ? await q.for("update") : await q;
  if (!p) throw new NotFound("promotion:errors.not_found");
  return p;
}

export function typeIdOf(p: Pick<PromotionRow, "kind" | "getQty">) {
  return { discount: 1, discount_time: 2, cashback: 3, voucher: 6, free: 22, delivery: 21, bundle: p.getQty ? 4 : 31 }[p.kind];
}

export function promotionJson(p: PromotionRow, t: TFunction) {
  // As it is now: started or over though the sweeper has not moved it yet (lifecycle.ts).
  const status = effectiveStatus(p, new Date());
  return {
    promotion_id: p.id, name: p.name, kind: p.kind, kind_name: t(`promotion:kind.${p.kind}`),
    type_id: typeIdOf(p), type_name: t(`promotion:type_id.${typeIdOf(p)}`),
    promo_type: p.promoType, promo_type_name: t(`promotion:promo_type.${p.promoType}`),
    status: PROMOTION_STATUS[status], status_key: status, status_name: t(`promotion:status.${status}`),
    starts_at: unix(p.startsAt)!, ends_at: unix(p.endsAt)!,
    discount_type: p.discountType, discount_value: p.discountValue,
    discount_percent: p.discountType === "percent" && p.discountValue ? percentText(p.discountValue) : null,
    max_discount: p.maxDiscount, min_spend: p.minSpend, buy_qty: p.buyQty, get_qty: p.getQty, bundle_price: p.bundlePrice,
    gift_variant_id: p.giftVariantId, cashback_as: p.cashbackAs, code: p.code, followers_only: p.followersOnly,
    quota: p.quota, used: p.used, remaining: p.quota === null ? null : Math.max(0, p.quota - p.used), per_buyer: p.perBuyer,
    promo_stock: p.promoStock, stock_used: p.stockUsed,
    auto_approve_at: status === "in_moderation" ? unix(p.autoApproveAt) : null, status_note: p.statusNote,
    // A campaign entry is changed on its campaign's page (core/promotions/campaigns.ts), never copied.
    campaign_id: p.campaignId,
    actions: sellerActions(status), editable: p.campaignId ? "none" : editScope(status), can_recreate: !p.campaignId && canRecreate(status),
    time_created: unix(p.timeCreated), time_modified: unix(p.timeModified),
  };
}
export type PromotionJson = ReturnType<typeof promotionJson>;

const TABS = ["all", ...PROMOTION_STATUS_NAMES] as const;
export type PromotionTab = (typeof TABS)[number];
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const promotionQuery = z.object({
  tab: z.preprocess(blank, z.enum(TABS, { error: "invalid" }).default("all")),
  kind: z.preprocess(blank, z.enum(PROMOTION_KINDS, { error: "invalid" }).optional()),
  promo_type: z.preprocess(blank, z.enum(PROMOTION_TYPES, { error: "invalid" }).optional()),
  search: z.preprocess(blank, z.string().trim().max(100, "too_long").optional()),
  slug: z.preprocess(blank, z.string().regex(/^(brand|channel)-\d{1,9}$/, "invalid").optional()),
  page: z.preprocess(blank, z.coerce.number().int().min(1, "invalid").max(100_000, "invalid").default(1)),
  limit: z.preprocess(blank, z.coerce.number().int().min(1, "invalid").max(150, "invalid").default(50)),
});
export type PromotionQuery = z.infer<typeof promotionQuery>;

function whereOf(businessId: number, q: Omit<PromotionQuery, "page" | "limit" | "tab">): SQL {
  const w: (SQL | undefined)[] = [eq(promotions.businessId, businessId)];
  if (q.kind) w.push(eq(promotions.kind, q.kind));
  if (q.promo_type) w.push(eq(promotions.promoType, q.promo_type));
  // One trigram index on name and code (promotions_search).
  if (q.search) w.push(sql`lower(${promotions.name} || ' ' || coalesce(${promotions.code}, '')) LIKE ${contains(q.search.toLowerCase())}`);
  if (q.slug) {
    const [kind, id] = q.slug.split("-");
    const hit = sql`EXISTS (SELECT 1 FROM ${promotionTargets} t WHERE t.promotion_id = ${promotions.id} AND t.kind = ${kind} AND t.ref_id = ${Number(id)})`;
    w.push(kind === "channel" ? sql`(${promotions.anyChannel} OR ${hit})` : sql`(${promotions.anyProduct} OR ${hit})`);
  }
  return and(...w)!;
}

/**
 * The status a promotion has for the seller now, in SQL (lifecycle.ts effectiveStatus): the tabs
 * and their counts agree with the badges though the sweeper moves the stored status up to 15 s late.
 */
const S = PROMOTION_STATUS;
const effective = (now: Date) => sql<number>`(CASE WHEN ${promotions.status} IN (${S.upcoming}, ${S.on_going}, ${S.empty}) AND ${promotions.endsAt} <= ${now} THEN ${S.ended}
  WHEN ${promotions.status} = ${S.upcoming} AND ${promotions.startsAt} <= ${now} THEN ${S.on_going} ELSE ${promotions.status} END)`;
/** The stored statuses a tab's promotions may have (so the status index narrows the rows first). */
const STORED: Partial<Record<PromotionTab, PromotionStatus[]>> = { on_going: [S.upcoming, S.on_going], ended: [S.upcoming, S.on_going, S.empty, S.ended] };

/** A page of promotions, its total and the count of every tab. */
export async function listPromotions(scope: Scope, q: PromotionQuery) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  const where = whereOf(businessId, q);
  const now = new Date();
  const inTab = q.tab === "all" ? where
    : and(where, inArray(promotions.status, STORED[q.tab] ?? [S[q.tab] as PromotionStatus]), sql`${effective(now)} = ${S[q.tab]}`)!;
  const [rows, counts] = await sideBySide(db,
    () => db.select().from(promotions).where(inTab).orderBy(desc(promotions.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    // Unfiltered, the tabs come from the counts the triggers keep, moved by what is due — in one
    // statement, so both are read at one moment (a sweep between two reads would count a move twice
    // or not at all); filtered, from the rows. Grouped by position: the time is a parameter.
    () => (q.kind || q.promo_type || q.search || q.slug
      ? db.select({ status: effective(now), n: count() }).from(promotions).where(where).groupBy(sql`1`)
      : db.execute<{ status: number; n: number }>(sql`
          SELECT status, n FROM ${promotionStatusCounts} WHERE business_id = ${businessId}
          UNION ALL
          SELECT s.status, s.n FROM (
            SELECT ${promotions.status} AS stored, ${effective(now)} AS now_status, count(*)::int AS n FROM ${promotions}
             WHERE ${promotions.businessId} = ${businessId} AND ${promotions.status} IN (${S.upcoming}, ${S.on_going}, ${S.empty})
               AND (${promotions.endsAt} <= ${now} OR (${promotions.status} = ${S.upcoming} AND ${promotions.startsAt} <= ${now}))
             GROUP BY 1, 2) d
          CROSS JOIN LATERAL (VALUES (d.stored, -d.n), (d.now_status, d.n)) s(status, n)`).then((r) => r.rows)),
  );
  const tabs = Object.fromEntries(TABS.map((tab) => [tab, 0])) as Record<PromotionTab, number>;
  for (const c of counts) {
    tabs[statusName(c.status)] += Number(c.n);
    tabs.all += Number(c.n);
  }
  return { rows: rows.map((p) => promotionJson(p, actor.t)), total: tabs[q.tab], tabs };
}

/** The named targets of one promotion, by kind. */
async function targetsOf(exec: Db | Tx, businessId: number, id: number) {
  const rows = await exec.select({ kind: promotionTargets.kind, refId: promotionTargets.refId }).from(promotionTargets)
    .where(and(eq(promotionTargets.promotionId, id), eq(promotionTargets.businessId, businessId)));
  const ids = (k: TargetKind) => rows.filter((r) => r.kind === k).map((r) => r.refId);
  const named = async (k: TargetKind, table: typeof brands | typeof channels | typeof stores | typeof products | typeof productCategories) =>
    ids(k).length ? exec.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids(k))) : [];
  const variants = ids("variant").length
    ? await exec.select({ id: productVariants.id, name: sql<string>`${products.name} || coalesce(' · ' || nullif(${productVariants.variantName}, ''), '') || ' (' || ${productVariants.sku} || ')'` })
      .from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(inArray(productVariants.id, ids("variant")))
    : [];
  return {
    brand: await named("brand", brands), category: await named("category", productCategories), product: await named("product", products),
    variant: variants, channel: await named("channel", channels), store: await named("store", stores),
  } satisfies Record<(typeof TARGET_KINDS)[number], { id: number; name: string }[]>;
}

/** One promotion with its targets, its gift, its performance and the orders that got it. */
export async function promotionDetail(scope: Scope, id: number, page = 1) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  const p = await promotionOf(db, businessId, id);
  const live = and(eq(orderPromotions.promotionId, id), isNull(orderPromotions.releasedAt));
  const [targets, [perf], usedBy, gift] = await sideBySide(db,
    () => targetsOf(db, businessId, id),
    () => db.select({
      orders: sql<number>`count(DISTINCT ${orderPromotions.orderId})::int`,
      discount: sql<string>`coalesce(sum(${orderPromotions.amount}), 0)`,
      units: sql<string>`coalesce(sum(${orderPromotions.units}), 0)`,
      revenue: sql<string>`coalesce((SELECT sum(o.total_amount) FROM orders o WHERE o.id IN (SELECT order_id FROM order_promotions WHERE promotion_id = ${id} AND released_at IS NULL)), 0)`,
    }).from(orderPromotions).where(live),
    () => db.select({ orderId: orders.id, orderCode: orders.orderCode, status: orders.status, total: orders.totalAmount, placedAt: orders.timeCreated, amount: sql<string>`sum(${orderPromotions.amount})` })
      .from(orderPromotions).innerJoin(orders, eq(orders.id, orderPromotions.orderId)).where(live)
      .groupBy(orders.id).orderBy(desc(orders.id)).limit(20).offset((page - 1) * 20),
    () => (p.giftVariantId ? db.select({ id: productVariants.id, name: products.name, sku: productVariants.sku }).from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId)).where(eq(productVariants.id, p.giftVariantId)) : Promise.resolve([])),
  );
  const uplift = await upliftOf(db, businessId, p, targets.channel.map((c) => c.id));
  const orderCount = perf?.orders ?? 0;
  const discount = Number(perf?.discount ?? 0);
  return {
    ...promotionJson(p, actor.t),
    targets: {
      brands: targets.brand, categories: targets.category, products: targets.product, variants: targets.variant, channels: targets.channel, stores: targets.store,
    },
    gift: gift[0] ?? null,
    performance: {
      orders: orderCount, units: Number(perf?.units ?? 0), revenue: Number(perf?.revenue ?? 0), discount,
      cost_per_order: orderCount ? Math.round(discount / orderCount) : 0, ...uplift,
    },
    orders: usedBy.map((o) => ({ order_id: o.orderId, order_code: o.orderCode, status: o.status, total: o.total, amount: Number(o.amount), time_created: unix(o.placedAt) })),
    orders_total: orderCount,
  };
}
export type PromotionDetail = Awaited<ReturnType<typeof promotionDetail>>;

/** Orders a day on the promotion's channels while it ran (so far) against the 7 days before it started. */
async function upliftOf(db: Db | Tx, businessId: number, p: PromotionRow, channelIds: number[]) {
  const now = new Date();
  if (p.startsAt > now || p.status === PROMOTION_STATUS.in_moderation) return { orders_per_day: null, orders_per_day_before: null, uplift_percent: null };
  const until = p.endsAt < now ? p.endsAt : now;
  const before = new Date(p.startsAt.getTime() - 7 * DAY_MS);
  const on = channelIds.length ? inArray(orders.channelId, channelIds) : undefined;
  const [r] = await db.select({
    during: sql<number>`count(*) FILTER (WHERE ${orders.timeCreated} >= ${p.startsAt} AND ${orders.timeCreated} < ${until})::int`,
    before: sql<number>`count(*) FILTER (WHERE ${orders.timeCreated} >= ${before} AND ${orders.timeCreated} < ${p.startsAt})::int`,
  }).from(orders).where(and(eq(orders.businessId, businessId), sql`${orders.timeCreated} >= ${before} AND ${orders.timeCreated} < ${until}`, on));
  const days = Math.max(1 / 24, (until.getTime() - p.startsAt.getTime()) / DAY_MS);
  const perDay = r.during / days;
  const perDayBefore = r.before / 7;
  return {
    orders_per_day: Math.round(perDay * 10) / 10,
    orders_per_day_before: Math.round(perDayBefore * 10) / 10,
    uplift_percent: perDayBefore > 0 ? Math.round(((perDay - perDayBefore) / perDayBefore) * 100) : null,
  };
}

/** The dashboard's panels (spec 7 /dashboard/promotion/ongoing and /upcoming): the next few. */
export async function dashboardPromotions(scope: Scope, which: "on_going" | "upcoming", limit = 5) {
  const { db, actor } = sellerScope(scope, "dashboard");
  const rows = await db.select().from(promotions)
    .where(and(eq(promotions.businessId, actor.member.businessId),
      which === "on_going" ? inArray(promotions.status, [PROMOTION_STATUS.on_going, PROMOTION_STATUS.empty]) : eq(promotions.status, PROMOTION_STATUS.upcoming)))
    .orderBy(which === "on_going" ? promotions.endsAt : promotions.startsAt).limit(limit);
  return rows.map((p) => promotionJson(p, actor.t));
}

/** The promotions an order got, for its page and the API (given back ones marked released). */
export async function promotionsOfOrder(db: Db | Tx, orderId: number, t: TFunction) {
  const rows = await db.select({
    promotionId: orderPromotions.promotionId, itemId: orderPromotions.orderItemId, amount: orderPromotions.amount, units: orderPromotions.units,
    releasedAt: orderPromotions.releasedAt, name: promotions.name, kind: promotions.kind, cashbackAs: promotions.cashbackAs,
  }).from(orderPromotions).innerJoin(promotions, eq(promotions.id, orderPromotions.promotionId))
    .where(eq(orderPromotions.orderId, orderId)).orderBy(orderPromotions.id);
  return rows.map((r) => ({
    promotion_id: r.promotionId, name: r.name, kind: r.kind, kind_name: t(`promotion:kind.${r.kind}`), item_id: r.itemId, amount: r.amount,
    units: r.units, cashback_as: r.kind === "cashback" ? r.cashbackAs : null,
    cashback_as_name: r.kind === "cashback" && r.cashbackAs ? t(`promotion:field.${r.cashbackAs}`) : null, released: r.releasedAt !== null,
  }));
}

/**
 * What the form offers as targets: the business's brands, channels and stores, and the categories
 * its products are in (the platform's tree is large; a seller aims at the ones they sell).
 */
export async function promotionChoices(scope: Scope) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  const named = (table: typeof brands | typeof channels | typeof stores) =>
    db.select({ id: table.id, name: table.name }).from(table).where(eq(table.businessId, businessId)).orderBy(table.name, table.id);
  const [b, c, st, cat] = await sideBySide(db,
    () => named(brands), () => named(channels), () => named(stores),
    () => db.selectDistinct({ id: productCategories.id, name: productCategories.name }).from(productCategories)
      .innerJoin(products, eq(products.categoryId, productCategories.id)).where(eq(products.businessId, businessId)).orderBy(productCategories.name),
  );
  return { brands: b, channels: c, stores: st, categories: cat };
}
export type PromotionChoices = Awaited<ReturnType<typeof promotionChoices>>;
