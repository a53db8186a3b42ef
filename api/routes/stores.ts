/**
 * Offline stores (spec section 7 "Stores", shape "Store (branch)" of section 3): list with filters,
 * create, read, update, the status change, the channel connections, the store tree and type names
 * of the pickers, update history, the export, and partnerships with other businesses' stores.
 *
 * Calls:
 *   GET  /v0.0.1/stores, /v0.0.0/stores       list (search, type 1-5, category 1 Flagship / 2 Reseller,
 *                                             status 1 / 0, sort 1-6, page, limit)
 *   POST /v0.0.1/stores/create                create
 *   GET  /v0.0.1/stores/{id}, /v0.0.0/stores/{id}
 *   PUT  /v0.0.0/stores/{id}                  update (the whole form)
 *   PUT  /v0.0.0/stores/status                store_branch_ids (comma separated) + action activate|inactivate,
 *                                             form-encoded or JSON; PUT /v0.0.0/stores/{id}/{activate|inactivate}
 *                                             is the same for one store (the list's switch)
 *   PUT  /v0.0.0/stores/{id}/channel-toggle   action connect|disconnect + channel_ids (comma separated:
 *                                             "Connect all" sends every id at once); also under /v0.0.1
 *   GET  /v0.0.0/stores/list-tree             business → store type → stores (business_ids, show_reseller, status)
 *   GET  /v0.0.0/stores/type-names            the store type names (sort 5 name asc, 6 name desc)
 *   GET  /v0.0.0/stores/{id}/update-history
 *   GET  /v0.0.0/stores/partner-candidates    other businesses' active stores to partner with (search, business_id)
 *   POST /v0.0.0/stores/create-partnership    store_branch_id of another business's store
 *   GET  /v0.0.0/stores/partnerships          direction incoming | outgoing, status, store_branch_id
 *   PUT  /v0.0.0/stores/partnerships/{id}/{action}  approve | decline | cancel | disconnect |
 *                                             approve-disconnect | decline-disconnect | request
 *   POST /v0.0.0/exports/store                the export (api/routes/exports.ts, kind "store")
 *
 * The rules, queries and the decisions where the spec is silent are in core/profile/stores*.ts
 * (stores-service.ts, stores-save.ts, stores-partnerships.ts); this file is the REST adapter over them.
 */
import { Hono, type Context } from "hono";
import { ANSWER_ACTIONS, type PartnershipAction } from "#core/profile/partnerships.ts";
import { storeBody } from "#core/profile/store-schema.ts";
import {
  getStore, listStores, listStoreTree, setStoreChannels, setStoreStatus, storeChannelsBody, storeHistory, storeListQuery,
  storeStatusBody, storeStatusNotice, storeTreeQuery, storeTypeNames, storeTypeNamesQuery, type Notice,
} from "#core/profile/stores-service.ts";
import { checkStoreEditable, createStore, updateStore } from "#core/profile/stores-save.ts";
import {
  answerStorePartnership, listStorePartnerships, partnerCandidates, partnerCandidatesQuery, partnershipDoneKey, partnershipRequestBody,
  requestStorePartnership, storePartnershipsQuery,
} from "#core/profile/stores-partnerships.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";

export const storeRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;

const idParam = (c: Context<ApiEnv>) => Number(c.req.param("id"));
/** A success answer whose message has values (ok() translates a bare key). */
const noticed = <T>(c: Context<ApiEnv>, data: T, notice: Notice) => c.json({ code: 200, message: c.var.t(notice.key, notice.vars), data }, 200);

// List, create, read, update
async function listAll(c: Context<ApiEnv>) {
  const q = await input(c, storeListQuery, "query");
  const { rows, total } = await listStores(c.var.scope, q);
  return list(c, rows, total, q.limit);
}
storeRoutes.get("/v0.0.1/stores", ...seller, listAll);
storeRoutes.get("/v0.0.0/stores", ...seller, listAll);

