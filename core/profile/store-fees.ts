/**
 * Store fees as the business sees them: the body schema shared by the API and the web's form,
 * the list filters shared by the list call and the export job, the answer shape and the queries.
 * Every query is scoped by the business (tenant key). The arithmetic is in store-fees-money.ts.
 *
 * Shape: store_fee_id, store_data{store_branch_id, name, type, type_name, status},
 * channel_data{channel_id, name, code, type, type_name, status} or null (every sale of the store),
 * channel_name (the channel's, or "All channels"), percent_bp (integer basis points), percent
 * (the same as a decimal number, 2.5), fixed_amount (integer rupiah), note, status (1 active,
 * 0 not), status_name, time_created, time_modified (unix seconds).
 */
import { and, count, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, type Tx } from "#db/client.ts";
import { channels, storeFees, stores } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
import { CHANNEL_PLATFORMS, type ChannelPlatformCode } from "./profile-enums.ts";
import { MAX_FIXED_AMOUNT, parsePercent, parseRupiah, percentText, STORE_FEE_CHANNEL_FILTERS } from "./store-fees-money.ts";
import { blank, statusFilter, statusKey } from "./warehouses-shared.ts";

const PERCENT_ERRORS = { invalid: "site:errors.percent_invalid", decimals: "site:errors.percent_decimals", range: "site:errors.percent_range" };

/** A percentage as typed or sent, exactly → basis points (blank is 0 %). */
const percentField = z.preprocess((v) => (v === undefined || v === null || v === "" ? "0" : v), z.unknown()).transform((v, ctx) => {
  const parsed = parsePercent(v);
  if ("error" in parsed) {
    ctx.addIssue({ code: "custom", message: PERCENT_ERRORS[parsed.error] });
    return z.NEVER;
  }
  return parsed.bp;
});

/** Integer rupiah: a JSON integer or a string of digits (blank is 0). The web turns "1.000" into 1000 first. */
const amountField = z.preprocess((v) => (v === undefined || v === null || v === "" ? 0 : v), z.unknown()).transform((v, ctx) => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n) || !Number.isInteger(n)) ctx.addIssue({ code: "custom", message: "site:errors.amount_whole" });
  else if (n < 0) ctx.addIssue({ code: "custom", message: "number_min_zero" });
  else if (n > MAX_FIXED_AMOUNT) ctx.addIssue({ code: "custom", message: "site:errors.too_large" });
  else return n;
  return z.NEVER;
});

export const storeFeeBody = z.object({
  store_id: z.coerce.number({ error: "required" }).int().positive("required"),
  // No channel: the fee of every sale of the store ("All channels").
  channel_id: blank(z.coerce.number({ error: "invalid" }).int().positive("invalid")),
  percent: percentField,
  fixed_amount: amountField,
  note: blank(z.string().trim().max(500, "too_long")),
});
export type StoreFeeBody = z.infer<typeof storeFeeBody>;

/**
 * The web's form: the same fields, but the amount as a seller types it ("1.000", "Rp 25.000"),
 * turned into whole rupiah before the API (which takes integers only) sees it.
 */
export const storeFeeForm = storeFeeBody.extend({
  fixed_amount: z.preprocess((v) => (v === undefined || v === null || v === "" ? "0" : v), z.unknown()).transform((v, ctx) => {
    if (typeof v === "string" && /^\s*-/.test(v)) ctx.addIssue({ code: "custom", message: "number_min_zero" });
    else {
      const n = parseRupiah(v);
      if (n === null) ctx.addIssue({ code: "custom", message: "site:errors.amount_format" });
      else if (n > MAX_FIXED_AMOUNT) ctx.addIssue({ code: "custom", message: "site:errors.too_large" });
      else return n;
    }
    return z.NEVER;
  }),
});


