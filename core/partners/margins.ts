/**
 * Margin rules and the reseller price preview (issue 17 item 8; spec section 2 "Customer centre":
 * margin with its edit pages default, other, store margin, and margin/add/:slug). The rule body
 * shared by the API and the forms, the queries and the service; which rule applies and the price
 * it gives are core/partners/margin-pricing.ts (the one pricing function). Scoped by business.
 *
 * Decisions where the spec is silent:
 * - A rule is a percent (0–100, up to two decimals; stored as basis points) or whole rupiah
 *   (0 … Rp 1 billion) off the variant's sell price, for one target: the default (none), a
 *   reseller, a reseller + brand, a store, a brand or a category. One rule per target: saving a
 *   rule for a target that has one replaces its value (PUT semantics; the form "add" of a target
 *   that exists edits it). Rules can be deleted (asks first); the deletion is in the history.
 * - The reseller, store and brand must be the business's own (422 per field); a category is any
 *   of the reference tree. A reseller means a trading partner of kind reseller.
 * - The preview prices every variant of the business's products (any status), paged and searched
 *   by product name or SKU, for an optional reseller and/or store: what that reseller would pay.
 * - History: ref type "margin_rule", one row per set (value before → after) or delete.
 * - Privilege: the "customer" group.
 *
 * Shapes: rule {margin_rule_id, scope, partner_data{partner_id,name}|null, store_data, brand_data,
 * category_data, type, value (percent or rupiah as entered), value_bp (percent only), time_modified};
 * preview row {product_id, variant_id, product_name, variant_name, sku, brand_name, category_name,
 * sell_price, margin, reseller_price, rule_scope, rule_id}.
 */
import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { sideBySide, type Db, type Tx } from "#db/client.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { brands, marginRules, productCategories, products, productVariants, stores, tradingPartners } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { historyPage, recordHistory } from "#core/lib/history.ts";
import { contains, MAX_PAGE_SIZE, offsetOf } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { blank } from "#core/profile/warehouses-shared.ts";
import { MARGIN_SCOPES, marginOf, pickRule, PRECEDENCE, scopeOf, type MarginScope } from "./margin-pricing.ts";

const REF = "margin_rule";
/** The largest rupiah margin: Rp 1 billion. */
export const MAX_MARGIN_AMOUNT = 1_000_000_000;
const id32 = z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2_147_483_647, "invalid");

/** What each scope needs. */
const NEEDS: Record<MarginScope, ("partner_id" | "store_id" | "brand_id" | "category_id")[]> = {
  default: [], reseller_brand: ["partner_id", "brand_id"], reseller: ["partner_id"], store: ["store_id"], brand: ["brand_id"], category: ["category_id"],
};

export const marginRuleBody = z
  .object({
    scope: z.enum(MARGIN_SCOPES, { error: "invalid" }),
    partner_id: blank(id32),
    store_id: blank(id32),
    brand_id: blank(id32),
    category_id: blank(id32),
    type: z.enum(["percent", "amount"], { error: "invalid" }),
    value: z.preprocess(
      (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? v.trim().replace(",", ".") : v),
      z.coerce.number({ error: "required" }).min(0, "number_min_zero").max(MAX_MARGIN_AMOUNT, "margin:errors.too_large"),
    ),
  }, { error: "invalid" })
  .superRefine((v, ctx) => {
    if (!v || typeof v !== "object" || !v.scope) return;
    for (const f of NEEDS[v.scope] ?? []) if (!v[f]) ctx.addIssue({ code: "custom", path: [f], message: "required" });
    if (typeof v.value !== "number") return;
    if (v.type === "percent") {
      if (v.value > 100) ctx.addIssue({ code: "custom", path: ["value"], message: "margin:errors.percent_max" });
      else if (Math.round(v.value * 100) !== Math.round(v.value * 100 * 1e6) / 1e6) ctx.addIssue({ code: "custom", path: ["value"], message: "margin:errors.percent_decimals" });
    } else if (v.type === "amount" && !Number.isInteger(v.value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "margin:errors.whole_number" });
    }
  }, { when: () => true });
