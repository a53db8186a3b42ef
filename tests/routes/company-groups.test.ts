/**
 * /profile/company/group (business groups over core/business/company-groups.ts) and /list (the
 * user's businesses, grouped, with "Switch to") at the web's seam: create, a refused name under its
 * field, join, leave and delete after the one confirm step, another user's group, and the list
 * any member opens.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as groupPage from "#app/routes/admin/profile/company/group.tsx";
import * as listPage from "#app/routes/admin/list.tsx";
import { db } from "#db/client.ts";
import { businesses, businessGroups } from "#db/schema/index.ts";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

const at = { url: "/profile/company/group", as: DEMO.seller };
let tokoDemo: number;
beforeAll(async () => {
  [{ id: tokoDemo }] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, "Toko Demo"));
});

describe("business groups page", () => {
  it("creates a group, puts a company in it, lists it grouped on /list, then takes it out and deletes the group after asking", async () => {
    const made = await runAction(groupPage, { ...at, form: { intent: "create", name: "Grup Nusantara" } });
    expect(made.redirect).toBe("/profile/company/group");
    expect(made.toasts).toContainEqual({ type: "success", message: "Group created" });
    const page = await runLoader(groupPage, at);
    const group = page.data.groups.find((g: { name: string }) => g.name === "Grup Nusantara");
    expect(group.business_datas).toEqual([]);
    expect(page.data.companies.map((c: { business_id: number }) => c.business_id)).toContain(tokoDemo);

    const joined = await runAction(groupPage, { ...at, form: { intent: "join", business_id: tokoDemo, group_id: group.group_id } });
    expect(joined.toasts).toContainEqual({ type: "success", message: "Company added to the group" });
    const list = await runLoader(listPage, { url: "/list", as: DEMO.seller });
    expect(list.status).toBe(200);
    const entry = list.data.entries.find((e: { group_id?: number }) => e.group_id === group.group_id);
    expect(entry.business_datas).toMatchObject([{ business_id: tokoDemo, name: "Toko Demo", role: "owner", is_active_business: true }]);

    const ask = await runAction(groupPage, { ...at, form: { intent: "unjoin", business_id: tokoDemo } });
    expect(ask.redirect).toBe(`/profile/company/group?confirm=unjoin&business_id=${tokoDemo}`);
    const step = await runLoader(groupPage, { ...at, url: ask.redirect! });
    expect(step.data.confirm).toMatchObject({ intent: "unjoin", id: tokoDemo, name: "Toko Demo", group: "Grup Nusantara" });
    const left = await runAction(groupPage, { ...at, form: { intent: "unjoin", business_id: tokoDemo, confirmed: "1" } });
    expect(left.toasts).toContainEqual({ type: "success", message: "Company removed from the group" });
    const [after] = await db.select({ groupId: businesses.groupId }).from(businesses).where(eq(businesses.id, tokoDemo));
    expect(after.groupId).toBeNull();

    const askDelete = await runAction(groupPage, { ...at, form: { intent: "delete", group_id: group.group_id } });
    expect(askDelete.redirect).toBe(`/profile/company/group?confirm=delete&group_id=${group.group_id}`);
    const deleted = await runAction(groupPage, { ...at, form: { intent: "delete", group_id: group.group_id, confirmed: "1" } });
    expect(deleted.toasts).toContainEqual({ type: "success", message: "Group deleted" });
    expect(await db.select().from(businessGroups).where(eq(businessGroups.id, group.group_id))).toEqual([]);
  });

  it("says what is wrong with a name under the field of the form that sent it", async () => {
    const res = await runAction(groupPage, { ...at, url: "/id/profile/company/group", form: { intent: "create", name: "" } });
    expect(res.status).toBe(400);
    expect(res.data.intent).toBe("create");
    expect(res.data.reply.error.name).toEqual(["required"]);
  });

  it("another user's group is not found, and nothing changes", async () => {
    await runAction(groupPage, { ...at, form: { intent: "create", name: "Grup Rahasia" } });
    const [g] = await db.select().from(businessGroups).where(eq(businessGroups.name, "Grup Rahasia"));
    const other = { url: "/profile/company/group", as: DEMO.seller2 };
    expect((await runAction(groupPage, { ...other, form: { intent: "rename", group_id: g.id, name: "Dicuri" } })).status).toBe(404);
    expect((await runAction(groupPage, { ...other, form: { intent: "delete", group_id: g.id, confirmed: "1" } })).status).toBe(404);
    const page2 = await runLoader(groupPage, other);
    expect(page2.data.groups.map((x: { group_id: number }) => x.group_id)).not.toContain(g.id);
    const [still] = await db.select().from(businessGroups).where(eq(businessGroups.id, g.id));
    expect(still.name).toBe("Grup Rahasia");
  });
});

describe("/list", () => {
  it("any member opens it: a staff member sees their business with their role, and no group management link", async () => {
    const res = await runLoader(listPage, { url: "/id/list", as: DEMO.staff });
    expect(res.status).toBe(200);
    expect(res.data.canManageGroups).toBe(false);
    const all = res.data.entries.flatMap((e: { business_datas?: unknown[] }) => e.business_datas ?? [e]);
    expect(all).toContainEqual(expect.objectContaining({ business_id: tokoDemo, role: "staff", role_name: "Staf", is_active_business: true, can_switch: false }));
  });
});
