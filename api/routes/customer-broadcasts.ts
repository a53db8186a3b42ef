/**
 * Broadcasts (issue 17 item 6; decision 0028), privilege "customer":
 *
 *   GET  /v0.0.0/customer-broadcasts                   tab all|scheduled|sending|done|cancelled, search (name), page, limit;
 *                                                      summary_data.tabs: the count per tab
 *   POST /v0.0.0/customer-broadcasts/preview           filters {search, segment, channel, tag}, channel, message:
 *                                                      the audience's counts and the message for the first recipient
 *   POST /v0.0.0/customer-broadcasts                   name, filters, channel whatsapp|sms|email, message ({name},
 *                                                      {first_name}, {store}, {last_order_date}), send now|later,
 *                                                      scheduled_at (unix seconds or WIB "YYYY-MM-DDTHH:mm"),
 *                                                      expected_count (refused when the audience changed)
 *   GET  /v0.0.0/customer-broadcasts/{id}              the broadcast and its counts
 *   GET  /v0.0.0/customer-broadcasts/{id}/recipients   the delivery log: status, page, limit
 *   POST /v0.0.0/customer-broadcasts/{id}/cancel       a scheduled broadcast that has not started
 *
 * The rules are core/customers/broadcasts.ts; this file is the REST adapter over them.
 */
import { Hono } from "hono";
import {
  broadcastBody, broadcastDraft, broadcastQuery, broadcastRecipientsPage, cancelBroadcast, createBroadcast, getBroadcast, idOf,
  listBroadcasts, previewBroadcast, recipientQuery,
} from "#core/customers/broadcasts.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const customerBroadcastRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const BASE = "/v0.0.0/customer-broadcasts";

customerBroadcastRoutes.get(BASE, ...seller, async (c) => {
  const q = await input(c, broadcastQuery, "query");
  const { rows, total, tabs } = await listBroadcasts(c.var.scope, q);
  return list(c, rows, total, q.limit, { tabs });
});

customerBroadcastRoutes.post(`${BASE}/preview`, ...seller, async (c) =>
  ok(c, await previewBroadcast(c.var.scope, await input(c, broadcastDraft))));

customerBroadcastRoutes.post(BASE, ...seller, async (c) =>
  ok(c, await createBroadcast(c.var.scope, await input(c, broadcastBody)), "broadcast:created", 201));

customerBroadcastRoutes.get(`${BASE}/:id{[0-9]+}`, ...seller, async (c) => ok(c, await getBroadcast(c.var.scope, idOf(c.req.param("id")))));

customerBroadcastRoutes.get(`${BASE}/:id{[0-9]+}/recipients`, ...seller, async (c) => {
  const q = await input(c, recipientQuery, "query");
  const { rows, total } = await broadcastRecipientsPage(c.var.scope, idOf(c.req.param("id")), q);
  return list(c, rows, total, q.limit);
});

customerBroadcastRoutes.post(`${BASE}/:id{[0-9]+}/cancel`, ...seller, async (c) =>
  ok(c, await cancelBroadcast(c.var.scope, idOf(c.req.param("id"))), "broadcast:cancelled"));
