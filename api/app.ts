/**
 * The REST API of spec section 7, under /api. One router per resource in api/routes; every
 * answer is the envelope { code, message, data?, pagination? } with HTTP status = code.
 */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiEnv } from "./lib/env.ts";
import { ApiError, pgErrorCode } from "./lib/http.ts";
import { localeFrom, translator } from "#core/i18n.ts";
import { routers } from "./routes/index.ts";

export const api = new Hono<ApiEnv>().basePath("/api");

api.use(async (c, next) => {
  const locale = localeFrom(c.req.header("accept-language"));
  c.set("locale", locale);
  c.set("t", translator(locale));
  await next();
  c.header("Cache-Control", "no-store");
});

for (const router of routers) api.route("/", router);

api.notFound((c) => c.json({ code: 404, message: "Route not found" }, 404));

api.onError((err, c) => {
  const t = c.var.t ?? translator("en");
  if (err instanceof ApiError) {
    return c.json({ code: err.status, message: t(err.message, err.vars), data: translateFields(err.data, (k) => t(k, err.vars)) }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json({ code: status, message: err.message || t("api:errors.server") }, status);
  }
  // A rule of the data the handler did not foresee (a race past its own check) is the caller's
  // conflict, not a server fault: unique violations (a double submit), check violations, a row
  // still referenced (used in a package meanwhile) and numbers past the column's range are 422;
  // two changes that crossed (deadlock, serialization) are 409, to be sent again.
  const pg = pgErrorCode(err);
  if (pg === "23505") return c.json({ code: 422, message: t("api:errors.duplicate") }, 422);
  if (pg === "23514") return c.json({ code: 422, message: t("api:errors.rule") }, 422);
  if (pg === "23503") return c.json({ code: 422, message: t("api:errors.in_use") }, 422);
  if (pg === "22003") return c.json({ code: 422, message: t("api:errors.out_of_range") }, 422);
  if (pg === "40P01" || pg === "40001") return c.json({ code: 409, message: t("api:errors.conflict") }, 409);
  console.error(err);
  return c.json({ code: 500, message: t("api:errors.server") }, 500);
});

/** Field messages may be given as translation keys ("ns:key"); plain text passes through. */
function translateFields(data: unknown, t: (k: string) => string) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return data;
  return Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, Array.isArray(v) ? v.map((m) => (typeof m === "string" ? t(m) : m)) : v]),
  );
}
