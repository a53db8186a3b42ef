/**
 * Business settings (spec 7 "Settings" read, and the 2FA security setting of "Auth and account"):
 *
 *   GET /v0.0.1/accounts/business/security-2fa          the 2FA setting of each of the user's businesses
 *   GET /v0.0.0/accounts/business/{id}/security-2fa     one business's, with the options
 *   PUT /v0.0.0/settings/business/{id}/security-2fa     security_2fa (privilege "setting")
 *   GET /v0.0.0/settings/business/{id}                  every setting of one business, in the spec's groups
 *   PUT /v0.0.0/settings/business/{id}/pin              pin, password: the actor's own PIN (core/auth/pin.ts)
 *
 * The rules (own businesses only, another's is 404) are core/settings/business.ts; this file is
 * the REST adapter over them.
 */
import { Hono } from "hono";
import { pinBody, setPin } from "#core/auth/pin.ts";
import { ownMembership } from "#core/auth/account.ts";
import { chatBody, saveChatSettings, unblockBody, unblockChatBuyer } from "#core/settings/chat.ts";
import { businessSettings, getSecurity, securityBody, securityOfMyBusinesses, setSecurity, settingsChanger } from "#core/settings/business.ts";
import { requireAuth } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok } from "#api/lib/http.ts";

export const settingRoutes = new Hono<ApiEnv>();
const idParam = (id: string) => Number(id);

settingRoutes.get("/v0.0.1/accounts/business/security-2fa", requireAuth, async (c) => ok(c, await securityOfMyBusinesses(c.var.scope)));

settingRoutes.get("/v0.0.0/accounts/business/:id/security-2fa", requireAuth, async (c) =>
  ok(c, await getSecurity(c.var.scope, idParam(c.req.param("id")))));

settingRoutes.put("/v0.0.0/settings/business/:id/security-2fa", requireAuth, async (c) => {
  const id = idParam(c.req.param("id"));
  await settingsChanger(c.var.scope, id); // another business is 404, no privilege 403, before the body is read
  return ok(c, await setSecurity(c.var.scope, id, await input(c, securityBody)), "auth:api.security_saved");
});

settingRoutes.get("/v0.0.0/settings/business/:id", requireAuth, async (c) =>
  ok(c, await businessSettings(c.var.scope, idParam(c.req.param("id")))));

settingRoutes.put("/v0.0.0/settings/business/:id/chat", requireAuth, async (c) => {
  const id = idParam(c.req.param("id"));
  await settingsChanger(c.var.scope, id); // another business is 404, no privilege 403, before the body is read
  return ok(c, await saveChatSettings(c.var.scope, id, await input(c, chatBody)), "settings:api.chat_saved");
});

settingRoutes.put("/v0.0.0/settings/business/:id/chat/unblock", requireAuth, async (c) => {
  const id = idParam(c.req.param("id"));
  await settingsChanger(c.var.scope, id);
  return ok(c, await unblockChatBuyer(c.var.scope, id, await input(c, unblockBody)), "settings:api.unblocked");
});

settingRoutes.put("/v0.0.0/settings/business/:id/pin", requireAuth, async (c) => {
  const id = idParam(c.req.param("id"));
  await ownMembership(c.var.scope, id); // another business is 404 before the body is read
  return ok(c, await setPin(c.var.scope, id, await input(c, pinBody)), "auth:api.pin_saved");
});
