/**
 * The chat pages at the web's seam: opening a conversation writes nothing (unread stays), a reply
 * and "Mark read" do; the quick reply's "Insert" fills the form without writing; a refused reply
 * comes back under its field with what was typed (in Indonesian under /id); blocking asks first;
 * the order inbox lists only conversations about an order; another business is refused.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { handleChatEvent } from "#core/chat/webhooks.ts";
import * as list from "#app/routes/admin/inbox/chats.tsx";
import * as page from "#app/routes/admin/inbox/conversation.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { shopOf, type Shop } from "#tests/api/order-fixtures.ts";
import { runAction, runLoader } from "./harness.ts";

let shop: Shop;
let channel: { id: number; businessId: number; platformCode: string; name: string };
let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;

beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  [channel] = await db.select({ id: s.channels.id, businessId: s.channels.businessId, platformCode: s.channels.platformCode, name: s.channels.name })
    .from(s.channels).where(eq(s.channels.id, shop.channelId));
});

async function aConversation() {
  const t = tag();
  const r = await handleChatEvent(channel, { id: `ct-${t}`, type: "message.created", data: { message_id: `ct-${t}`, buyer_id: `b-${t}`, buyer_name: `Sinta ${t}`, text: `Ready kak? ${t}` } });
  return { id: r.conversation_id!, tag: t, name: `Sinta ${t}` };
}
const unreadOf = async (id: number) => (await db.select({ n: s.conversations.unread }).from(s.conversations).where(eq(s.conversations.id, id)))[0].n;

describe("chat pages", () => {
  it("opens without marking read; a reply and Mark read do", async () => {
    const c = await aConversation();
    const url = `/inbox/chat/${c.id}`;
    const opened = await runLoader(page, { url, params: { id: String(c.id) }, as: DEMO.seller });
    expect(opened.data.c).toMatchObject({ conversation_id: c.id, unread: 1 });
    expect(await unreadOf(c.id)).toBe(1);
    const read = await runAction(page, { url, params: { id: String(c.id) }, as: DEMO.seller, form: { intent: "read" } });
    expect(read.redirect).toBe(url);
    expect(await unreadOf(c.id)).toBe(0);
    const found = await runLoader(list, { url: `/inbox/chat?search=${encodeURIComponent(c.name)}`, as: DEMO.seller });
    expect(found.data.rows.map((r: any) => r.conversation_id)).toEqual([c.id]);
  });

  it("refuses an empty reply under its field, keeps what was typed, in Indonesian under /id", async () => {
    const c = await aConversation();
    const res = await runAction(page, { url: `/id/inbox/chat/${c.id}`, params: { id: String(c.id) }, as: DEMO.seller, form: { intent: "reply", message: " ", product_sku: "X" } });
    expect(res.status).toBe(400);
    expect(res.data.error.message).toBeTruthy();
    const noSku = await runAction(page, { url: `/id/inbox/chat/${c.id}`, params: { id: String(c.id) }, as: DEMO.seller, form: { intent: "reply", message: "Ini kak", card_kind: "product", product_sku: "TIDAK-ADA" } });
    expect(noSku.status).toBe(400);
    expect(noSku.data.error.product_sku[0]).toContain("SKU");
    expect(noSku.data.initialValue.message).toBe("Ini kak");
    const ok = await runAction(page, { url: `/inbox/chat/${c.id}`, params: { id: String(c.id) }, as: DEMO.seller, form: { intent: "reply", message: "Ready kak" } });
    expect(ok.toasts).toContainEqual({ type: "success", message: "Message sent" });
  });

  it("inserts a quick reply without writing, and asks before blocking", async () => {
    const c = await aConversation();
    const url = `/inbox/chat/${c.id}`;
    const t = tag();
    await runAction(page, { url, params: { id: String(c.id) }, as: DEMO.seller, form: { intent: "template_create", title: `Salam ${t}`, body: `Halo kak ${t}` } });
    const loaded = await runLoader(page, { url, params: { id: String(c.id) }, as: DEMO.seller });
    const tpl = loaded.data.templates.find((x: any) => x.title === `Salam ${t}`);
    const insert = await runAction(page, { url, params: { id: String(c.id) }, as: DEMO.seller, form: { intent: "use_template", template_id: String(tpl.template_id), message: "" } });
    expect(insert.data.initialValue.message).toBe(`Halo kak ${t}`);
    const ask = await runAction(page, { url, params: { id: String(c.id) }, as: DEMO.seller, form: { intent: "block" } });
    expect(ask.redirect).toBe(`${url}?confirm=block`);
    const step = await runLoader(page, { url: `${url}?confirm=block`, params: { id: String(c.id) }, as: DEMO.seller });
    expect(step.data.confirmingBlock).toBe(true);
    const [row] = await db.select({ chat: s.settings.chat }).from(s.settings).where(eq(s.settings.businessId, shop.businessId));
    expect(JSON.stringify(row?.chat ?? {})).not.toContain(`b-${c.tag}`);
  });

  it("keeps the order inbox to conversations about an order, and another business out", async () => {
    const c = await aConversation();
    const orders = await runLoader(list, { url: `/inbox/order?search=${encodeURIComponent(c.name)}`, as: DEMO.seller });
    expect(orders.data.ordersOnly).toBe(true);
    expect(orders.data.rows).toHaveLength(0);
    const theirs = await runLoader(page, { url: `/inbox/chat/${c.id}`, params: { id: String(c.id) }, as: DEMO.seller2 });
    expect(theirs.status).toBe(404);
    const write = await runAction(page, { url: `/inbox/chat/${c.id}`, params: { id: String(c.id) }, as: DEMO.seller2, form: { intent: "reply", message: "hi" } });
    expect(write.status).toBe(404);
  });
});