export const storeFeeFilters = z.object({
  search: z.string().trim().max(100, "too_long").optional(),
  status: statusFilter,
  store_id: blank(z.coerce.number().int().positive("invalid")),
  channel_id: blank(z.coerce.number().int().positive("invalid")),
  channel_type: blank(z.enum(STORE_FEE_CHANNEL_FILTERS, { error: "invalid" })),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type StoreFeeFilters = z.infer<typeof storeFeeFilters>;

/** The platform codes of one channel type. */
export const codesOfType = (type: number) =>
  (Object.entries(CHANNEL_PLATFORMS) as [ChannelPlatformCode, { type: number }][]).filter(([, p]) => p.type === type).map(([code]) => code);
export const channelType = (code: string): number | null => CHANNEL_PLATFORMS[code as ChannelPlatformCode]?.type ?? null;

const columns = {
  id: storeFees.id,
  storeId: storeFees.storeId,
  storeName: stores.name,
  storeType: stores.type,
  storeStatus: stores.status,
  channelId: storeFees.channelId,
  channelName: channels.name,
  channelCode: channels.platformCode,
  channelStatus: channels.status,
  percentBp: storeFees.percentBp,
  fixedAmount: storeFees.fixedAmount,
  note: storeFees.note,
  status: storeFees.status,
  timeCreated: storeFees.timeCreated,
  timeModified: storeFees.timeModified,
};

function baseQuery(exec: typeof db | Tx = db) {
  return exec
    .select(columns)
    .from(storeFees)
    .innerJoin(stores, eq(stores.id, storeFees.storeId))
    .leftJoin(channels, eq(channels.id, storeFees.channelId));
}

function filtered(businessId: number, f: Partial<StoreFeeFilters>) {
  const where: SQL[] = [eq(storeFees.businessId, businessId)];
  if (f.search) {
    const text = contains(f.search);
    where.push(or(ilike(stores.name, text), ilike(channels.name, text))!);
  }
  if (f.status !== undefined) where.push(eq(storeFees.status, f.status));
  if (f.store_id !== undefined) where.push(eq(storeFees.storeId, f.store_id));
  if (f.channel_id !== undefined) where.push(eq(storeFees.channelId, f.channel_id));
  if (f.channel_type === "none") where.push(isNull(storeFees.channelId));
  else if (f.channel_type !== undefined) {
    const codes = codesOfType(Number(f.channel_type));
    where.push(codes.length ? inArray(channels.platformCode, codes) : sql`false`);
  }
  return and(...where)!;
}

export async function findStoreFees(businessId: number, f: StoreFeeFilters, page: { limit: number; offset: number }) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await Promise.all([
    baseQuery()
      .where(where)
      // "Name" sorts by the store, then the store-wide fee first, then the channel's name.
      .orderBy(
        ...orderBy(f.sort, { created: storeFees.timeCreated, modified: storeFees.timeModified, name: stores.name, id: storeFees.id }).flatMap((o, i) =>
          i === 0 && (f.sort === 5 || f.sort === 6) ? [o, sql`${channels.name} NULLS FIRST`] : [o]),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(storeFees)
      .innerJoin(stores, eq(stores.id, storeFees.storeId)).leftJoin(channels, eq(channels.id, storeFees.channelId)).where(where),
  ]);
  return { rows, total };
}

/** One fee of the business; undefined for any other. With `tx` the row stays locked. */
export async function findStoreFee(businessId: number, id: number, tx?: Tx) {
  const query = baseQuery(tx).where(and(eq(storeFees.businessId, businessId), eq(storeFees.id, id))).limit(1);
  const [row] = tx ? await query.for("update", { of: storeFees }) : await query;
  return row;
}
export type StoreFeeRow = NonNullable<Awaited<ReturnType<typeof findStoreFee>>>;

export function storeFeeJson(r: StoreFeeRow, t: TFunction) {
  const type = r.channelCode ? channelType(r.channelCode) : null;
  return {
    store_fee_id: r.id,
    store_data: {
      store_branch_id: r.storeId,
      name: r.storeName,
      type: r.storeType,
      type_name: t(`profile:store_types.${r.storeType}`, { defaultValue: t("profile:unknown") }),
      status: r.storeStatus,
    },
    channel_data: r.channelId
      ? {
        channel_id: r.channelId,
        name: r.channelName,
        code: r.channelCode,
        type,
        type_name: type === null ? t("profile:unknown") : t(`profile:channel_types.${type}`),
        status: r.channelStatus,
      }
      : null,
    channel_name: r.channelId ? r.channelName : t("site:store_fee.all_channels"),
    percent_bp: r.percentBp,
    percent: Number(percentText(r.percentBp)),
    fixed_amount: r.fixedAmount,
    note: r.note,
    status: r.status,
    status_name: t(statusKey(r.status)),
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type StoreFeeJson = ReturnType<typeof storeFeeJson>;

/** What the fee form offers: the business's stores and online channels (any status), by name. */
export async function storeFeeChoices(businessId: number, t: TFunction) {
  const [storeRows, channelRows] = await Promise.all([
    db.select({ id: stores.id, name: stores.name, type: stores.type, status: stores.status }).from(stores)
      .where(eq(stores.businessId, businessId)).orderBy(sql`lower(${stores.name})`, stores.id),
    db.select({ id: channels.id, name: channels.name, code: channels.platformCode, status: channels.status }).from(channels)
      .where(eq(channels.businessId, businessId)).orderBy(sql`lower(${channels.name})`, channels.id),
  ]);
  return {
    stores: storeRows.map((s) => ({
      store_branch_id: s.id, name: s.name, type: s.type, type_name: t(`profile:store_types.${s.type}`, { defaultValue: t("profile:unknown") }), status: s.status,
    })),
    channels: channelRows
      .map((ch) => ({ ch, type: channelType(ch.code) }))
      .filter(({ type }) => type !== null && type !== 1)
      .map(({ ch, type }) => ({
        channel_id: ch.id, name: ch.name, code: ch.code, type: type!, type_name: t(`profile:channel_types.${type}`), status: ch.status,
      })),
  };
}
