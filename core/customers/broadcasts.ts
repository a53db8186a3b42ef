/**
 * Broadcasts (issue 17 item 6; spec section 2 customer-broadcast, add-broadcast; decision 0028):
 * a message to the customers the customer list shows for a set of filters, through WhatsApp, SMS
 * or e-mail (core/lib/notifier.ts), now or at a WIB minute. Every call needs the "customer"
 * privilege: a broadcast reads the customers' phones and e-mails.
 *
 * - The audience is the list's own condition (customers.ts whereOf), so it is exactly the customers
 *   the list shows for the same filters. The recipients are written when the broadcast is made —
 *   one row each with the address resolved (phone for WhatsApp/SMS, e-mail for e-mail) — so the
 *   count the seller confirmed on the form is the count that is sent. Opted-out customers and those
 *   without an address are written as skipped, so the log shows them and why.
 * - `expected_count` (the form's confirmed count): when the audience changed since, the broadcast is
 *   refused with the new count instead of sending to people the seller did not see counted.
 * - Making one is an export of customer contact data in effect: an audit row (customer_broadcast:
 *   who, when, which filters, how many) in the same transaction.
 * - A scheduled broadcast can be cancelled until it starts; the sending is broadcast-send.ts.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { sideBySide, type Tx } from "#db/client.ts";
import { broadcastRecipients, broadcasts, businesses, customers, jobs, users } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { contains, offsetOf } from "#core/lib/list-query.ts";
import { recordHistory } from "#core/lib/history.ts";
import { formatDate } from "#core/lib/format.ts";
import { unix, WIB_OFFSET_MS } from "#core/lib/time.ts";
import { kick } from "#core/jobs/worker.ts";
import { customerFilters, whereOf } from "./customers.ts";
import {
  BROADCAST_CHANNELS, BROADCAST_TABS, MAX_RECIPIENTS, MESSAGE_MAX, RECIPIENT_STATUSES, firstName, renderMessage, unknownPlaceholders,
  type BroadcastChannel, type MessageVars,
} from "./broadcast-rules.ts";

export const BROADCAST_JOB = "customer_broadcast";
const MAX_ID = 2_147_483_647;
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A WIB minute ("YYYY-MM-DDTHH:mm", the form's datetime-local) or unix seconds (the API). */
const minuteField = z.preprocess(blank, z.union([z.number(), z.string()], { error: "required" })).transform((v, ctx) => {
  const s = String(v).trim();
  let ms = NaN;
  if (/^\d{9,11}$/.test(s)) ms = Number(s) * 1000;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(s)) ms = Date.parse(`${s.slice(0, 16)}:00Z`) - WIB_OFFSET_MS;
  if (Number.isNaN(ms) || ms < Date.UTC(2000, 0) || ms > Date.UTC(2100, 0)) {
    ctx.addIssue({ code: "custom", message: "broadcast:errors.time_format" });
    return z.NEVER;
  }
  return new Date(Math.floor(ms / 60_000) * 60_000);
});

/** The audience: the customer list's filters (its sort does not matter here). */
export const audienceFilters = customerFilters.omit({ order_by: true }).extend({
  search: z.preprocess(blank, customerFilters.shape.search),
  segment: z.preprocess(blank, customerFilters.shape.segment),
  channel: z.preprocess(blank, customerFilters.shape.channel),
  tag: z.preprocess(blank, customerFilters.shape.tag),
});
export type AudienceFilters = z.infer<typeof audienceFilters>;

const messageField = z.string({ error: "required" }).trim().min(1, "required").max(MESSAGE_MAX, "too_long").superRefine((text, ctx) => {
  const unknown = unknownPlaceholders(text);
  if (unknown.length) ctx.addIssue({ code: "custom", message: "broadcast:errors.unknown_placeholder" });
});

/** What the preview needs: the audience, the channel and the message. */
export const broadcastDraft = z.object({
  filters: z.preprocess((v) => v ?? {}, audienceFilters),
  channel: z.enum(BROADCAST_CHANNELS, { error: "broadcast:errors.channel" }),
  message: messageField,
});

export const broadcastBody = broadcastDraft.extend({
  name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  send: z.enum(["now", "later"], { error: "invalid" }).default("now"),
  scheduled_at: z.preprocess(blank, minuteField.optional()),
  expected_count: z.preprocess(blank, z.coerce.number({ error: "invalid" }).int("invalid").min(0, "invalid").optional()),
}).superRefine((v, ctx) => {
  if (v.send !== "later") return;
  if (!v.scheduled_at) ctx.addIssue({ code: "custom", path: ["scheduled_at"], message: "required" });
  else if (v.scheduled_at.getTime() <= Date.now()) ctx.addIssue({ code: "custom", path: ["scheduled_at"], message: "broadcast:errors.in_past" });
});
export type BroadcastBody = z.infer<typeof broadcastBody>;

