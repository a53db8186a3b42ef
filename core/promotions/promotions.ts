/**
 * A seller's promotions (issue 16 item 1; spec section 2 /promotions/create, edit/:slug,
 * recreate/:slug): the one input schema for the form and the API, creating, editing within what
 * the status allows, recreating, cancelling and stopping. Privilege `promotion`.
 *
 * Decisions where the spec is silent:
 * - Times are to the minute in WIB: the form's "YYYY-MM-DDTHH:mm", the API's unix seconds too.
 *   A new promotion must end in the future; a promotion runs at most 366 days.
 * - Every new or recreated promotion waits In Moderation (the platform's). A demo business is
 *   (demo mode) is approved by the sweeper a minute later (`autoApproveAt`, shown on the page); elsewhere
 *   `npm run promotions:moderate -- approve <id>` is the platform's command.
 * - While On Going (or Empty) only a sooner end (not in the past), a larger quota and a larger
 *   promo stock may change; a larger quota or stock makes an Empty one run again.
 * - Targets are any of brands, categories, products, variants (none = every product), channels
 *   and stores (none = all). Every id must be the business's own (422 on the field).
 * - Kind-specific fields: a discount, discount by time, cashback or voucher takes a percent
 *   (with an optional cap) or an amount; free delivery its cap per order (delivery_cap); a bundle
 *   buy_qty and either bundle_price ("N for Rp X") or get_qty ("buy N get M free"); a free gift
 *   its variant; a voucher a code (3–20 letters, digits, dashes, unique among the business's live
 *   promotions). Discount by time defaults to the Flash Sale type.
 * - Cashback is recorded on the order (points or saldo, as the seller chose) for the buyer's
 *   channel to pay; the seller pays it when the order finishes (core/money/settlements.ts).
 * - A campaign entry (core/promotions/campaigns.ts) is a promotion too, made and edited on its
 *   campaign's page, never by this form.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#db/client.ts";
import {
  brands, channels, productCategories, products, productVariants, promotions, promotionTargets, stores,
  PRICED_KINDS, PROMOTION_KINDS, PROMOTION_STATUS, PROMOTION_TYPES, TARGET_KINDS, type TargetKind,
} from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { isDemo } from "#core/lib/demo.ts";
import { WIB_OFFSET_MS } from "#core/lib/time.ts";
import { intField, moneyField, nameField, optionalMoney } from "#core/catalog/offerings-shared.ts";
import { codeField as voucherCode, percentField } from "#core/catalog/vouchers.ts";
import { canRecreate, editScope, effectiveStatus, statusName, transitionFor, type PromotionAction } from "./lifecycle.ts";
import { bumpPromotions } from "./running.ts";
import { promotionOf, type PromotionRow } from "./read.ts";

const MAX_DAYS = 366;
/** Demo mode: the platform's approval comes this long after (PROMOTION_APPROVE_MS; tests shorten it). */
export const APPROVE_AFTER_MS = Number(process.env.PROMOTION_APPROVE_MS ?? 60_000);
export const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** An instant to the minute: unix seconds, or "YYYY-MM-DDTHH:mm" read as WIB. */
export const minuteField = z.preprocess(blank, z.union([z.number(), z.string()], { error: "required" })).transform((v, ctx) => {
  const s = String(v).trim();
  let ms = NaN;
  if (/^\d{9,11}$/.test(s)) ms = Number(s) * 1000;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(s)) ms = Date.parse(`${s.slice(0, 16)}:00Z`) - WIB_OFFSET_MS;
  const d = new Date(ms);
  if (Number.isNaN(ms) || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100) {
    ctx.addIssue({ code: "custom", message: "promotion:errors.time_format" });
    return z.NEVER;
  }
  return new Date(Math.floor(ms / 60_000) * 60_000);
});

/** Ids from a form (repeated fields or "1,2,3") or JSON (an array). */
const idList = z.preprocess((v) => {
  if (v === undefined || v === null || v === "") return [];
  const xs = Array.isArray(v) ? v : String(v).split(",");
  return xs.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "");
}, z.array(z.coerce.number().int("invalid").positive("invalid").max(2_147_483_647, "invalid")).max(500, "promotion:errors.too_many_targets"))
  .transform((xs) => [...new Set(xs)]);

