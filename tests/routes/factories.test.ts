/** The factory pages at the web's seam: the list, a save, a refusal under its field, another business's factory. */
import { describe, expect, it } from "vitest";
import * as addPage from "#app/routes/admin/profile/factory/add.tsx";
import * as editPage from "#app/routes/admin/profile/factory/edit.tsx";
import * as listPage from "#app/routes/admin/profile/factory/list.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

const form = { name: "Konveksi Melati", address: "Jl. Melati No. 3", city_id: "3273", monthly_capacity: "1200" };

describe("factory pages", () => {
  it("lists the business's factories with the total in the title", async () => {
    const res = await runLoader(listPage, { url: "/profile/factory", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toMatch(/Factor/);
    expect(res.data.list.pagination.total_record).toBe(res.data.list.rows.length);
  });

  it("adds a factory: back to the list with a notice, and it is listed", async () => {
    const res = await runAction(addPage, { url: "/profile/factory/add", as: DEMO.seller, form });
    expect(res.data?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toBe("/profile/factory");
    expect(res.toasts).toContainEqual({ type: "success", message: "Factory added" });
    const list = await runLoader(listPage, { url: "/profile/factory?search=Melati", as: DEMO.seller });
    expect(list.data.list.rows.map((r: { name: string }) => r.name)).toContain("Konveksi Melati");
  });

  it("keeps what was typed and says what is wrong under the field", async () => {
    const res = await runAction(addPage, { url: "/id/profile/factory/add", as: DEMO.seller, form: { ...form, name: "", monthly_capacity: "-1" } });
    expect(res.status).toBe(400);
    expect(res.data.error.name?.[0]).toBeTruthy();
    expect(res.data.error.monthly_capacity?.[0]).toBeTruthy();
    expect(res.data.initialValue.address).toBe("Jl. Melati No. 3");
  });

  it("another business's factory is the not-found page", async () => {
    const mine = await runLoader(listPage, { url: "/profile/factory", as: DEMO.seller });
    const id = String(mine.data.list.rows[0].factory_id);
    const other = await runLoader(editPage, { url: `/profile/factory/${id}`, as: DEMO.seller2, params: { slug: id } });
    expect(other.status).toBe(404);
  });
});
