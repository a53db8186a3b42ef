/**
 * Indie campaign (issue 16 item 4; spec section 2 /promotions/indie-campaign): the platform's
 * campaigns (Harbolnas 12.12, Payday …) and a seller's entry in one — products picked at campaign
 * prices, submitted for the platform's approval. Privilege `promotion`.
 *
 * An entry is a promotion (kind Discount Time, the campaign's type, name and window) whose variant
 * targets carry the campaign price (promotion_targets.price): moderation, the sweeper, pricing
 * (pricing.ts: the variant's campaign price instead of a percent or amount), quota and promo stock,
 * the listing and the detail page with its performance are the promotions' own, used as they are.
 *
 * Decisions where the spec is silent:
 * - Campaigns are the platform's, shared by every business: made by `npm run campaigns:add` and
 *   the demo seed (addCampaign). Their terms are data shown translated: registration closes
 *   before the start; each campaign price is at least `min_discount` off the variant's regular
 *   price and above Rp 0; at most `max_products` variants.
 * - One live entry per campaign. While In Moderation and registration is open the seller may
 *   change its products and prices; once approved the entry is fixed (the platform approved those
 *   prices): the seller withdraws it (cancel, before it starts) and enters again while
 *   registration is open, or stops it once running. A rejected or withdrawn entry may be entered again.
 * - Campaigns are the Indie platform's: an entry prices orders on the business's Indie channels
 *   (platform IDM) only — a POS sale or another marketplace's order keeps its regular price. A
 *   business without an Indie channel is told to add one first.
 * - Only published products may join (the campaign shows live products); a rejected entry's note
 *   is shown on the campaign's page, and the seller may enter again.
 * - A change while In Moderation restarts the review (the demo's approval comes a minute later again).
 * - An optional promo stock caps the units sold at campaign prices across the entry, as a flash
 *   sale's does.
 * - The campaign page's tabs: open for registration (not closed yet, starting soonest first),
 *   joined (the business's live entries, any status) and all (the newest first).
 */
import { and, asc, desc, eq, gt, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { sideBySide, type Db, type Tx } from "#db/client.ts";
import { campaigns, channels, productVariants, products, promotions, promotionTargets, PROMOTION_STATUS, PROMOTION_TYPES } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { isDemo } from "#core/lib/demo.ts";
import { contains } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { intField, moneyField, nameField } from "#core/catalog/offerings-shared.ts";
import { percentField } from "#core/catalog/vouchers.ts";
import { percentText } from "#core/profile/store-fees-money.ts";
import { effectiveStatus } from "./lifecycle.ts";
import { bumpPromotions } from "./running.ts";
import { APPROVE_AFTER_MS, blank, minuteField } from "./promotions.ts";

const DEAD = [PROMOTION_STATUS.rejected, PROMOTION_STATUS.cancelled];

export type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign as the platform writes it (the command and the demo seed). */
export const campaignInput = z.object({
  name: nameField(),
  promo_type: z.enum(PROMOTION_TYPES).default("seasonal"),
  description: z.string().trim().max(1000).default(""),
  min_discount_percent: z.preprocess(blank, percentField.optional()),
  max_products: intField(1, 100).default(50),
  registration_ends_at: minuteField,
  starts_at: minuteField,
  ends_at: minuteField,
}).refine((v) => v.ends_at > v.starts_at, { path: ["ends_at"], message: "promotion:errors.ends_before_start" })
  .refine((v) => v.registration_ends_at <= v.starts_at, { path: ["registration_ends_at"], message: "campaign:errors.registration_after_start" });

/** The platform's: a new campaign (answers its id; the same name and start is the same campaign). */
export async function addCampaign(exec: Pick<Tx, "insert">, input: Record<string, unknown>) {
  const v = campaignInput.parse(input);
  const [c] = await exec.insert(campaigns).values({
    name: v.name, promoType: v.promo_type, description: v.description, minDiscountBp: v.min_discount_percent ?? 0, maxProducts: v.max_products,
    registrationEndsAt: v.registration_ends_at, startsAt: v.starts_at, endsAt: v.ends_at,
  }).onConflictDoUpdate({ target: [campaigns.name, campaigns.startsAt], set: { description: v.description } }).returning({ id: campaigns.id });
  return c.id;
}

export function campaignJson(c: CampaignRow, t: TFunction, now = new Date()) {
  const phase = now < c.registrationEndsAt ? "open" : now < c.startsAt ? "closed" : now < c.endsAt ? "running" : "ended";
  return {
    campaign_id: c.id, name: c.name, description: c.description,
    promo_type: c.promoType, promo_type_name: t(`promotion:promo_type.${c.promoType}`),
    min_discount_bp: c.minDiscountBp, min_discount_percent: percentText(c.minDiscountBp), max_products: c.maxProducts,
    registration_ends_at: unix(c.registrationEndsAt)!, starts_at: unix(c.startsAt)!, ends_at: unix(c.endsAt)!,
    phase, phase_name: t(`campaign:phase.${phase}`),
  };
}
export type CampaignJson = ReturnType<typeof campaignJson>;

const TABS = ["open", "joined", "all"] as const;
export type CampaignTab = (typeof TABS)[number];

export const campaignQuery = z.object({
  tab: z.preprocess(blank, z.enum(TABS, { error: "invalid" }).default("open")),
  search: z.preprocess(blank, z.string().trim().max(100, "too_long").optional()),
  page: z.preprocess(blank, z.coerce.number().int().min(1, "invalid").max(100_000, "invalid").default(1)),
  limit: z.preprocess(blank, z.coerce.number().int().min(1, "invalid").max(150, "invalid").default(50)),
});
export type CampaignQuery = z.infer<typeof campaignQuery>;

/** The business's live entry of each campaign (rejected and withdrawn ones do not count). */
const liveEntries = (businessId: number) => and(eq(promotions.businessId, businessId), sql`${promotions.campaignId} IS NOT NULL`, notInArray(promotions.status, DEAD));

/** A page of campaigns of a tab, each with the business's entry, and every tab's count. */
export async function listCampaigns(scope: Scope, q: CampaignQuery) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  const now = new Date();
  const joined = sql`EXISTS (SELECT 1 FROM ${promotions} WHERE ${liveEntries(businessId)} AND ${promotions.campaignId} = ${campaigns.id})`;
  const tabWhere: Record<CampaignTab, SQL> = { open: gt(campaigns.registrationEndsAt, now), joined, all: sql`true` };
  const search = q.search ? sql`lower(${campaigns.name}) LIKE ${contains(q.search.toLowerCase())}` : undefined;
  const [rows, counts] = await sideBySide(db,
    () => db.select().from(campaigns).where(and(tabWhere[q.tab], search))
      .orderBy(...(q.tab === "open" ? [asc(campaigns.startsAt), asc(campaigns.id)] : [desc(campaigns.startsAt), desc(campaigns.id)]))
      .limit(q.limit).offset((q.page - 1) * q.limit),
    () => db.select({
      open: sql<number>`count(*) FILTER (WHERE ${tabWhere.open})::int`, joined: sql<number>`count(*) FILTER (WHERE ${joined})::int`,
      all: sql<number>`count(*)::int`,
    }).from(campaigns).where(search),
  );
  const entries = rows.length
    ? await db.select({ campaignId: promotions.campaignId, id: promotions.id, status: promotions.status, startsAt: promotions.startsAt, endsAt: promotions.endsAt })
      .from(promotions).where(and(liveEntries(businessId), inArray(promotions.campaignId, rows.map((r) => r.id))))
    : [];
  const tabs = counts[0] ?? { open: 0, joined: 0, all: 0 };
  return { rows, entries: new Map(entries.map((e) => [e.campaignId!, { promotionId: e.id, status: effectiveStatus(e, now) }])), tabs, total: tabs[q.tab] };
}

