/**
 * The inbox's discussions and reviews (issue 17), the REST adapter over core/inbox/.
 *
 * The spec's calls (section 7):
 *   GET  /v0.0.1/discussion/product          ?tab&product_id&channel_id&search&page&limit: a page of threads, each
 *        naming its product; summary_data: { tabs, products } (the threads per product of the filtered list)
 *   GET  /v0.0.0/discussion/message/{id}     a thread with its messages (a message's id opens its thread)
 *   GET  /v0.0.0/discussion/child/{id}       a thread's messages, oldest first
 *   POST /discussion                         { parent_id, message }: the seller's message in a thread (201)
 *   PUT  /discussion/{id}                    { action: hide | unhide | answered | unanswered }
 *   GET  /v0.1.0/inbox/reviews               ?rating=5,4&replied=yes|no&channel_id&product_id&date_from&date_to&search&page&limit
 *   PUT  /inbox/reviews/note                 { review_id, note } (empty clears it)
 *   PUT  /inbox/reviews/rating               { review_id, rating 1–5 }: the seller's rating of the buyer
 * Ours (the pages call the same core functions):
 *   GET  /v0.1.0/inbox/reviews/{id}
 *   PUT  /inbox/reviews/reply                { review_id, reply }: the public reply (editable 24 h)
 * The unversioned write paths also answer under /v0.0.0 (discussion) and /v0.1.0 (reviews).
 * Privilege "inbox" (core/auth/privileges.ts).
 */
import { Hono, type Context } from "hono";
import {
  discussionActionBody, discussionChildren, discussionQuery, discussionReplyBody, discussionThread, listDiscussions, moveDiscussion, replyDiscussion,
} from "#core/inbox/discussions.ts";
import {
  listReviews, noteReview, rateBuyer, replyReview, reviewDetail, reviewNoteBody, reviewQuery, reviewRatingBody, reviewReplyBody,
} from "#core/inbox/reviews.ts";
import { NotFound, parseInput } from "#core/errors.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok } from "#api/lib/http.ts";

export const inboxRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const idOf = (c: Context<ApiEnv>, missing: string) => {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFound(missing);
  return id;
};

inboxRoutes.get("/v0.0.1/discussion/product", ...seller, async (c) => {
  const q = await input(c, discussionQuery, "query");
  const r = await listDiscussions(c.var.scope, q);
  return list(c, r.rows, r.total, q.limit, { tabs: r.tabs, products: r.products });
});
inboxRoutes.get("/v0.0.0/discussion/message/:id{[0-9]+}", ...seller, async (c) =>
  ok(c, await discussionThread(c.var.scope, idOf(c, "inbox:errors.discussion_not_found"))));
inboxRoutes.get("/v0.0.0/discussion/child/:id{[0-9]+}", ...seller, async (c) => {
  const rows = await discussionChildren(c.var.scope, idOf(c, "inbox:errors.discussion_not_found"));
  return list(c, rows, rows.length, Math.max(rows.length, 1));
});
for (const path of ["/discussion", "/v0.0.0/discussion"]) {
  inboxRoutes.post(path, ...seller, async (c) =>
    ok(c, await replyDiscussion(c.var.scope, await input(c, discussionReplyBody)), "inbox:done.discussion_replied", 201));
  inboxRoutes.put(`${path}/:id{[0-9]+}`, ...seller, async (c) => {
    const body = await input(c, discussionActionBody);
    return ok(c, await moveDiscussion(c.var.scope, idOf(c, "inbox:errors.discussion_not_found"), body), `inbox:done.discussion_${body.action}`);
  });
}

inboxRoutes.get("/v0.1.0/inbox/reviews", ...seller, async (c) => {
  // rating may come as rating=1,2 or as rating=1&rating=2.
  const q = parseInput(reviewQuery, { ...c.req.query(), rating: c.req.queries("rating") });
  const r = await listReviews(c.var.scope, q);
  return list(c, r.rows, r.total, q.limit, r.summary);
});
inboxRoutes.get("/v0.1.0/inbox/reviews/:id{[0-9]+}", ...seller, async (c) =>
  ok(c, await reviewDetail(c.var.scope, idOf(c, "inbox:errors.review_not_found"))));
for (const prefix of ["", "/v0.1.0"]) {
  inboxRoutes.put(`${prefix}/inbox/reviews/reply`, ...seller, async (c) =>
    ok(c, await replyReview(c.var.scope, await input(c, reviewReplyBody)), "inbox:done.review_replied"));
  inboxRoutes.put(`${prefix}/inbox/reviews/note`, ...seller, async (c) =>
    ok(c, await noteReview(c.var.scope, await input(c, reviewNoteBody)), "inbox:done.review_noted"));
  inboxRoutes.put(`${prefix}/inbox/reviews/rating`, ...seller, async (c) =>
    ok(c, await rateBuyer(c.var.scope, await input(c, reviewRatingBody)), "inbox:done.review_rated"));
}