export type MarginRuleBody = z.infer<typeof marginRuleBody>;

export const marginRuleFilters = z.object({ scope: blank(z.enum(MARGIN_SCOPES, { error: "invalid" })) });

export const previewQuery = z.object({
  page: z.coerce.number().int().min(1, "invalid").max(100_000, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(MAX_PAGE_SIZE, "invalid").default(10),
  search: z.string().trim().max(100, "too_long").optional(),
  partner_id: blank(id32),
  store_id: blank(id32),
});
export type PreviewQuery = z.infer<typeof previewQuery>;

type RuleRow = typeof marginRules.$inferSelect & { partnerName: string | null; storeName: string | null; brandName: string | null; categoryName: string | null };

async function findRules(exec: Db | Tx, businessId: number, where?: SQL): Promise<RuleRow[]> {
  return exec.select({
    id: marginRules.id, businessId: marginRules.businessId, partnerId: marginRules.partnerId, storeId: marginRules.storeId,
    brandId: marginRules.brandId, categoryId: marginRules.categoryId, type: marginRules.type, value: marginRules.value,
    timeCreated: marginRules.timeCreated, timeModified: marginRules.timeModified,
    partnerName: tradingPartners.name, storeName: stores.name, brandName: brands.name, categoryName: productCategories.name,
  }).from(marginRules)
    .leftJoin(tradingPartners, eq(tradingPartners.id, marginRules.partnerId))
    .leftJoin(stores, eq(stores.id, marginRules.storeId))
    .leftJoin(brands, eq(brands.id, marginRules.brandId))
    .leftJoin(productCategories, eq(productCategories.id, marginRules.categoryId))
    .where(and(eq(marginRules.businessId, businessId), where))
    .orderBy(sql`lower(coalesce(${tradingPartners.name}, ${stores.name}, ${brands.name}, ${productCategories.name}, ''))`, asc(marginRules.id));
}

/** "12.5" from 1250 basis points. */
const percentText = (bp: number) => (bp / 100).toString();

export function ruleJson(r: RuleRow) {
  return {
    margin_rule_id: r.id,
    scope: scopeOf(r),
    partner_data: r.partnerId ? { partner_id: r.partnerId, name: r.partnerName } : null,
    store_data: r.storeId ? { store_branch_id: r.storeId, name: r.storeName } : null,
    brand_data: r.brandId ? { brand_id: r.brandId, name: r.brandName } : null,
    category_data: r.categoryId ? { category_id: r.categoryId, name: r.categoryName } : null,
    type: r.type,
    value: r.type === "percent" ? r.value / 100 : r.value,
    value_bp: r.type === "percent" ? r.value : null,
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type MarginRuleJson = ReturnType<typeof ruleJson>;

/** How a rule reads in the history: "12.5 %", "Rp 5000". */
const ruleText = (r: { type: string; value: number }) => (r.type === "percent" ? `${percentText(r.value)} %` : `Rp ${r.value}`);

export async function listMarginRules(scope: Scope, f: { scope?: MarginScope } = {}) {
  const { db, actor } = sellerScope(scope, "customer");
  const rows = await findRules(db, actor.member.businessId);
  const wanted = f.scope;
  // Most specific scope first, then by the target's name (findRules' order).
  const sorted = rows.filter((r) => !wanted || scopeOf(r) === wanted)
    .sort((a, b) => PRECEDENCE.indexOf(scopeOf(a)) - PRECEDENCE.indexOf(scopeOf(b)));
  return sorted.map(ruleJson);
}

export async function getMarginRule(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "customer");
  const [row] = await findRules(db, actor.member.businessId, eq(marginRules.id, id));
  if (!row) throw new NotFound();
  return ruleJson(row);
}

/** The targets of a rule when they are the business's own (422 per field otherwise). */
async function checkTargets(exec: Db | Tx, businessId: number, body: MarginRuleBody) {
  const need = new Set(NEEDS[body.scope]);
  const t = {
    partnerId: need.has("partner_id") ? body.partner_id! : null,
    storeId: need.has("store_id") ? body.store_id! : null,
    brandId: need.has("brand_id") ? body.brand_id! : null,
    categoryId: need.has("category_id") ? body.category_id! : null,
  };
  const [p, s, b, c] = await sideBySide(exec,
    () => t.partnerId ? exec.select({ id: tradingPartners.id }).from(tradingPartners)
      .where(and(eq(tradingPartners.businessId, businessId), eq(tradingPartners.kind, "reseller"), eq(tradingPartners.id, t.partnerId))) : [],
    () => t.storeId ? exec.select({ id: stores.id }).from(stores).where(and(eq(stores.businessId, businessId), eq(stores.id, t.storeId))) : [],
    () => t.brandId ? exec.select({ id: brands.id }).from(brands).where(and(eq(brands.businessId, businessId), eq(brands.id, t.brandId))) : [],
    () => t.categoryId ? exec.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, t.categoryId)) : [],
  );
  const errors: Record<string, string[]> = {};
  if (t.partnerId && !p.length) errors.partner_id = ["margin:errors.reseller_not_yours"];
  if (t.storeId && !s.length) errors.store_id = ["margin:errors.store_not_yours"];
  if (t.brandId && !b.length) errors.brand_id = ["margin:errors.brand_not_yours"];
  if (t.categoryId && !c.length) errors.category_id = ["invalid"];
  if (Object.keys(errors).length) throw new Refused("api:errors.validation", errors);
  return t;
}

