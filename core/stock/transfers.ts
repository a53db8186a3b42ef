/**
 * Stock transfers between two locations of one business (issue 14 item 4): store ↔ warehouse ↔
 * partition. The stock only moves through the ledger (applyStockChanges); a transfer holds what is
 * on the way.
 *
 *   create (draft, lines: variant × quantity) ─ add / update / remove lines ─┬─ cancel → cancelled (nothing moved)
 *                                                                             └─ send → in_transit
 *   send:    one transaction: the transfer row locked (FOR UPDATE), every line leaves the source
 *            (reason "transfer_out", reference TRF-<id>); line.sent = quantity.
 *   receive: one transaction, per line a received quantity (0 … what is still on the way), into the
 *            destination ("transfer_in", TRF-<id>). All arrived → received. Otherwise either more
 *            is coming (`more_to_come`: stays in_transit, another receipt later) or the receipt is
 *            final and the short part is a discrepancy → status discrepancy.
 *   resolve: the short part of each line is either "lost" (written off: no level moves, the
 *            quantity is kept on the line as `lost`, a note saying what happened is required, and
 *            who/when is in the history) or "returned" (it goes back into the source:
 *            "transfer_in" at the source, reference TRF-<id>). All short lines at once → received.
 *
 * Decisions where the spec is silent:
 * - In transit = sent − received − lost − returned, per line (the database keeps it ≥ 0 by a check).
 *   A short quantity not yet resolved is still counted in transit: it has left the source and is
 *   not anywhere else, so the total over all locations + in transit of a SKU only changes when a
 *   seller writes something off as lost.
 * - Every step locks the transfer row first, then the stock levels (inside applyStockChanges):
 *   two tabs or a double submit of send/receive wait for each other and the second sees the new
 *   status (send twice → 409; receipts never exceed what was sent: the check constraint backs it).
 * - Same location: refused with the spec's message 'Transfer to same store is not allowed' under
 *   the destination field (the selection is kept, as every form here keeps what was typed).
 * - Quantities are whole pieces 1 … 1,000,000 per line; a variant appears once per transfer
 *   (adding it again adds to its line). A transfer from or to an inactive store or warehouse is
 *   refused at creation.
 * - Lines are found by SKU (any case) or exact barcode, or by variant id (the API).
 * - Status history: stock_transfer_events, one row per step (who, when, note).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import {
  products, productVariants, stockTransferEvents, stockTransferLines, stockTransfers, stores, users, warehousePartitions, warehouses,
} from "#db/schema/index.ts";
import { sellerScope, type Scope, type SellerScope } from "#core/actor.ts";
import { Conflict, NotFound, Refused } from "#core/errors.ts";
import { contains, offsetOf } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { applyStockChanges, type StockLocation } from "./stock-ledger.ts";
import { findLocations, locationKey, parseLocationKey } from "./locations.ts";

export const TRANSFER_STATUSES = ["draft", "in_transit", "received", "discrepancy", "cancelled"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const MAX_TRANSFER_QTY = 1_000_000;
const MAX_LINES = 500;

export const transferNumber = (id: number) => `TRF-${id}`;

// ───────────────────────────── input shapes (one per form; the API parses the same) ─────────────

const locationField = z.string({ message: "required" }).trim().min(1, "required")
  .refine((k) => parseLocationKey(k) !== null, "invalid");
const sameLocation = (a: string, b: string) => {
  const x = parseLocationKey(a);
  const y = parseLocationKey(b);
  return !!x && !!y && locationKey(x) === locationKey(y);
};
const quantity = z.coerce.number({ message: "transfer:errors.quantity" }).int("transfer:errors.quantity")
  .min(1, "transfer:errors.quantity").max(MAX_TRANSFER_QTY, "transfer:errors.quantity");
const note = z.string().trim().max(500, "too_long").optional().default("");

/** One line to add: a SKU or barcode (the web's search box, a scanner) or a variant id (the API). */
export const transferLineInput = z.object({
  sku: z.string().trim().max(100, "too_long").optional(),
  variant_id: z.coerce.number().int("invalid").positive("invalid").max(2 ** 31 - 1, "invalid").optional(),
  quantity,
}).refine((l) => !!l.sku || !!l.variant_id, { path: ["sku"], message: "required" });
export type TransferLineInput = z.infer<typeof transferLineInput>;

