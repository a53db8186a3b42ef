/**
 * The signed-in user's account (spec 7 "Auth and account"):
 *
 *   GET  /v0.0.0/accounts/me                    the overview (who, which business, what they may open)
 *   GET  /v0.0.0/accounts/business/{id}/me      the same from one of the user's businesses
 *   PUT  /v0.0.0/accounts/me/business           business_id: switches the token's active business
 *   PUT  /v0.0.0/accounts/me                    name, email (with the code sent to it), phone
 *   PUT  /v0.0.0/accounts/me/password           current_password, password
 *   PUT  /v0.0.0/accounts/me/verify/phone       otp: the phone is verified
 *   POST /v0.0.0/utilities/otp/request/{phone|change_email}   sends a code (email: the new address)
 *   POST /v0.0.0/utilities/otp/check            type, otp (email): is the code right, without using it
 *
 * The rules are core/auth/account.ts and core/auth/profile.ts; this file is the REST adapter.
 */
import { Hono } from "hono";
import { accountOverview, businessOverview, switchBody, switchBusiness } from "#core/auth/account.ts";
import {
  changePassword, checkOwnCode, codeBody, codeCheckBody, codeEmailBody, passwordBody, profileBody, requestOwnCode, updateProfile, verifyPhone,
} from "#core/auth/profile.ts";
import { requireAuth } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok } from "#api/lib/http.ts";

export const accountRoutes = new Hono<ApiEnv>();

accountRoutes.get("/v0.0.0/accounts/me", requireAuth, async (c) => ok(c, await accountOverview(c.var.scope)));

accountRoutes.get("/v0.0.0/accounts/business/:id/me", requireAuth, async (c) =>
  ok(c, await businessOverview(c.var.scope, Number(c.req.param("id")))));

accountRoutes.put("/v0.0.0/accounts/me/business", requireAuth, async (c) =>
  ok(c, await switchBusiness(c.var.scope, await input(c, switchBody)), "api:account.business_switched"));

accountRoutes.put("/v0.0.0/accounts/me", requireAuth, async (c) =>
  ok(c, await updateProfile(c.var.scope, await input(c, profileBody)), "auth:api.profile_saved"));

accountRoutes.put("/v0.0.0/accounts/me/password", requireAuth, async (c) => {
  await changePassword(c.var.scope, await input(c, passwordBody));
  return ok(c, null, "auth:api.password_changed");
});

accountRoutes.put("/v0.0.0/accounts/me/verify/phone", requireAuth, async (c) =>
  ok(c, await verifyPhone(c.var.scope, await input(c, codeBody)), "auth:api.phone_verified"));

accountRoutes.post("/v0.0.0/utilities/otp/request/:type", requireAuth, async (c) =>
  ok(c, await requestOwnCode(c.var.scope, c.req.param("type"), await input(c, codeEmailBody)), "auth:api.otp_sent_to_you"));

accountRoutes.post("/v0.0.0/utilities/otp/check", requireAuth, async (c) =>
  ok(c, await checkOwnCode(c.var.scope, await input(c, codeCheckBody)), "auth:api.otp_valid"));
