/**
 * Demo chat: Toko Demo's buyers write in on its channels, in Indonesian — a few unread, one
 * answered with a product card, one about an order (a cancellation question, in the order inbox),
 * and two quick replies. Everything comes in the way production takes it: as channel events
 * through the chat webhook's handler (core/chat/webhooks.ts), and the seller's answers through
 * core/chat's own functions, as the owner. Runs after the demo orders.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { Scope } from "#core/actor.ts";
import { handleChatEvent } from "#core/chat/webhooks.ts";
import { markConversationRead, replyConversation } from "#core/chat/conversations.ts";
import { createTemplate } from "#core/chat/templates.ts";
import type { DemoDb } from "./types.ts";

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

const CHATS: Array<{ buyer: string; phone?: string; lines: string[]; hoursAgo: number; reply?: string; card?: boolean; read?: boolean }> = [
  { buyer: "Dewi Anggraini", phone: "081298765432", lines: ["Halo kak, kemeja batiknya masih ada ukuran M?", "Kalau ada saya mau 2 ya"], hoursAgo: 1 },
  { buyer: "Budi Wijaya", lines: ["Kak, bisa kirim ke Surabaya besok sampai?"], hoursAgo: 4,
    reply: "Halo Kak Budi, kalau pakai layanan next day bisa sampai besok ya.", read: true },
  { buyer: "Intan Siregar", phone: "081377712345", lines: ["Yang warna navy ready kak?"], hoursAgo: 9,
    reply: "Ready Kak, ini produknya ya 😊", card: true, read: true },
  { buyer: "Eko Nugroho", lines: ["Min, grosir dapat harga berapa?", "Rencana ambil 3 lusin"], hoursAgo: 26 },
];

export async function seedDemoChat(db: DemoDb, scope: Scope, businessId: number) {
  const chans = await db.select({ id: s.channels.id, businessId: s.channels.businessId, platformCode: s.channels.platformCode, name: s.channels.name })
    .from(s.channels).where(and(eq(s.channels.businessId, businessId), eq(s.channels.status, 1))).orderBy(asc(s.channels.id));
  if (!chans.length) return;
  const [product] = await db.select({ sku: s.products.sku }).from(s.products)
    .where(and(eq(s.products.businessId, businessId), eq(s.products.status, "published"))).orderBy(asc(s.products.id)).limit(1);

  await createTemplate(scope, { title: "Salam", body: "Halo Kak, terima kasih sudah menghubungi kami. Ada yang bisa kami bantu?" });
  await createTemplate(scope, { title: "Jam kirim", body: "Pesanan sebelum jam 15.00 WIB kami kirim di hari yang sama ya Kak." });

  for (const [i, c] of CHATS.entries()) {
    const channel = chans[i % chans.length]!;
    let conversationId: number | null = null;
    for (const [j, text] of c.lines.entries()) {
      const r = await handleChatEvent(channel, {
        id: `demo-chat-${i + 1}-${j + 1}`, type: "message.created",
        data: { message_id: `demo-chat-${i + 1}-${j + 1}`, buyer_id: `demo-buyer-${i + 1}`, buyer_name: c.buyer, buyer_phone: c.phone ?? null, text, time: now() - c.hoursAgo * HOUR + j * 60 },
      });
      conversationId = r.conversation_id;
    }
    if (!conversationId) continue;
    if (c.read) await markConversationRead(scope, conversationId);
    if (c.reply) {
      await replyConversation(scope, conversationId, {
        message: c.reply, ...(c.card && product ? { card_kind: "product" as const, product_sku: product.sku } : {}),
      });
    }
  }

  // A buyer asking about an order of theirs: the order inbox, linked with the order's page.
  const [order] = await db.select({ channelId: s.orders.channelId, channelOrderId: s.orders.channelOrderId, customerName: s.orders.customerName, customerPhone: s.orders.customerPhone })
    .from(s.orders).where(and(eq(s.orders.businessId, businessId), isNotNull(s.orders.channelOrderId))).orderBy(asc(s.orders.id)).limit(1);
  const channel = chans.find((x) => x.id === order?.channelId);
  if (order && channel) {
    await handleChatEvent(channel, {
      id: "demo-chat-order-1", type: "message.created",
      data: { message_id: "demo-chat-order-1", buyer_id: "demo-order-buyer-1", buyer_name: order.customerName, buyer_phone: order.customerPhone,
        order_id: order.channelOrderId!, text: "Kak, pesanan saya belum dikirim ya? Kalau lama saya mau batalkan saja.", time: now() - 2 * HOUR },
    });
  }
}
