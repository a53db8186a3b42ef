/**
 * Signing in and out, self sign-up, and the forgotten-password flow (spec 7 "Auth and account").
 *
 *   POST /v0.0/auth/login                       email or phone, password → data.token (the bearer token)
 *   POST /v0.0/auth/logout                      revokes the caller's token
 *   GET  /v0.0/auth/options                     what the sign-in pages may offer
 *   POST /v0.0/auth/register                    self sign-up (closed unless REGISTRATION_ENABLED=true)
 *   POST /v0.0/forgot-password/check            where a code would go
 *   POST /v0.0/forgot-password/request-otp      sends the code
 *   POST /v0.0/forgot-password/reset-password   the code and a new password
 *   GET  /v0.0.0/demo/outbox                    demo mode, from this machine only: the notifier's last 50 messages, no token
 *
 * The rules (limits, what is never told, hidden registration) are in core/auth/sign-in.ts and
 * core/auth/forgot-password.ts; this file is the REST adapter over them. The per-address limits
 * count the client's address (api/lib/client-ip.ts) when it is known.
 */
import { Hono, type Context } from "hono";
import { authOptions, loginBody, register, registerBody, requireRegistrationOpen, signIn, signOut } from "#core/auth/sign-in.ts";
import { checkTarget, requestResetCode, resetBody, resetPassword, targetBody } from "#core/auth/forgot-password.ts";
import { visitorOf } from "#core/auth/visitor.ts";
import { demoOutbox } from "#core/lib/notifier.ts";
import { requireAuth } from "#api/lib/auth.ts";
import { clientIp, peerOf } from "#api/lib/client-ip.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok } from "#api/lib/http.ts";

export const authRoutes = new Hono<ApiEnv>();

const visitor = (c: Context<ApiEnv>) => visitorOf(c.var.locale, clientIp(c));

authRoutes.post("/v0.0/auth/login", async (c) =>
  ok(c, await signIn(visitor(c), await input(c, loginBody)), "api:auth.signed_in"));

authRoutes.post("/v0.0/auth/logout", requireAuth, async (c) => {
  await signOut(c.var.scope);
  return ok(c, null, "api:auth.signed_out");
});

authRoutes.get("/v0.0/auth/options", (c) => ok(c, authOptions(peerOf(c))));

authRoutes.post("/v0.0/auth/register", async (c) => {
  requireRegistrationOpen(); // closed is 403 whatever the body says
  return ok(c, await register(visitor(c), await input(c, registerBody)), "auth:api.registered");
});

authRoutes.post("/v0.0/forgot-password/check", async (c) => ok(c, checkTarget(await input(c, targetBody)), "auth:api.check_ok"));

authRoutes.post("/v0.0/forgot-password/request-otp", async (c) =>
  ok(c, await requestResetCode(visitor(c), await input(c, targetBody)), "auth:api.otp_sent"));

authRoutes.post("/v0.0/forgot-password/reset-password", async (c) => {
  await resetPassword(visitor(c), await input(c, resetBody));
  return ok(c, null, "auth:api.password_reset");
});

authRoutes.get("/v0.0.0/demo/outbox", async (c) => ok(c, await demoOutbox(peerOf(c))));
