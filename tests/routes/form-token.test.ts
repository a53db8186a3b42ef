/**
 * A create form is sent once (issue 12, app/lib/form-token.server.ts): the page's action behind the
 * admin area's own middleware, sent as a double click, a resent page, a corrected form.
 */
import { readFileSync } from "node:fs";
import { like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as add from "#app/routes/admin/profile/factory/add.tsx";
import * as partitions from "#app/routes/admin/profile/warehouse/edit.tsx";
import { db } from "#db/client.ts";
import { factories } from "#db/schema/index.ts";
import { DEMO } from "../api/helpers.ts";
import { runAction, runLoader } from "./harness.ts";

const form = (name: string, once?: string) => ({ name, address: "Jl. Melati No. 3", city_id: "3273", ...(once ? { _once: once } : {}) });
const send = (name: string, once?: string, as: string = DEMO.seller) => runAction(add, { url: "/profile/factory/add", as, form: form(name, once) });
const made = async (name: string) => (await db.select({ id: factories.id }).from(factories).where(like(factories.name, name))).length;

describe("a create form with its one-time token", () => {
  it("sent five times at once makes one record; every answer lands on the list", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => send("Konveksi Sekali", "tok-concurrent-1")));
    expect(answers.map((r) => r.redirect)).toEqual(Array(5).fill("/profile/factory"));
    expect(await made("Konveksi Sekali")).toBe(1);
    expect(answers.filter((r) => r.toasts.some((t) => t.message === "Factory added"))).toHaveLength(1);
    expect(answers.filter((r) => r.toasts.some((t) => t.message === "This form was already sent; it was saved once."))).toHaveLength(4);
  });

  it("sent again later (the page resent) writes nothing and says the form was already sent", async () => {
    expect((await send("Konveksi Ulang", "tok-again-1")).redirect).toBe("/profile/factory");
    const again = await send("Konveksi Ulang", "tok-again-1");
    expect(again.redirect).toBe("/profile/factory");
    expect(again.toasts).toEqual([{ type: "info", message: "This form was already sent; it was saved once." }]);
    expect(await made("Konveksi Ulang")).toBe(1);
  });

  it("refused, keeps its token usable: the corrected form goes through, once", async () => {
    const refused = await send("", "tok-fix-1");
    expect(refused.status).toBe(400);
    expect((await send("Konveksi Diperbaiki", "tok-fix-1")).redirect).toBe("/profile/factory");
    expect((await send("Konveksi Diperbaiki", "tok-fix-1")).toasts[0]?.type).toBe("info");
    expect(await made("Konveksi Diperbaiki")).toBe(1);
  });

  it("is the user's own: another user's token of the same value is another form", async () => {
    expect((await send("Konveksi Dua Orang", "tok-shared-1")).redirect).toBe("/profile/factory");
    expect((await send("Konveksi Dua Orang", "tok-shared-1", DEMO.seller2)).redirect).toBe("/profile/factory");
    expect(await made("Konveksi Dua Orang")).toBe(2);
  });

  it("without a token, two sends are two records (the token is what makes a form once)", async () => {
    await send("Konveksi Tanpa Token");
    await send("Konveksi Tanpa Token");
    expect(await made("Konveksi Tanpa Token")).toBe(2);
  });

  it("a form that stays on its page (a warehouse's new partition) is sent once too", async () => {
    const { rows } = await db.execute<{ id: number }>(
      sql`SELECT w.id FROM warehouses w JOIN business_members m ON m.business_id = w.business_id JOIN users u ON u.id = m.user_id WHERE u.email = ${DEMO.seller} LIMIT 1`);
    const url = `/profile/warehouse/${rows[0].id}`;
    const call = { url, as: DEMO.seller, params: { slug: String(rows[0].id) }, form: { intent: "partition_add", name: "Rak Sekali", _once: "tok-partition-1" } };
    const [a, b] = await Promise.all([runAction(partitions, call), runAction(partitions, call)]);
    expect([a.redirect, b.redirect]).toEqual([url, url]);
    const { rows: made } = await db.execute(sql`SELECT 1 FROM warehouse_partitions WHERE name = 'Rak Sekali'`);
    expect(made).toHaveLength(1);
  });
});

describe("the token", () => {
  it("is new with every page render (the root loader's)", async () => {
    const root = await import("#app/root.tsx");
    const a = await runLoader(root, { url: "/profile/factory/add", area: "public" });
    const b = await runLoader(root, { url: "/profile/factory/add", area: "public" });
    expect(a.data.formToken).toMatch(/^[\w-]{20,}$/);
    expect(b.data.formToken).not.toBe(a.data.formToken);
  });

  // The forms that make a record render <FormToken /> (app/components/form-token.tsx).
  it.each([
    "app/components/company-form.tsx", "app/components/brand-form.tsx", "app/components/channel-form.tsx",
    "app/components/store-form.tsx", "app/components/warehouse-form.tsx", "app/components/factory-form.tsx",
    "app/components/product-form.tsx", "app/components/service-form.tsx", "app/components/gift-voucher-form.tsx",
    "app/components/voucher-form.tsx", "app/components/package-form.tsx", "app/components/store-fee-form.tsx",
    "app/components/product-bulk-parts.tsx", "app/components/warehouse-partitions.tsx",
    "app/routes/admin/profile/brand/info.tsx", "app/routes/admin/profile/brand/add-partnership.tsx",
  ])("is in the create form of %s", (file) => {
    expect(readFileSync(file, "utf8")).toContain("<FormToken />");
  });
});
