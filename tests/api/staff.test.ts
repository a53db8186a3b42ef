/**
 * Staff users (issue 13, spec 7 "Omnipos": /accounts/seller/users and /privileges): the contract,
 * tenant isolation, who may change what (owners only; nobody suspends or removes themselves; the
 * last owner stays), a change taking effect on the staff member's very next call, a suspension or
 * removal ending their bearer tokens and sockets at once, and two owners changing one member at
 * the same moment. Invitations: staff-invitations.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client.ts";
import { businesses, businessMembers, users } from "#db/schema/index.ts";
import { disconnectedWithin, joinSocket, startRealtime } from "./realtime-client.ts";
import { call, DEMO, login } from "./helpers.ts";

const P = "/v0.0.0/omnipos/accounts/seller";
let realtime: Awaited<ReturnType<typeof startRealtime>>;
let seller: string;
let ids: { seller: number; staff: number; seller2: number; toko: number; bandung: number };

const userId = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const businessId = async (name: string) => (await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, name)))[0].id;

/** Makes `email` a member of `business` with these values (test setup, not a feature path). */
async function setMember(business: number, email: string, values: { role?: string; privileges?: string[]; status?: number; defaultRoute?: string }) {
  const user = await userId(email);
  await db.insert(businessMembers).values({ businessId: business, userId: user, role: "staff", ...values })
    .onConflictDoUpdate({ target: [businessMembers.businessId, businessMembers.userId], set: values });
  return user;
}

beforeAll(async () => {
  realtime = await startRealtime();
  seller = await login(DEMO.seller);
  ids = {
    seller: await userId(DEMO.seller), staff: await userId(DEMO.staff), seller2: await userId(DEMO.seller2),
    toko: await businessId("Toko Demo"), bandung: await businessId("Toko Demo Bandung"),
  };
});
afterAll(() => realtime.close());

/** A socket joined with `token` (a bearer token or a web ticket), once; `result`: its join's answer. */
const join = (token: string) => joinSocket(realtime.url, token, { reconnect: false });
const ticketFor = async (token: string) => (await call("POST", "/v0.0.0/realtime/ticket", { token })).body.data.ticket as string;

describe("the privileges and the list", () => {
  it("lists every privilege with its name in the caller's language", async () => {
    const en = await call("GET", `${P}/privileges`, { token: seller });
    expect(en.status).toBe(200);
    // One per sidebar group, and the finer ones (money, what cannot be undone) after their group.
    expect(en.body.data.map((p: { key: string }) => p.key)).toEqual([
      "dashboard", "profile", "profile.bank", "orders", "orders.cancel", "analytics", "inbox", "balance", "balance.withdraw",
      "promotion", "products", "products.delete", "setting", "customer", "omnichannel", "erp", "erp.approve",
    ]);
    expect(en.body.data[0]).toEqual({ privilege_id: "dashboard", key: "dashboard", name: "Dashboard", parent: null, default_route: "/dashboard" });
    expect(en.body.data[11]).toEqual({ privilege_id: "products.delete", key: "products.delete", name: "Delete products", parent: "products", default_route: "/products/listing" });
    const id = await call("GET", `${P}/privileges`, { token: seller, locale: "id" });
    expect(id.body.data.find((p: { key: string }) => p.key === "orders.cancel").name).toBe("Batalkan dan tolak pesanan");
  });

  it("lists the business's members, the owner with every privilege; search, status and sort go through the shared list query", async () => {
    const res = await call("GET", `${P}/users`, { token: seller, query: { sort: 5 } });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((m: any) => [m.user_id, m]));
    expect(byId.get(ids.seller)).toMatchObject({ role: "owner", status: 1, status_name: "Active", is_self: true, privileges: expect.arrayContaining(["setting", "erp"]) });
    expect(byId.get(ids.staff)).toMatchObject({ role: "staff", role_name: "Staff", privileges: ["orders", "products"], default_route: "/orders", email: DEMO.staff });
    expect(byId.has(ids.seller2)).toBe(false);
    expect(res.body.pagination).toMatchObject({ total_record: 2, total_page: 1 });
    const search = await call("GET", `${P}/users`, { token: seller, query: { search: "rina" } });
    expect(search.body.data.map((m: any) => m.user_id)).toEqual([ids.staff]);
    const suspended = await call("GET", `${P}/users`, { token: seller, query: { status: 2 } });
    expect(suspended.status).toBe(404);
    expect((await call("GET", `${P}/users`, { token: seller, query: { status: 7 } })).status).toBe(422);
  });

  it("is another business's member a 404 for every call, and needs the setting privilege", async () => {
    const other = await login(DEMO.seller2);
    for (const [method, json] of [["GET", undefined], ["PUT", { privileges: ["orders"] }], ["DELETE", undefined]] as const) {
      const res = await call(method, `${P}/users/${ids.staff}`, { token: other, json });
      expect(res.status, method).toBe(404);
    }
    const staff = await login(DEMO.staff);
    expect((await call("GET", `${P}/users`, { token: staff })).status).toBe(403);
    expect((await call("GET", `${P}/privileges`, { token: staff })).status).toBe(403);
  });
});