export const transferCreateBody = z.object({
  source: locationField,
  destination: locationField,
  note,
  lines: z.array(transferLineInput).max(MAX_LINES, "transfer:errors.too_many_lines").optional().default([]),
}).refine((b) => !sameLocation(b.source, b.destination), { path: ["destination"], message: "transfer:errors.same_location" });
export type TransferCreateBody = z.infer<typeof transferCreateBody>;

export const transferAddLinesBody = z.object({
  lines: z.array(transferLineInput).min(1, "required").max(MAX_LINES, "transfer:errors.too_many_lines"),
});

export const transferUpdateLinesBody = z.object({
  lines: z.array(z.object({ line_id: z.coerce.number().int("invalid").positive("invalid"), quantity }))
    .min(1, "required").max(MAX_LINES, "transfer:errors.too_many_lines"),
});

export const transferRemoveLinesBody = z.object({
  line_ids: z.array(z.coerce.number().int("invalid").positive("invalid")).min(1, "required").max(MAX_LINES, "invalid"),
});

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true" || v === 1, z.boolean()).optional().default(false);

export const transferReceiveBody = z.object({
  lines: z.array(z.object({
    line_id: z.coerce.number().int("invalid").positive("invalid"),
    received: z.coerce.number({ message: "transfer:errors.received" }).int("transfer:errors.received")
      .min(0, "transfer:errors.received").max(MAX_TRANSFER_QTY, "transfer:errors.received"),
  })).max(MAX_LINES, "transfer:errors.too_many_lines").optional().default([]),
  /** More of it will arrive later: the receipt is not final (no discrepancy yet). */
  more_to_come: checkbox,
  note,
});
export type TransferReceiveBody = z.infer<typeof transferReceiveBody>;

const resolution = z.enum(["lost", "returned"], { message: "transfer:errors.resolution" });
/** Per short line "lost" or "returned" (`lines`); `resolution` is the answer for every line not listed. */
export const transferResolveBody = z.object({
  resolution: resolution.optional(),
  lines: z.array(z.object({ line_id: z.coerce.number().int("invalid").positive("invalid"), resolution }))
    .max(MAX_LINES, "transfer:errors.too_many_lines").optional().default([]),
  note,
}).refine((b) => b.resolution || b.lines.length, { path: ["resolution"], message: "transfer:errors.resolution" });

export const transferCancelBody = z.object({ note });

export const transferListQuery = z.object({
  page: z.coerce.number().int("invalid").min(1, "invalid").max(1_000_000, "invalid").default(1),
  limit: z.coerce.number().int("invalid").min(1, "invalid").max(150, "invalid").default(50),
  sort: z.coerce.number().int("invalid").refine((n) => n === 1 || n === 2, "invalid").default(2),
  search: z.string().trim().max(100, "too_long").optional(),
  status: z.enum(TRANSFER_STATUSES, { message: "invalid" }).optional(),
  location: locationField.optional(),
  direction: z.enum(["in", "out"], { message: "invalid" }).optional(),
});
export type TransferListQuery = z.input<typeof transferListQuery>;

// ───────────────────────────── helpers ─────────────────────────────

type Seller = SellerScope["actor"];
type TransferRow = typeof stockTransfers.$inferSelect;

const locCols = (prefix: "source" | "dest", l: StockLocation) => prefix === "source"
  ? { sourceStoreId: l.sourceType === 1 ? l.storeId : null, sourceWarehouseId: l.sourceType === 2 ? l.warehouseId : null, sourcePartitionId: l.sourceType === 2 ? l.partitionId ?? null : null }
  : { destStoreId: l.sourceType === 1 ? l.storeId : null, destWarehouseId: l.sourceType === 2 ? l.warehouseId : null, destPartitionId: l.sourceType === 2 ? l.partitionId ?? null : null };

const sourceOf = (t: TransferRow): StockLocation => t.sourceStoreId != null
  ? { sourceType: 1, storeId: t.sourceStoreId }
  : { sourceType: 2, warehouseId: t.sourceWarehouseId!, partitionId: t.sourcePartitionId };
const destOf = (t: TransferRow): StockLocation => t.destStoreId != null
  ? { sourceType: 1, storeId: t.destStoreId }
  : { sourceType: 2, warehouseId: t.destWarehouseId!, partitionId: t.destPartitionId };

