/**
 * A business's approval thresholds for stock corrections (issue 14 items 2 and 3): above them a
 * count or an adjustment needs someone holding erp.approve. Null (the default, no row) is "no
 * approval needed". Read by core/stock/opname.ts and adjustments.ts inside their transactions;
 * edited on /erp/inventory/opname (a SectionCard) by owners and erp.approve holders only — who
 * decides what needs approving must be someone who could approve it.
 *
 * - count_value_threshold: rupiah; the count's total absolute variance value (surplus + shortage).
 * - count_percent_threshold: whole percent; any one line's |variance| / snapshot (a line with
 *   snapshot 0 and something counted is above any percent).
 * - adjustment_value_threshold: rupiah; the adjustment's total absolute value.
 * "Above" is strictly greater: a threshold of 0 sends every non-zero correction to approval.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import { inventorySettings } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { recordHistory } from "#core/lib/history.ts";
import { readRupiah } from "#core/lib/money.ts";

export type InventorySettings = { count_value_threshold: number | null; count_percent_threshold: number | null; adjustment_value_threshold: number | null };

const rupiahOrNull = z.preprocess((v) => {
  if (v === "" || v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  const r = readRupiah(v);
  return "value" in r ? r.value : "invalid";
}, z.union([z.null(), z.number({ message: "invalid" }).int("invalid").min(0, "invalid").max(1e15, "invalid")]));

export const inventorySettingsBody = z.object({
  count_value_threshold: rupiahOrNull,
  count_percent_threshold: z.preprocess((v) => (v === "" || v === null || v === undefined ? null : v),
    z.union([z.null(), z.coerce.number({ message: "invalid" }).int("invalid").min(0, "invalid").max(100000, "invalid")])),
  adjustment_value_threshold: rupiahOrNull,
});

export async function readInventorySettings(db: Db | Tx, businessId: number): Promise<InventorySettings> {
  const [r] = await db.select().from(inventorySettings).where(eq(inventorySettings.businessId, businessId));
  return {
    count_value_threshold: r?.countValueThreshold ?? null,
    count_percent_threshold: r?.countPercentThreshold ?? null,
    adjustment_value_threshold: r?.adjustmentValueThreshold ?? null,
  };
}

/** Whether a count with these totals needs erp.approve to be adjusted. */
export function countNeedsApproval(s: InventorySettings, t: { abs_variance_value: number; max_variance_percent: number | null; surplus_qty: number; shortage_qty: number }) {
  if (s.count_value_threshold !== null && t.abs_variance_value > s.count_value_threshold) return true;
  if (s.count_percent_threshold !== null && t.surplus_qty + t.shortage_qty > 0
    && (t.max_variance_percent === null || t.max_variance_percent > s.count_percent_threshold)) return true;
  return false;
}

export const adjustmentNeedsApproval = (s: InventorySettings, absValue: number) =>
  s.adjustment_value_threshold !== null && absValue > s.adjustment_value_threshold;

export async function getInventorySettings(scope: Scope) {
  const s = sellerScope(scope, "erp");
  return readInventorySettings(s.db, s.actor.member.businessId);
}

/** Owners and erp.approve holders only (sellerScope refuses others with the privilege named). */
export async function saveInventorySettings(scope: Scope, body: z.infer<typeof inventorySettingsBody>) {
  const s = sellerScope(scope, "erp.approve");
  const businessId = s.actor.member.businessId;
  return s.db.transaction(async (tx) => {
    const before = await readInventorySettings(tx, businessId);
    const values = {
      countValueThreshold: body.count_value_threshold, countPercentThreshold: body.count_percent_threshold,
      adjustmentValueThreshold: body.adjustment_value_threshold, timeModified: new Date(),
    };
    await tx.insert(inventorySettings).values({ businessId, ...values }).onConflictDoUpdate({ target: inventorySettings.businessId, set: values });
    const after = await readInventorySettings(tx, businessId);
    const changes = Object.fromEntries((Object.keys(after) as (keyof InventorySettings)[])
      .filter((k) => before[k] !== after[k]).map((k) => [k, { from: before[k], to: after[k] }]));
    await recordHistory(tx, { businessId, refType: "inventory_settings", refId: businessId, userId: s.actor.user.id, action: "update", changes });
    return after;
  });
}
