/**
 * Exports (spec: "POST /v0.0.0/exports/…", "GET /v0.0.0/exports", background job and export
 * history shapes). Asking for an export queues a job (202 with its progress); any app process
 * runs it (core/jobs/worker.ts); the history lists the caller's exports with their progress and
 * whether the file was downloaded; downloading marks it so.
 *
 * Decisions where the spec is silent:
 * - Exports are personal: the history, a job's status and its download are only for the user who
 *   asked, in the business they asked in (anyone else gets 404). An export holds what its asker
 *   may see (a company export lists the asker's companies in every business), so sharing it with
 *   the business's other members would show them more than their own pages do. Only the kinds the
 *   caller's privileges still allow are shown.
 * - `url` is the API path of the file (bearer token needed); it is null until the file is ready.
 * - The file name is fixed when the job is queued, so the history can show it while it runs:
 *   "<what>_<DD-MM-YYYY>_<HHmmss>.xlsx" in WIB, in the asker's language.
 */
import { Hono, type Context } from "hono";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { z } from "zod";
import { db } from "#db/client.ts";
import { jobs } from "#db/schema/index.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { WIB_OFFSET_MS } from "#core/lib/time.ts";
import { EXPORTS, type ExportParams } from "#core/jobs/exports.ts";
import { kick } from "#core/jobs/worker.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { ApiError, forbidden, input, list, notFound, ok, unix } from "#api/lib/http.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";

dayjs.extend(utc);

export const exportRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller()] as const;

/** The export kinds the caller may see, as job kinds ("export:business"). */
function allowedKinds(c: Context<ApiEnv>) {
  return [...EXPORTS].filter(([, def]) => canAccess(c.var.member, def.privilege)).map(([kind]) => `export:${kind}`);
}

function jobJson(c: Context<ApiEnv>, j: typeof jobs.$inferSelect) {
  return {
    job_id: j.id,
    kind: j.kind.replace(/^export:/, ""),
    filename: j.filename,
    url: j.status === "success" ? `/api/v0.0.0/exports/${j.id}/download` : null,
    is_downloaded: j.isDownloaded,
    progress: j.progress,
    status: j.status,
    // A translation key (core/jobs/worker.ts), in the reader's language.
    status_details: j.statusDetails ? c.var.t(j.statusDetails) : null,
    time_created: unix(j.timeCreated),
  };
}

/** The caller's own exports in the business they work in, of the given kinds. */
const mine = (c: Context<ApiEnv>, kinds: string[]) =>
  and(eq(jobs.userId, c.var.user.id), eq(jobs.businessId, c.var.member.businessId), inArray(jobs.kind, kinds));

/** One of the caller's export jobs (of `kind` when given), or 404. */
export async function jobFor(c: Context<ApiEnv>, id: number, kind?: string) {
  const kinds = allowedKinds(c).filter((k) => !kind || k === `export:${kind}`);
  const [job] = kinds.length ? await db.select().from(jobs).where(and(eq(jobs.id, id), mine(c, kinds))).limit(1) : [];
  if (!job) throw notFound();
  return job;
}

/** The caller's export history, of one kind when given (also GET /v0.0.0/orders/export-history). */
export async function exportHistory(c: Context<ApiEnv>, kind?: string) {
  const q = await input(c, listQuery.pick({ page: true, limit: true }).extend({ kind: z.string().max(60).optional() }), "query");
  const only = kind ?? q.kind;
  const kinds = allowedKinds(c).filter((k) => !only || k === `export:${only}`);
  if (!kinds.length) return list(c, [], 0, q.limit);
  const where = mine(c, kinds);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(desc(jobs.timeCreated), desc(jobs.id)).limit(q.limit).offset(offsetOf(q)),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  return list(c, rows.map((j) => jobJson(c, j)), total, q.limit);
}

exportRoutes.get("/v0.0.0/exports", ...seller, (c) => exportHistory(c));

exportRoutes.get("/v0.0.0/exports/:id{[0-9]+}", ...seller, async (c) => ok(c, jobJson(c, await jobFor(c, Number(c.req.param("id"))))));

exportRoutes.get("/v0.0.0/exports/:id{[0-9]+}/download", ...seller, async (c) => sendExport(c, await jobFor(c, Number(c.req.param("id")))));

/** The job's file, marked downloaded (also GET /v0.0.0/orders/export-history/download?job_id=). */
export async function sendExport(c: Context<ApiEnv>, job: typeof jobs.$inferSelect) {
  if (job.status !== "success" || !job.file) throw new ApiError(422, "list:export.not_ready");
  await db.update(jobs).set({ isDownloaded: true }).where(eq(jobs.id, job.id));
  const name = job.filename ?? `export-${job.id}.xlsx`;
  return c.body(new Uint8Array(job.file), 200, {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "Content-Length": String(job.file.length),
  });
}

/**
 * POST /v0.0.0/exports/{kind} with the list's filters: queues the export, answers 202 and the job.
 * The catalogue's kinds also answer at the spec's /v0.0.0/exports/products/{kind}.
 */
const EXPORT_PATHS = ["/v0.0.0/exports/:kind{[a-z][a-z-]*}", "/v0.0.0/exports/products/:kind{product-listing|service-listing|barcode-printer}"];
exportRoutes.on("POST", EXPORT_PATHS, ...seller, (c) => queueExport(c, c.req.param("kind") ?? ""));

/** Queues an export of `kind` with the filters in the body (also POST /v0.0.0/orders/export). */
export async function queueExport(c: Context<ApiEnv>, kind: string) {
  const def = EXPORTS.get(kind);
  if (!def) throw notFound();
  if (!canAccess(c.var.member, def.privilege)) throw forbidden("api:errors.no_privilege");
  const filters = await input(c, def.filters);
  await def.check?.(c.var.member.businessId, filters);
  const locale = c.var.locale;
  const stamp = dayjs().utcOffset(WIB_OFFSET_MS / 60_000).format("DD-MM-YYYY_HHmmss");
  const params: ExportParams = { locale, filters: filters as Record<string, unknown> };
  const [job] = await db
    .insert(jobs)
    .values({
      businessId: c.var.member.businessId, userId: c.var.user.id, kind: `export:${kind}`, params,
      filename: `${c.var.t(def.filename)}_${stamp}.xlsx`,
    })
    .returning();
  kick();
  return ok(c, { job_id: job.id, progress: job.progress, status: job.status }, "list:export.queued", 202);
}