/** The location's name, when it is the business's (and active, when asked); else a refusal under `field`. */
async function checkLocation(db: Db | Tx, businessId: number, l: StockLocation, field: string, activeOnly: boolean) {
  if (l.sourceType === 1) {
    const [s] = await db.select({ status: stores.status }).from(stores).where(and(eq(stores.id, l.storeId), eq(stores.businessId, businessId)));
    if (!s) throw new Refused("transfer:errors.unknown_location", { [field]: ["transfer:errors.unknown_location"] });
    if (activeOnly && s.status !== 1) throw new Refused("transfer:errors.inactive_location", { [field]: ["transfer:errors.inactive_location"] });
    return;
  }
  const [w] = await db.select({ status: warehouses.status }).from(warehouses).where(and(eq(warehouses.id, l.warehouseId), eq(warehouses.businessId, businessId)));
  if (!w) throw new Refused("transfer:errors.unknown_location", { [field]: ["transfer:errors.unknown_location"] });
  if (l.partitionId != null) {
    const [p] = await db.select({ id: warehousePartitions.id }).from(warehousePartitions)
      .where(and(eq(warehousePartitions.id, l.partitionId), eq(warehousePartitions.warehouseId, l.warehouseId), eq(warehousePartitions.businessId, businessId)));
    if (!p) throw new Refused("transfer:errors.unknown_location", { [field]: ["transfer:errors.unknown_location"] });
  }
  if (activeOnly && w.status !== 1) throw new Refused("transfer:errors.inactive_location", { [field]: ["transfer:errors.inactive_location"] });
}

/** The transfer row, locked for the rest of the transaction; another business's is a 404. */
async function lockTransfer(tx: Tx, businessId: number, id: number) {
  const [t] = await tx.select().from(stockTransfers)
    .where(and(eq(stockTransfers.id, id), eq(stockTransfers.businessId, businessId))).for("update");
  if (!t) throw new NotFound("transfer:errors.not_found");
  return t;
}

function mustBe(t: TransferRow, ...statuses: TransferStatus[]) {
  if (!statuses.includes(t.status as TransferStatus)) {
    throw new Conflict(`transfer:errors.not_${statuses[0]}`, { number: transferNumber(t.id) });
  }
}

async function event(tx: Tx, transferId: number, action: string, status: TransferStatus, userId: number, text = "") {
  await tx.insert(stockTransferEvents).values({ transferId, action, status, note: text, userId });
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1;

// ───────────────────────────── writes ─────────────────────────────

/** A new draft transfer (with its first lines, if any). */
export async function createTransfer(scope: Scope, body: TransferCreateBody) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  const source = parseLocationKey(body.source)!;
  const destination = parseLocationKey(body.destination)!;
  const id = await db.transaction(async (tx) => {
    await checkLocation(tx, businessId, source, "source", true);
    await checkLocation(tx, businessId, destination, "destination", true);
    const [t] = await tx.insert(stockTransfers).values({
      businessId, ...locCols("source", source), ...locCols("dest", destination), note: body.note, createdBy: actor.user.id,
    }).returning({ id: stockTransfers.id });
    await event(tx, t.id, "create", "draft", actor.user.id, body.note);
    if (body.lines.length) await addLinesTx(tx, actor, t.id, body.lines, (i, f) => `lines.${i}.${f}`);
    return t.id;
  });
  return getTransfer({ db, actor }, id);
}