// A voucher's code, as the catalogue's vouchers have it.
const codeField = z.preprocess(blank, voucherCode.optional());

const capOf = (v: { delivery_cap?: unknown; discount_amount?: unknown }) =>
  v.delivery_cap !== undefined && v.delivery_cap !== "" ? v.delivery_cap : v.discount_amount;

export const promotionBody = z.object({
  name: nameField(100),
  kind: z.enum(PROMOTION_KINDS, { error: "required" }),
  promo_type: z.preprocess(blank, z.enum(PROMOTION_TYPES, { error: "invalid" }).optional()),
  starts_at: minuteField,
  ends_at: minuteField,
  discount_type: z.preprocess(blank, z.enum(["percent", "amount"], { error: "invalid" }).optional()),
  discount_percent: z.unknown().optional(),
  discount_amount: z.unknown().optional(),
  // Free delivery's cap per order (discount_amount is taken too, for an API client that sends that).
  delivery_cap: z.unknown().optional(),
  max_discount: optionalMoney(),
  min_spend: z.preprocess((v) => (v === "" || v === null || v === undefined ? 0 : v), moneyField()),
  buy_qty: z.preprocess(blank, intField(1, 1000).optional()),
  get_qty: z.preprocess(blank, intField(1, 1000).optional()),
  bundle_price: optionalMoney(),
  gift_variant_id: z.preprocess(blank, z.coerce.number().int("invalid").positive("invalid").max(2_147_483_647, "invalid").optional()),
  cashback_as: z.preprocess(blank, z.enum(["points", "saldo"], { error: "invalid" }).optional()),
  code: codeField,
  followers_only: z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean()),
  quota: z.preprocess(blank, intField(1, 10_000_000).optional()),
  per_buyer: z.preprocess(blank, intField(1, 1000).optional()),
  promo_stock: z.preprocess(blank, intField(1, 10_000_000).optional()),
  brand_ids: idList, category_ids: idList, product_ids: idList, variant_ids: idList, channel_ids: idList, store_ids: idList,
}).superRefine((v, ctx) => {
  const need = (path: string, ok: boolean, message = "required") => ok || ctx.addIssue({ code: "custom", path: [path], message });
  if (v.starts_at instanceof Date && v.ends_at instanceof Date) {
    need("ends_at", v.ends_at > v.starts_at, "promotion:errors.end_before_start");
    need("ends_at", v.ends_at.getTime() - v.starts_at.getTime() <= MAX_DAYS * 86_400_000, "promotion:errors.too_long");
  }
  if (PRICED_KINDS.includes(v.kind)) {
    if (!v.discount_type) need("discount_type", false);
    else if (v.discount_type === "percent") {
      const p = percentField.safeParse(v.discount_percent);
      if (!p.success) need("discount_percent", false, p.error.issues[0].message);
    } else {
      const a = moneyField({ min: 1 }).safeParse(v.discount_amount);
      if (!a.success) need("discount_amount", false, a.error.issues[0].message);
    }
  }
  if (v.kind === "delivery") {
    const a = moneyField({ min: 1 }).safeParse(capOf(v));
    if (!a.success) need(v.delivery_cap === undefined && v.discount_amount !== undefined ? "discount_amount" : "delivery_cap", false, a.error.issues[0].message);
  }
  if (v.kind === "bundle") {
    need("buy_qty", v.buy_qty !== undefined);
    need("bundle_price", v.bundle_price !== undefined || v.get_qty !== undefined, "promotion:errors.bundle_how");
  }
  if (v.kind === "free") need("gift_variant_id", v.gift_variant_id !== undefined);
  if (v.kind === "voucher") need("code", v.code !== undefined);
}).transform((v) => {
  const percent = v.discount_type === "percent";
  const value = v.kind === "delivery"
    ? moneyField().safeParse(capOf(v)).data ?? null
    : PRICED_KINDS.includes(v.kind)
      ? (percent ? percentField.safeParse(v.discount_percent).data : moneyField().safeParse(v.discount_amount).data) ?? null
      : null;
  const bundle = v.kind === "bundle";
  return {
    name: v.name, kind: v.kind, promo_type: v.promo_type ?? (v.kind === "discount_time" ? "flash_sale" as const : "common" as const),
    starts_at: v.starts_at, ends_at: v.ends_at,
    discount_type: v.kind === "delivery" ? "amount" as const : value === null ? null : v.discount_type ?? null,
    discount_value: value, max_discount: percent && value !== null ? v.max_discount ?? null : null, min_spend: v.min_spend,
    buy_qty: bundle ? v.buy_qty ?? null : null,
    get_qty: bundle && v.bundle_price === undefined ? v.get_qty ?? null : null,
    bundle_price: bundle ? v.bundle_price ?? null : null,
    gift_variant_id: v.kind === "free" ? v.gift_variant_id ?? null : null,
    cashback_as: v.kind === "cashback" ? v.cashback_as ?? "points" : null,
    code: v.kind === "voucher" ? v.code ?? null : null,
    followers_only: v.kind === "voucher" && v.followers_only,
    quota: v.quota ?? null, per_buyer: v.per_buyer ?? null, promo_stock: v.promo_stock ?? null,
    targets: { brand: v.brand_ids, category: v.category_ids, product: v.product_ids, variant: v.variant_ids, channel: v.channel_ids, store: v.store_ids },
  };
});
export type PromotionBody = z.infer<typeof promotionBody>;

