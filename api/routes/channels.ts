/**
 * Online channels (spec section 7 "Channels") and the utilities built on them:
 *
 *   GET  /v0.0.0/channels, /v0.0.1/channels          list: type, status, search, sort 1-4, page, limit
 *   POST /v0.0.1/channels                            create
 *   GET  /channels/{id}, /v0.0.0/…, /v0.0.1/channels/{id}
 *   PUT  /v0.0.0/channels/{id}, /v0.0.2/channels/{id} update (the platform is fixed)
 *   GET  /channels/{id}/update-history, /v0.0.0/channels/{id}/update-history
 *   PUT  /channels/{id}/toggle, /v0.0.0/channels/{id}/toggle   action activate|inactivate from the body
 *                                                    (form or JSON) or, failing that, the query string
 *   GET  /v0.0.1/channels/offline-online              the business's stores and channels
 *   GET  /channels/list-tree, /v0.2.0/channels/list-tree, /v0.0.0/utilities/channels   the channel tree
 *   GET  /v0.0.0/utilities/staffs, /v0.0.2/hr/staffs  the business's members
 *   export kind "channel" (POST /v0.0.0/exports/channel, the list's filters)
 *
 * Listing, reading and changing channels need the "profile" privilege; the tree, the grouping and
 * the staff lists are pickers any member of the business may read. Another business's channel is
 * 404 on every verb, before its body is read. The rules and queries are core/profile/channels*.ts
 * (their headers hold the decisions where the spec is silent); this file is the REST adapter.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { channelCreateBody } from "#core/profile/channel-schema.ts";
import { channelHistory, channelListQuery, checkChannel, getChannel, listChannels } from "#core/profile/channels.ts";
import { channelTree, channelTreeQuery, listStaffs, offlineOnline, offlineOnlineQuery, staffQuery } from "#core/profile/channels-pickers.ts";
import { channelStatusMessage, channelUpdateSchema, createChannel, setChannelStatus, updateChannel } from "#core/profile/channels-save.ts";
import { parseInput } from "#core/errors.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";

export const channelRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const idParam = (c: Context<ApiEnv>) => Number(c.req.param("id"));
const pageQuery = listQuery.pick({ page: true, limit: true });

async function listAll(c: Context<ApiEnv>) {
  const q = await input(c, channelListQuery, "query");
  const { rows, total } = await listChannels(c.var.scope, q);
  return list(c, rows, total, q.limit);
}
channelRoutes.get("/v0.0.0/channels", ...seller, listAll);
channelRoutes.get("/v0.0.1/channels", ...seller, listAll);

channelRoutes.post("/v0.0.1/channels", ...seller, async (c) =>
  ok(c, await createChannel(c.var.scope, await input(c, channelCreateBody)), "channel:api.created"));

async function getOne(c: Context<ApiEnv>) {
  return ok(c, await getChannel(c.var.scope, idParam(c)));
}
channelRoutes.get("/channels/:id{[0-9]+}", ...seller, getOne);
channelRoutes.get("/v0.0.0/channels/:id{[0-9]+}", ...seller, getOne);
channelRoutes.get("/v0.0.1/channels/:id{[0-9]+}", ...seller, getOne);

async function update(c: Context<ApiEnv>) {
  const id = idParam(c);
  // The channel's own schema (its platform's config): another business's id is 404 before its body is read.
  const schema = await channelUpdateSchema(c.var.scope, id);
  return ok(c, await updateChannel(c.var.scope, id, await input(c, schema)), "channel:api.updated");
}
channelRoutes.put("/v0.0.0/channels/:id{[0-9]+}", ...seller, update);
channelRoutes.put("/v0.0.2/channels/:id{[0-9]+}", ...seller, update);

async function history(c: Context<ApiEnv>) {
  const id = idParam(c);
  await checkChannel(c.var.scope, id);
  const q = await input(c, pageQuery, "query");
  const { rows, total } = await channelHistory(c.var.scope, id, q);
  return list(c, rows, total, q.limit);
}
channelRoutes.get("/channels/:id{[0-9]+}/update-history", ...seller, history);
channelRoutes.get("/v0.0.0/channels/:id{[0-9]+}/update-history", ...seller, history);

const toggleBody = z.object({ action: z.enum(["activate", "inactivate"], { error: "required" }) });

async function toggle(c: Context<ApiEnv>) {
  const id = idParam(c);
  await checkChannel(c.var.scope, id);
  const body = await input(c, z.object({ action: z.unknown().optional() }));
  const { action } = parseInput(toggleBody, { action: body.action ?? c.req.query("action") });
  const activate = action === "activate";
  return ok(c, await setChannelStatus(c.var.scope, id, activate), channelStatusMessage(activate));
}
channelRoutes.put("/channels/:id{[0-9]+}/toggle", ...seller, toggle);
channelRoutes.put("/v0.0.0/channels/:id{[0-9]+}/toggle", ...seller, toggle);

channelRoutes.get("/v0.0.1/channels/offline-online", ...seller, async (c) =>
  ok(c, await offlineOnline(c.var.scope, await input(c, offlineOnlineQuery, "query"))));

async function tree(c: Context<ApiEnv>) {
  return whole(c, await channelTree(c.var.scope, await input(c, channelTreeQuery, "query")));
}
channelRoutes.get("/channels/list-tree", ...seller, tree);
channelRoutes.get("/v0.2.0/channels/list-tree", ...seller, tree);
channelRoutes.get("/v0.0.0/utilities/channels", ...seller, tree);

async function staffs(c: Context<ApiEnv>) {
  const q = await input(c, staffQuery, "query");
  const { rows, total } = await listStaffs(c.var.scope, q);
  return list(c, rows, total, q.limit);
}
channelRoutes.get("/v0.0.0/utilities/staffs", ...seller, staffs);
channelRoutes.get("/v0.0.2/hr/staffs", ...seller, staffs);
