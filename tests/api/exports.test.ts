import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "#api/app.ts";
import { registerJob, runNextJob } from "#core/jobs/worker.ts";
import { i18nextMiddleware } from "#app/lib/i18n.server.ts";
import { sessionContext, sessionMiddleware, type WebSession } from "#app/lib/session.server.ts";
import { loader as downloadLoader } from "#app/routes/admin/export-download.tsx";
import { db } from "#db/client.ts";
import { businesses, businessMembers, jobs, users } from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";

type Job = {
  job_id: number; kind: string; filename: string; url: string | null; is_downloaded: boolean; progress: number; status: string;
  status_details: string | null;
};

async function download(path: string, token: string) {
  return api.request(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
}

let seller: string;
let owner: { userId: number; businessId: number };
beforeAll(async () => {
  seller = await login(DEMO.seller);
  const [u] = await db.select().from(users).where(eq(users.email, DEMO.seller));
  const [b] = await db.select().from(businesses).where(eq(businesses.name, "Toko Demo"));
  owner = { userId: u.id, businessId: b.id };
});

/** A job row as if the seller had asked for it in Toko Demo (a company export unless told). */
async function insertJob(values: Partial<typeof jobs.$inferInsert> = {}) {
  const [job] = await db.insert(jobs).values({
    ...owner, kind: "export:business", params: { locale: "en", filters: {} }, filename: "Company.xlsx", ...values,
  }).returning();
  return job;
}

describe("company export", () => {
  it("queues a job, runs it into a real xlsx, lists it and marks it downloaded", async () => {
    const queued = await call<Job>("POST", "/v0.0.0/exports/business", { token: seller, json: { status: 1, sort: 5 }, locale: "id" });
    expect(queued.status).toBe(202);
    expect(queued.body.data).toMatchObject({ progress: 0, status: "waiting" });
    const id = queued.body.data!.job_id;

    let history = await call<Job[]>("GET", "/v0.0.0/exports", { token: seller, query: { kind: "business" } });
    expect(history.body.data![0]).toMatchObject({ job_id: id, status: "waiting", url: null, is_downloaded: false });
    expect(history.body.data![0].filename).toMatch(/^Perusahaan_\d{2}-\d{2}-\d{4}_\d{6}\.xlsx$/);

    expect(await runNextJob()).toBe(true);
    const job = await call<Job>("GET", `/v0.0.0/exports/${id}`, { token: seller });
    expect(job.body.data).toMatchObject({ status: "success", progress: 100, url: `/api/v0.0.0/exports/${id}/download` });

    const file = await download(`/v0.0.0/exports/${id}/download`, seller);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    expect(file.headers.get("content-disposition")).toContain("attachment");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Perusahaan");
    // Header in the language of the person who asked, then the filtered, sorted rows.
    expect(sheet.getRow(1).getCell(1).value).toBe("Nama perusahaan");
    const names = [2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value);
    expect(names).toEqual(["Konveksi Maju Jaya", "Toko Demo", "Toko Demo Bandung"]);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(3).getCell(4).value).toBe("Aktif");

    history = await call<Job[]>("GET", "/v0.0.0/exports", { token: seller });
    expect(history.body.data![0]).toMatchObject({ job_id: id, is_downloaded: true });
  });

  it("keeps a business's exports to itself and to members with the privilege", async () => {
    const queued = await call<Job>("POST", "/v0.0.0/exports/business", { token: seller, json: {} });
    const id = queued.body.data!.job_id;
    await runNextJob();
    const seller2 = await login(DEMO.seller2);
    expect((await call("GET", `/v0.0.0/exports/${id}`, { token: seller2 })).status).toBe(404);
    expect((await download(`/v0.0.0/exports/${id}/download`, seller2)).status).toBe(404);
    expect((await call("GET", "/v0.0.0/exports", { token: seller2 })).status).toBe(404);
    const staff = await login(DEMO.staff);
    expect((await call("POST", "/v0.0.0/exports/business", { token: staff, json: {} })).status).toBe(403);
    expect((await call("GET", "/v0.0.0/exports", { token: staff })).status).toBe(404);
  });

  it("refuses an unknown kind, bad filters and a file that is not ready", async () => {
    expect((await call("POST", "/v0.0.0/exports/nothing", { token: seller, json: {} })).status).toBe(404);
    const bad = await call("POST", "/v0.0.0/exports/business", { token: seller, json: { status: 7 } });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toHaveProperty("status");
    const queued = await call<Job>("POST", "/v0.0.0/exports/business", { token: seller, json: {} });
    const res = await download(`/v0.0.0/exports/${queued.body.data!.job_id}/download`, seller);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe("The file is not ready yet");
    await runNextJob();
  });
});

describe("exports are personal", () => {
  it("shows a person's exports, their status and their files to them only, even within one business", async () => {
    const toko = eq(businessMembers.businessId, owner.businessId);
    await db.update(businessMembers).set({ privileges: ["orders", "products", "profile"] }).where(and(toko, eq(businessMembers.role, "staff")));
    try {
      const staff = await login(DEMO.staff);
      const mine = await call<Job>("POST", "/v0.0.0/exports/business", { token: seller, json: {} });
      await runNextJob();
      const id = mine.body.data!.job_id;
      // A colleague with the same privilege in the same business: 404, as for anyone's.
      expect((await call("GET", `/v0.0.0/exports/${id}`, { token: staff })).status).toBe(404);
      expect((await download(`/v0.0.0/exports/${id}/download`, staff)).status).toBe(404);
      expect((await call("GET", "/v0.0.0/exports", { token: staff })).status).toBe(404);

      const theirs = await call<Job>("POST", "/v0.0.0/exports/business", { token: staff, json: {} });
      await runNextJob();
      const staffHistory = await call<Job[]>("GET", "/v0.0.0/exports", { token: staff });
      expect(staffHistory.body.data!.map((j) => j.job_id)).toEqual([theirs.body.data!.job_id]);
      const ownerHistory = await call<Job[]>("GET", "/v0.0.0/exports", { token: seller, query: { limit: 150 } });
      expect(ownerHistory.body.data!.map((j) => j.job_id)).toContain(id);
      expect(ownerHistory.body.data!.map((j) => j.job_id)).not.toContain(theirs.body.data!.job_id);
      expect((await download(`/v0.0.0/exports/${id}/download`, seller)).status).toBe(200);
    } finally {
      await db.update(businessMembers).set({ privileges: ["orders", "products"] }).where(and(toko, eq(businessMembers.role, "staff")));
    }
  });
});