export const broadcastQuery = z.object({
  tab: z.enum(BROADCAST_TABS, { error: "invalid" }).default("all"),
  search: z.string().trim().max(100, "too_long").optional(),
  page: z.coerce.number().int().min(1, "invalid").max(100_000, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(150, "invalid").default(20),
});
export const recipientQuery = z.object({
  status: z.preprocess(blank, z.enum(RECIPIENT_STATUSES, { error: "invalid" }).optional()),
  page: z.coerce.number().int().min(1, "invalid").max(100_000, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(150, "invalid").default(20),
});

export const idOf = (raw: string | number | undefined) => {
  const n = Number(raw);
  if (!/^\d{1,10}$/.test(String(raw ?? "")) || n <= 0 || n > MAX_ID) throw new NotFound("broadcast:errors.not_found");
  return n;
};

const addressColumn = (channel: BroadcastChannel) => (channel === "email" ? customers.email : customers.phone);

/** The audience by what would happen to each: to send, opted out, no address for the channel (capped past MAX_RECIPIENTS). */
async function audienceCounts(exec: Tx | Scope["db"], businessId: number, f: AudienceFilters, channel: BroadcastChannel, now: Date) {
  const where = whereOf(businessId, { ...f, order_by: "recent" }, now);
  const address = addressColumn(channel);
  const { rows } = await exec.execute<{ total: number; opted_out: number; no_address: number }>(sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE opt_out)::int AS opted_out,
           count(*) FILTER (WHERE NOT opt_out AND addr IS NULL)::int AS no_address
      FROM (SELECT ${customers.optOut} AS opt_out, ${address} AS addr FROM ${customers} WHERE ${where} LIMIT ${MAX_RECIPIENTS + 1}) x`);
  const r = rows[0];
  return { total: r.total, to_send: r.total - r.opted_out - r.no_address, opted_out: r.opted_out, no_address: r.no_address, too_many: r.total > MAX_RECIPIENTS };
}

async function businessName(exec: Tx | Scope["db"], businessId: number) {
  const [b] = await exec.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
  return b?.name ?? "";
}

/** The placeholders' values for one customer. */
export function varsOf(c: { name: string; lastOrderAt: Date | null }, store: string): MessageVars {
  return { name: c.name, first_name: firstName(c.name), store, last_order_date: c.lastOrderAt ? formatDate(unix(c.lastOrderAt)) : "-" };
}

/** POST /customer-broadcasts/preview and the form's Check: the audience's counts and the message for its first recipient. */
export async function previewBroadcast(scope: Scope, draft: z.infer<typeof broadcastDraft>) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const now = new Date();
  const where = whereOf(businessId, { ...draft.filters, order_by: "recent" }, now);
  const [counts, store, [first]] = await sideBySide(db,
    () => audienceCounts(db, businessId, draft.filters, draft.channel, now),
    () => businessName(db, businessId),
    () => db.select().from(customers).where(and(where, eq(customers.optOut, false), sql`${addressColumn(draft.channel)} IS NOT NULL`))
      .orderBy(asc(customers.id)).limit(1),
  );
  return {
    ...counts,
    preview: first ? { customer_name: first.name, message: renderMessage(draft.message, varsOf(first, store)) } : null,
  };
}

/** Starts sending: the job that sends (broadcast-send.ts), in the caller's transaction. */
export async function startBroadcast(tx: Tx, b: { id: number; businessId: number; userId: number }, now = new Date()) {
  const [job] = await tx.insert(jobs).values({ businessId: b.businessId, userId: b.userId, kind: BROADCAST_JOB, params: { broadcast_id: b.id } }).returning({ id: jobs.id });
  await tx.update(broadcasts).set({ status: "sending", startedAt: now, jobId: job.id }).where(eq(broadcasts.id, b.id));
}

/** POST /customer-broadcasts: writes the broadcast and its recipients; sends now (a job) or at scheduled_at (the sweep). */
export async function createBroadcast(scope: Scope, body: BroadcastBody) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    const counts = await audienceCounts(tx, businessId, body.filters, body.channel, now);
    if (counts.too_many) throw new Refused("broadcast:errors.too_many", { _form: ["broadcast:errors.too_many"] }, { max: MAX_RECIPIENTS });
    if (counts.to_send === 0) throw new Refused("broadcast:errors.no_recipients", { _form: ["broadcast:errors.no_recipients"] });
    if (body.expected_count !== undefined && body.expected_count !== counts.to_send) {
      throw new Refused("broadcast:errors.audience_changed", { _form: ["broadcast:errors.audience_changed"] }, { count: counts.to_send });
    }
    const later = body.send === "later" && body.scheduled_at;
    const [b] = await tx.insert(broadcasts).values({
      businessId, userId: actor.user.id, name: body.name, channel: body.channel, message: body.message, filters: body.filters,
      status: "scheduled", scheduledAt: later ? body.scheduled_at! : now,
    }).returning();
    // One statement: the list's condition, each customer with the address and status they get.
    const where = whereOf(businessId, { ...body.filters, order_by: "recent" }, now);
    const address = addressColumn(body.channel);
    await tx.execute(sql`
      INSERT INTO broadcast_recipients (broadcast_id, customer_id, name, address, status)
      SELECT ${b.id}, ${customers.id}, ${customers.name}, ${address},
             CASE WHEN ${customers.optOut} THEN 'skipped_opt_out' WHEN ${address} IS NULL THEN 'skipped_no_address' ELSE 'queued' END
        FROM ${customers} WHERE ${where} ORDER BY ${customers.id}`);
    // The count and the insert are two statements: a customer who joined the audience in between
    // would be sent to without the seller having confirmed them. The written rows must be what was counted.
    const written = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM broadcast_recipients WHERE broadcast_id = ${b.id} AND status = 'queued'`);
    if (written.rows[0].n !== counts.to_send) {
      throw new Refused("broadcast:errors.audience_changed", { _form: ["broadcast:errors.audience_changed"] }, { count: written.rows[0].n });
    }
    await recordHistory(tx, {
      businessId, refType: "customer_broadcast", refId: b.id, userId: actor.user.id, action: "broadcast",
      changes: {
        filters: { from: null, to: JSON.stringify(body.filters) },
        channel: { from: null, to: body.channel },
        recipients: { from: null, to: counts.to_send },
      },
    });
    if (!later) await startBroadcast(tx, b, now);
    return b.id;
  });
  kick();
  return getBroadcast(scope, id);
}

