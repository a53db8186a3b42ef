/**
 * POST /api/callbacks/disbursements — where the disbursement service tells us a withdrawal was
 * paid or failed (core/money/providers.ts has the protocol, core/money/payouts.ts the rules). No
 * bearer token: the body's signature (X-Indie-Signature) is checked first, on the raw bytes —
 * wrong or missing → 401 and nothing is read or written. Then: 200 when applied or already applied
 * (`outcome`: applied | duplicate, so the service stops retrying), 404 an unknown reference, 409 the
 * other outcome after the first (recorded), 422 a body that is no callback or another amount.
 */
import { Hono } from "hono";
import { SIGNATURE_HEADER } from "#core/money/providers.ts";
import { receivePayoutCallback } from "#core/money/payouts.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { ok } from "#api/lib/http.ts";

export const moneyCallbackRoutes = new Hono<ApiEnv>();

moneyCallbackRoutes.post("/callbacks/disbursements", async (c) => {
  const r = await receivePayoutCallback(await c.req.text(), c.req.header(SIGNATURE_HEADER));
  return ok(c, r, r.outcome === "applied" ? "money:payouts.callback_applied" : "money:payouts.callback_duplicate");
});