async function addLinesTx(tx: Tx, actor: Seller, id: number, lines: TransferLineInput[], fieldOf: (i: number, f: string) => string) {
  const businessId = actor.member.businessId;
  const t = await lockTransfer(tx, businessId, id);
  mustBe(t, "draft");
  const found: { variantId: number; productId: number; quantity: number; index: number }[] = [];
  for (const [i, l] of lines.entries()) {
    const where = l.variant_id
      ? eq(productVariants.id, l.variant_id)
      : or(sql`lower(${productVariants.sku}) = lower(${l.sku!})`, eq(productVariants.barcode, l.sku!));
    const [v] = await tx.select({ id: productVariants.id, productId: productVariants.productId }).from(productVariants)
      .where(and(eq(productVariants.businessId, businessId), where)).orderBy(asc(productVariants.id)).limit(1);
    if (!v) {
      const field = fieldOf(i, l.variant_id ? "variant_id" : "sku");
      throw new Refused("transfer:errors.unknown_variant", { [field]: ["transfer:errors.unknown_variant"] }, { sku: l.sku ?? String(l.variant_id) });
    }
    const same = found.find((f) => f.variantId === v.id);
    if (same) same.quantity += l.quantity;
    else found.push({ variantId: v.id, productId: v.productId, quantity: l.quantity, index: i });
  }
  const existing = await tx.select().from(stockTransferLines).where(eq(stockTransferLines.transferId, id));
  if (existing.length + found.filter((f) => !existing.some((e) => e.variantId === f.variantId)).length > MAX_LINES) {
    throw new Refused("transfer:errors.too_many_lines", { [fieldOf(0, "sku")]: ["transfer:errors.too_many_lines"] });
  }
  for (const f of found) {
    const e = existing.find((x) => x.variantId === f.variantId);
    const total = (e?.quantity ?? 0) + f.quantity;
    if (total > MAX_TRANSFER_QTY) {
      throw new Refused("transfer:errors.quantity", { [fieldOf(f.index, "quantity")]: ["transfer:errors.quantity"] });
    }
    if (e) await tx.update(stockTransferLines).set({ quantity: total }).where(eq(stockTransferLines.id, e.id));
    else await tx.insert(stockTransferLines).values({ transferId: id, businessId, productId: f.productId, variantId: f.variantId, quantity: f.quantity });
  }
  await tx.update(stockTransfers).set({ timeModified: new Date() }).where(eq(stockTransfers.id, id));
}

/** Adds lines to a draft (a variant already on it gets the quantity added). */
export async function addTransferLines(scope: Scope, id: number, body: z.infer<typeof transferAddLinesBody>, fieldOf = (i: number, f: string) => `lines.${i}.${f}`) {
  const { db, actor } = sellerScope(scope, "erp");
  if (!validId(id)) throw new NotFound("transfer:errors.not_found");
  await db.transaction((tx) => addLinesTx(tx, actor, id, body.lines, fieldOf));
  return getTransfer({ db, actor }, id);
}

/** Sets the quantities of a draft's lines. */
export async function updateTransferLines(scope: Scope, id: number, body: z.infer<typeof transferUpdateLinesBody>) {
  const { db, actor } = sellerScope(scope, "erp");
  if (!validId(id)) throw new NotFound("transfer:errors.not_found");
  await db.transaction(async (tx) => {
    const t = await lockTransfer(tx, actor.member.businessId, id);
    mustBe(t, "draft");
    const lines = await tx.select({ id: stockTransferLines.id }).from(stockTransferLines).where(eq(stockTransferLines.transferId, id));
    for (const [i, l] of body.lines.entries()) {
      if (!lines.some((x) => x.id === l.line_id)) {
        throw new Refused("transfer:errors.unknown_line", { [`lines.${i}.line_id`]: ["transfer:errors.unknown_line"] });
      }
      await tx.update(stockTransferLines).set({ quantity: l.quantity }).where(eq(stockTransferLines.id, l.line_id));
    }
    await tx.update(stockTransfers).set({ timeModified: new Date() }).where(eq(stockTransfers.id, id));
  });
  return getTransfer({ db, actor }, id);
}

/** Removes lines from a draft. */
export async function removeTransferLines(scope: Scope, id: number, body: z.infer<typeof transferRemoveLinesBody>) {
  const { db, actor } = sellerScope(scope, "erp");
  if (!validId(id)) throw new NotFound("transfer:errors.not_found");
  await db.transaction(async (tx) => {
    const t = await lockTransfer(tx, actor.member.businessId, id);
    mustBe(t, "draft");
    const gone = await tx.delete(stockTransferLines)
      .where(and(eq(stockTransferLines.transferId, id), inArray(stockTransferLines.id, body.line_ids)))
      .returning({ id: stockTransferLines.id });
    if (gone.length !== new Set(body.line_ids).size) throw new Refused("transfer:errors.unknown_line", { line_ids: ["transfer:errors.unknown_line"] });
    await tx.update(stockTransfers).set({ timeModified: new Date() }).where(eq(stockTransfers.id, id));
  });
  return getTransfer({ db, actor }, id);
}