/** The business's own ids of each target kind: anything else is refused under its field. */
async function checkTargets(tx: Tx, businessId: number, body: PromotionBody) {
  const tables = {
    brand: brands, category: productCategories, product: products, variant: productVariants, channel: channels, store: stores,
  } as const;
  for (const kind of TARGET_KINDS) {
    const ids = body.targets[kind];
    if (!ids.length) continue;
    const t = tables[kind];
    // Categories are the platform's tree, shared by every business.
    const mine = await tx.select({ id: t.id }).from(t)
      .where(kind === "category" ? inArray(t.id, ids) : and(inArray(t.id, ids), eq((t as typeof brands).businessId, businessId)));
    if (mine.length !== ids.length) throw new Refused("promotion:errors.unknown_target", { [`${kind}_ids`]: ["promotion:errors.unknown_target"] });
  }
  if (body.gift_variant_id) {
    const [v] = await tx.select({ id: productVariants.id }).from(productVariants)
      .where(and(eq(productVariants.id, body.gift_variant_id), eq(productVariants.businessId, businessId)));
    if (!v) throw new Refused("promotion:errors.unknown_target", { gift_variant_id: ["promotion:errors.unknown_target"] });
  }
}

async function checkCode(tx: Tx, businessId: number, code: string | null, except?: number) {
  if (!code) return;
  const [other] = await tx.select({ id: promotions.id }).from(promotions).where(and(
    eq(promotions.businessId, businessId), sql`upper(${promotions.code}) = ${code}`,
    sql`${promotions.status} NOT IN (${PROMOTION_STATUS.rejected}, ${PROMOTION_STATUS.cancelled}, ${PROMOTION_STATUS.ended})`,
    except ? sql`${promotions.id} <> ${except}` : undefined,
  ));
  if (other) throw new Refused("promotion:errors.code_taken", { code: ["promotion:errors.code_taken"] });
}

const columnsOf = (b: PromotionBody) => ({
  name: b.name, kind: b.kind, promoType: b.promo_type, startsAt: b.starts_at, endsAt: b.ends_at,
  discountType: b.discount_type, discountValue: b.discount_value, maxDiscount: b.max_discount, minSpend: b.min_spend,
  buyQty: b.buy_qty, getQty: b.get_qty, bundlePrice: b.bundle_price, giftVariantId: b.gift_variant_id, cashbackAs: b.cashback_as,
  code: b.code, followersOnly: b.followers_only, quota: b.quota, perBuyer: b.per_buyer, promoStock: b.promo_stock,
  anyProduct: !(b.targets.brand.length || b.targets.category.length || b.targets.product.length || b.targets.variant.length),
  anyChannel: !b.targets.channel.length, anyStore: !b.targets.store.length,
});

async function writeTargets(tx: Tx, businessId: number, promotionId: number, targets: PromotionBody["targets"]) {
  await tx.delete(promotionTargets).where(eq(promotionTargets.promotionId, promotionId));
  const rows = TARGET_KINDS.flatMap((kind) => targets[kind].map((refId) => ({ promotionId, businessId, kind: kind as TargetKind, refId })));
  if (rows.length) await tx.insert(promotionTargets).values(rows);
}

