/**
 * Staff invitations (issue 13): POST …/accounts/seller/users invites by e-mail or phone with a
 * one-time link through the notifier; the same person twice (or by two owners at once) is one
 * invitation whose newest link works; an Idempotency-Key sends it once; an expired, used or
 * cancelled link says so; accepting as a new person makes the account and the membership, an
 * existing account joins when it is the invited one; a member who left can be invited back.
 * Accepting is the public page's (tests/routes/staff.test.ts); here its core calls.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, isNull } from "drizzle-orm";
import { db } from "#db/client.ts";
import { businesses, businessMembers, outbox, staffInvitations, users } from "#db/schema/index.ts";
import { actorFromToken, scopeOf } from "#core/actor.ts";
import { visitorOf } from "#core/auth/visitor.ts";
import { acceptAsMember, acceptAsNewAccount, invitationForToken } from "#core/team/invitation-accept.ts";
import { call, DEMO, login } from "./helpers.ts";

const P = "/v0.0.0/omnipos/accounts/seller";
let seller: string;
let toko: number;
const visitor = visitorOf("en");

/** The token of the last invitation link sent to `target`, and the message. */
async function lastLink(target: string) {
  const [m] = await db.select().from(outbox).where(eq(outbox.target, target)).orderBy(desc(outbox.id)).limit(1);
  return { token: m?.body.match(/\/invite\/([\w-]+)/)?.[1] ?? "", message: m };
}
const openInvitations = (target: string) =>
  db.select().from(staffInvitations).where(and(eq(staffInvitations.target, target), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
const invite = (json: unknown, opts: { token?: string; key?: string; locale?: "en" | "id" } = {}) =>
  call("POST", `${P}/users`, { token: opts.token ?? seller, json, locale: opts.locale, headers: opts.key ? { "Idempotency-Key": opts.key } : {} });

beforeAll(async () => {
  seller = await login(DEMO.seller);
  toko = (await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, "Toko Demo")))[0].id;
});

describe("inviting", () => {
  it("sends a one-time link in the inviter's language; only its hash is stored", async () => {
    const res = await invite({ email: "Ayu@Indie.test", privileges: ["products", "orders"], default_route: "/orders" }, { locale: "id" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ target: "ayu@indie.test", channel: "email", privileges: ["orders", "products"], default_route: "/orders", is_expired: false, sent: true });
    expect(res.body.data.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(71 * 3600);
    const { token, message } = await lastLink("ayu@indie.test");
    expect(message.subject).toBe("Sari Wulandari mengundang Anda ke Toko Demo");
    expect(message.body).toContain(`/id/invite/${token}`);
    const [row] = await openInvitations("ayu@indie.test");
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = await call("GET", `${P}/invitations`, { token: seller });
    expect(listed.body.data.map((i: { target: string }) => i.target)).toContain("ayu@indie.test");
  });

  it("invites by phone (an SMS), with the first page of the first privilege when none is chosen", async () => {
    const res = await invite({ phone: "0812 9999 0001", privileges: ["products"] });
    expect(res.body.data).toMatchObject({ channel: "sms", target: "+6281299990001", default_route: "/products/listing" });
    expect((await lastLink("+6281299990001")).message.channel).toBe("sms");
  });

  it("the same person twice is one invitation: the second refreshes it, and only its link works", async () => {
    await invite({ target: "dua@indie.test", privileges: ["orders"] });
    const first = await lastLink("dua@indie.test");
    const again = await invite({ target: "DUA@indie.test", privileges: ["products"] });
    const second = await lastLink("dua@indie.test");
    expect(again.body.data.privileges).toEqual(["products"]);
    expect(second.token).not.toBe(first.token);
    expect(await openInvitations("dua@indie.test")).toHaveLength(1);
    expect((await invitationForToken(visitor, first.token)).state).toBe("invalid");
    expect(await invitationForToken(visitor, second.token)).toMatchObject({ state: "open", business_name: "Toko Demo", has_account: false });
  });

  it("two owners inviting one person at the same moment make one invitation", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => invite({ target: "sama@indie.test", privileges: i % 2 ? ["orders"] : ["products"] })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.data.invitation_id)).size).toBe(1);
    expect(await openInvitations("sama@indie.test")).toHaveLength(1);
  });

  it("an Idempotency-Key sends it once: the repeat is the first answer again", async () => {
    const body = { target: "sekali@indie.test", privileges: ["orders"] };
    const first = await invite(body, { key: "invite-sekali-1" });
    const repeat = await invite(body, { key: "invite-sekali-1" });
    expect(repeat.body).toEqual(first.body);
    expect(await db.select().from(outbox).where(eq(outbox.target, "sekali@indie.test"))).toHaveLength(1);
  });

  it("refuses a bad address, no privileges, a default page outside them, and a person who already works here", async () => {
    const bad = await invite({ target: "not an address", privileges: [] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data).sort()).toEqual(["privileges", "target"]);
    const outside = await invite({ target: "luar@indie.test", privileges: ["orders"], default_route: "/dashboard" });
    expect(outside.body.data).toEqual({ default_route: ["The default page must be in one of the chosen privileges"] });
    const member = await invite({ target: DEMO.staff, privileges: ["orders"] });
    expect(member.body.data).toEqual({ target: ["This person already works for the business"] });
  });

  it("resend makes a new link; cancel ends it; another business's invitation is 404", async () => {
    const sent = await invite({ target: "batal@indie.test", privileges: ["orders"] });
    const id = sent.body.data.invitation_id;
    const old = await lastLink("batal@indie.test");
    expect((await call("POST", `${P}/invitations/${id}/resend`, { token: seller })).status).toBe(200);
    const fresh = await lastLink("batal@indie.test");
    expect(fresh.token).not.toBe(old.token);
    const other = await login(DEMO.seller2);
    expect((await call("DELETE", `${P}/invitations/${id}`, { token: other })).status).toBe(404);
    expect((await call("POST", `${P}/invitations/${id}/resend`, { token: other })).status).toBe(404);
    expect((await call("DELETE", `${P}/invitations/${id}`, { token: seller })).status).toBe(200);
    expect((await invitationForToken(visitor, fresh.token)).state).toBe("cancelled");
    expect((await call("DELETE", `${P}/invitations/${id}`, { token: seller })).status).toBe(404);
  });
});

