/**
 * The signed-in member's notifications and their notification settings (issue 13; spec 2
 * "/notification", spec 7 "Settings" PUT …/notification):
 *
 *   GET /v0.0.0/notifications                         their feed in the active business: page, limit, status (unread | read), sort 1 oldest / 2 newest
 *   GET /v0.0.0/notifications/unread-count            { unread_count } (the header's badge)
 *   PUT /v0.0.0/notifications/read                    notification_ids: mark these read (another's: 404)
 *   PUT /v0.0.0/notifications/read-all                mark every unread one read
 *   GET /v0.0.0/notifications/{id}                    one of theirs
 *   GET /v0.0.0/settings/business/{id}/notification   which events reach them by which channel
 *   PUT /v0.0.0/settings/business/{id}/notification   { <event>: { in_app, email, sms } } (the whole choice)
 *
 * The rules are core/notifications/*; this file is the REST adapter over them.
 */
import { Hono } from "hono";
import {
  getNotification, listNotifications, markAllRead, markRead, markReadBody, notificationListQuery, unreadCount,
} from "#core/notifications/feed.ts";
import { getNotificationSettings, notificationSettingsBody, setNotificationSettings } from "#core/notifications/settings.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";
import { NotFound } from "#core/errors.ts";

export const notificationRoutes = new Hono<ApiEnv>();
/** A path's id: past the integer keys' range it names nothing (never a query with it). */
const recordId = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw new NotFound();
  return n;
};

notificationRoutes.get("/v0.0.0/notifications", requireAuth, requireSeller, async (c) => {
  const q = await input(c, notificationListQuery, "query");
  const { rows, total } = await listNotifications(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

notificationRoutes.get("/v0.0.0/notifications/unread-count", requireAuth, requireSeller, async (c) => ok(c, await unreadCount(c.var.scope)));

notificationRoutes.put("/v0.0.0/notifications/read", requireAuth, requireSeller, async (c) =>
  ok(c, await markRead(c.var.scope, (await input(c, markReadBody)).notification_ids), "notification:marked_read"));

notificationRoutes.put("/v0.0.0/notifications/read-all", requireAuth, requireSeller, async (c) =>
  ok(c, await markAllRead(c.var.scope), "notification:marked_all_read"));

notificationRoutes.get("/v0.0.0/notifications/:id{[0-9]+}", requireAuth, requireSeller, async (c) =>
  ok(c, await getNotification(c.var.scope, recordId(c.req.param("id")))));

notificationRoutes.get("/v0.0.0/settings/business/:id{[0-9]+}/notification", requireAuth, async (c) =>
  ok(c, await getNotificationSettings(c.var.scope, recordId(c.req.param("id")))));

notificationRoutes.put("/v0.0.0/settings/business/:id{[0-9]+}/notification", requireAuth, async (c) => {
  const id = recordId(c.req.param("id"));
  await getNotificationSettings(c.var.scope, id); // another business is 404 before the body is read
  return ok(c, await setNotificationSettings(c.var.scope, id, await input(c, notificationSettingsBody)), "notification:settings_saved");
});