describe("changing a member", () => {
  it("takes effect on the staff member's very next call", async () => {
    const staff = await login(DEMO.staff);
    expect((await call("GET", "/v0.0.0/orders/count", { token: staff })).status).toBe(200);
    expect((await call("GET", "/v0.0.0/factories", { token: staff })).status).toBe(403);
    const res = await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { privileges: ["profile"] } });
    expect(res.status).toBe(200);
    // The kept default page (/orders) is outside the new privileges: it moves to the first page of them.
    expect(res.body.data).toMatchObject({ privileges: ["profile"], default_route: "/profile/company" });
    expect((await call("GET", "/v0.0.0/orders/count", { token: staff })).status).toBe(403);
    expect((await call("GET", "/v0.0.0/factories", { token: staff })).status).not.toBe(403);
    expect((await call("GET", "/v0.0.0/accounts/me", { token: staff })).body.data).toMatchObject({ privileges: ["profile"], default_route: "/profile/company" });
    const back = await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { privileges: ["orders", "products"], default_route: "/orders" } });
    expect(back.body.data).toMatchObject({ privileges: ["orders", "products"], default_route: "/orders" });
  });

  it("refuses unknown privileges, a default page outside them, and a staff member managing staff", async () => {
    const bad = await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { privileges: ["orders", "root"] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data)).toEqual(["privileges.1"]);
    const none = await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { privileges: [] } });
    expect(none.body.data).toEqual({ privileges: ["Choose at least one privilege"] });
    const outside = await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { privileges: ["orders"], default_route: "/products/listing" } });
    expect(outside.status).toBe(422);
    expect(outside.body.data).toEqual({ default_route: ["The default page must be in one of the chosen privileges"] });
    // With the setting privilege a staff member sees the list, and still changes nothing.
    await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { privileges: ["orders", "products", "setting"] } });
    const staff = await login(DEMO.staff);
    expect((await call("GET", `${P}/users`, { token: staff })).status).toBe(200);
    const tries = await call("PUT", `${P}/users/${ids.seller}`, { token: staff, json: { status: 2 } });
    expect(tries).toMatchObject({ status: 403, body: { message: "Only an owner of the business can do this." } });
    expect((await call("POST", `${P}/users`, { token: staff, json: { target: "x@indie.test", privileges: ["orders"] } })).status).toBe(403);
    await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { privileges: ["orders", "products"] } });
  });

  it("an owner cannot suspend or remove themselves, nor step down as the last owner", async () => {
    const self = await call("DELETE", `${P}/users/${ids.seller}`, { token: seller });
    expect(self).toMatchObject({ status: 422, body: { message: "You cannot suspend or remove yourself" } });
    const suspend = await call("PUT", `${P}/users/${ids.seller}`, { token: seller, json: { status: 2 } });
    expect(suspend.status).toBe(422);
    expect(suspend.body.data).toEqual({ status: ["You cannot suspend or remove yourself"] });
    const last = await call("PUT", `${P}/users/${ids.seller}`, { token: seller, json: { role: "staff" } });
    expect(last.status).toBe(422);
    expect(last.body.data).toEqual({ role: ["The business needs at least one active owner"] });
    const [me] = await db.select().from(businessMembers).where(and(eq(businessMembers.businessId, ids.toko), eq(businessMembers.userId, ids.seller)));
    expect(me).toMatchObject({ role: "owner", status: 1 });
  });
});