describe("accepting", () => {
  it("a new person sets a name and password: the account, the membership and a signed-in token", async () => {
    await invite({ target: "baru@indie.test", privileges: ["orders"], default_route: "/orders" });
    const { token } = await lastLink("baru@indie.test");
    const joined = await acceptAsNewAccount(visitor, token, { name: "Putri Baru", password: "password-baru" });
    expect(joined).toMatchObject({ business_id: toko, default_route: "/orders", user: { name: "Putri Baru", email: "baru@indie.test" } });
    const me = await call("GET", "/v0.0.0/accounts/me", { token: joined.token });
    expect(me.body.data).toMatchObject({ is_seller: true, business_id: toko, member_role: "staff", privileges: ["orders"], default_route: "/orders" });
    expect((await call("GET", "/v0.0.0/orders/count", { token: await login("baru@indie.test", "password-baru") })).status).toBe(200);
    // The link is used: it says so, and cannot make a second account.
    expect((await invitationForToken(visitor, token)).state).toBe("used");
    await expect(acceptAsNewAccount(visitor, token, { name: "X", password: "password-baru" })).rejects.toThrow("team:invite.state.used");
    const listed = await call("GET", `${P}/users`, { token: seller, query: { search: "Putri" } });
    expect(listed.body.data[0]).toMatchObject({ status: 1, privileges: ["orders"] });
  });

  it("the same link sent twice at once is used once", async () => {
    await invite({ target: "kembar@indie.test", privileges: ["orders"] });
    const { token } = await lastLink("kembar@indie.test");
    const results = await Promise.allSettled([1, 2].map(() => acceptAsNewAccount(visitor, token, { name: "Kembar", password: "password-kembar" })));
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await db.select().from(users).where(eq(users.email, "kembar@indie.test"))).toHaveLength(1);
  });

  it("an expired link says so and joins nobody", async () => {
    await invite({ target: "lama@indie.test", privileges: ["orders"] });
    const { token } = await lastLink("lama@indie.test");
    await db.update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvitations.target, "lama@indie.test"));
    expect(await invitationForToken(visitor, token)).toEqual({ state: "expired", business_name: "Toko Demo" });
    await expect(acceptAsNewAccount(visitor, token, { name: "Lama", password: "password-lama" })).rejects.toThrow("team:invite.state.expired");
    const listed = await call("GET", `${P}/invitations`, { token: seller });
    expect(listed.body.data.find((i: { target: string }) => i.target === "lama@indie.test")).toMatchObject({ is_expired: true });
  });

  it("an existing account joins when signed in as the invited address; another account may not", async () => {
    await invite({ target: DEMO.newbie, privileges: ["products"] });
    const { token } = await lastLink(DEMO.newbie);
    expect((await invitationForToken(visitor, token)).has_account).toBe(true);
    await expect(acceptAsNewAccount(visitor, token, { name: "X", password: "password-x" })).rejects.toThrow("team:invite.has_account");
    const stranger = scopeOf(await actorFromToken(await login(DEMO.seller2), "en"));
    await expect(acceptAsMember(stranger, token)).rejects.toThrow("team:invite.wrong_account");
    const newbieToken = await login(DEMO.newbie);
    const joined = await acceptAsMember(scopeOf(await actorFromToken(newbieToken, "en")), token);
    expect(joined).toMatchObject({ business_id: toko, default_route: "/products/listing" });
    const me = await call("GET", "/v0.0.0/accounts/me", { token: newbieToken });
    expect(me.body.data).toMatchObject({ is_seller: true, business_id: toko, privileges: ["products"] });
  });

  it("a member who left is invited back and is Active again with the new privileges", async () => {
    const staffId = (await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.staff)))[0].id;
    expect((await call("DELETE", `${P}/users/${staffId}`, { token: seller })).status).toBe(200);
    expect((await invite({ target: DEMO.staff, privileges: ["dashboard"] })).status).toBe(200);
    const { token } = await lastLink(DEMO.staff);
    const staffToken = await login(DEMO.staff);
    await acceptAsMember(scopeOf(await actorFromToken(staffToken, "en")), token);
    const [row] = await db.select().from(businessMembers).where(and(eq(businessMembers.businessId, toko), eq(businessMembers.userId, staffId)));
    expect(row).toMatchObject({ status: 1, role: "staff", privileges: ["dashboard"], defaultRoute: "/dashboard" });
  });
});

