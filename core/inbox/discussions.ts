/**
 * Product discussions (issue 17 item 3; spec /inbox/discussion, GET /v0.0.1/discussion/product,
 * GET /v0.0.0/discussion/message/{id} and /child/{id}, POST /discussion, PUT /discussion/{id}).
 * Privilege `inbox`; every query scoped by the business. The one writer of `discussions`.
 *
 * Decisions where the spec is silent:
 * - A thread is a buyer's question on a product, from a channel (it comes in through the signed
 *   channel webhook, core/inbox/webhooks.ts, and must name a product of the business by SKU). Its
 *   children are the seller's replies and the buyer's further messages, in time order, one level
 *   deep (a reply to a child is a message of the same thread).
 * - Answered: a seller's reply answers the thread; the seller may also mark it answered (or not)
 *   without a reply (PUT action answered / unanswered). A further buyer message opens it again.
 * - Hidden: the seller hides a thread or one message from the channel (action hide / unhide).
 *   Staff still see it, marked "hidden"; a hidden thread is only in the Hidden tab.
 * - POST /discussion is the seller's message into a thread: `parent_id` names the thread or any
 *   message of it. A seller never starts a thread: questions are the buyers'.
 * - The list: tabs Unanswered / Answered / Hidden / All with counts; unanswered first, then the
 *   newest message first; filters product and channel; search (product name or any message's
 *   text, from 2 characters). "Grouped per product" (GET /discussion/product): the same page of
 *   threads, each naming its product, with the per-product counts of the filtered list beside.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { sideBySide, type Db, type Tx } from "#db/client.ts";
import { channels, discussions, products, productVariants } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { contains } from "#core/lib/list-query.ts";
import { unix } from "#core/lib/time.ts";
import { notify } from "#core/notifications/notify.ts";
import { DISCUSSION_ACTIONS, DISCUSSION_TABS, INBOX_SEARCH_MIN, type DiscussionTab } from "./options.ts";

type Row = typeof discussions.$inferSelect;

export function messageJson(m: Row) {
  return {
    discussion_id: m.id, parent_id: m.parentId, product_id: m.productId, channel_id: m.channelId, channel_name: m.channelName,
    author: m.author as "buyer" | "seller", author_name: m.authorName, message: m.body, hidden: m.hidden,
    time_created: unix(m.timeCreated)!,
  };
}

export function threadJson(m: Row & { productName: string; productSku: string; children: number }) {
  return {
    ...messageJson(m), product_name: m.productName, product_sku: m.productSku,
    answered: m.answered, status: m.hidden ? "hidden" : m.answered ? "answered" : "unanswered",
    children: m.children, last_message_at: unix(m.lastMessageAt)!,
  };
}
export type ThreadJson = ReturnType<typeof threadJson>;
export type MessageJson = ReturnType<typeof messageJson>;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const id = z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2_147_483_647, "invalid");

export const discussionQuery = z.object({
  tab: z.preprocess(blank, z.enum(DISCUSSION_TABS, { error: "invalid" }).default("all")),
  product_id: z.preprocess(blank, id.optional()),
  channel_id: z.preprocess(blank, id.optional()),
  search: z.preprocess(blank, z.string().trim().max(100, "too_long").optional()),
  page: z.preprocess(blank, z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(100_000, "invalid").default(1)),
  limit: z.preprocess(blank, z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(150, "invalid").default(50)),
});
export type DiscussionQuery = z.infer<typeof discussionQuery>;

const threadCols = {
  m: discussions, productName: products.name, productSku: products.sku,
  children: sql<number>`(SELECT count(*)::int FROM ${discussions} c WHERE c.parent_id = ${discussions.id})`,
};

function whereOf(businessId: number, q: Omit<DiscussionQuery, "page" | "limit" | "tab">): SQL {
  const w: (SQL | undefined)[] = [eq(discussions.businessId, businessId), isNull(discussions.parentId)];
  if (q.product_id) w.push(eq(discussions.productId, q.product_id));
  if (q.channel_id) w.push(eq(discussions.channelId, q.channel_id));
  if (q.search && q.search.length >= INBOX_SEARCH_MIN) {
    const like = contains(q.search.toLowerCase());
    w.push(sql`(lower(${products.name}) LIKE ${like} OR lower(${discussions.body}) LIKE ${like}
      OR EXISTS (SELECT 1 FROM ${discussions} c WHERE c.parent_id = ${discussions.id} AND lower(c.body) LIKE ${like}))`);
  }
  return and(...w)!;
}

const inTab = (tab: DiscussionTab): SQL | undefined => ({
  unanswered: and(eq(discussions.hidden, false), eq(discussions.answered, false)),
  answered: and(eq(discussions.hidden, false), eq(discussions.answered, true)),
  hidden: eq(discussions.hidden, true),
  all: undefined,
})[tab];

const tabOf = sql<string>`CASE WHEN ${discussions.hidden} THEN 'hidden' WHEN ${discussions.answered} THEN 'answered' ELSE 'unanswered' END`;

/** A page of threads, the count of every tab, and the threads per product — all of the filtered list. */
export async function listDiscussions(scope: Scope, q: DiscussionQuery) {
  const { db, actor } = sellerScope(scope, "inbox");
  const where = whereOf(actor.member.businessId, q);
  const [rows, counts, perProduct] = await sideBySide(db,
    () => db.select(threadCols).from(discussions).innerJoin(products, eq(products.id, discussions.productId))
      .where(and(where, inTab(q.tab)))
      // Unanswered first (not hidden and not answered), then the newest message.
      .orderBy(sql`(${discussions.hidden} OR ${discussions.answered})`, desc(discussions.lastMessageAt), desc(discussions.id))
      .limit(q.limit).offset((q.page - 1) * q.limit),
    () => db.select({ tab: tabOf, n: count() }).from(discussions).innerJoin(products, eq(products.id, discussions.productId)).where(where).groupBy(sql`1`),
    () => db.select({
      product_id: discussions.productId, product_name: products.name, threads: count(),
      unanswered: sql<number>`count(*) FILTER (WHERE NOT ${discussions.hidden} AND NOT ${discussions.answered})::int`,
    }).from(discussions).innerJoin(products, eq(products.id, discussions.productId)).where(and(where, inTab(q.tab)))
      .groupBy(discussions.productId, products.name).orderBy(desc(sql`4`), asc(products.name)).limit(200),
  );
  const tabs = Object.fromEntries(DISCUSSION_TABS.map((t) => [t, 0])) as Record<DiscussionTab, number>;
  for (const c of counts) {
    tabs[c.tab as DiscussionTab] += Number(c.n);
    tabs.all += Number(c.n);
  }
  return {
    rows: rows.map((r) => threadJson({ ...r.m, productName: r.productName, productSku: r.productSku, children: Number(r.children) })),
    total: tabs[q.tab], tabs,
    products: perProduct.map((p) => ({ ...p, threads: Number(p.threads), unanswered: Number(p.unanswered) })),
  };
}

