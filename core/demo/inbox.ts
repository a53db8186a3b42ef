/**
 * Demo inbox: Toko Demo's buyers ask about its products and review what they received, in
 * Indonesian, on its channels — some questions unanswered, one hidden (spam), reviews from five
 * stars to one, some replied, one with an internal note. Everything comes in the way production
 * takes it: as channel events through the inbox webhook's handler (core/inbox/webhooks.ts, so
 * each review moves its product's stored rating), and the seller's answers through the inbox's
 * own core functions, as the owner. Runs after the demo orders.
 */
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { SellerActor, Scope } from "#core/actor.ts";
import { translator } from "#core/i18n.ts";
import { handleInboxEvent } from "#core/inbox/webhooks.ts";
import { moveDiscussion, replyDiscussion } from "#core/inbox/discussions.ts";
import { noteReview, rateBuyer, replyReview } from "#core/inbox/reviews.ts";
import type { DemoDb, DemoIds } from "./types.ts";
import { seedDemoChat } from "./chat.ts";

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

const QUESTIONS: Array<{ buyer: string; text: string; hoursAgo: number; reply?: string; followUp?: string; hide?: boolean }> = [
  { buyer: "Andi Pratama", text: "Kak, ukuran L lingkar dadanya berapa cm ya?", hoursAgo: 3 },
  { buyer: "Siti Rahma", text: "Bahannya adem nggak kak? Buat dipakai kerja seharian di Jakarta.", hoursAgo: 7,
    reply: "Halo Kak Siti, bahannya katun jadi adem dan menyerap keringat. Cocok untuk dipakai seharian 😊" },
  { buyer: "Agus Setiawan", text: "Warna biru masih ready stok? Mau order 3 pcs buat seragam kantor.", hoursAgo: 20 },
  { buyer: "Putri Lestari", text: "Bisa kirim hari ini kalau order sebelum jam 3 sore?", hoursAgo: 28,
    reply: "Bisa Kak, pesanan sebelum jam 15.00 WIB kami kirim di hari yang sama.", followUp: "Kalau pakai GoSend instan juga bisa kak?" },
  { buyer: "Yoga Saputra", text: "Ini luntur nggak kalau dicuci pakai mesin?", hoursAgo: 50,
    reply: "Tidak luntur Kak, sarankan cuci dengan air dingin dan dibalik saat menjemur ya." },
  { buyer: "Promo Murah", text: "Jual followers & like murah!!! cek bio kami", hoursAgo: 60, hide: true },
  { buyer: "Fitri Handayani", text: "Kak, ada size XXL nggak? Suami saya biasanya pakai XXL.", hoursAgo: 75 },
  { buyer: "Rizky Maulana", text: "Motifnya sama persis seperti di foto kak?", hoursAgo: 120,
    reply: "Sama Kak, foto produk kami ambil sendiri tanpa filter." },
];

const REVIEWS: Array<{ rating: number; text: string; reply?: string; note?: string; buyerRating?: number }> = [
  { rating: 5, text: "Bahannya bagus, jahitan rapi, pengiriman cepat. Recommended seller!", reply: "Terima kasih banyak Kak, ditunggu order berikutnya 🙏", buyerRating: 5 },
  { rating: 4, text: "Sesuai deskripsi, cuma ukurannya agak kecil sedikit. Next beli satu size di atasnya." },
  { rating: 1, text: "Barang datang cacat, ada noda di bagian lengan. Kecewa.", note: "Tawarkan tukar barang; cek QC gudang batch minggu ini." },
  { rating: 5, text: "Mantap, warnanya sama seperti di foto. Packing rapi pakai bubble wrap." },
  { rating: 2, text: "Pengiriman lama sekali, hampir seminggu baru sampai.", reply: "Mohon maaf atas keterlambatannya Kak, ada kendala di ekspedisi. Kami sudah tindak lanjuti." },
  { rating: 3, text: "Lumayan untuk harganya, tapi benangnya ada yang keluar." },
  { rating: 5, text: "Sudah langganan di sini, kualitas selalu konsisten." , buyerRating: 5 },
  { rating: 4, text: "" },
];

