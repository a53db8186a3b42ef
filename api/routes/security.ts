/**
 * Re-authentication, OTP rules and the account's sessions (issue 13):
 *
 *   POST   /v0.0.0/utilities/token-2fa/request           password: sensitive changes open on this
 *                                                        session for 5 minutes (core/auth/reauth.ts)
 *   GET    /v0.0.0/utilities/otp                         the OTP rules (timeout, tries, sends, types)
 *   GET    /v0.0.0/accounts/me/sessions                  the account's live sessions (not in the spec)
 *   DELETE /v0.0.0/accounts/me/sessions/{id}             signs that session out (not in the spec)
 *   POST   /v0.0.0/accounts/me/sessions/sign-out-others  every session but this one (not in the spec)
 *
 * A sensitive change made without a recent password is 401 with the message that asks for it
 * (api/app.ts); the client calls token-2fa/request and sends the change again.
 */
import { Hono } from "hono";
import { otpRules } from "#core/auth/otp.ts";
import { confirmPassword, reauthBody } from "#core/auth/reauth.ts";
import { endOtherSessions, endSession, listSessions } from "#core/auth/sessions.ts";
import { requireAuth } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok } from "#api/lib/http.ts";

export const securityRoutes = new Hono<ApiEnv>();

securityRoutes.post("/v0.0.0/utilities/token-2fa/request", requireAuth, async (c) =>
  ok(c, await confirmPassword(c.var.scope, await input(c, reauthBody)), "auth:api.reauth_ok"));

securityRoutes.get("/v0.0.0/utilities/otp", requireAuth, (c) => ok(c, otpRules()));

securityRoutes.get("/v0.0.0/accounts/me/sessions", requireAuth, async (c) => ok(c, await listSessions(c.var.scope)));

securityRoutes.delete("/v0.0.0/accounts/me/sessions/:id{[0-9]{1,9}}", requireAuth, async (c) =>
  ok(c, await endSession(c.var.scope, Number(c.req.param("id"))), "auth:api.session_ended"));

securityRoutes.post("/v0.0.0/accounts/me/sessions/sign-out-others", requireAuth, async (c) =>
  ok(c, await endOtherSessions(c.var.scope), "auth:api.other_sessions_ended"));
