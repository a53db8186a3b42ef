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
 *
 * The spec names no list call: GET …/users without an id is the natural one. The invitation calls
 * are beyond the spec (its pages resend and cancel them). Reading needs the "setting" privilege,
 * every change an owner; another business's member or invitation is 404. The rules are
 * core/team/staff.ts and core/team/invitations.ts; this file is the REST adapter over them.
 */
import { Hono } from "hono";
import { cancelInvitation, inviteStaff, listInvitations, resendInvitation } from "#core/team/invitations.ts";
import { getStaff, listStaff, removeStaff, sellerPrivileges, updateStaff } from "#core/team/staff.ts";
import { inviteBody, memberBody, staffListQuery } from "#core/team/staff-schema.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
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
