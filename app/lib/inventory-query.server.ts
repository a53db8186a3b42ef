/**
 * The inventory pages' URL state (stock overview, history, reports): the query string parsed with
 * the core module's Zod schema. A value nothing can take (a hand-edited location key, a date that
 * is no date, page 99999) is not a 5xx nor a bare error page: the page answers 400 with the
 * message under the filter that holds it, the filters as typed, and no rows — the seller fixes the
 * one field (issue 14, house rule "bad input of any shape").
 */
import type { z } from "zod";
import { fieldMessages } from "#core/errors.ts";

export type QueryErrors = Record<string, string[]>;

/** The URL's first value of each parameter. */
export function rawQuery(url: URL): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in raw)) raw[k] = v;
  return raw;
}

export function readQuery<S extends z.ZodType>(schema: S, url: URL):
  | { ok: true; value: z.infer<S>; raw: Record<string, string> }
  | { ok: false; errors: QueryErrors; raw: Record<string, string> } {
  const raw = rawQuery(url);
  const r = schema.safeParse(raw);
  if (r.success) return { ok: true, value: r.data, raw };
  return { ok: false, errors: fieldMessages(r.error.issues), raw };
}