/** Sends a draft: every line leaves the source in one transaction; the transfer is then in transit. */
export async function sendTransfer(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  if (!validId(id)) throw new NotFound("transfer:errors.not_found");
  await db.transaction(async (tx) => {
    const t = await lockTransfer(tx, businessId, id);
    mustBe(t, "draft");
    const lines = await tx.select().from(stockTransferLines).where(eq(stockTransferLines.transferId, id)).orderBy(asc(stockTransferLines.id));
    if (!lines.length) throw new Refused("transfer:errors.no_lines");
    await checkLocation(tx, businessId, sourceOf(t), "source", false);
    await checkLocation(tx, businessId, destOf(t), "destination", false);
    try {
      await applyStockChanges(tx, { businessId, userId: actor.user.id, reason: "transfer_out", reference: transferNumber(id), note: t.note || null },
        lines.map((l) => ({ variantId: l.variantId, location: sourceOf(t), delta: -l.quantity })));
    } catch (e) {
      // Not enough at the source: the message above the form (there is no stock field on it).
      if (e instanceof Refused) throw new Refused(e.message, undefined, e.vars);
      throw e;
    }
    await tx.update(stockTransferLines).set({ sent: sql`${stockTransferLines.quantity}` }).where(eq(stockTransferLines.transferId, id));
    const now = new Date();
    await tx.update(stockTransfers).set({ status: "in_transit", timeSent: now, timeModified: now }).where(eq(stockTransfers.id, id));
    await event(tx, id, "send", "in_transit", actor.user.id);
  });
  return getTransfer({ db, actor }, id);
}

const onTheWay = (l: typeof stockTransferLines.$inferSelect) => l.sent - l.received - l.lost - l.returned;

/** Receives what arrived, per line; see the header for the status that follows. */
export async function receiveTransfer(scope: Scope, id: number, body: TransferReceiveBody) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  if (!validId(id)) throw new NotFound("transfer:errors.not_found");
  await db.transaction(async (tx) => {
    const t = await lockTransfer(tx, businessId, id);
    mustBe(t, "in_transit");
    const lines = await tx.select().from(stockTransferLines).where(eq(stockTransferLines.transferId, id)).orderBy(asc(stockTransferLines.id));
    const got = new Map<number, number>();
    for (const [i, r] of body.lines.entries()) {
      const line = lines.find((l) => l.id === r.line_id);
      if (!line) throw new Refused("transfer:errors.unknown_line", { [`lines.${i}.line_id`]: ["transfer:errors.unknown_line"] });
      const sum = (got.get(line.id) ?? 0) + r.received;
      if (sum > onTheWay(line)) {
        throw new Refused("transfer:errors.over_received", { [`lines.${i}.received`]: ["transfer:errors.over_received"] }, { max: onTheWay(line) });
      }
      got.set(line.id, sum);
    }
    const arriving = lines.filter((l) => (got.get(l.id) ?? 0) > 0);
    if (!arriving.length && body.more_to_come) throw new Refused("transfer:errors.nothing_received", { _form: ["transfer:errors.nothing_received"] });
    if (arriving.length) {
      await applyStockChanges(tx, { businessId, userId: actor.user.id, reason: "transfer_in", reference: transferNumber(id), note: body.note || t.note || null },
        arriving.map((l) => ({ variantId: l.variantId, location: destOf(t), delta: got.get(l.id)! })));
      for (const l of arriving) {
        await tx.update(stockTransferLines).set({ received: sql`${stockTransferLines.received} + ${got.get(l.id)!}` }).where(eq(stockTransferLines.id, l.id));
      }
    }
    const short = lines.some((l) => onTheWay(l) - (got.get(l.id) ?? 0) > 0);
    const status: TransferStatus = !short ? "received" : body.more_to_come ? "in_transit" : "discrepancy";
    const now = new Date();
    await tx.update(stockTransfers).set({ status, timeModified: now, ...(status !== "in_transit" ? { timeReceived: now } : {}) }).where(eq(stockTransfers.id, id));
    await event(tx, id, "receive", status, actor.user.id, body.note);
  });
  return getTransfer({ db, actor }, id);
}

/**
 * Resolves the short part of a received transfer, line by line: written off as lost (the note
 * must say what happened), or returned to the source.
 */
