import { data } from "react-router";

/** The largest id PostgreSQL's integer keys hold: a larger one names no record. */
const MAX_ID = 2_147_483_647;

/** `value` as a record id (a whole number 1 … MAX_ID, written plainly), else null. */
export function recordId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** A :slug that is a record id (the spec's slugs are ids); anything else is the not-found page. */
export function idFromSlug(slug: string | undefined): number {
  const id = Number(slug);
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw data("Not found", { status: 404 });
  return id;
}

/**
 * A form field naming a record by its id (entry_id, partition_id…); anything else — missing,
 * "abc", "1_000", "1.5", past the integer range — is the not-found page, never a query with it
 * (Number("1_000") is NaN, which PostgreSQL refuses as an integer: a 500).
 */
export function idFromForm(form: FormData, name: string): number {
  const id = recordId(form.get(name));
  if (id === null) throw data("Not found", { status: 404 });
  return id;
}
