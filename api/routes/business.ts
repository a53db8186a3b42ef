/**
 * Companies (spec section 7 "Business"): list with filters, create, read, update, the
 * activate/deactivate toggle, other businesses, business groups.
 *
 *   GET  /v0.0.1/business                       list: search, status 1|3, ownership 1|2, sort 1-6, page, limit
 *   POST /v0.0.1/business
 *   GET  /v0.0.1/business/{id} (also /v0.0.2/business/{id})
 *   PUT  /v0.0.1/business/{id}
 *   GET  /v0.0.0/business/{id}/update-history
 *   GET  /v0.0.0/business/other-business        page, limit, search
 *   GET|POST /v0.0.0/business/groups, PUT /v0.0.0/business/groups/{join|unjoin},
 *   PUT|DELETE /v0.0.0/business/groups/{id}
 *   PUT  /v0.0.0/business/{id}/{activate|inactivate}
 *   export kind "business" (POST /v0.0.0/exports/business, the list's filters)
 *
 * The rules and their decisions are core/business/companies.ts and core/business/company-groups.ts;
 * this file is the REST adapter over them.
 */
import { Hono } from "hono";
import {
  companyHistory, companyListQuery, companyStatusMessage, createCompany, getCompany, listCompanies, setCompanyStatus, updateCompany,
} from "#core/business/companies.ts";
import {
  createGroup, deleteGroup, groupBody, joinGroup, listGroups, otherBusinessQuery, otherBusinesses, renameGroup, unjoinGroup,
  joinGroupBody, unjoinGroupBody,
} from "#core/business/company-groups.ts";
import { companyBody } from "#core/business/company-schema.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";

export const businessRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const idParam = (id: string) => Number(id);
const pageQuery = listQuery.pick({ page: true, limit: true });

// ---------------------------------------------------------------------------------------------
// List, create, read, update
// ---------------------------------------------------------------------------------------------
businessRoutes.get("/v0.0.1/business", ...seller, async (c) => {
  const q = await input(c, companyListQuery, "query");
  const { rows, total } = await listCompanies(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

businessRoutes.post("/v0.0.1/business", ...seller, async (c) =>
  ok(c, await createCompany(c.var.scope, await input(c, companyBody)), "company:api.created"));

businessRoutes.on("GET", ["/v0.0.1/business/:id{[0-9]+}", "/v0.0.2/business/:id{[0-9]+}"], ...seller, async (c) =>
  ok(c, await getCompany(c.var.scope, idParam(c.req.param("id")))));

businessRoutes.put("/v0.0.1/business/:id{[0-9]+}", ...seller, async (c) => {
  const id = idParam(c.req.param("id"));
  // An unknown company is 404, and a staff member's edit 403, before the body is read.
  await getCompany(c.var.scope, id, { owner: true });
  return ok(c, await updateCompany(c.var.scope, id, await input(c, companyBody)), "company:api.updated");
});

businessRoutes.get("/v0.0.0/business/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const id = idParam(c.req.param("id"));
  await getCompany(c.var.scope, id); // an unknown company is 404 before its query is read
  const q = await input(c, pageQuery, "query");
  const { rows, total } = await companyHistory(c.var.scope, id, q);
  return list(c, rows, total, q.limit);
});

// ---------------------------------------------------------------------------------------------
// Other businesses (partnership pickers) and business groups. Registered before the toggle so
// "groups/join" is never read as a company id and an action.
// ---------------------------------------------------------------------------------------------
businessRoutes.get("/v0.0.0/business/other-business", ...seller, async (c) => {
  const q = await input(c, otherBusinessQuery, "query");
  const { rows, total } = await otherBusinesses(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

businessRoutes.get("/v0.0.0/business/groups", ...seller, async (c) => whole(c, await listGroups(c.var.scope)));

businessRoutes.post("/v0.0.0/business/groups", ...seller, async (c) =>
  ok(c, await createGroup(c.var.scope, await input(c, groupBody)), "company:api.group_created"));

businessRoutes.put("/v0.0.0/business/groups/join", ...seller, async (c) =>
  ok(c, await joinGroup(c.var.scope, await input(c, joinGroupBody)), "company:api.joined"));

businessRoutes.put("/v0.0.0/business/groups/unjoin", ...seller, async (c) =>
  ok(c, await unjoinGroup(c.var.scope, await input(c, unjoinGroupBody)), "company:api.unjoined"));

businessRoutes.put("/v0.0.0/business/groups/:id{[0-9]+}", ...seller, async (c) =>
  ok(c, await renameGroup(c.var.scope, idParam(c.req.param("id")), await input(c, groupBody)), "company:api.group_updated"));

businessRoutes.delete("/v0.0.0/business/groups/:id{[0-9]+}", ...seller, async (c) =>
  ok(c, await deleteGroup(c.var.scope, idParam(c.req.param("id"))), "company:api.group_deleted"));

// ---------------------------------------------------------------------------------------------
// The status toggle
// ---------------------------------------------------------------------------------------------
businessRoutes.put("/v0.0.0/business/:id{[0-9]+}/:action{activate|inactivate}", ...seller, async (c) => {
  const activate = c.req.param("action") === "activate";
  return ok(c, await setCompanyStatus(c.var.scope, idParam(c.req.param("id")), activate), companyStatusMessage(activate));
});