/** A new promotion, In Moderation (spec /promotions/create; recreate passes the one it copies). */
export async function createPromotion(scope: Scope, body: PromotionBody, recreatedFrom?: number) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  if (body.ends_at <= new Date()) throw new Refused("promotion:errors.ends_in_past", { ends_at: ["promotion:errors.ends_in_past"] });
  const id = await db.transaction(async (tx) => {
    await checkTargets(tx, businessId, body);
    await checkCode(tx, businessId, body.code);
    if (recreatedFrom !== undefined) await promotionOf(tx, businessId, recreatedFrom);
    const [p] = await tx.insert(promotions).values({
      ...columnsOf(body), businessId, status: PROMOTION_STATUS.in_moderation, createdBy: actor.user.id, recreatedFrom: recreatedFrom ?? null,
      autoApproveAt: isDemo() ? new Date(Date.now() + APPROVE_AFTER_MS) : null,
    }).returning({ id: promotions.id });
    await writeTargets(tx, businessId, p.id, body.targets);
    await recordHistory(tx, { businessId, refType: "promotion", refId: p.id, userId: actor.user.id, action: recreatedFrom ? "recreate" : "create" });
    return p.id;
  });
  return { promotion_id: id };
}

/** Recreate: only what is over may be copied. */
export async function recreatePromotion(scope: Scope, fromId: number, body: PromotionBody) {
  const { db, actor } = sellerScope(scope, "promotion");
  const from = await promotionOf(db, actor.member.businessId, fromId);
  if (from.campaignId || !canRecreate(effectiveStatus(from, new Date()))) throw new Refused("promotion:errors.not_over");
  return createPromotion(scope, body, fromId);
}

/** Edit: everything before it runs; while it runs, a sooner end and more quota or promo stock. */
export async function updatePromotion(scope: Scope, id: number, body: PromotionBody) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  await db.transaction(async (tx) => {
    const before = await promotionOf(tx, businessId, id, true);
    if (before.campaignId) throw new Refused("promotion:errors.not_editable");
    // Started but not yet swept: it already prices orders, so it is edited as a running one.
    const scopeOf = editScope(effectiveStatus(before, new Date()));
    if (scopeOf === "none") throw new Refused("promotion:errors.not_editable");
    const now = new Date();
    if (scopeOf === "all") {
      if (body.ends_at <= now) throw new Refused("promotion:errors.ends_in_past", { ends_at: ["promotion:errors.ends_in_past"] });
      await checkTargets(tx, businessId, body);
      await checkCode(tx, businessId, body.code, id);
      await tx.update(promotions).set({ ...columnsOf(body), timeModified: now }).where(eq(promotions.id, id));
      await writeTargets(tx, businessId, id, body.targets);
      await recordHistory(tx, { businessId, refType: "promotion", refId: id, userId: actor.user.id, action: "update" });
      await bumpPromotions(tx, businessId);
      return;
    }
    // Running: a sooner end (not before now), more quota, more promo stock — nothing else.
    const fields: Record<string, string[]> = {};
    const endsAt = body.ends_at.getTime() === before.endsAt.getTime() ? before.endsAt : body.ends_at;
    if (endsAt > before.endsAt || endsAt <= now) fields.ends_at = ["promotion:errors.running_end"];
    if ((before.quota !== null && (body.quota === null || body.quota < before.quota)) || (before.quota === null && body.quota !== null)) fields.quota = ["promotion:errors.running_quota"];
    if ((before.promoStock !== null && (body.promo_stock === null || body.promo_stock < before.promoStock)) || (before.promoStock === null && body.promo_stock !== null)) fields.promo_stock = ["promotion:errors.running_stock"];
    if (Object.keys(fields).length) throw new Refused("promotion:errors.running_limits", fields);
    const room = (body.quota === null || before.used < body.quota) && (body.promo_stock === null || before.stockUsed < body.promo_stock);
    await tx.update(promotions).set({
      endsAt, quota: body.quota, promoStock: body.promo_stock, timeModified: now,
      ...(before.status === PROMOTION_STATUS.empty && room ? { status: PROMOTION_STATUS.on_going } : {}),
    }).where(eq(promotions.id, id));
    await recordHistory(tx, {
      businessId, refType: "promotion", refId: id, userId: actor.user.id, action: "update",
      changes: { ends_at: { from: before.endsAt.toISOString(), to: endsAt.toISOString() }, quota: { from: before.quota, to: body.quota } },
    });
    await bumpPromotions(tx, businessId);
  });
  return { promotion_id: id };
}