const same = (col: AnyPgColumn, v: number | null) => (v === null ? isNull(col) : eq(col, v));

/** Sets the rule of a target (creates it, or replaces the value of the one there). */
export async function setMarginRule(scope: Scope, body: MarginRuleBody) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const stored = { type: body.type, value: body.type === "percent" ? Math.round(body.value * 100) : body.value };
  const id = await db.transaction(async (tx) => {
    const t = await checkTargets(tx, businessId, body);
    // The target's row, created if missing (the unique index on the target makes a race one row).
    const [made] = await tx.insert(marginRules).values({ businessId, ...t, ...stored }).onConflictDoNothing().returning({ id: marginRules.id });
    if (made) {
      await recordHistory(tx, { businessId, refType: REF, refId: made.id, userId: actor.user.id, action: "create", changes: { value: { from: null, to: ruleText(stored) } } });
      return made.id;
    }
    const [before] = await tx.select().from(marginRules).where(and(eq(marginRules.businessId, businessId),
      same(marginRules.partnerId, t.partnerId), same(marginRules.storeId, t.storeId), same(marginRules.brandId, t.brandId), same(marginRules.categoryId, t.categoryId)))
      .for("update");
    if (before.type !== stored.type || before.value !== stored.value) {
      await tx.update(marginRules).set({ ...stored, timeModified: new Date() }).where(eq(marginRules.id, before.id));
      await recordHistory(tx, { businessId, refType: REF, refId: before.id, userId: actor.user.id, action: "update", changes: { value: { from: ruleText(before), to: ruleText(stored) } } });
    }
    return before.id;
  });
  return getMarginRule(scope, id);
}

export async function deleteMarginRule(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const gone = await getMarginRule(scope, id);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(marginRules).where(and(eq(marginRules.businessId, businessId), eq(marginRules.id, id))).returning();
    if (!row) throw new NotFound();
    await recordHistory(tx, { businessId, refType: REF, refId: id, userId: actor.user.id, action: "delete", changes: { value: { from: ruleText(row), to: null } } });
  });
  return gone;
}

export async function marginRuleHistory(scope: Scope, id: number, q: { page: number; limit: number }) {
  const { db, actor } = sellerScope(scope, "customer");
  return historyPage(db, { businessId: actor.member.businessId, refType: REF, refId: id }, q);
}