export async function campaignOf(exec: Db | Tx, id: number) {
  const [c] = await exec.select().from(campaigns).where(eq(campaigns.id, id));
  if (!c) throw new NotFound("campaign:errors.not_found");
  return c;
}

/** The campaign and the business's live entry in it, with the entry's variants at their campaign prices. */
export async function campaignView(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  const campaign = await campaignOf(db, id);
  const [entry] = await db.select().from(promotions).where(and(liveEntries(businessId), eq(promotions.campaignId, id)));
  // The last rejected entry's note, when there is no live one: why the platform said no.
  const [rejected] = entry ? [] : await db.select({ note: promotions.statusNote }).from(promotions)
    .where(and(eq(promotions.businessId, businessId), eq(promotions.campaignId, id), eq(promotions.status, PROMOTION_STATUS.rejected)))
    .orderBy(desc(promotions.id)).limit(1);
  const items = entry
    ? await db.select({ variantId: promotionTargets.refId, price: promotionTargets.price, regularPrice: productVariants.price, sku: productVariants.sku, productName: products.name })
      .from(promotionTargets).innerJoin(productVariants, eq(productVariants.id, promotionTargets.refId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(promotionTargets.promotionId, entry.id), eq(promotionTargets.kind, "variant"))).orderBy(asc(promotionTargets.refId))
    : [];
  const now = new Date();
  const status = entry ? effectiveStatus(entry, now) : null;
  const open = now < campaign.registrationEndsAt;
  return {
    campaign, entry: entry ?? null, rejectedNote: rejected ? rejected.note ?? "" : null, status, items: items.map((i) => ({ ...i, price: i.price ?? i.regularPrice })),
    /** What the seller may do now: enter, change the entry (In Moderation), withdraw (before it starts) or stop it (running). */
    can: {
      enter: open && !entry,
      change: open && status === "in_moderation",
      withdraw: status === "in_moderation" || status === "upcoming",
      stop: status === "on_going" || status === "empty",
    },
  };
}
export type CampaignView = Awaited<ReturnType<typeof campaignView>>;

