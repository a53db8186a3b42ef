/**
 * Chat with buyers and the order inbox (issue 17 items 1 and 2), the REST adapter over core/chat/.
 * Ours (the spec names the pages, not these calls; the pages call the same core functions):
 *   GET    /v0.0.1/inbox/chat                 ?show=all|unread&assigned=me|none|<user id>&channel_id&status=open|closed&search&page&limit
 *          a page of conversations, newest message first; summary_data: { capped } (the total counted up to 5 pages past this one)
 *   GET    /v0.0.1/inbox/order                the same, only conversations about an order (the order inbox)
 *   GET    /v0.0.1/inbox/chat/{id}            a conversation with its latest 100 messages (?before=<message id> for older)
 *   GET    /v0.0.1/inbox/chat/by-order/{id}   the conversations about one order (the order page's link)
 *   POST   /inbox/chat/{id}/reply             { message, card_kind?: product|order, product_sku? } (201): sent through the outbox
 *   PUT    /inbox/chat/{id}/read              marks the buyer's messages read
 *   PUT    /inbox/chat/{id}/assign            { assigned_to: user id | null }
 *   PUT    /inbox/chat/{id}/status            { status: open | closed }
 *   PUT    /inbox/chat/{id}/block             blocks the buyer (chat settings' block list)
 *   GET    /v0.0.1/inbox/chat/templates       the quick replies
 *   POST   /inbox/chat/templates              { title, body } (201)
 *   DELETE /inbox/chat/templates/{id}
 * The unversioned write paths also answer under /v0.0.1. Privilege "inbox" (core/auth/privileges.ts).
 */
import { Hono, type Context } from "hono";
import {
  assignConversation, blockConversationBuyer, chatAssignBody, chatQuery, chatReplyBody, chatStatusBody, conversationDetail,
  listConversations, markConversationRead, orderConversations, replyConversation, setConversationStatus,
} from "#core/chat/conversations.ts";
import { createTemplate, deleteTemplate, listTemplates, templateBody } from "#core/chat/templates.ts";
import { NotFound } from "#core/errors.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const chatRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const idOf = (c: Context<ApiEnv>, missing = "chat:errors.not_found") => {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFound(missing);
  return id;
};

for (const [path, ordersOnly] of [["/v0.0.1/inbox/chat", false], ["/v0.0.1/inbox/order", true]] as const) {
  chatRoutes.get(path, ...seller, async (c) => {
    const q = await input(c, chatQuery, "query");
    const r = await listConversations(c.var.scope, q, { ordersOnly });
    return list(c, r.rows, r.total, q.limit, { capped: r.capped });
  });
}
chatRoutes.get("/v0.0.1/inbox/chat/templates", ...seller, async (c) => {
  const rows = await listTemplates(c.var.scope);
  return list(c, rows, rows.length, Math.max(rows.length, 1));
});
chatRoutes.get("/v0.0.1/inbox/chat/by-order/:id{[0-9]+}", ...seller, async (c) => {
  const rows = await orderConversations(c.var.scope, idOf(c, "chat:errors.order_not_found"));
  return list(c, rows, rows.length, Math.max(rows.length, 1));
});
chatRoutes.get("/v0.0.1/inbox/chat/:id{[0-9]+}", ...seller, async (c) => {
  const before = Number(c.req.query("before"));
  return ok(c, await conversationDetail(c.var.scope, idOf(c), Number.isSafeInteger(before) && before > 0 && before <= 2_147_483_647 ? before : undefined));
});
for (const prefix of ["", "/v0.0.1"]) {
  const at = `${prefix}/inbox/chat/:id{[0-9]+}`;
  chatRoutes.post(`${at}/reply`, ...seller, async (c) =>
    ok(c, await replyConversation(c.var.scope, idOf(c), await input(c, chatReplyBody)), "chat:done.sent", 201));
  chatRoutes.put(`${at}/read`, ...seller, async (c) => ok(c, await markConversationRead(c.var.scope, idOf(c)), "chat:done.read"));
  chatRoutes.put(`${at}/assign`, ...seller, async (c) =>
    ok(c, await assignConversation(c.var.scope, idOf(c), await input(c, chatAssignBody)), "chat:done.assigned"));
  chatRoutes.put(`${at}/status`, ...seller, async (c) => {
    const body = await input(c, chatStatusBody);
    return ok(c, await setConversationStatus(c.var.scope, idOf(c), body), `chat:done.${body.status}`);
  });
  chatRoutes.put(`${at}/block`, ...seller, async (c) => ok(c, await blockConversationBuyer(c.var.scope, idOf(c)), "chat:done.blocked"));
  chatRoutes.post(`${prefix}/inbox/chat/templates`, ...seller, async (c) =>
    ok(c, await createTemplate(c.var.scope, await input(c, templateBody)), "chat:done.template_saved", 201));
  chatRoutes.delete(`${prefix}/inbox/chat/templates/:id{[0-9]+}`, ...seller, async (c) =>
    ok(c, await deleteTemplate(c.var.scope, idOf(c, "chat:errors.template_not_found")), "chat:done.template_deleted"));
}