async function messageOf(exec: Db | Tx, businessId: number, messageId: number, lock = false) {
  const q = exec.select().from(discussions).where(and(eq(discussions.id, messageId), eq(discussions.businessId, businessId)));
  const [m] = lock ? await q.for("update") : await q;
  if (!m) throw new NotFound("inbox:errors.discussion_not_found");
  return m;
}

async function threadOf(exec: Db | Tx, businessId: number, threadId: number) {
  const [t] = await exec.select(threadCols).from(discussions).innerJoin(products, eq(products.id, discussions.productId))
    .where(and(eq(discussions.id, threadId), eq(discussions.businessId, businessId), isNull(discussions.parentId)));
  if (!t) throw new NotFound("inbox:errors.discussion_not_found");
  return threadJson({ ...t.m, productName: t.productName, productSku: t.productSku, children: Number(t.children) });
}

async function childrenOf(exec: Db | Tx, threadId: number) {
  const rows = await exec.select().from(discussions).where(eq(discussions.parentId, threadId)).orderBy(asc(discussions.timeCreated), asc(discussions.id));
  return rows.map(messageJson);
}

/** GET /discussion/message/{id}: a thread with its messages (a child's id opens its thread). */
export async function discussionThread(scope: Scope, messageId: number) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  const m = await messageOf(db, businessId, messageId);
  const thread = await threadOf(db, businessId, m.parentId ?? m.id);
  return { ...thread, messages: await childrenOf(db, thread.discussion_id) };
}

