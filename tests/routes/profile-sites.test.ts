/**
 * The company and warehouse pages at the web's seam: the lists, a warehouse saved (record, notice,
 * redirect), refusals under their fields (what was typed kept), the partition remove's confirm
 * step and the company switch's notice.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import { warehouses } from "#db/schema/index.ts";
import * as companyList from "#app/routes/admin/profile/company/list.tsx";
import * as warehouseAdd from "#app/routes/admin/profile/warehouse/add.tsx";
import * as warehouseEdit from "#app/routes/admin/profile/warehouse/edit.tsx";
import * as warehouseList from "#app/routes/admin/profile/warehouse/list.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

// A name of its own each run: the test database keeps what earlier runs added.
const form = { name: `Gudang Route ${Date.now()}`, type: "1", region: "1", address: "Jl. Kenanga No. 9", city_id: "3273", postcode: "40111", partitions: "Rak A\nRak B" };

describe("warehouse pages", () => {
  it("lists the business's warehouses with the total in the title", async () => {
    const res = await runLoader(warehouseList, { url: "/profile/warehouse", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toMatch(/Warehouse/);
    expect(res.data.list.rows.length).toBeGreaterThan(0);
    expect(res.data.list.pagination.total_record).toBeGreaterThanOrEqual(res.data.list.rows.length);
  });

  it("adds a warehouse with its partitions: back to the list with a notice", async () => {
    const res = await runAction(warehouseAdd, { url: "/profile/warehouse/add", as: DEMO.seller, form });
    expect(res.data?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toBe("/profile/warehouse");
    expect(res.toasts).toContainEqual({ type: "success", message: "Warehouse added" });
    const [row] = await db.select().from(warehouses).where(eq(warehouses.name, form.name));
    expect(row).toMatchObject({ address: form.address, cityId: 3273, postcode: "40111", isDefault: false });
    const list = await runLoader(warehouseList, { url: `/profile/warehouse?search=${encodeURIComponent(form.name)}`, as: DEMO.seller });
    expect(list.data.list.rows[0].partition_datas.map((p: { name: string }) => p.name)).toEqual(["Rak A", "Rak B"]);
  });

  it("keeps what was typed and says what is wrong under the field", async () => {
    const res = await runAction(warehouseAdd, { url: "/id/profile/warehouse/add", as: DEMO.seller, form: { ...form, name: "", postcode: "12" } });
    expect(res.status).toBe(400);
    expect(res.data.error.name?.[0]).toBeTruthy();
    expect(res.data.error.postcode?.[0]).toBeTruthy();
    expect(res.data.initialValue.address).toBe(form.address);
  });

  it("refuses a city core does not know under city_id", async () => {
    const res = await runAction(warehouseAdd, { url: "/profile/warehouse/add", as: DEMO.seller, form: { ...form, name: "Gudang Tanpa Kota", city_id: "999999" } });
    expect(res.status).toBe(400);
    expect(res.data.error.city_id).toEqual(["This value is not valid"]);
    expect(res.data.initialValue.name).toBe("Gudang Tanpa Kota");
  });

  it("refuses a duplicate partition under its field; removing asks first", async () => {
    const [w] = await db.select().from(warehouses).where(eq(warehouses.name, form.name));
    const at = { url: `/profile/warehouse/${w.id}`, as: DEMO.seller, params: { slug: String(w.id) } };
    const dup = await runAction(warehouseEdit, { ...at, form: { intent: "partition_add", name: "rak a" } });
    expect(dup.status).toBe(400);
    expect(dup.data.partition).toMatchObject({ intent: "partition_add", name: "rak a", errors: ["This warehouse already has a partition with this name"] });

    const page = await runLoader(warehouseEdit, at);
    const rak = page.data.warehouse.partition_datas.find((p: { name: string }) => p.name === "Rak B");
    const ask = await runAction(warehouseEdit, { ...at, form: { intent: "partition_remove", partition_id: rak.id } });
    expect(ask.redirect).toBe(`/profile/warehouse/${w.id}?confirm=partition_remove&partition_id=${rak.id}`);
    const step = await runLoader(warehouseEdit, { ...at, url: ask.redirect! });
    expect(step.data.confirming).toEqual({ id: rak.id, name: "Rak B" });
    const done = await runAction(warehouseEdit, { ...at, form: { intent: "partition_remove", partition_id: rak.id, confirmed: "1" } });
    expect(done.redirect).toBe(`/profile/warehouse/${w.id}`);
    expect(done.toasts).toContainEqual({ type: "success", message: "Partition removed" });
  });
});

describe("company pages", () => {
  it("lists the user's companies with the total in the title", async () => {
    const res = await runLoader(companyList, { url: "/profile/company", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toMatch(/^Company \(\d+\)/);
    expect(res.data.list.rows.map((c: { name: string }) => c.name)).toContain("Toko Demo");
    expect(res.data.list.rows.find((c: { is_active_business: boolean }) => c.is_active_business)).toBeTruthy();
  });

  it("switches a company after confirming, with the API's notice", async () => {
    const list = await runLoader(companyList, { url: "/profile/company?search=Bandung", as: DEMO.seller });
    const c = list.data.list.rows[0];
    const action = c.status === 1 ? "inactivate" : "activate";
    const ask = await runAction(companyList, { url: "/profile/company", as: DEMO.seller, form: { intent: "toggle", business_id: c.business_id, action } });
    expect(ask.redirect).toMatch(/confirm=toggle/);
    const done = await runAction(companyList, { url: "/profile/company", as: DEMO.seller, form: { intent: "toggle", business_id: c.business_id, action, confirmed: "1" } });
    expect(done.toasts).toContainEqual({ type: "success", message: action === "activate" ? "Company activated" : "Company deactivated" });
    // Back as it was.
    const back = action === "activate" ? "inactivate" : "activate";
    await runAction(companyList, { url: "/profile/company", as: DEMO.seller, form: { intent: "toggle", business_id: c.business_id, action: back, confirmed: "1" } });
  });
});
