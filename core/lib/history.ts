/**
 * Update history of business-owned records ("View Update History" on every profile card): who
 * changed what and when, one row per change, written in the same transaction as the change.
 * Values are stored as the person saw them (names, not ids) so old rows stay readable.
 *
 * This is also the audit log (/setting/audit, core/audit/audit-log.ts): the one writer of both,
 * so a card's history and the audit page can never disagree. Each row carries the session it came
 * from (./acting-session.ts), read here rather than passed by every caller.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { sideBySide, type Db, type Tx } from "#db/client.ts";
import { updateHistory, users } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { sessionOf } from "./acting-session.ts";
import { offsetOf } from "./list-query.ts";

type Changes = Record<string, { from: unknown; to: unknown }>;

/** The fields whose value differs between two snapshots (null and "" count as the same). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const out: Changes = {};
  for (const key of Object.keys(after)) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if ((from === "" ? null : from) !== (to === "" ? null : to)) out[key] = { from, to };
  }
  return out;
}

export async function recordHistory(
  tx: Tx,
  row: { businessId: number; refType: string; refId: number; userId: number | null; action: string; changes?: Changes },
) {
  await tx.insert(updateHistory).values({ ...row, changes: row.changes ?? {}, tokenId: sessionOf(row.userId) });
}

export type HistoryEntry = {
  update_history_id: number;
  action: string;
  user_name: string;
  changes: { field: string; from: unknown; to: unknown }[];
  time_created: number | null;
};

/**
 * One page of a record's history, newest first. Only the rows of the record's business (the
 * tenant key, which also leads the index this reads). The caller has checked the record is the
 * actor's (its own NotFound first).
 */
export async function historyPage(
  db: Db | Tx,
  ref: { businessId: number; refType: string; refId: number },
  q: { page: number; limit: number },
): Promise<{ rows: HistoryEntry[]; total: number }> {
  const where = and(eq(updateHistory.businessId, ref.businessId), eq(updateHistory.refType, ref.refType), eq(updateHistory.refId, ref.refId));
  const [rows, [{ total }]] = await sideBySide(db,
    () => db
      .select({ id: updateHistory.id, action: updateHistory.action, changes: updateHistory.changes, userName: users.name, time: updateHistory.timeCreated })
      .from(updateHistory)
      .leftJoin(users, eq(users.id, updateHistory.userId))
      .where(where)
      .orderBy(desc(updateHistory.timeCreated), desc(updateHistory.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    () => db.select({ total: count() }).from(updateHistory).where(where),
  );
  return {
    rows: rows.map((r) => ({
      update_history_id: r.id,
      action: r.action,
      user_name: r.userName ?? "-",
      changes: Object.entries(r.changes).map(([field, v]) => ({ field, from: v.from, to: v.to })),
      time_created: unix(r.time),
    })),
    total,
  };
}