export async function resolveTransferShort(scope: Scope, id: number, body: z.infer<typeof transferResolveBody>) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  if (!validId(id)) throw new NotFound("transfer:errors.not_found");
  await db.transaction(async (tx) => {
    const t = await lockTransfer(tx, businessId, id);
    mustBe(t, "discrepancy");
    const lines = (await tx.select().from(stockTransferLines).where(eq(stockTransferLines.transferId, id)).orderBy(asc(stockTransferLines.id)))
      .filter((l) => onTheWay(l) > 0);
    const chosen = new Map<number, "lost" | "returned">();
    for (const [i, r] of body.lines.entries()) {
      if (!lines.some((l) => l.id === r.line_id)) throw new Refused("transfer:errors.unknown_line", { [`lines.${i}.line_id`]: ["transfer:errors.unknown_line"] });
      chosen.set(r.line_id, r.resolution);
    }
    const plan = lines.map((l) => ({ l, how: chosen.get(l.id) ?? body.resolution }));
    if (plan.some((p) => !p.how)) throw new Refused("transfer:errors.resolution", { resolution: ["transfer:errors.resolution"] });
    if (plan.some((p) => p.how === "lost") && !body.note) throw new Refused("transfer:errors.note_for_lost", { note: ["transfer:errors.note_for_lost"] });
    const back = plan.filter((p) => p.how === "returned");
    if (back.length) {
      await applyStockChanges(tx, { businessId, userId: actor.user.id, reason: "transfer_in", reference: transferNumber(id), note: body.note || "returned" },
        back.map(({ l }) => ({ variantId: l.variantId, location: sourceOf(t), delta: onTheWay(l) })));
    }
    for (const { l, how } of plan) {
      const col = how === "lost" ? { lost: l.lost + onTheWay(l) } : { returned: l.returned + onTheWay(l) };
      await tx.update(stockTransferLines).set(col).where(eq(stockTransferLines.id, l.id));
    }
    await tx.update(stockTransfers).set({ status: "received", timeModified: new Date() }).where(eq(stockTransfers.id, id));
    const action = !back.length ? "resolve_lost" : back.length === plan.length ? "resolve_returned" : "resolve_mixed";
    await event(tx, id, action, "received", actor.user.id, body.note);
  });
  return getTransfer({ db, actor }, id);
}

/** Cancels a draft (nothing has moved). */
export async function cancelTransfer(scope: Scope, id: number, body: z.infer<typeof transferCancelBody> = { note: "" }) {
  const { db, actor } = sellerScope(scope, "erp");
  if (!validId(id)) throw new NotFound("transfer:errors.not_found");
  await db.transaction(async (tx) => {
    const t = await lockTransfer(tx, actor.member.businessId, id);
    mustBe(t, "draft");
    await tx.update(stockTransfers).set({ status: "cancelled", timeModified: new Date() }).where(eq(stockTransfers.id, id));
    await event(tx, id, "cancel", "cancelled", actor.user.id, body.note);
  });
  return getTransfer({ db, actor }, id);
}

// ───────────────────────────── reads ─────────────────────────────

/** The business's locations by key, named as every inventory page names them (core/stock/locations.ts). */
async function locationNames(db: Db | Tx, businessId: number) {
  return new Map((await findLocations(db, businessId)).map((l) => [l.key, l]));
}
type Names = Awaited<ReturnType<typeof locationNames>>;

function locationJson(l: StockLocation, names: Names) {
  const key = locationKey(l);
  const found = names.get(key);
  const kind = l.sourceType === 1 ? "store" as const : l.partitionId != null ? "partition" as const : "warehouse" as const;
  return { key, kind, name: found?.name ?? "-" };
}

/** The location filter: transfers from or to the location (a warehouse also matches its partitions). */
function locationWhere(key: string, direction?: "in" | "out"): SQL | undefined {
  const l = parseLocationKey(key);
  if (!l) return undefined;
  const side = (p: "source" | "dest") => {
    const c = p === "source"
      ? { s: stockTransfers.sourceStoreId, w: stockTransfers.sourceWarehouseId, p: stockTransfers.sourcePartitionId }
      : { s: stockTransfers.destStoreId, w: stockTransfers.destWarehouseId, p: stockTransfers.destPartitionId };
    if (l.sourceType === 1) return eq(c.s, l.storeId);
    return l.partitionId != null ? and(eq(c.w, l.warehouseId), eq(c.p, l.partitionId)) : eq(c.w, l.warehouseId);
  };
  if (direction === "out") return side("source");
  if (direction === "in") return side("dest");
  return or(side("source"), side("dest"));
}

export type TransferSummary = Awaited<ReturnType<typeof listTransfers>>["rows"][number];