describe("accepting through the API (the invitee's calls)", () => {
  const I = "/v0.0.0/omnipos/accounts/invitations";

  it("a new person reads the link, then makes the account with name and password and is signed in", async () => {
    await invite({ email: "api.invitee@indie.test", privileges: ["orders"], default_route: "/orders" });
    const { token } = await lastLink("api.invitee@indie.test");
    const read = await call("GET", `${I}/${token}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ state: "open", business_name: "Toko Demo" });
    const bad = await call("POST", `${I}/${token}/accept`, { json: { name: "", password: "short" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data).sort()).toEqual(["name", "password"]);
    const ok = await call("POST", `${I}/${token}/accept`, { json: { name: "Api Invitee", password: "invitee-secret-1" } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Welcome to Toko Demo");
    const me = await call("GET", "/v0.0.0/accounts/me", { token: ok.body.data.token });
    expect(me.body.data).toMatchObject({ business_name: "Toko Demo", privileges: ["orders"] });
    // Used: a second accept says so, and so does reading it.
    expect((await call("POST", `${I}/${token}/accept`, { json: { name: "Again", password: "invitee-secret-1" } })).status).toBe(422);
    expect((await call("GET", `${I}/${token}`)).body.data.state).toBe("used");
  });

  it("a signed-in account joins only when it is the invited one", async () => {
    await invite({ email: DEMO.seller2, privileges: ["products"], default_route: "/products/listing" });
    const { token } = await lastLink(DEMO.seller2);
    const wrong = await call("POST", `${I}/${token}/accept`, { token: await login(DEMO.staff) });
    expect(wrong.status).toBe(422);
    const right = await call("POST", `${I}/${token}/accept`, { token: await login(DEMO.seller2) });
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ business_name: "Toko Demo", default_route: "/products/listing" });
  });

  it("an unknown link is not open; a token that is no token is 404", async () => {
    expect((await call("GET", `${I}/not-a-real-token`)).body.data.state).toBe("invalid");
    expect((await call("POST", `${I}/not-a-real-token/accept`, { json: { name: "X", password: "long-enough-1" } })).status).toBe(422);
    expect((await call("GET", `${I}/${"x".repeat(300)}`)).status).toBe(404);
  });
});