describe("the job worker", () => {
  it("renews the lease with every progress report, so a long export is not claimed twice", async () => {
    let leaseAfterProgress: Date | null = null;
    registerJob("test:long", async (job, progress) => {
      // As if the first page had taken longer than the lease.
      await db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, job.id));
      await progress(50);
      [{ lockedUntil: leaseAfterProgress }] = await db.select({ lockedUntil: jobs.lockedUntil }).from(jobs).where(eq(jobs.id, job.id));
      return { filename: "long.xlsx", file: Buffer.from("long") };
    });
    const job = await insertJob({ kind: "test:long" });
    expect(await runNextJob()).toBe(true);
    expect(leaseAfterProgress!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: "success", progress: 100, attempts: 1 });
  });

  it("keeps the result of the run holding the job when an older run wakes up after losing its lease", async () => {
    let release!: () => void;
    let started!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const firstStarted = new Promise<void>((r) => (started = r));
    let runs = 0;
    registerJob("test:twice", async (_job, progress) => {
      if (++runs === 1) {
        started();
        await gate;
        await progress(50);
        return { filename: "first.xlsx", file: Buffer.from("first") };
      }
      return { filename: "second.xlsx", file: Buffer.from("second") };
    });
    const job = await insertJob({ kind: "test:twice" });
    const first = runNextJob();
    await firstStarted;
    // The first run's process looks dead (its lease ran out): another claims the job and finishes it.
    await db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, job.id));
    expect(await runNextJob()).toBe(true);
    release();
    await first;
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: "success", progress: 100, filename: "second.xlsx", attempts: 2 });
    expect(row.file!.toString()).toBe("second");
  });

  it("gives up a job whose runs keep dying after 3 tries, with a translated reason", async () => {
    const job = await insertJob({ status: "processing", lockedUntil: new Date(Date.now() - 1000), attempts: 3 });
    expect(await runNextJob()).toBe(true);
    const en = await call<Job>("GET", `/v0.0.0/exports/${job.id}`, { token: seller });
    expect(en.body.data).toMatchObject({
      status: "failed", url: null, status_details: "Making the file stopped several times, so it was cancelled. Please try again.",
    });
    const id = await call<Job>("GET", `/v0.0.0/exports/${job.id}`, { token: seller, locale: "id" });
    expect(id.body.data!.status_details).toBe("Pembuatan file terhenti beberapa kali, jadi dibatalkan. Silakan coba lagi.");
    expect(await runNextJob()).toBe(false);
  });

  it("tells the person a translated sentence when an export fails, never the raw error", async () => {
    const job = await insertJob({ params: { locale: "en", filters: { status: 7 } } }); // refused by the export's own filters
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await runNextJob()).toBe(true);
    expect(log).toHaveBeenCalled(); // the error itself goes to the log
    log.mockRestore();
    const res = await call<Job>("GET", `/v0.0.0/exports/${job.id}`, { token: seller });
    expect(res.body.data).toMatchObject({ status: "failed", status_details: "The file could not be made. Please try again." });
  });
});

describe("the web's download route (/exports/:id/download)", () => {
  /** Runs the route as React Router does (session and language middleware, then the loader), signed in with `token`. */
  async function openDownload(id: number, token: string, referer?: string) {
    const request = new Request(`http://shop.test/exports/${id}/download`, { headers: referer ? { Referer: referer } : {} });
    const context = new RouterContextProvider();
    const args = { request, context, params: { id: String(id) } } as unknown as Parameters<typeof downloadLoader>[0];
    let web!: WebSession;
    const response = (await sessionMiddleware(args as never, async () => (await i18nextMiddleware(args as never, async () => {
      web = context.get(sessionContext);
      web.session.set("token", token);
      try {
        return await downloadLoader(args);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    })) as Response)) as Response;
    return { response, web };
  }

  it("sends an expired session to sign in again, coming back to the list afterwards", async () => {
    const job = await insertJob({ status: "failed" });
    const { response, web } = await openDownload(job.id, "an-expired-token", "http://shop.test/profile/company?status=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent("/profile/company?status=1")}`);
    expect(web.session.get("token")).toBeUndefined();
  });

  it("passes the file on, and goes back with a notice when it cannot, whatever the Referer looks like", async () => {
    const queued = await call<Job>("POST", "/v0.0.0/exports/business", { token: seller, json: {} });
    const id = queued.body.data!.job_id;
    const notReady = await openDownload(id, seller, "http://[::1");
    expect(notReady.response.status).toBe(302);
    expect(notReady.response.headers.get("location")).toBe("/");
    expect(notReady.web.toasts).toEqual([{ type: "danger", message: "The file is not ready yet" }]);
    while (await runNextJob());
    const ready = await openDownload(id, seller, "not a url");
    expect(ready.response.status).toBe(200);
    expect(ready.response.headers.get("content-disposition")).toContain("attachment");
  });
});
