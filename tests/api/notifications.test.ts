/**
 * Notifications (issue 13 items 4 and 5) through the API: an event reaches the business's members
 * whose privileges cover it, by the channels their settings switch on, written in the transaction
 * of what caused it (rolled back with it); the unread count; marking read only one's own; the
 * settings (a channel switched off sends nothing there); another business sees none of it; and a
 * member's socket hears their unread count.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { applyOrderAction } from "#core/orders/actions.ts";
import { receiveOrderIn } from "#core/orders/intake.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { notify } from "#core/notifications/notify.ts";
import { applyStockChanges } from "#core/stock/stock-ledger.ts";
import { visitorOf } from "#core/auth/visitor.ts";
import { acceptAsNewAccount } from "#core/team/invitation-accept.ts";
import { setMemberEmitter } from "#core/lib/events.ts";
import { call, DEMO, login } from "./helpers.ts";
import { forceState, newOrder, newVariant, shopOf, type Shop } from "./order-fixtures.ts";
import { joinSocket, startRealtime } from "./realtime-client.ts";

type Note = { notification_id: number; event: string; message: string; ref_type: string | null; ref_id: number | null; link: string | null; is_read: boolean };

let seller: string;
let staff: string;
let seller2: string;
let shop: Shop;
let staffId: number;
let sellerEmail: string;

beforeAll(async () => {
  [seller, staff, seller2] = await Promise.all([login(DEMO.seller), login(DEMO.staff), login(DEMO.seller2)]);
  shop = await shopOf(DEMO.seller);
  const [u] = await db.select().from(s.users).where(eq(s.users.email, DEMO.staff));
  staffId = u.id;
  const [o] = await db.select().from(s.users).where(eq(s.users.id, shop.userId));
  sellerEmail = o.email!;
});

const feed = async (token: string, query: Record<string, string | number> = {}) =>
  (await call<Note[]>("GET", "/v0.0.0/notifications", { token, query: { limit: 150, ...query } })).body.data ?? [];
const unread = async (token: string) => (await call<{ unread_count: number }>("GET", "/v0.0.0/notifications/unread-count", { token })).body.data!.unread_count;
const aboutOrder = (notes: Note[], id: number) => notes.filter((n) => n.ref_type === "order" && n.ref_id === id);

async function anOrder(extra: Parameters<typeof newOrder>[2] = {}) {
  const v = await newVariant(shop);
  return newOrder(shop, [{ sku: v.sku, quantity: 1 }], extra);
}

async function outboxFor(target: string, since: number) {
  return db.select().from(s.outbox).where(and(eq(s.outbox.target, target))).orderBy(desc(s.outbox.id)).then((r) => r.filter((m) => m.id > since));
}
async function lastOutboxId() {
  const [r] = await db.select({ id: s.outbox.id }).from(s.outbox).orderBy(desc(s.outbox.id)).limit(1);
  return r?.id ?? 0;
}

describe("an event reaches who should hear of it", () => {
  it("a new order: the owner and the staff with Orders, each once, linking to the order; another business nothing", async () => {
    const before = { seller: await unread(seller), staff: await unread(staff) };
    const id = await anOrder();
    const mine = aboutOrder(await feed(seller), id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ event: "new_order", link: `/orders/${id}`, is_read: false });
    expect(mine[0].message).toMatch(/^New order INV\/\d{8}\/\d+ on /);
    expect(aboutOrder(await feed(staff), id)).toHaveLength(1);
    expect(await unread(seller)).toBe(before.seller + 1);
    expect(await unread(staff)).toBe(before.staff + 1);
    expect(aboutOrder(await feed(seller2), id)).toHaveLength(0);
    // In the reader's language.
    const id2 = (await call<Note[]>("GET", "/v0.0.0/notifications", { token: seller, locale: "id", query: { limit: 1 } })).body.data![0];
    expect(id2.message).toMatch(/^Pesanan baru INV\//);
  });

  it("a customer's cancellation request and complaint reach the order staff", async () => {
    const id = await anOrder();
    await applyOrderAction(shop.businessId, id, { action: "request-cancellation", actor: "customer" });
    expect(aboutOrder(await feed(staff), id).map((n) => n.event).sort()).toEqual(["cancellation_request", "new_order"]);
    const other = await anOrder();
    await forceState(other, { status: "received" });
    await applyOrderAction(shop.businessId, other, { action: "complain", actor: "customer", reason: 1 });
    expect(aboutOrder(await feed(seller), other).map((n) => n.event)).toContain("complaint");
  });

  it("a person accepting an invitation: the owner hears they joined, linking to their staff page", async () => {
    const target = `joiner-${Date.now()}@indie.test`;
    expect((await call("POST", "/v0.0.0/omnipos/accounts/seller/users", { token: seller, json: { email: target, privileges: ["orders"], default_route: "/orders" } })).status).toBeLessThan(300);
    const [mail] = await db.select().from(s.outbox).where(eq(s.outbox.target, target)).orderBy(desc(s.outbox.id)).limit(1);
    const joined = await acceptAsNewAccount(visitorOf("en"), mail.body.match(/\/invite\/([\w-]+)/)![1], { name: "Putri Joiner", password: "password-baru" });
    const [n] = (await feed(seller)).filter((x) => x.event === "staff_joined" && x.message === "Putri Joiner joined the team");
    expect(n).toMatchObject({ ref_type: "member", link: `/setting/pos-seller/user/${joined.user.id}` });
    // Not the one who joined, nor staff without Setting.
    expect((await feed(staff)).some((x) => x.event === "staff_joined")).toBe(false);
    expect((await feed(joined.token)).some((x) => x.event === "staff_joined")).toBe(false);
  });

  it("an event of an area the member has no privilege for does not reach them (staff joined: Setting)", async () => {
    await db.transaction((tx) => notify(tx, shop.businessId, "staff_joined", { vars: { name: "Budi" }, link: "/setting/pos-seller" }));
    expect((await feed(seller, { status: "unread" })).some((n) => n.event === "staff_joined" && n.message === "Budi joined the team")).toBe(true);
    expect((await feed(staff)).some((n) => n.event === "staff_joined")).toBe(false);
  });

  it("a published product falling to its minimum stock reaches the product staff once, not on every sale after", async () => {
    const v = await newVariant(shop);
    await db.update(s.products).set({ status: "published", minStock: 5 }).where(eq(s.products.id, v.productId));
    const [store] = await db.select({ id: s.stores.id }).from(s.stores).where(eq(s.stores.businessId, shop.businessId)).limit(1);
    const location = { sourceType: 1 as const, storeId: store.id };
    const change = (delta: number) => db.transaction((tx) => applyStockChanges(tx, { businessId: shop.businessId, userId: shop.userId, reason: "manual" }, [
      { variantId: v.variantId, location, delta },
    ]));
    await change(8); // 8: above the minimum
    await change(-2); // 6: still above
    const low = () => feed(staff).then((all) => all.filter((n) => n.event === "low_stock" && n.ref_id === v.productId));
    expect(await low()).toHaveLength(0);
    await change(-1); // 5: at the minimum
    const told = await low();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: `/products/${v.productId}/edit` });
    expect(told[0].message).toMatch(/is running low: 5 left$/);
    await change(-1); // 4: was already low
    expect(await low()).toHaveLength(1);
  });

  it("a finished export reaches only the member who asked for it", async () => {
    const queued = await call<{ job_id: number }>("POST", "/v0.0.0/exports/product-listing", { token: staff, json: {} });
    expect(queued.status).toBe(202);
    while (await runNextJob());
    const ready = (await feed(staff)).filter((n) => n.event === "export_ready" && n.ref_id === queued.body.data!.job_id);
    expect(ready).toHaveLength(1);
    expect(ready[0].link).toBe(`/exports/${queued.body.data!.job_id}/download`);
    expect((await feed(seller)).some((n) => n.event === "export_ready" && n.ref_id === queued.body.data!.job_id)).toBe(false);
  });
});

describe("in the same transaction as its cause", () => {
  it("an order taken back takes its notices with it: no feed row, no message, nothing published", async () => {
    const published: unknown[] = [];
    setMemberEmitter((...args) => published.push(args));
    try {
      const v = await newVariant(shop);
      const since = await lastOutboxId();
      const count = await unread(seller);
      const rolledBack = new Error("rolled back");
      let orderId = 0;
      await expect(db.transaction(async (tx) => {
        orderId = (await receiveOrderIn(tx, shop.channelId, {
          channelOrderId: `RB-${Date.now()}`, customer: { name: "Rollback" }, items: [{ sku: v.sku, quantity: 1 }], paid: true,
        })).orderId;
        // Inside the transaction the notice exists…
        const [row] = await tx.select().from(s.notifications).where(and(eq(s.notifications.refType, "order"), eq(s.notifications.refId, orderId)));
        expect(row).toBeDefined();
        throw rolledBack;
      })).rejects.toBe(rolledBack);
      // …and after the rollback it does not.
      expect(orderId).toBeGreaterThan(0);
      expect(await db.select().from(s.notifications).where(and(eq(s.notifications.refType, "order"), eq(s.notifications.refId, orderId)))).toEqual([]);
      expect(await unread(seller)).toBe(count);
      expect((await db.select().from(s.outbox)).filter((m) => m.id > since)).toEqual([]);
      expect(published).toEqual([]);
    } finally {
      setMemberEmitter(undefined);
    }
  });
});

describe("reading", () => {
  it("marks one read, then all: only one's own; another's notification is 404 and stays unread", async () => {
    const id = await anOrder();
    const [mine] = aboutOrder(await feed(seller), id);
    const [theirs] = aboutOrder(await feed(staff), id);
    const count = await unread(seller);

    const refused = await call("PUT", "/v0.0.0/notifications/read", { token: staff, json: { notification_ids: [theirs.notification_id, mine.notification_id] } });
    expect(refused.status).toBe(404);
    expect(aboutOrder(await feed(staff), id)[0].is_read).toBe(false);
    expect((await call("GET", `/v0.0.0/notifications/${mine.notification_id}`, { token: staff })).status).toBe(404);
    expect((await call("GET", `/v0.0.0/notifications/${mine.notification_id}`, { token: seller2 })).status).toBe(404);

    const read = await call<{ unread_count: number }>("PUT", "/v0.0.0/notifications/read", { token: seller, json: { notification_ids: [mine.notification_id] } });
    expect(read.status).toBe(200);
    expect(read.body.data!.unread_count).toBe(count - 1);
    expect(aboutOrder(await feed(seller, { status: "read" }), id)).toHaveLength(1);
    expect(aboutOrder(await feed(seller, { status: "unread" }), id)).toHaveLength(0);

    const all = await call<{ unread_count: number }>("PUT", "/v0.0.0/notifications/read-all", { token: seller });
    expect(all.body.data!.unread_count).toBe(0);
    expect(await unread(seller)).toBe(0);
    // The staff member's own are untouched by the owner's "all read".
    expect(aboutOrder(await feed(staff), id)[0].is_read).toBe(false);
  });

  it("refuses bad input with 4xx, never 5xx", async () => {
    for (const json of [{}, { notification_ids: [] }, { notification_ids: ["x"] }, { notification_ids: [0] }, { notification_ids: [99_999_999_999] }, { notification_ids: "1;drop" }]) {
      expect((await call("PUT", "/v0.0.0/notifications/read", { token: seller, json })).status).toBe(422);
    }
    const queries: Record<string, string | number>[] = [{ status: "all" }, { limit: 1000 }, { sort: 5 }, { page: -1 }];
    for (const query of queries) {
      expect((await call("GET", "/v0.0.0/notifications", { token: seller, query })).status).toBe(422);
    }
    expect((await call("GET", "/v0.0.0/notifications/99999999999", { token: seller })).status).toBe(404);
    expect((await call("GET", "/v0.0.0/notifications/unread-count")).status).toBe(401);
  });
});

describe("settings", () => {
  const put = (token: string, business: number | string, json: unknown) => call("PUT", `/v0.0.0/settings/business/${business}/notification`, { token, json });

  it("lists the member's events with their channels (defaults: in the app only), in the business settings too", async () => {
    const res = await call<{ events: { event: string; in_app: boolean; email: boolean; sms: boolean }[] }>("GET", `/v0.0.0/settings/business/${shop.businessId}/notification`, { token: staff });
    expect(res.status).toBe(200);
    // Staff with Orders and Product: no "staff joined" (Setting).
    expect(res.body.data!.events.map((e) => e.event)).toEqual(["new_order", "cancellation_request", "complaint", "low_stock", "export_ready"]);
    expect(res.body.data!.events[0]).toEqual({ event: "new_order", in_app: true, email: false, sms: false });
    const all = await call<{ notification_settings: unknown[] }>("GET", `/v0.0.0/settings/business/${shop.businessId}`, { token: staff });
    expect(all.body.data!.notification_settings).toEqual(res.body.data!.events);
  });

  it("a channel switched off sends nothing there; switched on, it does (e-mail through the outbox)", async () => {
    const saved = await put(seller, shop.businessId, { new_order: { in_app: false, email: true, sms: false } });
    expect(saved.status).toBe(200);
    let since = await lastOutboxId();
    const first = await anOrder();
    expect(aboutOrder(await feed(seller), first)).toHaveLength(0); // in the app: off
    expect(aboutOrder(await feed(staff), first)).toHaveLength(1); // the staff member's own settings
    const mails = await outboxFor(sellerEmail, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: "email" });
    expect(mails[0].subject).toContain("New order INV/");
    expect(mails[0].body).toContain(`/orders/${first}`);

    expect((await put(seller, shop.businessId, { new_order: { in_app: true, email: false, sms: false } })).status).toBe(200);
    since = await lastOutboxId();
    const second = await anOrder();
    expect(aboutOrder(await feed(seller), second)).toHaveLength(1);
    expect(await outboxFor(sellerEmail, since)).toHaveLength(0);
  });

  it("every event left out is switched off; a change is in the history with before and after", async () => {
    expect((await put(staff, shop.businessId, { export_ready: { in_app: true } })).status).toBe(200);
    const res = await call<{ events: { event: string; in_app: boolean }[] }>("GET", `/v0.0.0/settings/business/${shop.businessId}/notification`, { token: staff });
    expect(res.body.data!.events.filter((e) => e.in_app).map((e) => e.event)).toEqual(["export_ready"]);
    const [h] = await db.select().from(s.updateHistory)
      .where(and(eq(s.updateHistory.refType, "notification_settings"), eq(s.updateHistory.refId, staffId))).orderBy(desc(s.updateHistory.id)).limit(1);
    expect(h.changes.new_order).toEqual({ from: "in_app", to: "-" });
    // Put back: the other tests expect the defaults.
    await put(staff, shop.businessId, Object.fromEntries(res.body.data!.events.map((e) => [e.event, { in_app: true }])));
  });

  it("another business's settings are 404; bad input 422", async () => {
    const [other] = await db.select({ id: s.businessMembers.businessId }).from(s.businessMembers)
      .innerJoin(s.users, eq(s.users.id, s.businessMembers.userId)).where(eq(s.users.email, DEMO.seller2));
    expect((await put(seller, other.id, {})).status).toBe(404);
    expect((await call("GET", `/v0.0.0/settings/business/${other.id}/notification`, { token: seller })).status).toBe(404);
    expect((await put(seller, "99999999999", {})).status).toBe(404);
    expect((await put(seller, "abc", {})).status).toBe(404);
    for (const json of [{ new_order: { email: "maybe" } }, { new_order: "on" }, { new_order: { in_app: 3 } }, [1, 2]]) {
      expect((await put(seller, shop.businessId, json)).status).toBe(422);
    }
  });
});

describe("live", () => {
  it("a member's socket hears their own unread count; another member's and another business's do not hear it", async () => {
    const rt = await startRealtime();
    try {
      const mine = joinSocket(rt.url, seller);
      const other = joinSocket(rt.url, seller2);
      expect((await mine.result).event).toBe("success");
      expect((await other.result).event).toBe("success");
      const heard: number[] = [];
      const otherHeard: unknown[] = [];
      mine.socket.on("onSellerNotificationCount", (p: { unread_count: number }) => heard.push(p.unread_count));
      other.socket.on("onSellerNotificationCount", (p) => otherHeard.push(p));
      await anOrder();
      const expected = await unread(seller);
      await expect.poll(() => heard.at(-1), { timeout: 3000 }).toBe(expected);
      await call("PUT", "/v0.0.0/notifications/read-all", { token: seller });
      await expect.poll(() => heard.at(-1), { timeout: 3000 }).toBe(0);
      expect(otherHeard).toEqual([]);
      mine.socket.disconnect();
      other.socket.disconnect();
    } finally {
      await rt.close();
    }
  });
});

afterAll(async () => {
  await db.delete(s.notificationSettings).where(inArray(s.notificationSettings.userId, [shop.userId, staffId]));
});
