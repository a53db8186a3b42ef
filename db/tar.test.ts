/**
 * The backup's tar: what TarWriter writes, TarReader and GNU tar read back (names past 100
 * characters through ustar's prefix, sizes past 8 GiB in base-256); and the WAL segment names
 * a backup takes, across a log-id boundary.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { segmentRange } from "./backup.ts";
import { header, TarReader, TarWriter } from "./tar.ts";

const longName = `pgdata/${"base/16384/".repeat(12)}2619_fsm`;

async function archive() {
  const gzip = zlib.createGzip();
  const parts: Buffer[] = [];
  gzip.on("data", (b: Buffer) => parts.push(b));
  const ended = new Promise((r) => gzip.on("end", r));
  const tar = new TarWriter(gzip);
  await tar.dir("pgdata");
  await tar.file("pgdata/PG_VERSION", Buffer.from("17\n"));
  await tar.file(longName, Buffer.alloc(8192 + 5, 7));
  await tar.file("pgdata/empty", Buffer.alloc(0));
  await tar.end();
  gzip.end();
  await ended;
  return Buffer.concat(parts);
}

describe("tar", () => {
  it("reads back what it wrote", async () => {
    const input = new PassThrough();
    input.end(await archive());
    const reader = new TarReader(input.pipe(zlib.createGunzip()));
    const seen: [string, string, number][] = [];
    for (let e = await reader.next(); e; e = await reader.next()) {
      let bytes = 0;
      if (e.type === "file") for await (const piece of reader.body(e)) bytes += piece.length;
      seen.push([e.name, e.type, bytes]);
    }
    expect(seen).toEqual([["pgdata", "dir", 0], ["pgdata/PG_VERSION", "file", 3], [longName, "file", 8197], ["pgdata/empty", "file", 0]]);
  });

  it("writes what GNU tar lists", async () => {
    if (spawnSync("tar", ["--version"]).status !== 0) return;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "indie-tar-")), "t.tar.gz");
    fs.writeFileSync(file, await archive());
    const listed = spawnSync("tar", ["-tzf", file], { encoding: "utf8" });
    fs.rmSync(path.dirname(file), { recursive: true });
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split("\n")).toEqual(["pgdata/", "pgdata/PG_VERSION", longName, "pgdata/empty"]);
  });

  it("says a size past 8 GiB in base-256", () => {
    const h = header({ name: "big", type: "file", size: 9 * 2 ** 30, mode: 0o600, mtime: 0 });
    expect(h[124]).toBe(0x80);
    expect(Number(h.readBigUInt64BE(128))).toBe(9 * 2 ** 30);
  });

  it("stops at a truncated archive", async () => {
    const whole = zlib.gunzipSync(await archive());
    const input = new PassThrough();
    input.end(whole.subarray(0, 1024 + 512 + 100));
    const reader = new TarReader(input);
    const read = async () => {
      for (let e = await reader.next(); e; e = await reader.next()) for await (const _ of reader.body(e));
    };
    await expect(read()).rejects.toThrow(/truncated/);
  });
});

describe("segmentRange", () => {
  it("counts across a log id (16 MB segments: 256 to an id)", () => {
    expect(segmentRange("0000000100000000000000FE", "000000010000000100000001", 16 * 2 ** 20)).toEqual([
      "0000000100000000000000FE", "0000000100000000000000FF", "000000010000000100000000", "000000010000000100000001",
    ]);
    expect(segmentRange("000000020000000A00000003", "000000020000000A00000003", 16 * 2 ** 20)).toEqual(["000000020000000A00000003"]);
  });
});
