/**
 * The business's staff (spec 7 "Omnipos": seller users and privileges, under /v0.0.0/omnipos as
 * that section's calls are):
 *
 *   GET    /v0.0.0/omnipos/accounts/seller/privileges          every privilege with its name and first page
 *   GET    /v0.0.0/omnipos/accounts/seller/users               the members: search, status 1|2|3, sort, page, limit
 *   POST   /v0.0.0/omnipos/accounts/seller/users               invite: target (or email / phone), privileges[], default_route
 *   GET    /v0.0.0/omnipos/accounts/seller/users/{id}          one member (id = their user id)
 *   PUT    /v0.0.0/omnipos/accounts/seller/users/{id}          privileges[], default_route, role, status 1|2 (any of them)
 *   DELETE /v0.0.0/omnipos/accounts/seller/users/{id}          removes the member (status 3 Resign)
 *   GET    /v0.0.0/omnipos/accounts/seller/invitations         the open invitations
 *   POST   /v0.0.0/omnipos/accounts/seller/invitations/{id}/resend   a new link, 72 h again
 *   DELETE /v0.0.0/omnipos/accounts/seller/invitations/{id}   cancels it
 *   GET    /v0.0.0/omnipos/accounts/invitations/{token}        what a link invites to, or why it no longer does (public)
 *   POST   /v0.0.0/omnipos/accounts/invitations/{token}/accept  with a bearer token: that account joins (it must be the
 *                                                              invited e-mail or phone); without: name, password make the
 *                                                              account, which joins and is signed in (its token answered)
 *
 * The spec names no list call: GET …/users without an id is the natural one. The invitation calls
 * are beyond the spec (its pages resend and cancel them). Reading needs the "setting" privilege,
 * every change an owner; another business's member or invitation is 404. The rules are
 * core/team/staff.ts and core/team/invitations.ts; this file is the REST adapter over them.
 */
import { Hono, type Context } from "hono";
import { scopeOf } from "#core/actor.ts";
import { visitorOf } from "#core/auth/visitor.ts";
import { acceptAsMember, acceptAsNewAccount, invitationForToken } from "#core/team/invitation-accept.ts";
import { cancelInvitation, inviteStaff, listInvitations, resendInvitation } from "#core/team/invitations.ts";
import { getStaff, listStaff, removeStaff, sellerPrivileges, updateStaff } from "#core/team/staff.ts";
import { acceptNewBody, inviteBody, memberBody, staffListQuery } from "#core/team/staff-schema.ts";
import { authenticate, bearerToken, requireAuth, requireSeller } from "#api/lib/auth.ts";
import { clientIp } from "#api/lib/client-ip.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";

export const staffRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const P = "/v0.0.0/omnipos/accounts/seller";
const idParam = (id: string) => Number(id);

staffRoutes.get(`${P}/privileges`, ...seller, async (c) => whole(c, sellerPrivileges(c.var.scope)));

staffRoutes.get(`${P}/users`, ...seller, async (c) => {
  const q = await input(c, staffListQuery, "query");
  const { rows, total } = await listStaff(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

staffRoutes.post(`${P}/users`, ...seller, async (c) =>
  ok(c, await inviteStaff(c.var.scope, await input(c, inviteBody)), "team:api.invited"));

staffRoutes.get(`${P}/users/:id{[0-9]+}`, ...seller, async (c) => ok(c, await getStaff(c.var.scope, idParam(c.req.param("id")))));

staffRoutes.put(`${P}/users/:id{[0-9]+}`, ...seller, async (c) => {
  const id = idParam(c.req.param("id"));
  await getStaff(c.var.scope, id); // another business's member is 404 before the body is read
  return ok(c, await updateStaff(c.var.scope, id, await input(c, memberBody)), "team:api.updated");
});

staffRoutes.delete(`${P}/users/:id{[0-9]+}`, ...seller, async (c) =>
  ok(c, await removeStaff(c.var.scope, idParam(c.req.param("id"))), "team:api.removed"));

staffRoutes.get(`${P}/invitations`, ...seller, async (c) => whole(c, await listInvitations(c.var.scope)));

staffRoutes.post(`${P}/invitations/:id{[0-9]+}/resend`, ...seller, async (c) =>
  ok(c, await resendInvitation(c.var.scope, idParam(c.req.param("id"))), "team:api.resent"));

staffRoutes.delete(`${P}/invitations/:id{[0-9]+}`, ...seller, async (c) =>
  ok(c, await cancelInvitation(c.var.scope, idParam(c.req.param("id"))), "team:api.cancelled"));

// The invitee's side: the link's token is the only key (the same calls as the public /invite page).
const visitor = (c: Context<ApiEnv>) => visitorOf(c.var.locale, clientIp(c));
const I = "/v0.0.0/omnipos/accounts/invitations/:token{[A-Za-z0-9_-]{1,200}}";

staffRoutes.get(I, async (c) => ok(c, await invitationForToken(visitor(c), c.req.param("token"))));

staffRoutes.post(`${I}/accept`, async (c) => {
  const token = c.req.param("token");
  const joined = bearerToken(c)
    ? await acceptAsMember(scopeOf(await authenticate(c)), token)
    : await acceptAsNewAccount(visitor(c), token, await input(c, acceptNewBody));
  return ok(c, joined, "team:invite.joined", 200, { business: joined.business_name });
});
