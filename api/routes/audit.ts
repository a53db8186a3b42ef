/**
 * The audit log (issue 13 item 7; not in the spec): GET /v0.0.0/audit with user_id, area, ref_type,
 * ref_id, date_from, date_to (YYYY-MM-DD, WIB), sort (1 oldest, 2 newest), page, limit; the
 * filter's choices at GET /v0.0.0/audit/filters; the xlsx export is POST /v0.0.0/exports/audit
 * (api/routes/exports.ts). Privilege "setting"; the rules are core/audit/audit-log.ts.
 */
import { Hono } from "hono";
import { auditFilterOptions, auditListQuery, auditLog } from "#core/audit/audit-log.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const auditRoutes = new Hono<ApiEnv>();

auditRoutes.get("/v0.0.0/audit", requireAuth, requireSeller, async (c) => {
  const q = await input(c, auditListQuery, "query");
  const { rows, total } = await auditLog(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

auditRoutes.get("/v0.0.0/audit/filters", requireAuth, requireSeller, async (c) => ok(c, await auditFilterOptions(c.var.scope)));