describe("two owners", () => {
  it("change one member's privileges at once: the last write wins whole and both read it", async () => {
    // Budi (seller2) becomes a second owner of Toko Demo through the API.
    await setMember(ids.toko, DEMO.seller2, { role: "staff", privileges: ["orders"], status: 1 });
    expect((await call("PUT", `${P}/users/${ids.seller2}`, { token: seller, json: { role: "owner" } })).body.data.role).toBe("owner");
    const other = await login(DEMO.seller2);
    await call("PUT", "/v0.0.0/accounts/me/business", { token: other, json: { business_id: ids.toko } });
    const a = { privileges: ["orders", "dashboard"], default_route: "/dashboard" };
    const b = { privileges: ["products", "profile"], default_route: "/products/listing" };
    for (let round = 0; round < 5; round++) {
      const [ra, rb] = await Promise.all([
        call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: a }),
        call("PUT", `${P}/users/${ids.staff}`, { token: other, json: b }),
      ]);
      expect([ra.status, rb.status]).toEqual([200, 200]);
      const [seenA, seenB] = await Promise.all([call("GET", `${P}/users/${ids.staff}`, { token: seller }), call("GET", `${P}/users/${ids.staff}`, { token: other })]);
      expect(seenA.body.data).toEqual({ ...seenB.body.data, is_self: false });
      const won = { privileges: seenA.body.data.privileges, default_route: seenA.body.data.default_route };
      expect([{ privileges: ["dashboard", "orders"], default_route: "/dashboard" }, { privileges: ["profile", "products"], default_route: "/products/listing" }]).toContainEqual(won);
    }
    await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { privileges: ["orders", "products"], default_route: "/orders" } });
  });

  it("removing each other at once leaves one of them, never none", async () => {
    const other = await login(DEMO.seller2);
    await call("PUT", "/v0.0.0/accounts/me/business", { token: other, json: { business_id: ids.toko } });
    const [byMe, byOther] = await Promise.all([
      call("DELETE", `${P}/users/${ids.seller2}`, { token: seller }),
      call("DELETE", `${P}/users/${ids.seller}`, { token: other }),
    ]);
    const statuses = [byMe.status, byOther.status].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403]).toContain(statuses[1]);
    const owners = await db.select().from(businessMembers)
      .where(and(eq(businessMembers.businessId, ids.toko), eq(businessMembers.role, "owner"), eq(businessMembers.status, 1)));
    expect(owners).toHaveLength(1);
    // Back to the seed: Sari the one owner, Budi not a member.
    await setMember(ids.toko, DEMO.seller, { role: "owner", status: 1 });
    await db.delete(businessMembers).where(and(eq(businessMembers.businessId, ids.toko), eq(businessMembers.userId, ids.seller2)));
    seller = await login(DEMO.seller);
  });
});

