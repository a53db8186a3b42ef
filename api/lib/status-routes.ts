/**
 * The status change of a "sites" resource (warehouses, factories, store fees, offerings), one way
 * for all, over the resource's core function (core/lib/status-change.ts holds the rules):
 *
 *   PUT <base>/status                           <idsField>=4,7 & action=activate|inactivate (form-encoded or JSON)
 *   PUT <base>/{id}/{activate|inactivate}        the same for one record (the web's switch)
 *
 * The answer is the records as the resource shows them, with "X activated" for one and
 * "3 Xs activated" for several.
 */
import type { Hono, MiddlewareHandler } from "hono";
import type { Scope } from "#core/actor.ts";
import { statusChangeBody } from "#core/profile/warehouses-shared.ts";
import type { ApiEnv } from "./env.ts";
import { input } from "./http.ts";

export type StatusRoutesSpec = {
  /** "/v0.0.0/factories" */
  base: string;
  /** The ids field of the several-at-once body: "factory_ids". */
  idsField: string;
  /** The core function: sets the status of the records, answers them as the resource shows them. */
  set: (scope: Scope, ids: number[], activate: boolean) => Promise<unknown[]>;
  /** The message key for one (count 1) or several. */
  message: (activate: boolean, count: number) => string;
  /** The several-at-once paths (default `<base>/status`); e.g. the spec's bare `PUT /v0.0.0/services` too. */
  bulkPaths?: string[];
};

export function statusRoutes(
  routes: Hono<ApiEnv>,
  guard: readonly [MiddlewareHandler<ApiEnv>, MiddlewareHandler<ApiEnv>],
  spec: StatusRoutesSpec,
) {
  routes.on("PUT", spec.bulkPaths ?? [`${spec.base}/status`], ...guard, async (c) => {
    const body = await input(c, statusChangeBody(spec.idsField));
    const activate = body.action === "activate";
    const rows = await spec.set(c.var.scope, body[spec.idsField] as number[], activate);
    return c.json({ code: 200, message: c.var.t(spec.message(activate, rows.length), { count: rows.length }), data: rows }, 200);
  });

  routes.put(`${spec.base}/:id{[0-9]+}/:action{activate|inactivate}`, ...guard, async (c) => {
    const activate = c.req.param("action") === "activate";
    const [row] = await spec.set(c.var.scope, [Number(c.req.param("id"))], activate);
    return c.json({ code: 200, message: c.var.t(spec.message(activate, 1)), data: row }, 200);
  });
}