/** GET /discussion/child/{id}: the messages of a thread, oldest first. */
export async function discussionChildren(scope: Scope, threadId: number) {
  const { db, actor } = sellerScope(scope, "inbox");
  const thread = await threadOf(db, actor.member.businessId, threadId);
  return childrenOf(db, thread.discussion_id);
}

/** The channels and products the filters offer: the business's channels, the products with threads. */
export async function discussionChoices(scope: Scope) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  const [chs, prods] = await sideBySide(db,
    () => db.select({ id: channels.id, name: channels.name }).from(channels).where(eq(channels.businessId, businessId)).orderBy(channels.name),
    () => db.selectDistinct({ id: products.id, name: products.name }).from(discussions).innerJoin(products, eq(products.id, discussions.productId))
      .where(and(eq(discussions.businessId, businessId), isNull(discussions.parentId))).orderBy(products.name).limit(500),
  );
  return { channels: chs, products: prods };
}

// ---- the seller's writes -------------------------------------------------------------------------

export const discussionReplyBody = z.object({
  parent_id: id,
  message: z.string({ error: "required" }).trim().min(1, "required").max(1000, "too_long"),
});
export const discussionActionBody = z.object({ action: z.enum(DISCUSSION_ACTIONS, { error: "invalid" }) });

/** POST /discussion: the seller's message in a thread; it answers the thread. */
export async function replyDiscussion(scope: Scope, body: z.infer<typeof discussionReplyBody>) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const parent = await messageOf(tx, businessId, body.parent_id);
    const threadId = parent.parentId ?? parent.id;
    const thread = await messageOf(tx, businessId, threadId, true);
    const now = new Date();
    const [m] = await tx.insert(discussions).values({
      businessId, productId: thread.productId, parentId: thread.id, channelId: thread.channelId, channelName: thread.channelName,
      author: "seller", authorName: actor.member.businessName ?? actor.user.name, userId: actor.user.id, body: body.message,
      timeCreated: now, timeModified: now, lastMessageAt: now,
    }).returning();
    await tx.update(discussions).set({ answered: true, lastMessageAt: now, timeModified: now }).where(eq(discussions.id, thread.id));
    await recordHistory(tx, { businessId, refType: "discussion", refId: thread.id, userId: actor.user.id, action: "reply", changes: { message: { from: null, to: body.message } } });
    return messageJson(m!);
  });
}

/** PUT /discussion/{id}: hide or show a thread or message; mark a thread answered or not. */
export async function moveDiscussion(scope: Scope, messageId: number, body: z.infer<typeof discussionActionBody>) {
  const { db, actor } = sellerScope(scope, "inbox");
  const businessId = actor.member.businessId;
  return db.transaction(async (tx) => {
    const m = await messageOf(tx, businessId, messageId, true);
    const set: Partial<Row> = body.action === "hide" ? { hidden: true } : body.action === "unhide" ? { hidden: false } : { answered: body.action === "answered" };
    if (("answered" in set) && m.parentId !== null) throw new Refused("inbox:errors.answer_thread_only", { action: ["inbox:errors.answer_thread_only"] });
    const field = "hidden" in set ? "hidden" : "answered";
    await tx.update(discussions).set({ ...set, timeModified: new Date() }).where(eq(discussions.id, m.id));
    await recordHistory(tx, {
      businessId, refType: "discussion", refId: m.parentId ?? m.id, userId: actor.user.id, action: body.action,
      changes: { [field]: { from: m[field], to: set[field] } },
    });
    const thread = await threadOf(tx, businessId, m.parentId ?? m.id);
    return { ...thread, messages: await childrenOf(tx, thread.discussion_id) };
  });
}