describe("suspending and removing end the member's sessions at once", () => {
  it("suspend: the bearer token answers 401, its sockets (bearer and web ticket) are disconnected; reactivated, they sign in again", async () => {
    const staff = await login(DEMO.staff);
    const api = join(staff);
    const web = join(await ticketFor(staff));
    expect((await Promise.all([api.result, web.result])).map((j) => j.event)).toEqual(["success", "success"]);
    const cut = Promise.all([disconnectedWithin(api.socket, 1000), disconnectedWithin(web.socket, 1000)]);
    const res = await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { status: 2 } });
    expect(res.body.data).toMatchObject({ status: 2, status_name: "Suspended" });
    expect(await cut).toEqual(["io server disconnect", "io server disconnect"]);
    expect((await call("GET", "/v0.0.0/accounts/me", { token: staff })).status).toBe(401);
    // Signed in again, a suspended member is no seller of the business.
    const again = await login(DEMO.staff);
    expect((await call("GET", "/v0.0.0/orders/count", { token: again })).status).toBe(403);
    const retry = join(again);
    expect((await retry.result).event).toBe("failed");
    retry.socket.disconnect();
    expect((await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { status: 1 } })).body.data.status).toBe(1);
    expect((await call("GET", "/v0.0.0/orders/count", { token: again })).status).toBe(200);
  });

  it("a socket of the member in this business goes even when its token acts for another business now; that token works on there", async () => {
    await setMember(ids.bandung, DEMO.staff, { privileges: ["orders"], defaultRoute: "/orders", status: 1 });
    const staff = await login(DEMO.staff);
    await call("PUT", "/v0.0.0/accounts/me/business", { token: staff, json: { business_id: ids.toko } });
    const web = join(await ticketFor(staff));
    expect((await web.result).payload.business_id).toBe(ids.toko);
    // The token moves to Bandung; the open socket is still in Toko Demo's room.
    await call("PUT", "/v0.0.0/accounts/me/business", { token: staff, json: { business_id: ids.bandung } });
    const cut = disconnectedWithin(web.socket, 1000);
    await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { status: 2 } });
    expect(await cut).toBe("io server disconnect");
    const me = await call("GET", "/v0.0.0/accounts/me", { token: staff });
    expect(me.status).toBe(200);
    expect(me.body.data.business_id).toBe(ids.bandung);
    expect(me.body.data.businesses.map((b: { business_id: number }) => b.business_id)).toEqual([ids.bandung]);
    await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { status: 1 } });
    await db.delete(businessMembers).where(and(eq(businessMembers.businessId, ids.bandung), eq(businessMembers.userId, ids.staff)));
  });

  it("remove: the member is Resign, listed as such, signed out of the business; changing them then is refused", async () => {
    const staff = await login(DEMO.staff);
    const api = join(staff);
    expect((await api.result).event).toBe("success");
    const cut = disconnectedWithin(api.socket, 1000);
    const res = await call("DELETE", `${P}/users/${ids.staff}`, { token: seller });
    expect(res).toMatchObject({ status: 200, body: { message: "Staff removed", data: { status: 3, status_name: "Resign" } } });
    expect(await cut).toBe("io server disconnect");
    expect((await call("GET", "/v0.0.0/accounts/me", { token: staff })).status).toBe(401);
    const resigned = await call("GET", `${P}/users`, { token: seller, query: { status: 3 } });
    expect(resigned.body.data.map((m: any) => m.user_id)).toEqual([ids.staff]);
    expect((await call("DELETE", `${P}/users/${ids.staff}`, { token: seller })).body.data.status).toBe(3);
    expect((await call("PUT", `${P}/users/${ids.staff}`, { token: seller, json: { status: 1 } })).status).toBe(422);
    await setMember(ids.toko, DEMO.staff, { status: 1 });
  });

  it("keeps the history of every change", async () => {
    const rows = await db.execute(sql`SELECT action FROM update_history WHERE ref_type = 'member' AND ref_id = ${ids.staff} ORDER BY id`);
    expect(rows.rows.map((r) => r.action)).toEqual(expect.arrayContaining(["update", "suspend", "reactivate", "remove"]));
  });
});