/** A page of the business's transfers, newest first; counts per status for the tabs (same search and location). */
export async function listTransfers(scope: Scope, input: TransferListQuery) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  const q = transferListQuery.parse(input);
  const base: (SQL | undefined)[] = [eq(stockTransfers.businessId, businessId)];
  if (q.location) base.push(locationWhere(q.location, q.direction));
  if (q.search) {
    const n = /^(?:trf-?)?(\d{1,9})$/i.exec(q.search);
    base.push(or(
      n ? eq(stockTransfers.id, Number(n[1])) : undefined,
      sql`EXISTS (SELECT 1 FROM ${stockTransferLines} l JOIN ${productVariants} v ON v.id = l.variant_id
                  WHERE l.transfer_id = ${stockTransfers.id} AND (lower(v.sku) LIKE lower(${contains(q.search)}) OR v.barcode = ${q.search}))`,
    ));
  }
  const where = and(...base, q.status ? eq(stockTransfers.status, q.status) : undefined);
  const counted = await db.select({ status: stockTransfers.status, n: count() }).from(stockTransfers).where(and(...base)).groupBy(stockTransfers.status);
  const counts = Object.fromEntries(TRANSFER_STATUSES.map((s) => [s, counted.find((c) => c.status === s)?.n ?? 0])) as Record<TransferStatus, number>;
  const total = q.status ? counts[q.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  const ts = await db.select().from(stockTransfers).where(where)
    .orderBy(q.sort === 1 ? asc(stockTransfers.id) : desc(stockTransfers.id)).limit(q.limit).offset(offsetOf(q));
  const ids = ts.map((t) => t.id);
  const sums = ids.length
    ? await db.select({
      transferId: stockTransferLines.transferId,
      lines: count(),
      quantity: sql<number>`coalesce(sum(${stockTransferLines.quantity}), 0)::int`,
      received: sql<number>`coalesce(sum(${stockTransferLines.received}), 0)::int`,
      inTransit: sql<number>`coalesce(sum(${stockTransferLines.sent} - ${stockTransferLines.received} - ${stockTransferLines.lost} - ${stockTransferLines.returned}), 0)::int`,
    }).from(stockTransferLines).where(inArray(stockTransferLines.transferId, ids)).groupBy(stockTransferLines.transferId)
    : [];
  const names = await locationNames(db, businessId);
  const rows = ts.map((t) => {
    const s = sums.find((x) => x.transferId === t.id);
    return {
      transfer_id: t.id,
      number: transferNumber(t.id),
      status: t.status as TransferStatus,
      source: locationJson(sourceOf(t), names),
      destination: locationJson(destOf(t), names),
      note: t.note,
      lines_count: s?.lines ?? 0,
      total_quantity: s?.quantity ?? 0,
      total_received: s?.received ?? 0,
      in_transit: s?.inTransit ?? 0,
      time_created: unix(t.timeCreated)!,
      time_sent: unix(t.timeSent),
      time_received: unix(t.timeReceived),
    };
  });
  return { rows, total, counts };
}

export type TransferDetail = Awaited<ReturnType<typeof getTransfer>>;

/** One transfer with its lines and its status history. */
export async function getTransfer(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  if (!validId(id)) throw new NotFound("transfer:errors.not_found");
  const [t] = await db.select().from(stockTransfers).where(and(eq(stockTransfers.id, id), eq(stockTransfers.businessId, businessId)));
  if (!t) throw new NotFound("transfer:errors.not_found");
  const lines = await db.select({
    line: stockTransferLines, sku: productVariants.sku, barcode: productVariants.barcode, variantName: productVariants.variantName,
    sizeName: productVariants.sizeName, productName: products.name,
  }).from(stockTransferLines)
    .innerJoin(productVariants, eq(productVariants.id, stockTransferLines.variantId))
    .innerJoin(products, eq(products.id, stockTransferLines.productId))
    .where(eq(stockTransferLines.transferId, id)).orderBy(asc(stockTransferLines.id));
  const events = await db.select({ e: stockTransferEvents, user: users.name }).from(stockTransferEvents)
    .leftJoin(users, eq(users.id, stockTransferEvents.userId))
    .where(eq(stockTransferEvents.transferId, id)).orderBy(asc(stockTransferEvents.id));
  const names = await locationNames(db, businessId);
  return {
    transfer_id: t.id,
    number: transferNumber(t.id),
    status: t.status as TransferStatus,
    source: locationJson(sourceOf(t), names),
    destination: locationJson(destOf(t), names),
    note: t.note,
    time_created: unix(t.timeCreated)!,
    time_sent: unix(t.timeSent),
    time_received: unix(t.timeReceived),
    lines: lines.map(({ line: l, ...v }) => ({
      line_id: l.id,
      product_id: l.productId,
      variant_id: l.variantId,
      product_name: v.productName,
      variant_name: [v.variantName, v.sizeName].filter(Boolean).join(" / "),
      sku: v.sku,
      barcode: v.barcode,
      quantity: l.quantity,
      sent: l.sent,
      received: l.received,
      lost: l.lost,
      returned: l.returned,
      in_transit: onTheWay(l),
    })),
    history: events.map(({ e, user }) => ({
      action: e.action, status: e.status as TransferStatus, note: e.note, user_name: user ?? "-", time: unix(e.timeCreated)!,
    })),
  };
}

