/**
 * Holiday sessions: the days the business, or some of its stores and brands, are closed (spec
 * section 2 /profile/holiday; the paths are ours in the spec's style, the spec names the page only).
 *
 *   GET    /v0.0.0/holidays                     list: search (name, note), status 1|0, store_id, brand_id
 *                                               (the sessions closing it, the whole business's included),
 *                                               sort 1-6, page, limit
 *   GET    /v0.0.0/holidays/choices             the business's stores and brands for the form
 *   GET    /v0.0.0/holidays/{id}
 *   POST   /v0.0.0/holidays                     name, scope business|selected, store_ids, brand_ids,
 *                                               start_date, end_date (YYYY-MM-DD), weekdays MONDAY…SUNDAY, note
 *   PUT    /v0.0.0/holidays/{id}                the same body
 *   PUT    /v0.0.0/holidays/status              holiday_ids=4,7 & action=activate|inactivate (form or JSON)
 *   PUT    /v0.0.0/holidays/{id}/{activate|inactivate}
 *   DELETE /v0.0.0/holidays/{id}
 *   GET    /v0.0.0/holidays/{id}/update-history
 *
 * The model, the rules and the decisions where the spec is silent are in core/profile/holidays.ts
 * (what a session does to the orders' deadlines: core/profile/holiday-days.ts); this file is the
 * REST adapter over it.
 */
import { Hono, type Context } from "hono";
import {
  createHoliday, deleteHoliday, getHoliday, holidayBody, holidayChoices, holidayHistory, holidayListQuery, holidayStatusKey,
  listHolidays, setHolidayStatus, updateHoliday,
} from "#core/profile/holidays.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { statusRoutes } from "#api/lib/status-routes.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const holidayRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const idParam = (c: Context<ApiEnv>) => Number(c.req.param("id"));
const pageQuery = listQuery.pick({ page: true, limit: true });

holidayRoutes.get("/v0.0.0/holidays", ...seller, async (c) => {
  const q = await input(c, holidayListQuery, "query");
  const { rows, total } = await listHolidays(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

holidayRoutes.get("/v0.0.0/holidays/choices", ...seller, async (c) => ok(c, await holidayChoices(c.var.scope)));

holidayRoutes.get("/v0.0.0/holidays/:id{[0-9]+}", ...seller, async (c) => ok(c, await getHoliday(c.var.scope, idParam(c))));

holidayRoutes.post("/v0.0.0/holidays", ...seller, async (c) =>
  ok(c, await createHoliday(c.var.scope, await input(c, holidayBody)), "holiday:api.created"));

holidayRoutes.put("/v0.0.0/holidays/:id{[0-9]+}", ...seller, async (c) => {
  const id = idParam(c);
  await getHoliday(c.var.scope, id); // an unknown session is 404 before its body is read
  return ok(c, await updateHoliday(c.var.scope, id, await input(c, holidayBody)), "holiday:api.updated");
});

statusRoutes(holidayRoutes, seller, {
  base: "/v0.0.0/holidays",
  idsField: "holiday_ids",
  set: setHolidayStatus,
  message: holidayStatusKey,
});

holidayRoutes.delete("/v0.0.0/holidays/:id{[0-9]+}", ...seller, async (c) =>
  ok(c, await deleteHoliday(c.var.scope, idParam(c)), "holiday:api.deleted"));

holidayRoutes.get("/v0.0.0/holidays/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const q = await input(c, pageQuery, "query");
  const { rows, total } = await holidayHistory(c.var.scope, idParam(c), q);
  return list(c, rows, total, q.limit);
});
