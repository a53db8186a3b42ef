import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { ApiEnv } from "./env.ts";
import { fieldMessages, Refused } from "#core/errors.ts";

/** The spec's envelope: HTTP status equals `code`. */
export type Envelope<T = unknown> = {
  code: number;
  message: string;
  data?: T;
  pagination?: { total_page: number; total_record: number; summary_data?: unknown };
};

export function ok<T>(c: Context<ApiEnv>, data: T, message = "api:ok", status: ContentfulStatusCode = 200, vars?: Record<string, unknown>) {
  return c.json({ code: status, message: c.var.t(message, vars), data } satisfies Envelope<T>, status);
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

/** Zod issues as translated messages per field (core/errors.ts fieldMessages, in the caller's language). */
export function fieldErrors(error: z.ZodError, t: (k: string) => string) {
  return Object.fromEntries(Object.entries(fieldMessages(error.issues)).map(([k, v]) => [k, v.map((m) => t(m))]));
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
  if (!result.success) throw new Refused("api:errors.validation", fieldMessages(result.error.issues));
  return result.data;
}