/** What the margin forms and the preview offer: the business's resellers, stores, brands and its products' categories. */
export async function marginChoices(scope: Scope) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const [resellers, storeRows, brandRows, categories] = await sideBySide(db,
    () => db.select({ partner_id: tradingPartners.id, name: tradingPartners.name }).from(tradingPartners)
      .where(and(eq(tradingPartners.businessId, businessId), eq(tradingPartners.kind, "reseller"))).orderBy(sql`lower(${tradingPartners.name})`, tradingPartners.id).limit(1000),
    () => db.select({ store_branch_id: stores.id, name: stores.name }).from(stores).where(eq(stores.businessId, businessId)).orderBy(sql`lower(${stores.name})`, stores.id),
    () => db.select({ brand_id: brands.id, name: brands.name }).from(brands).where(eq(brands.businessId, businessId)).orderBy(sql`lower(${brands.name})`, brands.id),
    () => db.selectDistinct({ category_id: productCategories.id, name: productCategories.name }).from(products)
      .innerJoin(productCategories, eq(productCategories.id, products.categoryId)).where(eq(products.businessId, businessId)).orderBy(productCategories.name, productCategories.id),
  );
  return { resellers, stores: storeRows, brands: brandRows, categories };
}

/**
 * The reseller prices of the business's product variants for a reseller and/or a store (either may
 * be left out): one page, searched by product name or SKU. Each price is marginOf/pickRule's.
 */
export async function marginPreview(scope: Scope, q: PreviewQuery) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const errors: Record<string, string[]> = {};
  const [okPartner, okStore] = await sideBySide(db,
    () => q.partner_id ? db.select({ id: tradingPartners.id }).from(tradingPartners)
      .where(and(eq(tradingPartners.businessId, businessId), eq(tradingPartners.kind, "reseller"), eq(tradingPartners.id, q.partner_id))) : [{ id: 0 }],
    () => q.store_id ? db.select({ id: stores.id }).from(stores).where(and(eq(stores.businessId, businessId), eq(stores.id, q.store_id))) : [{ id: 0 }],
  );
  if (!okPartner.length) errors.partner_id = ["margin:errors.reseller_not_yours"];
  if (!okStore.length) errors.store_id = ["margin:errors.store_not_yours"];
  if (Object.keys(errors).length) throw new Refused("api:errors.validation", errors);

  const where: SQL[] = [eq(productVariants.businessId, businessId)];
  if (q.search) {
    const text = contains(q.search);
    where.push(or(ilike(products.name, text), ilike(productVariants.sku, text), ilike(products.sku, text))!);
  }
  const cond = and(...where)!;
  const [rows, [{ total }], rules] = await sideBySide(db,
    () => db.select({
      productId: products.id, variantId: productVariants.id, productName: products.name, variantName: productVariants.variantName,
      sizeName: productVariants.sizeName, sku: productVariants.sku, brandId: products.brandId, brandName: brands.name,
      categoryId: products.categoryId, categoryName: productCategories.name, price: productVariants.price,
    }).from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(cond)
      .orderBy(sql`lower(${products.name})`, products.id, productVariants.position, productVariants.id)
      .limit(q.limit).offset(offsetOf(q)),
    () => db.select({ total: count() }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(cond),
    () => db.select().from(marginRules).where(and(eq(marginRules.businessId, businessId), or(
      isNull(marginRules.partnerId), q.partner_id ? eq(marginRules.partnerId, q.partner_id) : sql`false`,
    ))),
  );
  return {
    total,
    rows: rows.map((r) => {
      const rule = pickRule(rules, { partnerId: q.partner_id, storeId: q.store_id, brandId: r.brandId, categoryId: r.categoryId });
      const margin = marginOf(r.price, rule);
      return {
        product_id: r.productId, variant_id: r.variantId, product_name: r.productName,
        variant_name: [r.variantName, r.sizeName].filter(Boolean).join(" / ") || null, sku: r.sku,
        brand_name: r.brandName, category_name: r.categoryName, sell_price: r.price, margin, reseller_price: r.price - margin,
        rule_scope: rule ? scopeOf(rule) : null, rule_id: rule?.id ?? null,
      };
    }),
  };
}
export type PreviewRow = Awaited<ReturnType<typeof marginPreview>>["rows"][number];

/** Rules of the scopes of one edit page (/margin/other: the resellers'; /margin/store-margin: the stores'). */
export async function marginRulesOf(scope: Scope, scopes: readonly MarginScope[]) {
  const all = await listMarginRules(scope);
  return all.filter((r) => scopes.includes(r.scope));
}

