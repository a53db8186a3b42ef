/**
 * The notification and audit pages at the web's seam (issue 13 items 4, 5, 7), all of it plain
 * forms and links (no JavaScript): /notification (the feed, open = read + go to the object, mark
 * read, mark all read, only one's own), the header's unread count rendered by the server, the
 * settings form at /setting/notification, and /setting/audit with its filters held in the URL
 * and its export.
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import * as s from "#db/schema/index.ts";
import { wibDate } from "#core/lib/time.ts";
import * as adminLayout from "#app/routes/admin/layout.tsx";
import * as feedPage from "#app/routes/admin/notification.tsx";
import * as settingsPage from "#app/routes/admin/setting/notification.tsx";
import * as auditPage from "#app/routes/admin/setting/audit.tsx";
import * as factoryAdd from "#app/routes/admin/profile/factory/add.tsx";
import { newOrder, newVariant, shopOf, type Shop } from "#tests/api/order-fixtures.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

type Note = { notification_id: number; ref_id: number | null; is_read: boolean; link: string | null; message: string };
let shop: Shop;

beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
});

async function anOrder() {
  const v = await newVariant(shop);
  return newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
}
const rowsOf = async (url: string, as: string = DEMO.seller) => (await runLoader(feedPage, { url, as })).data.list.rows as Note[];

describe("/notification", () => {
  it("lists the member's notifications, the unread filter in the URL; the header shows the unread count", async () => {
    const id = await anOrder();
    const page = await runLoader(feedPage, { url: "/notification", as: DEMO.seller });
    expect(page.status).toBe(200);
    expect(page.data.title).toMatch(/^Notifications \(\d+\) \| Indie Seller$/);
    const n = (page.data.list.rows as Note[]).find((r) => r.ref_id === id)!;
    expect(n).toMatchObject({ is_read: false, link: `/orders/${id}` });
    const unread = await runLoader(feedPage, { url: "/notification?status=unread", as: DEMO.seller });
    expect((unread.data.list.rows as Note[]).every((r) => !r.is_read)).toBe(true);
    // A value the filter does not know is no filter (the page still shows), never an error.
    expect((await runLoader(feedPage, { url: "/notification?status=zzz&sort=9&limit=7", as: DEMO.seller })).status).toBe(200);
    const layout = await runLoader(adminLayout, { url: "/notification", as: DEMO.seller });
    expect(layout.data.unread).toBe(unread.data.list.pagination.total_record);
    const id2 = await runLoader(feedPage, { url: "/id/notification", as: DEMO.seller });
    expect(id2.data.title).toMatch(/^Notifikasi \(/);
  });

  it("Open marks the entry read and goes to its object, in the page's language", async () => {
    const id = await anOrder();
    const n = (await rowsOf("/notification?status=unread")).find((r) => r.ref_id === id)!;
    const res = await runAction(feedPage, { url: "/id/notification?status=unread", as: DEMO.seller, form: { intent: "open", notification_id: n.notification_id } });
    expect(res.redirect).toBe(`/id/orders/${id}`);
    expect((await rowsOf("/notification?status=read")).some((r) => r.notification_id === n.notification_id)).toBe(true);
  });

  it("another member's notification cannot be opened or marked: the not-found page, and it stays unread", async () => {
    const id = await anOrder();
    const theirs = (await rowsOf("/notification?status=unread", DEMO.staff)).find((r) => r.ref_id === id)!;
    for (const intent of ["open", "read"]) {
      const res = await runAction(feedPage, { url: "/notification", as: DEMO.seller, form: { intent, notification_id: theirs.notification_id } });
      expect(res.status).toBe(404);
    }
    expect((await runAction(feedPage, { url: "/notification", as: DEMO.seller, form: { intent: "read", notification_id: "1e3" } })).status).toBe(404);
    expect((await rowsOf("/notification?status=unread", DEMO.staff)).some((r) => r.notification_id === theirs.notification_id)).toBe(true);
  });

  it("Mark read and Mark all read stay on the list (its filters kept) with a notice", async () => {
    await anOrder();
    const [first] = await rowsOf("/notification?status=unread");
    const one = await runAction(feedPage, { url: "/notification?status=unread&limit=10", as: DEMO.seller, form: { intent: "read", notification_id: first.notification_id } });
    expect(one.redirect).toBe("/notification?status=unread&limit=10");
    expect(one.toasts).toContainEqual({ type: "success", message: "Marked read" });
    const all = await runAction(feedPage, { url: "/notification", as: DEMO.seller, form: { intent: "read_all" } });
    expect(all.redirect).toBe("/notification");
    expect(all.toasts).toContainEqual({ type: "success", message: "All notifications marked read" });
    expect(await rowsOf("/notification?status=unread")).toEqual([]);
    expect((await runLoader(adminLayout, { url: "/dashboard", as: DEMO.seller })).data.unread).toBe(0);
    // The staff member's own are theirs to read.
    expect((await rowsOf("/notification?status=unread", DEMO.staff)).length).toBeGreaterThan(0);
    expect((await runAction(feedPage, { url: "/notification", as: DEMO.seller, form: { intent: "nonsense" } })).status).toBe(400);
  });
});

describe("/setting/notification", () => {
  it("shows the member's events with a box per channel; saving the form switches them (unticked = off)", async () => {
    const page = await runLoader(settingsPage, { url: "/setting/notification", as: DEMO.seller });
    expect(page.status).toBe(200);
    expect(page.data.title).toBe("Notification settings | Indie Seller");
    expect(page.data.settings.events.map((e: { event: string }) => e.event)).toContain("staff_joined");
    const saved = await runAction(settingsPage, { url: "/setting/notification", as: DEMO.seller, form: { "new_order.email": "on", "complaint.in_app": "on" } });
    expect(saved.redirect).toBe("/setting/notification");
    expect(saved.toasts).toContainEqual({ type: "success", message: "Notification settings saved" });
    const after = (await runLoader(settingsPage, { url: "/setting/notification", as: DEMO.seller })).data.settings.events;
    expect(after.find((e: { event: string }) => e.event === "new_order")).toEqual({ event: "new_order", in_app: false, email: true, sms: false });
    expect(after.find((e: { event: string }) => e.event === "complaint")).toEqual({ event: "complaint", in_app: true, email: false, sms: false });
    // With in the app off, a new order adds nothing to the feed.
    const id = await anOrder();
    expect((await rowsOf("/notification")).some((r) => r.ref_id === id)).toBe(false);
    const bad = await runAction(settingsPage, { url: "/setting/notification", as: DEMO.seller, form: { "new_order.email": "maybe" } });
    expect(bad.status).toBe(400);
    // Back to the defaults.
    const all = Object.fromEntries(after.map((e: { event: string }) => [`${e.event}.in_app`, "on"]));
    expect((await runAction(settingsPage, { url: "/setting/notification", as: DEMO.seller, form: all })).redirect).toBe("/setting/notification");
  });
});

describe("/setting/audit", () => {
  it("a change made on a page is logged with the web session; the filters live in the URL and narrow the rows", async () => {
    const added = await runAction(factoryAdd, { url: "/profile/factory/add", as: DEMO.seller, form: { name: "Konveksi Audit Web", address: "Jl. Melati No. 3", city_id: "3273", monthly_capacity: "10" } });
    expect(added.redirect).toBe("/profile/factory");
    const [f] = await db.select().from(s.factories).where(and(eq(s.factories.businessId, shop.businessId), eq(s.factories.name, "Konveksi Audit Web")));
    const today = wibDate(new Date());
    const url = `/setting/audit?user_id=${shop.userId}&area=profile&ref_type=factory&ref_id=${f.id}&date_from=${today}&date_to=${today}`;
    const page = await runLoader(auditPage, { url, as: DEMO.seller });
    expect(page.status).toBe(200);
    expect(page.data.title).toBe("Audit log (1) | Indie Seller");
    const [row] = page.data.list.rows;
    expect(row).toMatchObject({ user_id: shop.userId, ref_type: "factory", ref_id: f.id, action: "create", area: "profile" });
    // The web's session: a token of the seller's.
    const [token] = await db.select().from(s.apiTokens).where(eq(s.apiTokens.id, row.session_id));
    expect(token.userId).toBe(shop.userId);
    // Every filter is carried by the page's links (the pager, the reset keeps none).
    expect(page.data.params.filters).toEqual({ user_id: String(shop.userId), area: "profile", ref_type: "factory", ref_id: String(f.id), date: "custom", date_from: today, date_to: today });
    // A day before: nothing (the empty state, not an error).
    const none = await runLoader(auditPage, { url: `/setting/audit?ref_type=factory&ref_id=${f.id}&date_to=2001-01-01`, as: DEMO.seller });
    expect(none.data.list.rows).toEqual([]);
    // Values it cannot use are no filter (never a 500): every row of the business.
    const loose = await runLoader(auditPage, { url: "/setting/audit?user_id=abc&area=x&date_from=2024-99-99&ref_id=-4&sort=7", as: DEMO.seller });
    expect(loose.status).toBe(200);
    expect(loose.data.params.filters).toEqual({});
    expect(loose.data.list.pagination.total_record).toBeGreaterThan(1);
  });

  it("exports the filtered log: the job carries every filter of the URL and the export history opens", async () => {
    const today = wibDate(new Date());
    const res = await runAction(auditPage, { url: `/setting/audit?area=profile&date_from=${today}`, as: DEMO.seller, form: { intent: "export" } });
    // The shared date filter names its kind: days alone are Set Date.
    expect(res.redirect).toBe(`/setting/audit?area=profile&date=custom&date_from=${today}&history=open`);
    const [job] = await db.select().from(s.jobs).where(eq(s.jobs.kind, "export:audit")).orderBy(desc(s.jobs.id)).limit(1);
    expect((job.params as { filters: unknown }).filters).toMatchObject({ area: "profile", date_from: today, sort: 2 });
    const page = await runLoader(auditPage, { url: "/setting/audit?history=open", as: DEMO.seller });
    expect(page.data.exports.some((j: { job_id: number }) => j.job_id === job.id)).toBe(true);
  });

  it("a member without the Setting privilege gets the 403 page", async () => {
    const res = await runLoader(auditPage, { url: "/setting/audit", as: DEMO.staff });
    expect(res.status).toBe(403);
  });
});
