/**
 * A seller's exports (spec: "POST /v0.0.0/exports/…", "GET /v0.0.0/exports", background job and
 * export history shapes): asking for one queues a job that any app process runs (worker.ts); the
 * history lists the asker's exports with their progress; taking the file marks it downloaded.
 *
 * Decisions where the spec is silent:
 * - Exports are personal: the history, a job's status and its file are only for the user who
 *   asked, in the business they asked in (anyone else: NotFound). An export holds what its asker
 *   may see (a company export lists the asker's companies in every business), so sharing it with
 *   the business's other members would show them more than their own pages do. Only the kinds the
 *   actor's privileges still allow are shown.
 * - `url` is the API path of the file (bearer token needed); it is null until the file is ready.
 *   The web serves the same file at /exports/<id>/download with its session.
 * - The file name is fixed when the job is queued, so the history can show it while it runs:
 *   "<what>_<DD-MM-YYYY>_<HHmmss>.xlsx" in WIB, in the asker's language.
 */
import { recordHistory } from "#core/lib/history.ts";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { prepared } from "#db/client.ts";
import { jobs } from "#db/schema/index.ts";
import { noPrivilege, sellerScope, type Scope, type SellerActor } from "#core/actor.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { NotFound, parseInput, Refused } from "#core/errors.ts";
import { unix, WIB_OFFSET_MS } from "#core/lib/time.ts";
import { EXPORTS, type ExportParams } from "./exports.ts";
import "./kinds.ts"; // every export kind is known before one is queued or listed
import { kick } from "./worker.ts";

dayjs.extend(utc);

export type JobStatus = "waiting" | "processing" | "success" | "failed";
export type ExportJob = ReturnType<typeof exportJobJson>;

/** The export kinds the actor may see, as job kinds ("export:business"). */
function allowedKinds(actor: SellerActor) {
  return [...EXPORTS].filter(([, def]) => canAccess(actor.member, def.privilege)).map(([kind]) => `export:${kind}`);
}

/** What a history line shows of a job: never its file, read only when it is downloaded. */
const shownColumns = {
  id: jobs.id, kind: jobs.kind, filename: jobs.filename, status: jobs.status, isDownloaded: jobs.isDownloaded,
  progress: jobs.progress, statusDetails: jobs.statusDetails, timeCreated: jobs.timeCreated,
};
type ShownJob = Pick<typeof jobs.$inferSelect, keyof typeof shownColumns>;

export function exportJobJson(actor: SellerActor, j: ShownJob) {
  return {
    job_id: j.id,
    kind: j.kind.replace(/^export:/, ""),
    filename: j.filename,
    url: j.status === "success" ? `/api/v0.0.0/exports/${j.id}/download` : null,
    is_downloaded: j.isDownloaded,
    progress: j.progress,
    status: j.status as JobStatus,
    // A translation key (worker.ts), in the reader's language.
    status_details: j.statusDetails ? actor.t(j.statusDetails) : null,
    time_created: unix(j.timeCreated)!,
  };
}

/** The actor's own exports in the business they work in, of the given kinds. */
const mine = (actor: SellerActor, kinds: string[]) =>
  and(eq(jobs.userId, actor.user.id), eq(jobs.businessId, actor.member.businessId), inArray(jobs.kind, kinds));

/** One of the actor's export jobs (of `kind` when given), or NotFound. */
export async function exportJob(scope: Scope, id: number, kind?: string) {
  const { db, actor } = sellerScope(scope);
  const kinds = allowedKinds(actor).filter((k) => !kind || k === `export:${kind}`);
  const [job] = kinds.length ? await db.select(shownColumns).from(jobs).where(and(eq(jobs.id, id), mine(actor, kinds))).limit(1) : [];
  if (!job) throw new NotFound();
  return exportJobJson(actor, job);
}

/** The actor's export history, newest first, of one kind when given. */
export async function exportHistory(scope: Scope, q: { kind?: string; page: number; limit: number }) {
  const { db, actor } = sellerScope(scope);
  const kinds = allowedKinds(actor).filter((k) => !q.kind || k === `export:${q.kind}`);
  if (!kinds.length) return { rows: [] as ExportJob[], total: 0 };
  // The total rides on each row (one round trip); a page past the end asks for it alone. Every
  // list page shows the first page of its kind: prepared (db/client.ts).
  const rows = await prepared(db, "export_history", (e, name) => e
    .select({ ...shownColumns, total: sql<number>`count(*) OVER ()::int` })
    .from(jobs)
    .where(and(eq(jobs.userId, sql.placeholder("user")), eq(jobs.businessId, sql.placeholder("business")), sql`${jobs.kind} = ANY(${sql.placeholder("kinds")}::text[])`))
    .orderBy(desc(jobs.timeCreated), desc(jobs.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name)).execute({ user: actor.user.id, business: actor.member.businessId, kinds, limit: q.limit, offset: (q.page - 1) * q.limit });
  const total = rows[0]?.total ?? (q.page > 1 ? (await db.select({ total: count() }).from(jobs).where(mine(actor, kinds)))[0].total : 0);
  return { rows: rows.map((j) => exportJobJson(actor, j)), total };
}

/** The file of one of the actor's finished exports (of `kind` when given), marked downloaded. */
export async function takeExportFile(scope: Scope, id: number, kind?: string) {
  const { db, actor } = sellerScope(scope);
  const kinds = allowedKinds(actor).filter((k) => !kind || k === `export:${kind}`);
  const [job] = kinds.length ? await db.select().from(jobs).where(and(eq(jobs.id, id), mine(actor, kinds))).limit(1) : [];
  if (!job) throw new NotFound();
  if (job.status !== "success" || !job.file) throw new Refused("list:export.not_ready");
  await db.update(jobs).set({ isDownloaded: true }).where(eq(jobs.id, job.id));
  return { filename: job.filename ?? `export-${job.id}.xlsx`, file: job.file };
}

/** Queues an export of `kind` with `filters` (the list's search, sort and filters, checked here). */
export async function queueExport(scope: Scope, kind: string, filters: unknown) {
  const def = EXPORTS.get(kind);
  if (!def) throw new NotFound();
  const { db, actor } = sellerScope(scope);
  if (!canAccess(actor.member, def.privilege)) throw noPrivilege(actor.t, def.privilege);
  const checked = parseInput(def.filters, filters);
  await def.check?.(actor.member.businessId, checked);
  const stamp = dayjs().utcOffset(WIB_OFFSET_MS / 60_000).format("DD-MM-YYYY_HHmmss");
  const params: ExportParams = { locale: actor.locale, filters: checked as Record<string, unknown> };
  const job = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobs)
      .values({
        businessId: actor.member.businessId, userId: actor.user.id, kind: `export:${kind}`, params,
        filename: `${actor.t(def.filename)}_${stamp}.xlsx`,
      })
      .returning();
    if (def.audit) {
      await recordHistory(tx, {
        businessId: actor.member.businessId, refType: def.audit, refId: row.id, userId: actor.user.id, action: "export",
        changes: { filters: { from: null, to: JSON.stringify(checked) } },
      });
    }
    return row;
  });
  kick();
  return { job_id: job.id, progress: job.progress, status: job.status };
}