// ---- coming in (core/inbox/webhooks.ts) ----------------------------------------------------------

type Channel = { id: number; businessId: number; name: string };

/**
 * A buyer's question on a product (named by a variant's or the product's SKU, of the channel's
 * business). Idempotent by the channel's message id.
 */
export async function receiveQuestionIn(tx: Tx, channel: Channel, q: { messageId: string; sku: string; text: string; buyerName: string; at: Date }) {
  const sku = q.sku.toLowerCase();
  const [product] = await tx.select({ id: products.id, name: products.name }).from(products)
    .where(and(eq(products.businessId, channel.businessId), or(
      sql`lower(${products.sku}) = ${sku}`,
      inArray(products.id, tx.select({ id: productVariants.productId }).from(productVariants)
        .where(and(eq(productVariants.businessId, channel.businessId), sql`lower(${productVariants.sku}) = ${sku}`))),
    ))).limit(1);
  if (!product) throw new NotFound("inbox:errors.product_not_found");
  const [fresh] = await tx.insert(discussions).values({
    businessId: channel.businessId, productId: product.id, channelId: channel.id, channelName: channel.name, channelMessageId: q.messageId,
    author: "buyer", authorName: q.buyerName, body: q.text, timeCreated: q.at, lastMessageAt: q.at,
  }).onConflictDoNothing().returning({ id: discussions.id });
  if (fresh) await tellStaff(tx, channel, fresh.id, product.name, q.buyerName);
  return { discussionId: fresh?.id ?? (await messageIdOf(tx, channel.id, q.messageId)), created: Boolean(fresh), threadId: fresh?.id ?? null };
}

/** A buyer's further message in a thread (named by the channel's id of any of its messages): it opens the thread again. */
export async function receiveBuyerMessageIn(tx: Tx, channel: Channel, q: { messageId: string; threadId: string; text: string; buyerName: string; at: Date }) {
  const [parent] = await tx.select().from(discussions)
    .where(and(eq(discussions.channelId, channel.id), eq(discussions.businessId, channel.businessId), eq(discussions.channelMessageId, q.threadId)));
  if (!parent) throw new NotFound("inbox:errors.discussion_not_found");
  const threadId = parent.parentId ?? parent.id;
  const [thread] = await tx.select().from(discussions).where(eq(discussions.id, threadId)).for("update");
  const [fresh] = await tx.insert(discussions).values({
    businessId: channel.businessId, productId: thread!.productId, parentId: threadId, channelId: channel.id, channelName: channel.name,
    channelMessageId: q.messageId, author: "buyer", authorName: q.buyerName, body: q.text, timeCreated: q.at, lastMessageAt: q.at,
  }).onConflictDoNothing().returning({ id: discussions.id });
  if (fresh) {
    await tx.update(discussions).set({ answered: false, lastMessageAt: sql`greatest(${discussions.lastMessageAt}, ${q.at})`, timeModified: new Date() })
      .where(eq(discussions.id, threadId));
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, thread!.productId));
    await tellStaff(tx, channel, threadId, product?.name ?? "", q.buyerName);
  }
  return { discussionId: fresh?.id ?? (await messageIdOf(tx, channel.id, q.messageId)), created: Boolean(fresh), threadId };
}

/** A buyer waits for an answer: the staff who answer the inbox are told (core/notifications). */
function tellStaff(tx: Tx, channel: Channel, threadId: number, product: string, buyer: string) {
  return notify(tx, channel.businessId, "new_question", {
    ref: { type: "discussion", id: threadId }, link: `/inbox/discussion/${threadId}`, vars: { buyer, product, channel: channel.name },
  });
}

/** A message's id by the channel's own id (a resend's answer). */
export async function messageIdOf(exec: Db | Tx, channelId: number, channelMessageId: string) {
  const [r] = await exec.select({ id: discussions.id }).from(discussions)
    .where(and(eq(discussions.channelId, channelId), eq(discussions.channelMessageId, channelMessageId)));
  return r?.id ?? null;
}