/** POST /customer-broadcasts/{id}/cancel: a scheduled broadcast that has not started. */
export async function cancelBroadcast(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  await db.transaction(async (tx) => {
    const [b] = await tx.select().from(broadcasts).where(and(eq(broadcasts.id, id), eq(broadcasts.businessId, businessId))).for("update");
    if (!b) throw new NotFound("broadcast:errors.not_found");
    if (b.status !== "scheduled") throw new Refused("broadcast:errors.not_cancellable");
    await tx.update(broadcasts).set({ status: "cancelled", finishedAt: new Date() }).where(eq(broadcasts.id, id));
    await tx.update(broadcastRecipients).set({ status: "cancelled", timeModified: new Date() })
      .where(and(eq(broadcastRecipients.broadcastId, id), eq(broadcastRecipients.status, "queued")));
    await recordHistory(tx, { businessId, refType: "customer_broadcast", refId: id, userId: actor.user.id, action: "cancel" });
  });
  return getBroadcast(scope, id);
}

type Counts = Record<string, number>;
async function countsOf(exec: Scope["db"], ids: number[]) {
  const out = new Map<number, Counts>();
  if (!ids.length) return out;
  const { rows } = await exec.execute<{ id: number; status: string; n: number }>(sql`
    SELECT broadcast_id AS id, status, count(*)::int AS n FROM broadcast_recipients
     WHERE broadcast_id = ANY(${sql.param(ids)}::int[]) GROUP BY 1, 2`);
  for (const r of rows) out.set(r.id, { ...(out.get(r.id) ?? {}), [r.status]: r.n });
  return out;
}

function summaryOf(c: Counts = {}) {
  const n = (s: string) => c[s] ?? 0;
  return {
    total: Object.values(c).reduce((a, b) => a + b, 0),
    sent: n("sent"), failed: n("failed") + n("unknown"), skipped: n("skipped_opt_out") + n("skipped_no_address"),
    waiting: n("queued") + n("sending"), cancelled: n("cancelled"),
  };
}

