/**
 * POST /api/webhooks/channels/:code/orders — where channels deliver their order and courier
 * events (core/orders/webhooks.ts has the protocol). Not versioned: a channel is set up
 * once with this URL and its secret; the event's `type` names what it is.
 *
 * Order of checks, so a stranger learns nothing and nothing is written for them:
 *   signature of the raw body (401) → the channel the code names (404) → JSON and its schema (422)
 *   → the event (404 unknown order, 422 refused by the lifecycle).
 * Answers: 201 when the delivery created an order, else 200 — also for a resend of an event
 * already handled (`first_delivery: false`), so the channel stops retrying.
 */
import { Hono } from "hono";
import { SIGNATURE_HEADER, verifySignature } from "#core/orders/webhook-signing.ts";
import { channelForCode, handleWebhookEvent, webhookEvent } from "#core/orders/webhooks.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { fieldErrors, ok } from "#api/lib/http.ts";
import { Refused, Unauthenticated } from "#core/errors.ts";

export const webhookRoutes = new Hono<ApiEnv>();

/** Zod's own messages as the validation keys every form uses (a message the schema names wins). */
function message(issue: { code: string; input?: unknown; origin?: string }) {
  if (issue.input === undefined) return "required";
  if (issue.code === "too_big" && issue.origin === "string") return "too_long";
  if (issue.code === "too_small" && issue.origin === "string") return "required";
  return "invalid";
}

webhookRoutes.post("/webhooks/channels/:code/orders", async (c) => {
  const code = c.req.param("code").toLowerCase();
  const raw = await c.req.text();
  if (!verifySignature(code, raw, c.req.header(SIGNATURE_HEADER))) throw new Unauthenticated("api-webhooks:bad_signature");
  const channel = await channelForCode(code);

  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Refused("api-webhooks:not_json");
  }
  const parsed = webhookEvent.safeParse(json, { error: message });
  if (!parsed.success) throw new Refused("api:errors.validation", fieldErrors(parsed.error, c.var.t));

  const result = await handleWebhookEvent(channel, parsed.data);
  const { created, ...data } = result;
  if (created) return ok(c, data, "api-webhooks:order_created", 201);
  return ok(c, data, data.first_delivery ? "api-webhooks:received" : "api-webhooks:already_received");
});