/** The one input of an entry, from the page and any other caller: variants at campaign prices, an optional promo stock. */
export const entryBody = z.object({
  items: z.array(z.object({ variant_id: z.coerce.number().int().positive(), price: moneyField({ min: 1 }) }))
    .min(1, "campaign:errors.items_required").max(100, "campaign:errors.too_many"),
  promo_stock: z.preprocess(blank, intField(1, 1_000_000).optional()),
});
export type EntryBody = z.infer<typeof entryBody>;

/** The terms, checked against the business's own variants: refusals name the line (items.<i>.price). */
async function checkItems(tx: Tx, businessId: number, c: CampaignRow, body: EntryBody) {
  const ids = [...new Set(body.items.map((i) => i.variant_id))];
  if (ids.length !== body.items.length) throw new Refused("campaign:errors.duplicate", { items: ["campaign:errors.duplicate"] });
  if (ids.length > c.maxProducts) throw new Refused("campaign:errors.too_many", { items: ["campaign:errors.too_many"] }, { max: c.maxProducts });
  const rows = await tx.select({ id: productVariants.id, price: productVariants.price, status: products.status }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, ids), eq(productVariants.businessId, businessId)));
  const regular = new Map(rows.map((r) => [r.id, r.price]));
  const published = new Set(rows.filter((r) => r.status === "published").map((r) => r.id));
  const fields: Record<string, string[]> = {};
  body.items.forEach((item, i) => {
    const price = regular.get(item.variant_id);
    if (price === undefined) fields[`items.${i}.variant_id`] = ["promotion:errors.unknown_target"];
    else if (!published.has(item.variant_id)) fields[`items.${i}.variant_id`] = ["campaign:errors.not_published"];
    // At least min_discount off the regular price, floored to the rupiah: the platform's promise to buyers.
    else if (item.price > price - Math.ceil((price * c.minDiscountBp) / 10_000) || item.price >= price) fields[`items.${i}.price`] = ["campaign:errors.price_too_high"];
  });
  if (Object.keys(fields).length) throw new Refused("campaign:errors.items_invalid", fields, { percent: percentText(c.minDiscountBp) });
}

/** The business's Indie channels: where an entry prices orders (the header). */
async function indieChannels(tx: Tx, businessId: number) {
  const rows = await tx.select({ id: channels.id }).from(channels).where(and(eq(channels.businessId, businessId), eq(channels.platformCode, "IDM")));
  if (!rows.length) throw new Refused("campaign:errors.no_indie_channel");
  return rows.map((r) => r.id);
}

async function writeItems(tx: Tx, businessId: number, promotionId: number, body: EntryBody, channelIds: number[]) {
  await tx.delete(promotionTargets).where(eq(promotionTargets.promotionId, promotionId));
  await tx.insert(promotionTargets).values([
    ...body.items.map((i) => ({ promotionId, businessId, kind: "variant" as const, refId: i.variant_id, price: i.price })),
    ...channelIds.map((refId) => ({ promotionId, businessId, kind: "channel" as const, refId })),
  ]);
}

/**
 * Enters the campaign, or changes the entry while it waits In Moderation and registration is open
 * (the header). Answers the entry's promotion id.
 */
export async function saveEntry(scope: Scope, campaignId: number, body: EntryBody) {
  const { db, actor } = sellerScope(scope, "promotion");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const c = await campaignOf(tx, campaignId);
    const now = new Date();
    if (now >= c.registrationEndsAt) throw new Refused("campaign:errors.registration_closed");
    // Two submits of one business for one campaign go one after the other: one entry, never two
    // (other businesses entering the same campaign do not wait).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`campaign-entry:${campaignId}`}), ${businessId})`);
    const [entry] = await tx.select().from(promotions).where(and(liveEntries(businessId), eq(promotions.campaignId, campaignId))).for("update");
    await checkItems(tx, businessId, c, body);
    const channelIds = await indieChannels(tx, businessId);
    const approveAt = isDemo() ? new Date(now.getTime() + APPROVE_AFTER_MS) : null;
    if (entry) {
      if (entry.status !== PROMOTION_STATUS.in_moderation) throw new Refused("campaign:errors.entry_fixed");
      await tx.update(promotions).set({ promoStock: body.promo_stock ?? null, autoApproveAt: approveAt, timeModified: now }).where(eq(promotions.id, entry.id));
      await writeItems(tx, businessId, entry.id, body, channelIds);
      await recordHistory(tx, { businessId, refType: "promotion", refId: entry.id, userId: actor.user.id, action: "update" });
      await bumpPromotions(tx, businessId);
      return { promotion_id: entry.id, created: false };
    }
    const [p] = await tx.insert(promotions).values({
      businessId, name: c.name, kind: "discount_time", promoType: c.promoType, status: PROMOTION_STATUS.in_moderation,
      startsAt: c.startsAt, endsAt: c.endsAt, anyProduct: false, anyChannel: false, promoStock: body.promo_stock ?? null, campaignId,
      createdBy: actor.user.id, autoApproveAt: approveAt,
    }).returning({ id: promotions.id });
    await writeItems(tx, businessId, p.id, body, channelIds);
    await recordHistory(tx, { businessId, refType: "promotion", refId: p.id, userId: actor.user.id, action: "create" });
    return { promotion_id: p.id, created: true };
  });
}
