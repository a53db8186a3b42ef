import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../../api/app.ts";
import { runNextJob } from "../../api/jobs/worker.ts";
import { call, DEMO, login } from "./helpers.ts";

type Job = { job_id: number; kind: string; filename: string; url: string | null; is_downloaded: boolean; progress: number; status: string };

async function download(path: string, token: string) {
  return api.request(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
}

let seller: string;
beforeAll(async () => {
  seller = await login(DEMO.seller);
});

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
