import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressAnswers } from "../server/compress.ts";

const page = `<!DOCTYPE html><html><body>${"<p>Pesanan</p>".repeat(500)}</body></html>`;
const app = new Hono();
app.use(compressAnswers);
app.get("/page", (c) => c.html(page));
app.get("/tiny", (c) => c.html("<p>ok</p>"));
app.get("/json", (c) => c.json({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: "Kaos" })) }));

const get = (path: string, encoding = "gzip, deflate, br") => app.request(path, { headers: { "Accept-Encoding": encoding } });

describe("compression (server/compress.ts)", () => {
  it("sends a page gzipped whole, with its length, and the page is unchanged", async () => {
    const res = await get("/page");
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(res.headers.get("Content-Length")).toBe(String(body.length));
    expect(res.headers.get("Vary")).toMatch(/accept-encoding/i);
    expect(gunzipSync(body).toString()).toBe(page);
  });

  it("sends a page plainly to a client without gzip, and a tiny page plainly to anyone", async () => {
    for (const res of [await get("/page", "identity"), await get("/tiny")]) {
      expect(res.headers.get("Content-Encoding")).toBeNull();
      expect(Number(res.headers.get("Content-Length"))).toBe((await res.clone().arrayBuffer()).byteLength);
    }
    expect(await (await get("/page", "identity")).text()).toBe(page);
  });

  it("still compresses everything else (API JSON)", async () => {
    const res = await get("/json");
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).rows).toHaveLength(200);
  });
});
