/**
 * The staff pages at the web's seam (issue 13): /setting/pos-seller (list, pending invitations,
 * the no-JavaScript confirm step of suspend / reactivate / remove / cancel), user/add (invite),
 * user/:id (privileges, default page, role; Access), and the public /invite/:token (every state of
 * a link, a new account, an existing one, the wrong one). A change reaches the staff member's next
 * page at once; a suspension ends their open session.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { db } from "#db/client.ts";
import { outbox, staffInvitations, users } from "#db/schema/index.ts";
import * as listPage from "#app/routes/admin/setting/pos-seller/list.tsx";
import * as addPage from "#app/routes/admin/setting/pos-seller/user-add.tsx";
import * as editPage from "#app/routes/admin/setting/pos-seller/user-edit.tsx";
import * as invitePage from "#app/routes/invite.tsx";
import * as ordersPage from "#app/routes/admin/orders/list.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

const LIST = "/setting/pos-seller";
let staffId: number;
let sellerId: number;
const idOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const linkTo = async (target: string) => {
  const [m] = await db.select().from(outbox).where(eq(outbox.target, target)).orderBy(desc(outbox.id)).limit(1);
  return m.body.match(/\/invite\/([\w-]+)/)![1];
};
const invite = (form: Record<string, string | string[]>) => runAction(addPage, { url: `${LIST}/user/add`, as: DEMO.seller, form });
const edit = (id: number, form: Record<string, string | string[]>, as: string = DEMO.seller) =>
  runAction(editPage, { url: `${LIST}/user/${id}`, as, form, params: { id: String(id) } });

beforeAll(async () => {
  staffId = await idOf(DEMO.staff);
  sellerId = await idOf(DEMO.seller);
});

describe("the staff list", () => {
  it("lists the members with their status and privileges; an owner gets the buttons", async () => {
    const res = await runLoader(listPage, { url: LIST, as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toBe("Staff (2) | Indie Seller");
    expect(res.data.canManage).toBe(true);
    const staff = res.data.list.rows.find((r: { user_id: number }) => r.user_id === staffId);
    expect(staff).toMatchObject({ status_name: "Active", privilege_datas: [{ key: "orders", name: "Orders" }, { key: "products", name: "Product" }] });
    const filtered = await runLoader(listPage, { url: `${LIST}?status=2`, as: DEMO.seller });
    expect(filtered.data.list.rows).toEqual([]);
    const id = await runLoader(listPage, { url: `/id${LIST}`, as: DEMO.seller });
    expect(id.data.title).toBe("Staf (2) | Indie Seller");
  });

  it("a staff member without the setting privilege gets the 403 page naming Setting", async () => {
    const res = await runLoader(listPage, { url: LIST, as: DEMO.staff });
    expect(res.status).toBe(403);
    expect((res.error as { forbidden: { message: string } }).forbidden.message).toBe("You don't have access to Setting. Ask the business owner to give you access.");
  });
});

describe("inviting from the form", () => {
  it("sends the invitation and says so on the list, where it is pending", async () => {
    const res = await invite({ target: "form@indie.test", privileges: ["", "orders"], default_route: "/orders" });
    expect(res.redirect).toBe(LIST);
    expect(res.toasts).toContainEqual({ type: "success", message: "Invitation sent to form@indie.test" });
    const list = await runLoader(listPage, { url: LIST, as: DEMO.seller });
    expect(list.data.invitations.map((i: { target: string }) => i.target)).toContain("form@indie.test");
  });

  it("keeps what was typed and says what is wrong under the fields", async () => {
    const res = await invite({ target: "nope", privileges: [""], default_route: "" });
    expect(res.status).toBe(400);
    expect(res.data.error.target).toBeTruthy();
    expect(res.data.error.privileges).toEqual(["team:errors.privileges_required"]);
    expect(res.data.initialValue.target).toBe("nope");
    const member = await invite({ target: DEMO.staff, privileges: ["", "orders"] });
    expect(member.data.error.target).toEqual(["This person already works for the business"]);
  });

  it("resend and cancel: cancel asks first without JavaScript", async () => {
    await invite({ target: "batal-web@indie.test", privileges: ["", "orders"] });
    const [inv] = await db.select().from(staffInvitations).where(eq(staffInvitations.target, "batal-web@indie.test"));
    const resent = await runAction(listPage, { url: LIST, as: DEMO.seller, form: { intent: "resend", invitation_id: String(inv.id) } });
    expect(resent.toasts).toContainEqual({ type: "success", message: "Invitation sent to batal-web@indie.test" });
    const ask = await runAction(listPage, { url: LIST, as: DEMO.seller, form: { intent: "cancel_invitation", invitation_id: String(inv.id) } });
    expect(ask.redirect).toBe(`${LIST}?confirm=cancel_invitation&invitation_id=${inv.id}`);
    const step = await runLoader(listPage, { url: ask.redirect!, as: DEMO.seller });
    expect(step.data.asking).toEqual({ intent: "cancel_invitation", fields: { intent: "cancel_invitation", invitation_id: String(inv.id) }, name: "batal-web@indie.test" });
    const done = await runAction(listPage, { url: LIST, as: DEMO.seller, form: { ...step.data.asking.fields, confirmed: "1" } });
    expect(done.redirect).toBe(LIST);
    expect(done.toasts).toContainEqual({ type: "success", message: "Invitation cancelled" });
  });
});

describe("the invitation link", () => {
  it("says why a link no longer works", async () => {
    const unknown = await runLoader(invitePage, { url: "/invite/nothing-here", area: "public", params: { token: "nothing-here" } });
    expect(unknown.data.view).toEqual({ state: "invalid", business_name: null });
    await invite({ target: "basi@indie.test", privileges: ["", "orders"] });
    const token = await linkTo("basi@indie.test");
    await db.update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvitations.target, "basi@indie.test"));
    const expired = await runLoader(invitePage, { url: `/id/invite/${token}`, area: "public", params: { token } });
    expect(expired.data.view.state).toBe("expired");
    expect(expired.data.title).toBe("Undangan · Indie Seller");
    const tries = await runAction(invitePage, { url: `/invite/${token}`, area: "public", params: { token }, form: { name: "Basi", password: "password-basi", password_confirmation: "password-basi" } });
    expect(tries.status).toBe(400);
    expect(tries.data.error[""]).toEqual(["This invitation has expired. Ask the business owner to send it again."]);
  });

  it("a new person sets a name and password, is signed in and lands on their page; the link is then used", async () => {
    await invite({ target: "web-baru@indie.test", privileges: ["", "orders"], default_route: "/orders" });
    const token = await linkTo("web-baru@indie.test");
    const page = await runLoader(invitePage, { url: `/invite/${token}`, area: "public", params: { token } });
    expect(page.data.view).toMatchObject({ state: "open", business_name: "Toko Demo", inviter_name: "Sari Wulandari", has_account: false });
    expect(page.data.me).toBeNull();
    const mismatch = await runAction(invitePage, { url: `/invite/${token}`, area: "public", params: { token }, form: { name: "Web", password: "password-web", password_confirmation: "other" } });
    expect(mismatch.data.error.password_confirmation).toBeTruthy();
    const res = await runAction(invitePage, { url: `/invite/${token}`, area: "public", params: { token }, form: { name: "Web Baru", password: "password-web", password_confirmation: "password-web" } });
    expect(res.redirect).toBe("/orders");
    expect(res.toasts).toContainEqual({ type: "success", message: "Welcome to Toko Demo" });
    expect(res.headers.get("Set-Cookie")).toContain("__session=");
    const used = await runLoader(invitePage, { url: `/invite/${token}`, area: "public", params: { token } });
    expect(used.data.view.state).toBe("used");
  });

  it("an existing account signs in and joins; another account is told it is not theirs", async () => {
    await invite({ target: DEMO.newbie, privileges: ["", "products"] });
    const token = await linkTo(DEMO.newbie);
    const out = await runLoader(invitePage, { url: `/invite/${token}`, area: "public", params: { token } });
    expect(out.data.view.has_account).toBe(true);
    const other = await runLoader(invitePage, { url: `/invite/${token}`, area: "public", params: { token }, as: DEMO.seller2 });
    expect(other.data.me).toEqual({ name: "Budi Santoso", mine: false });
    const refused = await runAction(invitePage, { url: `/invite/${token}`, area: "public", params: { token }, as: DEMO.seller2, form: { intent: "join" } });
    expect(refused.data.error[""][0]).toContain("This invitation is for newbie@indie.test");
    const mine = await runLoader(invitePage, { url: `/invite/${token}`, area: "public", params: { token }, as: DEMO.newbie });
    expect(mine.data.me).toEqual({ name: "Dewi Newbie", mine: true });
    const joined = await runAction(invitePage, { url: `/invite/${token}`, area: "public", params: { token }, as: DEMO.newbie, form: { intent: "join" } });
    expect(joined.redirect).toBe("/products/listing");
    expect(joined.toasts).toContainEqual({ type: "success", message: "Welcome to Toko Demo" });
  });
});

describe("changing a member", () => {
  it("an owner edits privileges and default page; the staff member's next page follows", async () => {
    const page = await runLoader(editPage, { url: `${LIST}/user/${staffId}`, as: DEMO.seller, params: { id: String(staffId) } });
    expect(page.data.member).toMatchObject({ name: "Rina Kusuma", privileges: ["orders", "products"] });
    const outside = await edit(staffId, { intent: "save", role: "staff", privileges: ["", "orders"], default_route: "/products/listing" });
    expect(outside.status).toBe(400);
    expect(outside.data.error.default_route).toEqual(["The default page must be in one of the chosen privileges"]);
    const saved = await edit(staffId, { intent: "save", role: "staff", privileges: ["", "products"], default_route: "/products/listing" });
    expect(saved.redirect).toBe(LIST);
    expect(saved.toasts).toContainEqual({ type: "success", message: "Staff updated" });
    const orders = await runLoader(ordersPage, { url: "/orders", as: DEMO.staff });
    expect(orders.status).toBe(403); // the 403 page, not a silent redirect
    await edit(staffId, { intent: "save", role: "staff", privileges: ["", "orders", "products"], default_route: "/orders" });
    expect((await runLoader(ordersPage, { url: "/orders", as: DEMO.staff })).status).toBe(200);
  });

  it("the owner's own Access refuses, as a notice; another business's member is the not-found page; staff get the 403 page", async () => {
    const self = await edit(sellerId, { intent: "suspend", user_id: String(sellerId), confirmed: "1" });
    expect(self.redirect).toBe(`${LIST}/user/${sellerId}`);
    expect(self.toasts).toContainEqual({ type: "danger", message: "You cannot suspend or remove yourself" });
    const other = await runLoader(editPage, { url: `${LIST}/user/${staffId}`, as: DEMO.seller2, params: { id: String(staffId) } });
    expect(other.status).toBe(404);
    await edit(staffId, { intent: "save", role: "staff", privileges: ["", "orders", "products", "setting"], default_route: "/orders" });
    const asStaff = await runLoader(addPage, { url: `${LIST}/user/add`, as: DEMO.staff });
    expect(asStaff.status).toBe(403);
    const readOnly = await runLoader(listPage, { url: LIST, as: DEMO.staff });
    expect(readOnly.data.canManage).toBe(false);
    await edit(staffId, { intent: "save", role: "staff", privileges: ["", "orders", "products"], default_route: "/orders" });
  });

  it("suspend asks first without JavaScript, then ends the staff member's open session", async () => {
    expect((await runLoader(ordersPage, { url: "/orders", as: DEMO.staff })).status).toBe(200);
    const ask = await runAction(listPage, { url: LIST, as: DEMO.seller, form: { intent: "suspend", user_id: String(staffId) } });
    expect(ask.redirect).toBe(`${LIST}?confirm=suspend&user_id=${staffId}`);
    const step = await runLoader(listPage, { url: ask.redirect!, as: DEMO.seller });
    expect(step.data.asking).toEqual({ intent: "suspend", fields: { intent: "suspend", user_id: String(staffId) }, name: "Rina Kusuma" });
    const done = await runAction(listPage, { url: LIST, as: DEMO.seller, form: { ...step.data.asking.fields, confirmed: "1" } });
    expect(done.toasts).toContainEqual({ type: "success", message: "Rina Kusuma is suspended" });
    // The open browser session of the staff member: signed out on its next click.
    const next = await runLoader(ordersPage, { url: "/orders", as: DEMO.staff });
    expect(next.redirect).toBe("/auth?redirectTo=%2Forders");
    const back = await edit(staffId, { intent: "reactivate", user_id: String(staffId), confirmed: "1" });
    expect(back.toasts).toContainEqual({ type: "success", message: "Rina Kusuma is active again" });
    const removed = await edit(staffId, { intent: "remove", user_id: String(staffId), confirmed: "1" });
    expect(removed.redirect).toBe(LIST);
    expect(removed.toasts).toContainEqual({ type: "success", message: "Rina Kusuma was removed" });
  });
});
