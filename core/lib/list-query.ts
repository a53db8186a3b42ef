/**
 * The query every list call takes (spec sections 7 and 9): page, limit (default 10), search and
 * sort (default 2 Newest). The six sort codes are the spec's labels in order:
 * 1 Oldest, 2 Newest, 3 Edited ASC, 4 Edited DESC, 5 Name ASC, 6 Name DESC.
 */
import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";

export const MAX_PAGE_SIZE = 150;

export const listQuery = z.object({
  page: z.coerce.number().int().min(1, "invalid").default(1),
  limit: z.coerce.number().int().min(1, "invalid").max(MAX_PAGE_SIZE, "invalid").default(10),
  search: z.string().trim().max(100, "too_long").optional(),
  sort: z.coerce.number().int().min(1, "invalid").max(6, "invalid").default(2),
});
export type ListQuery = z.infer<typeof listQuery>;

/** ORDER BY for a sort code; the id breaks ties so pages never overlap. */
export function orderBy(sort: number, cols: { created: AnyColumn; modified: AnyColumn; name: AnyColumn; id: AnyColumn }): SQL[] {
  const byName = sql`lower(${cols.name})`;
  const first = {
    1: asc(cols.created),
    2: desc(cols.created),
    3: asc(cols.modified),
    4: desc(cols.modified),
    5: asc(byName),
    6: desc(byName),
  }[sort] ?? desc(cols.created);
  return [first, sort % 2 === 1 ? asc(cols.id) : desc(cols.id)];
}

/** Text searched as typed: LIKE wildcards in it are escaped. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const offsetOf = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

/**
 * A list's total, counted only when its page does not already tell it: a page with room left is
 * the last one, so the total is the rows before it and on it (an empty page past the end says
 * nothing, and is counted). Most stores, partnerships… lists fit on one page: no count query.
 */
export async function totalOf(page: { offset: number; limit: number }, shown: number, count: () => Promise<number>) {
  return shown < page.limit && (shown > 0 || page.offset === 0) ? page.offset + shown : count();
}
