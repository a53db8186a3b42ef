/**
 * Customers (spec section 7 "Discussion, reviews, customers"):
 *
 *   GET  /v0.0.0/customers                       search (2+ characters: phone or e-mail from its start, else the
 *                                                name), segment, channel, tag, order_by recent|spent|orders|name,
 *                                                page, limit; summary_data.capped: the total stopped at 1 000
 *   GET  /v0.0.0/customers/{id}                  the customer, phones and e-mails, addresses, a page of orders
 *                                                (orders_page, orders_limit)
 *   GET  /v0.0.0/customers/performance/summary   date_from, date_to (unix seconds, both included)
 *   PUT  /v0.0.0/customers/{id}                  note, tags, opt_out
 *   POST /v0.0.0/customers/{id}/merge            customer_ids: the customers that become this one
 *   POST /v0.0.0/customers/{id}/split            key: "p:+62…" or "e:…", out into a new customer
 *   GET  /v0.0.0/customers/{id}/update-history
 *   export kind "customer" (POST /v0.0.0/exports/customer, the list's filters; logged in the audit log)
 *
 * The rules are core/customers/; this file is the REST adapter over them.
 */
import { Hono } from "hono";
import { z } from "zod";
import {
  customerHistory, customerQuery, customerUpdate, getCustomer, listCustomers, mergeBody, mergeCustomers, splitBody, splitCustomer, updateCustomer,
} from "#core/customers/customers.ts";
import { customerPerformance, performanceQuery } from "#core/customers/performance.ts";
import { NotFound } from "#core/errors.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const customerRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
/** An id past PostgreSQL's integer is no customer of anyone's. */
const id = (raw: string) => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n > 2_147_483_647) throw new NotFound();
  return n;
};
const ordersPage = z.object({
  orders_page: z.coerce.number().int().min(1, "invalid").max(100_000, "invalid").default(1),
  orders_limit: z.coerce.number().int().min(1, "invalid").max(100, "invalid").default(10),
});

customerRoutes.get("/v0.0.0/customers", ...seller, async (c) => {
  const q = await input(c, customerQuery, "query");
  const { rows, total, capped } = await listCustomers(c.var.scope, q);
  return list(c, rows, total, q.limit, { capped });
});

customerRoutes.get("/v0.0.0/customers/performance/summary", ...seller, async (c) =>
  ok(c, await customerPerformance(c.var.scope, await input(c, performanceQuery, "query"))));

customerRoutes.get("/v0.0.0/customers/:id{[0-9]+}", ...seller, async (c) => {
  const q = await input(c, ordersPage, "query");
  return ok(c, await getCustomer(c.var.scope, id(c.req.param("id")), { page: q.orders_page, limit: q.orders_limit }));
});

customerRoutes.put("/v0.0.0/customers/:id{[0-9]+}", ...seller, async (c) =>
  ok(c, await updateCustomer(c.var.scope, id(c.req.param("id")), await input(c, customerUpdate)), "customer:saved"));

customerRoutes.post("/v0.0.0/customers/:id{[0-9]+}/merge", ...seller, async (c) =>
  ok(c, await mergeCustomers(c.var.scope, id(c.req.param("id")), await input(c, mergeBody)), "customer:merged"));

customerRoutes.post("/v0.0.0/customers/:id{[0-9]+}/split", ...seller, async (c) =>
  ok(c, await splitCustomer(c.var.scope, id(c.req.param("id")), await input(c, splitBody)), "customer:split_done"));

customerRoutes.get("/v0.0.0/customers/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  const { rows, total } = await customerHistory(c.var.scope, id(c.req.param("id")), q);
  return list(c, rows, total, q.limit);
});
