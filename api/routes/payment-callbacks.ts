/**
 * POST /api/callbacks/payments — where the payment service (or the simulator,
 * scripts/simulate-payments.ts) says what happened to a payment (protocol: core/money/providers.ts;
 * applying it: core/money/payments.ts applyPaymentCallback). No bearer token: the signature of the
 * raw body is the caller's proof (bad → 401, nothing written). Unknown reference → 404; another
 * amount than asked → 422. The same callback again (or 3× at once) → 200, `applied: false`, so the
 * service stops retrying.
 */
import { Hono } from "hono";
import { SIGNATURE_HEADER } from "#core/money/providers.ts";
import { applyPaymentCallback } from "#core/money/payments.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { ok } from "#api/lib/http.ts";

export const paymentCallbackRoutes = new Hono<ApiEnv>();

paymentCallbackRoutes.post("/callbacks/payments", async (c) => {
  const r = await applyPaymentCallback(await c.req.text(), c.req.header(SIGNATURE_HEADER));
  return ok(c, r, r.applied ? "deposit:api.callback_applied" : "deposit:api.callback_already");
});