export async function seedDemoInbox(db: DemoDb, ids: DemoIds) {
  const businessId = ids.tokoDemo;
  const chans = await db.select({ id: s.channels.id, businessId: s.channels.businessId, platformCode: s.channels.platformCode, name: s.channels.name })
    .from(s.channels).where(and(eq(s.channels.businessId, businessId), eq(s.channels.status, 1))).orderBy(asc(s.channels.id));
  if (!chans.length) return;
  const prods = await db.select({ sku: s.products.sku }).from(s.products)
    .where(and(eq(s.products.businessId, businessId), eq(s.products.status, "published"))).orderBy(asc(s.products.id)).limit(QUESTIONS.length);
  const [owner] = await db.select().from(s.users).where(eq(s.users.id, ids.seller));
  const [business] = await db.select({ name: s.businesses.name }).from(s.businesses).where(eq(s.businesses.id, businessId));
  const member = { businessId, businessName: business!.name, businessStatus: 1, role: "owner" as const, privileges: [], defaultRoute: "/dashboard" };
  const actor: SellerActor = {
    user: { id: owner!.id, name: owner!.name, email: owner!.email, phone: owner!.phone, photo: owner!.photo, profileStatus: owner!.profileStatus, role: owner!.role },
    tokenId: 0, member, businesses: [member], locale: "id", t: translator("id"),
  };
  const scope: Scope = { db: db as never, actor };

  // Questions: one per product, on the channels in turn.
  for (const [i, q] of QUESTIONS.entries()) {
    const product = prods[i % prods.length];
    if (!product) break;
    const channel = chans[i % chans.length]!;
    const r = await handleInboxEvent(channel, {
      id: `demo-q-${i + 1}`, type: "question.created",
      data: { message_id: `demo-q-${i + 1}`, sku: product.sku, text: q.text, buyer_name: q.buyer, time: now() - q.hoursAgo * HOUR },
    });
    const threadId = r.discussion_id!;
    if (q.reply) await replyDiscussion(scope, { parent_id: threadId, message: q.reply });
    if (q.followUp) {
      await handleInboxEvent(channel, {
        id: `demo-q-${i + 1}-2`, type: "question.message",
        data: { message_id: `demo-q-${i + 1}-2`, thread_id: `demo-q-${i + 1}`, text: q.followUp, buyer_name: q.buyer, time: now() - HOUR },
      });
    }
    if (q.hide) await moveDiscussion(scope, threadId, { action: "hide" });
  }

  // Reviews: the first line of orders the buyers received.
  const delivered = await db.select({ id: s.orders.id, channelId: s.orders.channelId, channelOrderId: s.orders.channelOrderId, customerName: s.orders.customerName })
    .from(s.orders)
    .where(and(eq(s.orders.businessId, businessId), inArray(s.orders.status, ["received", "finish", "complaint", "returned"]), isNotNull(s.orders.channelOrderId)))
    .orderBy(asc(s.orders.id)).limit(REVIEWS.length);
  for (const [i, o] of delivered.entries()) {
    const review = REVIEWS[i]!;
    const channel = chans.find((c) => c.id === o.channelId);
    if (!channel) continue;
    const [item] = await db.select({ sku: s.orderItems.sku }).from(s.orderItems).where(eq(s.orderItems.orderId, o.id)).orderBy(asc(s.orderItems.id)).limit(1);
    if (!item) continue;
    const r = await handleInboxEvent(channel, {
      id: `demo-rv-${i + 1}`, type: "review.created",
      data: { review_id: `demo-rv-${i + 1}`, order_id: o.channelOrderId!, sku: item.sku, rating: review.rating, text: review.text, buyer_name: o.customerName, time: now() - (i + 1) * 9 * HOUR },
    });
    const reviewId = r.review_id!;
    if (review.reply) await replyReview(scope, { review_id: reviewId, reply: review.reply });
    if (review.note) await noteReview(scope, { review_id: reviewId, note: review.note });
    if (review.buyerRating) await rateBuyer(scope, { review_id: reviewId, rating: review.buyerRating });
  }

  // Chat and the order inbox, as the same owner.
  await seedDemoChat(db, scope, businessId);
}
