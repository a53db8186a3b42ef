/**
 * Demo online channels. Toko Demo sells on six: its Indie Marketplace shop (the default), Tokopedia,
 * Shopee, Instagram, WhatsApp (inactive) and its own Shopify store. Batik Sekar Jagad has two.
 * Store connections are seeded with the stores (core/demo/stores.ts), which come after.
 * Each channel gets its "create" history row by its owner, as if added through the API.
 */
import { updateHistory } from "#db/schema/business.ts";
import { channels } from "#db/schema/profile.ts";
import type { DemoDb, DemoIds } from "./types.ts";

const day = 86400_000;
const ago = (days: number) => new Date(Date.now() - days * day);

type Demo = {
  platformCode: string; name: string; config?: Record<string, string>; email?: string; phone?: string;
  isDefault?: boolean; status?: number; created: number; modified: number;
};

const TOKO_DEMO: Demo[] = [
  { platformCode: "IDM", name: "Toko Demo Indie", isDefault: true, email: "halo@tokodemo.id", created: 380, modified: 40 },
  { platformCode: "TKP", name: "Toko Demo Official Tokopedia", config: { url: "https://www.tokopedia.com/tokodemo" }, email: "tokopedia@tokodemo.id", phone: "+62215550101", created: 350, modified: 21 },
  { platformCode: "SHP", name: "Toko Demo Shopee Mall", config: { url: "https://shopee.co.id/tokodemo.official" }, created: 300, modified: 14 },
  { platformCode: "IGM", name: "Instagram @tokodemo.id", config: { url: "https://www.instagram.com/tokodemo.id", username: "tokodemo.id" }, created: 240, modified: 9 },
  { platformCode: "WAP", name: "WhatsApp Order Toko Demo", config: { phone_number: "+6281288880101" }, phone: "+6281288880101", status: 0, created: 200, modified: 5 },
  { platformCode: "SFY", name: "tokodemo.id (Shopify)", config: { url: "https://tokodemo.id" }, email: "web@tokodemo.id", created: 120, modified: 2 },
];

const SEKAR: Demo[] = [
  { platformCode: "IDM", name: "Batik Sekar Jagad Indie", isDefault: true, created: 280, modified: 30 },
  { platformCode: "TKP", name: "Sekar Jagad Tokopedia", config: { url: "https://www.tokopedia.com/sekarjagad" }, email: "halo@sekarjagad.id", created: 250, modified: 12 },
];

export async function seedDemoChannels(db: DemoDb, ids: DemoIds) {
  for (const [businessId, userId, list] of [[ids.tokoDemo, ids.seller, TOKO_DEMO], [ids.sekar, ids.seller2, SEKAR]] as const) {
    const rows = await db
      .insert(channels)
      .values(list.map((c) => ({
        businessId,
        platformCode: c.platformCode,
        name: c.name,
        email: c.email ?? null,
        phone: c.phone ?? null,
        config: c.config ?? {},
        isDefault: c.isDefault ?? false,
        status: c.status ?? 1,
        timeCreated: ago(c.created),
        timeModified: ago(c.modified),
      })))
      .returning({ id: channels.id, timeCreated: channels.timeCreated });
    await db.insert(updateHistory).values(rows.map((r) => ({
      businessId, refType: "channel", refId: r.id, userId, action: "create", timeCreated: r.timeCreated,
    })));
    // The inactive one was switched off by its owner.
    const off = list.findIndex((c) => c.status === 0);
    if (off >= 0) {
      await db.insert(updateHistory).values({
        businessId, refType: "channel", refId: rows[off].id, userId, action: "inactivate",
        changes: { status: { from: 1, to: 0 } }, timeCreated: ago(list[off].modified),
      });
    }
  }
}
