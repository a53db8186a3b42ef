/**
 * The buttons of actions that need a finer privilege (core/auth/privileges.ts FINER) are shown only
 * to members who hold it, from the same table the guard reads: the order page's cancel / reject
 * (orders.cancel), the product listing's delete (products.delete) and the store form's "add a
 * bank account" (profile.bank). A staff member without the finer privilege gets no button that
 * would lead to the 403 page; with it, the button is there.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client.ts";
import { businessMembers, users } from "#db/schema/index.ts";
import * as detailPage from "#app/routes/admin/orders/detail.tsx";
import * as listingPage from "#app/routes/admin/products/listing.tsx";
import * as storeAddPage from "#app/routes/admin/profile/store/add.tsx";
import * as storeEditPage from "#app/routes/admin/profile/store/edit.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { addStock, newOrder, newVariant, shopOf, sourceOf, type Shop } from "#tests/api/order-fixtures.ts";
import { runLoader } from "./harness.ts";

let shop: Shop;
let staffId: number;
let orderId: number;
const DEMO_STAFF = ["orders", "products"];

/** Gives the demo staff member exactly `privileges` in Toko Demo (their next request reads them). */
async function staffHolds(privileges: string[]) {
  await db.update(businessMembers).set({ privileges })
    .where(and(eq(businessMembers.businessId, shop.businessId), eq(businessMembers.userId, staffId)));
}

beforeAll(async () => {
  shop = await shopOf(DEMO.seller);
  [{ id: staffId }] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.staff));
  const v = await newVariant(shop);
  orderId = await newOrder(shop, [{ sku: v.sku, quantity: 1 }]);
  await addStock(shop, v.variantId, await sourceOf(orderId), 3);
});
afterEach(() => staffHolds(DEMO_STAFF));

describe("the order page's cancel and reject (orders.cancel)", () => {
  const open = (as: string) => runLoader(detailPage, { url: `/orders/${orderId}`, params: { slug: String(orderId) }, as });

  it("a staff member with Orders only gets the forward steps, not reject or cancelling items", async () => {
    const res = await open(DEMO.staff);
    expect(res.status).toBe(200);
    expect(res.data.order.allowed_actions).toContain("accept");
    for (const a of ["reject", "cancel", "approve-cancellation", "cancel-products"]) expect(res.data.order.allowed_actions).not.toContain(a);
    expect(Object.keys(res.data.order.action_needs)).not.toContain("reject");
  });

  it("with orders.cancel (and for an owner) reject and cancelling items are there", async () => {
    await staffHolds([...DEMO_STAFF, "orders.cancel"]);
    const staff = await open(DEMO.staff);
    expect(staff.data.order.allowed_actions).toEqual(expect.arrayContaining(["accept", "reject", "cancel-products"]));
    expect(staff.data.order.action_needs.reject).toBeTruthy();
    const owner = await open(DEMO.seller);
    expect(owner.data.order.allowed_actions).toEqual(staff.data.order.allowed_actions);
  });
});

describe("the product listing's delete (products.delete)", () => {
  it("is absent for a staff member with Product only, present with products.delete and for an owner", async () => {
    const without = await runLoader(listingPage, { url: "/products/listing", as: DEMO.staff });
    expect(without.status).toBe(200);
    expect(without.data.canDelete).toBe(false);
    await staffHolds([...DEMO_STAFF, "products.delete"]);
    const withIt = await runLoader(listingPage, { url: "/products/listing", as: DEMO.staff });
    expect(withIt.data.canDelete).toBe(true);
    expect((await runLoader(listingPage, { url: "/products/listing", as: DEMO.seller })).data.canDelete).toBe(true);
  });
});

describe("the store form's add a bank account (profile.bank)", () => {
  it("is absent for a staff member with Profile only, present with profile.bank, on the add and edit forms", async () => {
    await staffHolds([...DEMO_STAFF, "profile"]);
    const add = await runLoader(storeAddPage, { url: "/profile/store/add", as: DEMO.staff });
    expect(add.status).toBe(200);
    expect(add.data.canAddBank).toBe(false);
    await staffHolds([...DEMO_STAFF, "profile", "profile.bank"]);
    expect((await runLoader(storeAddPage, { url: "/profile/store/add", as: DEMO.staff })).data.canAddBank).toBe(true);
    expect((await runLoader(storeAddPage, { url: "/profile/store/add", as: DEMO.seller })).data.canAddBank).toBe(true);
  });

  it("the edit form reads the same", async () => {
    const stores = await db.execute<{ id: number }>(sql`SELECT id FROM stores WHERE business_id = ${shop.businessId} ORDER BY id LIMIT 1`);
    const id = String(stores.rows[0].id);
    await staffHolds([...DEMO_STAFF, "profile"]);
    const edit = await runLoader(storeEditPage, { url: `/profile/store/${id}/edit`, params: { slug: id }, as: DEMO.staff });
    expect(edit.status).toBe(200);
    expect(edit.data.canAddBank).toBe(false);
    await staffHolds([...DEMO_STAFF, "profile", "profile.bank"]);
    expect((await runLoader(storeEditPage, { url: `/profile/store/${id}/edit`, params: { slug: id }, as: DEMO.staff })).data.canAddBank).toBe(true);
  });
});
