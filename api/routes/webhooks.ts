/**
 * POST /api/webhooks/channels/:code/orders — where channels deliver their order and courier
 * events (core/orders/webhooks.ts has the protocol). Not versioned: a channel is set up
 * once with this URL and its secret; the event's `type` names what it is.
 *
 * Order of checks (core/orders/webhooks.ts), so a stranger learns nothing and nothing is written
 * for them: signature of the raw body (401) → the channel the code names (404) → JSON and its
 * schema (422) → the event (404 unknown order, 422 refused by the lifecycle). A NUL or a lone
 * surrogate in any string of the body is refused before all of it (400, server/app.ts).
 * Answers: 201 when the delivery created an order, else 200 — also for a resend of an event
 * already handled (`first_delivery: false`), so the channel stops retrying.
 */
import { Hono } from "hono";
import { SIGNATURE_HEADER } from "#core/orders/webhook-signing.ts";
import { receiveWebhook } from "#core/orders/webhooks.ts";
import { receiveInboxWebhook } from "#core/inbox/webhooks.ts";
import { receiveChatWebhook } from "#core/chat/webhooks.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { ok } from "#api/lib/http.ts";

export const webhookRoutes = new Hono<ApiEnv>();

webhookRoutes.post("/webhooks/channels/:code/orders", async (c) => {
  const { created, ...data } = await receiveWebhook(c.req.param("code").toLowerCase(), await c.req.text(), c.req.header(SIGNATURE_HEADER));
  if (created) return ok(c, data, "api-webhooks:order_created", 201);
  return ok(c, data, data.first_delivery ? "api-webhooks:received" : "api-webhooks:already_received");
});

/** POST /api/webhooks/channels/:code/inbox — questions, buyers' messages and reviews (core/inbox/webhooks.ts): 201 when new, else 200. */
webhookRoutes.post("/webhooks/channels/:code/inbox", async (c) => {
  const data = await receiveInboxWebhook(c.req.param("code").toLowerCase(), await c.req.text(), c.req.header(SIGNATURE_HEADER));
  if (data.first_delivery && data.applied) return ok(c, data, "api-webhooks:received", 201);
  return ok(c, data, data.first_delivery ? "api-webhooks:received" : "api-webhooks:already_received");
});

/** POST /api/webhooks/channels/:code/chat — buyers' chat messages, reads and typing (core/chat/webhooks.ts): 201 when a message is new, else 200. */
webhookRoutes.post("/webhooks/channels/:code/chat", async (c) => {
  const data = await receiveChatWebhook(c.req.param("code").toLowerCase(), await c.req.text(), c.req.header(SIGNATURE_HEADER));
  if (data.first_delivery && data.applied && data.type === "message.created") return ok(c, data, "api-webhooks:received", 201);
  return ok(c, data, data.first_delivery ? "api-webhooks:received" : "api-webhooks:already_received");
});