storeRoutes.post("/v0.0.1/stores/create", ...seller, async (c) =>
  ok(c, await createStore(c.var.scope, await input(c, storeBody)), "store:api.created"));

const getOne = async (c: Context<ApiEnv>) => ok(c, await getStore(c.var.scope, idParam(c)));
storeRoutes.get("/v0.0.1/stores/:id{[0-9]+}", ...seller, getOne);
storeRoutes.get("/v0.0.0/stores/:id{[0-9]+}", ...seller, getOne);

storeRoutes.put("/v0.0.0/stores/:id{[0-9]+}", ...seller, async (c) => {
  const id = idParam(c);
  await checkStoreEditable(c.var.scope, id); // unknown: 404, a partner's: 422, before the body is read
  return ok(c, await updateStore(c.var.scope, id, await input(c, storeBody)), "store:api.updated");
});

storeRoutes.get("/v0.0.0/stores/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const id = idParam(c);
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  const { rows, total } = await storeHistory(c.var.scope, id, q);
  return list(c, rows, total, q.limit);
});

// Status
storeRoutes.put("/v0.0.0/stores/status", ...seller, async (c) => {
  const body = await input(c, storeStatusBody);
  const activate = body.action === "activate";
  const rows = await setStoreStatus(c.var.scope, body.store_branch_ids, activate);
  return noticed(c, rows, storeStatusNotice(activate, rows));
});

storeRoutes.put("/v0.0.0/stores/:id{[0-9]+}/:action{activate|inactivate}", ...seller, async (c) => {
  const activate = c.req.param("action") === "activate";
  const rows = await setStoreStatus(c.var.scope, [idParam(c)], activate);
  return noticed(c, rows, storeStatusNotice(activate, rows));
});

// Channel connections
async function channelToggle(c: Context<ApiEnv>) {
  const { store, notice } = await setStoreChannels(c.var.scope, idParam(c), await input(c, storeChannelsBody));
  return noticed(c, store, notice);
}
storeRoutes.put("/v0.0.0/stores/:id{[0-9]+}/channel-toggle", ...seller, channelToggle);
storeRoutes.put("/v0.0.1/stores/:id{[0-9]+}/channel-toggle", ...seller, channelToggle);

// Pickers
const tree = async (c: Context<ApiEnv>) => whole(c, await listStoreTree(c.var.scope, await input(c, storeTreeQuery, "query")));
storeRoutes.get("/v0.0.0/stores/list-tree", ...seller, tree);
storeRoutes.get("/v0.0.1/stores/list-tree", ...seller, tree);

storeRoutes.get("/v0.0.0/stores/type-names", ...seller, async (c) =>
  whole(c, storeTypeNames(c.var.scope, await input(c, storeTypeNamesQuery, "query"))));

// Partnerships with other businesses' stores
storeRoutes.get("/v0.0.0/stores/partner-candidates", ...seller, async (c) => {
  const q = await input(c, partnerCandidatesQuery, "query");
  const { rows, total } = await partnerCandidates(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

storeRoutes.post("/v0.0.0/stores/create-partnership", ...seller, async (c) =>
  ok(c, await requestStorePartnership(c.var.scope, await input(c, partnershipRequestBody)), "store:api.partnership_requested"));

storeRoutes.get("/v0.0.0/stores/partnerships", ...seller, async (c) => {
  const q = await input(c, storePartnershipsQuery, "query");
  const { rows, total } = await listStorePartnerships(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

// Longest first: the router's pattern takes the first alternative that fits ("decline" of "decline-disconnect").
const ACTION_PATTERN = [...ANSWER_ACTIONS].sort((a, b) => b.length - a.length).join("|");
storeRoutes.put(`/v0.0.0/stores/partnerships/:id{[0-9]+}/:action{${ACTION_PATTERN}}`, ...seller, async (c) => {
  const action = c.req.param("action") as PartnershipAction;
  return ok(c, await answerStorePartnership(c.var.scope, idParam(c), action), partnershipDoneKey(action));
});
