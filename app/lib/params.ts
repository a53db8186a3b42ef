import { data } from "react-router";

/** A :slug that is a record id (the spec's slugs are ids); anything else is the not-found page. */
export function idFromSlug(slug: string | undefined): number {
  const id = Number(slug);
  if (!Number.isInteger(id) || id <= 0) throw data("Not found", { status: 404 });
  return id;
}
