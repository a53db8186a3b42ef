import type { Context } from "hono";
import { db } from "#db/client.ts";
import { historyPage } from "#core/lib/history.ts";
import type { ApiEnv } from "./env.ts";
import { list } from "./http.ts";

/** A record's update history in the list envelope (the record's ownership checked by the caller). */
export async function historyList(
  c: Context<ApiEnv>,
  ref: { businessId: number; refType: string; refId: number },
  q: { page: number; limit: number },
) {
  const { rows, total } = await historyPage(db, ref, q);
  return list(c, rows, total, q.limit);
}