type Row = typeof broadcasts.$inferSelect;
function broadcastJson(b: Row, counts: Counts | undefined, t: (k: string) => string) {
  return {
    broadcast_id: b.id, name: b.name, channel: b.channel, channel_name: t(`broadcast:channel.${b.channel}`), message: b.message,
    filters: b.filters as AudienceFilters, status: b.status, status_name: t(`broadcast:status.${b.status}`),
    scheduled_at: unix(b.scheduledAt)!, started_at: unix(b.startedAt), finished_at: unix(b.finishedAt), time_created: unix(b.timeCreated)!,
    counts: summaryOf(counts), cancellable: b.status === "scheduled",
  };
}
export type BroadcastJson = ReturnType<typeof broadcastJson>;

/** GET /customer-broadcasts: a page of the business's broadcasts, newest first, with a count per tab. */
export async function listBroadcasts(scope: Scope, q: z.infer<typeof broadcastQuery>) {
  const { db, actor } = sellerScope(scope, "customer");
  const businessId = actor.member.businessId;
  const parts: (SQL | undefined)[] = [eq(broadcasts.businessId, businessId)];
  if (q.search) parts.push(sql`lower(${broadcasts.name}) LIKE ${contains(q.search.toLowerCase())}`);
  const base = and(...parts)!;
  const where = q.tab === "all" ? base : and(base, eq(broadcasts.status, q.tab))!;
  const [rows, tabRows] = await sideBySide(db,
    () => db.select().from(broadcasts).where(where).orderBy(desc(broadcasts.timeCreated), desc(broadcasts.id)).limit(q.limit).offset(offsetOf(q)),
    () => db.select({ status: broadcasts.status, n: sql<number>`count(*)::int` }).from(broadcasts).where(base).groupBy(broadcasts.status),
  );
  const counts = await countsOf(db, rows.map((r) => r.id));
  const tabs = Object.fromEntries(BROADCAST_TABS.map((k) => [k, 0])) as Record<(typeof BROADCAST_TABS)[number], number>;
  for (const r of tabRows) {
    if (Object.hasOwn(tabs, r.status)) tabs[r.status as keyof typeof tabs] = r.n;
    tabs.all += r.n;
  }
  return { rows: rows.map((r) => broadcastJson(r, counts.get(r.id), actor.t)), total: tabs[q.tab], tabs };
}

async function findBroadcast(exec: Scope["db"], businessId: number, id: number) {
  const [row] = await exec.select({ b: broadcasts, by: users.name }).from(broadcasts).leftJoin(users, eq(users.id, broadcasts.userId))
    .where(and(eq(broadcasts.id, id), eq(broadcasts.businessId, businessId)));
  if (!row) throw new NotFound("broadcast:errors.not_found");
  return row;
}

/** GET /customer-broadcasts/{id}: the broadcast, who made it and its counts. */
export async function getBroadcast(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "customer");
  const { b, by } = await findBroadcast(db, actor.member.businessId, id);
  const counts = await countsOf(db, [id]);
  return { ...broadcastJson(b, counts.get(id), actor.t), created_by: by ?? "", by_status: counts.get(id) ?? {} };
}

/** GET /customer-broadcasts/{id}/recipients: the delivery log, a page at a time, by status. */
export async function broadcastRecipientsPage(scope: Scope, id: number, q: z.infer<typeof recipientQuery>) {
  const { db, actor } = sellerScope(scope, "customer");
  await findBroadcast(db, actor.member.businessId, id);
  const where = and(eq(broadcastRecipients.broadcastId, id), q.status ? eq(broadcastRecipients.status, q.status) : undefined);
  const [rows, [{ n }]] = await sideBySide(db,
    () => db.select().from(broadcastRecipients).where(where).orderBy(asc(broadcastRecipients.id)).limit(q.limit).offset(offsetOf(q)),
    () => db.select({ n: sql<number>`count(*)::int` }).from(broadcastRecipients).where(where),
  );
  return {
    rows: rows.map((r) => ({
      recipient_id: r.id, customer_id: r.customerId, name: r.name, address: r.address, status: r.status,
      status_name: actor.t(`broadcast:recipient.${r.status}`), error: r.error, time_modified: unix(r.timeModified)!,
    })),
    total: n,
  };
}
export type RecipientJson = Awaited<ReturnType<typeof broadcastRecipientsPage>>["rows"][number];

/** Ids of the due scheduled broadcasts (the sweep, broadcast-send.ts). */
export async function dueBroadcasts(exec: Scope["db"], now: Date, limit: number) {
  return exec.select({ id: broadcasts.id }).from(broadcasts)
    .where(and(eq(broadcasts.status, "scheduled"), sql`${broadcasts.scheduledAt} <= ${now}`)).orderBy(asc(broadcasts.scheduledAt)).limit(limit);
}
