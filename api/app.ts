/**
 * The REST API of spec section 7, under /api. One router per resource in api/routes; every
 * answer is the envelope { code, message, data?, pagination? } with HTTP status = code.
 */
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiEnv } from "./lib/env.ts";
import {
  Conflict, DomainError, domainErrorOfDatabase, Forbidden, NotFound, ReauthRequired, Refused, TooMany, Unauthenticated, Unavailable,
} from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { localeOf } from "./lib/language.ts";
import { idempotent } from "./lib/idempotency.ts";
import { routers } from "./routes/index.ts";

export const api = new Hono<ApiEnv>().basePath("/api");

api.use(async (c, next) => {
  const locale = await localeOf(c.req.raw);
  c.set("locale", locale);
  c.set("t", translator(locale));
  await next();
  c.header("Cache-Control", "no-store");
});

// Every POST takes an Idempotency-Key (api/lib/idempotency.ts): the first answer is kept and replayed.
api.on("POST", "/*", idempotent);

for (const router of routers) api.route("/", router);

api.notFound((c) => c.json({ code: 404, message: "Route not found" }, 404));

/** The status of each domain refusal (core/errors.ts): the one map from the core to HTTP. */
function statusOf(err: DomainError): ContentfulStatusCode {
  if (err instanceof NotFound) return 404;
  if (err instanceof Forbidden) return 403;
  // Also ReauthRequired (a kind of it): spec 8's 401 drops the client's setting token and shows the message.
  if (err instanceof Unauthenticated) return 401;
  if (err instanceof Conflict) return 409;
  if (err instanceof TooMany) return 429;
  if (err instanceof Unavailable) return 503;
  return 422;
}

/** The envelope of an error, in the caller's language; also server/app.ts's for the web session's geocoding. */
export function answerError(err: Error, c: Context<ApiEnv>) {
  const t = c.var.t ?? translator("en");
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json({ code: status, message: err.message || t("api:errors.server") }, status);
  }
  const refusal = err instanceof DomainError ? err : domainErrorOfDatabase(err);
  if (!refusal) {
    console.error(err);
    return c.json({ code: 500, message: t("api:errors.server") }, 500);
  }
  const status = statusOf(refusal);
  const message = t(refusal.message, refusal.vars);
  if (refusal instanceof Refused && refusal.fields) {
    return c.json({ code: status, message, data: translateFields(refusal.fields, (k) => t(k, refusal.vars)) }, status);
  }
  if (refusal instanceof TooMany) return c.json({ code: status, message, data: { seconds: refusal.seconds } }, status);
  if (refusal instanceof ReauthRequired) return c.json({ code: status, message, data: { reauth_required: true } }, status);
  return c.json({ code: status, message }, status);
}
api.onError(answerError);

/** Field messages may be given as translation keys ("ns:key"); plain text passes through. */
function translateFields(data: Record<string, string[]>, t: (k: string) => string) {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.map((m) => (typeof m === "string" ? t(m) : m))]));
}
