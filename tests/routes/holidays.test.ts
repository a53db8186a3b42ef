/**
 * /profile/holiday at the web's seam: add (checkbox groups, the scope radios), a refusal under its
 * field with what was typed kept, the list filtered by store, the delete's one confirm step, edit,
 * and another business's session.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as addPage from "#app/routes/admin/profile/holiday/add.tsx";
import * as editPage from "#app/routes/admin/profile/holiday/edit.tsx";
import * as listPage from "#app/routes/admin/profile/holiday/list.tsx";
import { db } from "#db/client.ts";
import { businesses, holidays, stores } from "#db/schema/index.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

let storeId: number;
beforeAll(async () => {
  const [toko] = await db.select().from(businesses).where(eq(businesses.name, "Toko Demo"));
  [{ id: storeId }] = await db.insert(stores).values({ businessId: toko.id, name: "Toko Libur Web", type: 3, address: "Jl. Uji No. 2", cityId: 3174 }).returning();
});

/** The form as the browser posts it: the hidden empty value of each group, then the ticked boxes. */
function posted(fields: Record<string, string | string[]>) {
  const f = new FormData();
  f.append("store_ids", "");
  f.append("brand_ids", "");
  f.append("weekdays", "");
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) f.append(k, x);
  return f;
}

describe("holiday pages", () => {
  it("adds a session for one store on the weekend, lists it under that store, edits it", async () => {
    const res = await runAction(addPage, {
      url: "/profile/holiday/add", as: DEMO.seller,
      form: posted({ name: "Tutup Sabtu Minggu", scope: "selected", store_ids: String(storeId), weekdays: ["SATURDAY", "SUNDAY"], start_date: "", end_date: "" }),
    });
    expect(res.data?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toBe("/profile/holiday");
    expect(res.toasts).toContainEqual({ type: "success", message: "Holiday session added" });

    const list = await runLoader(listPage, { url: `/profile/holiday?store_id=${storeId}`, as: DEMO.seller });
    expect(list.status).toBe(200);
    const row = list.data.list.rows.find((r: { name: string }) => r.name === "Tutup Sabtu Minggu");
    expect(row).toMatchObject({ scope: "selected", weekdays: ["SATURDAY", "SUNDAY"], store_datas: [{ store_branch_id: storeId, name: "Toko Libur Web" }] });
    expect(list.data.params.filters.store_id).toBe(String(storeId));

    const id = String(row.holiday_id);
    const edit = await runLoader(editPage, { url: `/profile/holiday/${id}`, as: DEMO.seller, params: { slug: id } });
    expect(edit.data.holiday.name).toBe("Tutup Sabtu Minggu");
    const saved = await runAction(editPage, {
      url: `/id/profile/holiday/${id}`, as: DEMO.seller, params: { slug: id },
      form: posted({ name: "Tutup Minggu", scope: "selected", store_ids: String(storeId), weekdays: "SUNDAY" }),
    });
    expect(saved.redirect).toBe("/id/profile/holiday");
    expect(saved.toasts).toContainEqual({ type: "success", message: "Sesi libur diperbarui" });
    const [after] = await db.select().from(holidays).where(eq(holidays.id, Number(id)));
    expect(after.weekdays).toEqual(["SUNDAY"]);
  });

  it("keeps what was typed and says what is wrong under the field", async () => {
    const res = await runAction(addPage, {
      url: "/id/profile/holiday/add", as: DEMO.seller,
      form: posted({ name: "Lebaran", scope: "business", start_date: "2027-03-12", end_date: "2027-03-08" }),
    });
    expect(res.status).toBe(400);
    expect(res.data.error.end_date).toEqual(["holiday:errors.end_before_start"]);
    expect(res.data.initialValue.name).toBe("Lebaran");
    const none = await runAction(addPage, { url: "/profile/holiday/add", as: DEMO.seller, form: posted({ name: "Kosong", scope: "selected", weekdays: "MONDAY" }) });
    expect(none.data.error.store_ids).toEqual(["holiday:errors.no_scope"]);
  });

  it("deletes after the one confirm step, without JavaScript too", async () => {
    const made = await runAction(addPage, { url: "/profile/holiday/add", as: DEMO.seller, form: posted({ name: "Hapus Saya", weekdays: "MONDAY" }) });
    expect(made.redirect).toBe("/profile/holiday");
    const [h] = await db.select().from(holidays).where(eq(holidays.name, "Hapus Saya"));
    const ask = await runAction(listPage, { url: "/profile/holiday", as: DEMO.seller, form: { intent: "delete", holiday_id: h.id } });
    expect(ask.redirect).toBe(`/profile/holiday?confirm=delete&holiday_id=${h.id}`);
    const step = await runLoader(listPage, { url: ask.redirect!, as: DEMO.seller });
    expect(step.data.toDelete.name).toBe("Hapus Saya");
    const done = await runAction(listPage, { url: "/profile/holiday", as: DEMO.seller, form: { intent: "delete", holiday_id: h.id, confirmed: "1" } });
    expect(done.redirect).toBe("/profile/holiday");
    expect(done.toasts).toContainEqual({ type: "success", message: "Holiday session deleted" });
    expect(await db.select().from(holidays).where(eq(holidays.id, h.id))).toEqual([]);
  });

  it("another business's session is the not-found page, and its delete changes nothing", async () => {
    const [h] = await db.select().from(holidays).where(eq(holidays.name, "Tutup Minggu"));
    const other = await runLoader(editPage, { url: `/profile/holiday/${h.id}`, as: DEMO.seller2, params: { slug: String(h.id) } });
    expect(other.status).toBe(404);
    const del = await runAction(listPage, { url: "/profile/holiday", as: DEMO.seller2, form: { intent: "delete", holiday_id: h.id, confirmed: "1" } });
    expect(del.status).toBe(404);
    expect(await db.select().from(holidays).where(eq(holidays.id, h.id))).toHaveLength(1);
    const theirs = await runLoader(listPage, { url: "/profile/holiday", as: DEMO.seller2 });
    expect(theirs.data.list.rows.map((r: { holiday_id: number }) => r.holiday_id)).not.toContain(h.id);
  });
});
