/**
 * The channel's side of Indie ads in demo mode: no real channel reports impressions and clicks
 * yet, so in demo (core/lib/demo.ts isDemo) a sweep plays it. Every AD_SIMULATE_MS (default 15
 * min: the deposit history gets a line per ad a quarter hour, not a minute) each running ad
 * gets the activity of that stretch of time, through the one writer (recordAdActivity: capped
 * by the day's budget and the deposit, posted to the ledger). Off demo it does nothing: a real
 * channel's reports will come through the same call.
 *
 * The formula, deterministic per ad and stretch (a hash, not Math.random, so two processes
 * simulating the same stretch report the same thing under the same key, which counts once):
 * - clicks a day ≈ 1.1 × what the budget pays for (daily_budget ÷ bid), so a busy evening can
 *   reach the budget; spread over the WIB day by a simple curve (night 0.3, morning 1.0,
 *   afternoon 1.2, evening 1.5 — mean 1);
 * - a stretch gets that rate × its length, rounded up or down at random-but-fixed (the hash);
 * - CTR between 2 % and 4 %: impressions = clicks ÷ CTR. A stretch without clicks reports nothing
 *   (the channel reports in billable batches: ads.ts header).
 */
import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { db } from "#db/client.ts";
import { ads, AD_STATUS } from "#db/schema/index.ts";
import { DomainError } from "#core/errors.ts";
import { registerSweep } from "#core/jobs/worker.ts";
import { isDemo } from "#core/lib/demo.ts";
import { DAY_MS, WIB_OFFSET_MS } from "#core/lib/time.ts";
import { recordAdActivity } from "./ads.ts";

const EVERY_MS = Number(process.env.AD_SIMULATE_MS ?? 900_000);
const PACE = 1.1;
const BATCH = 500;

/** A number in [0, 1) from integers (a small integer hash: the same input, the same number). */
function unit(...xs: number[]) {
  let h = 0x811c9dc5;
  for (const x of xs) {
    h = Math.imul(h ^ (x | 0), 0x01000193);
    h = Math.imul(h ^ Math.floor(x / 2 ** 32), 0x01000193);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
  return ((h ^ (h >>> 15)) >>> 0) / 2 ** 32;
}

/** The day's curve at `at` (WIB hour): mean 1 over a day. */
function curve(at: Date) {
  const hour = new Date(at.getTime() + WIB_OFFSET_MS).getUTCHours();
  return hour < 6 ? 0.3 : hour < 12 ? 1.0 : hour < 18 ? 1.2 : 1.5;
}

/** What the channel shows for one ad in the stretch [end − lengthMs, end): clicks and impressions. */
export function simulatedActivity(ad: { id: number; dailyBudget: number; bidPerClick: number }, end: Date, lengthMs: number, salt = 0) {
  const perDay = (ad.dailyBudget / ad.bidPerClick) * PACE;
  const mid = new Date(end.getTime() - lengthMs / 2);
  const expected = (perDay * lengthMs * curve(mid)) / DAY_MS;
  const stretch = Math.floor(end.getTime() / Math.max(1, lengthMs));
  const clicks = Math.floor(expected + unit(ad.id, stretch, salt, 1));
  const ctr = 0.02 + 0.02 * unit(ad.id, stretch, salt, 2);
  return { clicks, impressions: clicks ? Math.max(clicks, Math.round(clicks / ctr)) : 0 };
}

/** One sweep: the stretch ending at the current multiple of EVERY_MS, for every running ad. Answers the rupiah charged. */
export async function simulateAds(now = new Date(), everyMs = EVERY_MS): Promise<number> {
  if (!isDemo()) return 0;
  const end = new Date(Math.floor(now.getTime() / everyMs) * everyMs);
  let charged = 0;
  // Every running ad, a batch at a time in id order.
  for (let after = 0; ;) {
    const running = await db.select({ id: ads.id, businessId: ads.businessId, dailyBudget: ads.dailyBudget, bidPerClick: ads.bidPerClick })
      .from(ads)
      .where(and(eq(ads.status, AD_STATUS.active), gt(ads.id, after), lte(ads.startsAt, end), or(isNull(ads.endsAt), gt(ads.endsAt, end))))
      .orderBy(asc(ads.id))
      .limit(BATCH);
    for (const ad of running) {
      const { clicks, impressions } = simulatedActivity(ad, end, everyMs);
      if (!clicks) continue;
      try {
        const r = await db.transaction((tx) => recordAdActivity(tx, ad.businessId, ad.id, { clicks, impressions, at: end, key: `sim:${end.getTime() / 1000}` }));
        charged += r.charged;
      } catch (e) {
        if (!(e instanceof DomainError)) throw e; // gone meanwhile (deleted with its business)
      }
    }
    if (running.length < BATCH) break;
    after = running[running.length - 1].id;
  }
  return charged;
}

registerSweep("ads-simulate", EVERY_MS, () => simulateAds());