/**
 * In transit per stock level to be: per variant and destination location, what has been sent and
 * not yet received, lost or returned (for the stock overview; `db` may be a transaction).
 */
export async function inTransitByLevel(db: Db | Tx, businessId: number, opts: { variantIds?: number[] } = {}) {
  if (opts.variantIds && !opts.variantIds.length) return [];
  const rows = await db.select({
    variantId: stockTransferLines.variantId,
    productId: stockTransferLines.productId,
    storeId: stockTransfers.destStoreId,
    warehouseId: stockTransfers.destWarehouseId,
    partitionId: stockTransfers.destPartitionId,
    quantity: sql<number>`sum(${stockTransferLines.sent} - ${stockTransferLines.received} - ${stockTransferLines.lost} - ${stockTransferLines.returned})::int`,
  }).from(stockTransferLines)
    .innerJoin(stockTransfers, eq(stockTransfers.id, stockTransferLines.transferId))
    .where(and(
      eq(stockTransferLines.businessId, businessId),
      inArray(stockTransfers.status, ["in_transit", "discrepancy"]),
      opts.variantIds ? inArray(stockTransferLines.variantId, opts.variantIds) : undefined,
    ))
    .groupBy(stockTransferLines.variantId, stockTransferLines.productId, stockTransfers.destStoreId, stockTransfers.destWarehouseId, stockTransfers.destPartitionId);
  return rows.filter((r) => r.quantity > 0).map((r) => {
    const location: StockLocation = r.storeId != null ? { sourceType: 1, storeId: r.storeId } : { sourceType: 2, warehouseId: r.warehouseId!, partitionId: r.partitionId };
    return { variantId: r.variantId, productId: r.productId, location, key: locationKey(location), quantity: r.quantity };
  });
}

/** In transit per destination location (all variants), keyed as the URLs write a location. */
export async function inTransitByLocation(db: Db | Tx, businessId: number) {
  const by = new Map<string, number>();
  for (const r of await inTransitByLevel(db, businessId)) by.set(r.key, (by.get(r.key) ?? 0) + r.quantity);
  return [...by].map(([key, quantity]) => ({ key, quantity }));
}

/** Variants matching a search (SKU, barcode, name), with their available stock at `location`: the no-JS line picker. */
export async function searchTransferVariants(scope: Scope, search: string, location: StockLocation, limit = 20) {
  const { db, actor } = sellerScope(scope, "erp");
  const businessId = actor.member.businessId;
  const s = search.trim().slice(0, 100);
  if (!s) return [];
  const like = contains(s);
  const levelOn = location.sourceType === 1
    ? sql`sl.store_id = ${location.storeId}`
    : location.partitionId != null
      ? sql`sl.warehouse_id = ${location.warehouseId} AND sl.partition_id = ${location.partitionId}`
      : sql`sl.warehouse_id = ${location.warehouseId} AND sl.partition_id IS NULL`;
  const rows = await db.select({
    variantId: productVariants.id, sku: productVariants.sku, barcode: productVariants.barcode, productName: products.name,
    variantName: productVariants.variantName, sizeName: productVariants.sizeName,
    available: sql<number>`coalesce((SELECT sl.on_hand - sl.reserved FROM stock_levels sl WHERE sl.variant_id = ${productVariants.id} AND ${levelOn}), 0)::int`,
  }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.businessId, businessId), or(ilike(productVariants.sku, like), ilike(products.name, like), eq(productVariants.barcode, s))))
    .orderBy(asc(productVariants.sku)).limit(limit);
  return rows.map((r) => ({
    variant_id: r.variantId, sku: r.sku, barcode: r.barcode, product_name: r.productName,
    variant_name: [r.variantName, r.sizeName].filter(Boolean).join(" / "), available: r.available,
  }));
}

export { sourceOf as transferSource, destOf as transferDestination };