/** One of the lifecycle's moves, applied under the promotion's row lock with its history row. */
export async function movePromotion(tx: Tx, businessId: number, id: number, action: PromotionAction, by: "seller" | "platform" | "system", opts: { userId?: number | null; note?: string | null; now?: Date } = {}) {
  const p = await promotionOf(tx, businessId, id, true);
  const now = opts.now ?? new Date();
  // The seller acts on what the promotion is now (started: stop, not cancel); time's own moves on the status as stored.
  const from = by === "seller" ? effectiveStatus(p, now) : statusName(p.status);
  const t = transitionFor(action, from, by);
  if (!t) throw new Refused("promotion:errors.not_allowed", undefined, { action, status: from });
  const note = opts.note?.trim() || null;
  if (t.note === "required" && !note) throw new Refused("promotion:errors.note_required", { note: ["promotion:errors.note_required"] });
  let to = t.to === "by-time" ? (now >= p.endsAt ? "ended" : now >= p.startsAt ? "on_going" : "upcoming") : t.to;
  if (to === "on_going" && ((p.quota !== null && p.used >= p.quota) || (p.promoStock !== null && p.stockUsed >= p.promoStock))) to = "empty";
  await tx.update(promotions).set({
    status: PROMOTION_STATUS[to], statusNote: note ?? p.statusNote, timeModified: now,
    ...(action === "stop" ? { endsAt: new Date(Math.max(p.startsAt.getTime() + 60_000, Math.floor(now.getTime() / 60_000) * 60_000)) } : {}),
  }).where(eq(promotions.id, id));
  await recordHistory(tx, {
    businessId, refType: "promotion", refId: id, userId: opts.userId ?? null, action: `status:${action}`,
    changes: { status: { from, to }, ...(note ? { note: { from: null, to: note } } : {}) },
  });
  await bumpPromotions(tx, businessId);
  return { from, to };
}

/** The seller's moves: cancel (not started) and stop (running). */
export async function promotionAction(scope: Scope, id: number, action: "cancel" | "stop") {
  const { db, actor } = sellerScope(scope, "promotion");
  return db.transaction((tx) => movePromotion(tx, actor.member.businessId, id, action, "seller", { userId: actor.user.id }));
}

export type { PromotionRow };

/**
 * The business's variants by SKU (case-insensitive), for the web form where a seller types or
 * pastes SKUs: the ids, or the SKUs it does not know.
 */
export async function variantsBySku(scope: Scope, skus: string[]) {
  const { db, actor } = sellerScope(scope, "promotion");
  const wanted = [...new Set(skus.map((s) => s.trim()).filter(Boolean))].slice(0, 500);
  if (!wanted.length) return { ids: [] as number[], unknown: [] as string[], skus: new Map<number, string>() };
  const rows = await db.select({ id: productVariants.id, sku: productVariants.sku }).from(productVariants)
    .where(and(eq(productVariants.businessId, actor.member.businessId), inArray(sql`lower(${productVariants.sku})`, wanted.map((s) => s.toLowerCase()))));
  const found = new Map(rows.map((r) => [r.sku.toLowerCase(), r.id]));
  return {
    ids: wanted.flatMap((s) => (found.has(s.toLowerCase()) ? [found.get(s.toLowerCase())!] : [])),
    unknown: wanted.filter((s) => !found.has(s.toLowerCase())),
    skus: new Map(rows.map((r) => [r.id, r.sku])),
  };
}

/** The SKUs of variants (the edit form shows its targets and gift as SKUs). */
export async function skusOf(scope: Scope, ids: number[]) {
  const { db, actor } = sellerScope(scope, "promotion");
  if (!ids.length) return new Map<number, string>();
  const rows = await db.select({ id: productVariants.id, sku: productVariants.sku }).from(productVariants)
    .where(and(eq(productVariants.businessId, actor.member.businessId), inArray(productVariants.id, ids)));
  return new Map(rows.map((r) => [r.id, r.sku]));
}
