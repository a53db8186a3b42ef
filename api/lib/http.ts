import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { ApiEnv } from "./env.ts";

/** The spec's envelope: HTTP status equals `code`. */
export type Envelope<T = unknown> = {
  code: number;
  message: string;
  data?: T;
  pagination?: { total_page: number; total_record: number; summary_data?: unknown };
};

/** Thrown anywhere in a handler; app.onError turns it into the envelope. `message` is a translation key. */
export class ApiError extends Error {
  constructor(
    public status: ContentfulStatusCode,
    message: string,
    public data?: unknown,
    public vars?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = "api:errors.not_found") => new ApiError(404, what);
export const forbidden = (what = "api:errors.forbidden") => new ApiError(403, what);

export function ok<T>(c: Context<ApiEnv>, data: T, message = "api:ok", status: ContentfulStatusCode = 200) {
  return c.json({ code: status, message: c.var.t(message), data } satisfies Envelope<T>, status);
}

/** One page of a list: `total` rows in all, `limit` per page. */
export function list<T>(c: Context<ApiEnv>, rows: T[], total: number, limit: number, summary?: unknown) {
  return listEnvelope(c, rows, { total_page: Math.ceil(total / limit), total_record: total, summary_data: summary ?? null });
}

/** A list that is never paged (groups, reference lists): every row at once, as one page. */
export function whole<T>(c: Context<ApiEnv>, rows: T[], summary?: unknown) {
  return listEnvelope(c, rows, { total_page: rows.length ? 1 : 0, total_record: rows.length, summary_data: summary ?? null });
}

function listEnvelope<T>(c: Context<ApiEnv>, rows: T[], pagination: NonNullable<Envelope["pagination"]>) {
  // An empty list is 404 "No data" (spec 7 "Generic list fetch"), still with the envelope.
  if (rows.length === 0) return c.json({ code: 404, message: c.var.t("api:no_data"), data: [], pagination }, 404);
  return c.json({ code: 200, message: c.var.t("api:ok"), data: rows, pagination } satisfies Envelope<T[]>, 200);
}

/** The PostgreSQL error code ("23505") of a failed query; Drizzle wraps the driver's error as `cause`. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === "string" ? e.code : e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/** Field messages are translation keys (zod messages); they are translated for the caller. */
export function fieldErrors(error: z.ZodError, t: (k: string) => string) {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    (out[key] ??= []).push(t(issue.message.includes(":") ? issue.message : `validation:${issue.message}`));
  }
  return out;
}

type Source = "json" | "query" | "form" | "body";

/** Reads and checks one input source; failures are 422 with messages per field. */
export async function input<S extends z.ZodType>(c: Context<ApiEnv>, schema: S, source: Source = "body"): Promise<z.infer<S>> {
  let raw: unknown;
  if (source === "query") raw = c.req.query();
  else {
    const type = c.req.header("content-type") ?? "";
    if (type.includes("application/json")) raw = await c.req.json().catch(() => ({}));
    else if (type.includes("form")) raw = Object.fromEntries(Object.entries(await c.req.parseBody({ all: true })));
    else raw = {};
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw new ApiError(422, "api:errors.validation", fieldErrors(result.error, c.var.t));
  return result.data;
}

/** Unix seconds, the spec's time format. */
export const unix = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);
