/**
 * `npm run backup [-- <file>]`: a backup of the embedded PostgreSQL (./data/pg, or PG_DATA_DIR),
 * taken while the app runs — or, when it does not, with the server started for the backup and
 * stopped after. Writes backups/indie-<UTC time>.tar.gz unless told a file. With DATABASE_URL
 * the server is not ours: pg_dump is the tool (README, "Backup and restore").
 */
import path from "node:path";
import { BackupError, backupEmbedded, utcStamp } from "#db/backup.ts";
import { PG_DUMP_HINT, shown, size } from "#scripts/backup-cli.ts";

const arg = process.argv[2];
if (arg === "--help" || arg === "-h") {
  console.log("Usage: npm run backup [-- <file.tar.gz>]   (default backups/indie-<UTC time>.tar.gz)");
  process.exit(0);
}
if (process.env.DATABASE_URL) {
  console.error(`DATABASE_URL is set: this command backs up the embedded database only.\n${PG_DUMP_HINT}`);
  process.exit(1);
}

const dataDir = process.env.PG_DATA_DIR ?? "data/pg";
const out = arg ?? path.join("backups", `indie-${utcStamp()}.tar.gz`);
try {
  const r = await backupEmbedded({
    dataDir, out, port: Number(process.env.PG_PORT ?? 54329),
    onStep: (step) => void (step === "started" && console.log(`Backing up ${dataDir} …`)),
  });
  const m = r.manifest;
  console.log(`${shown(r.file)}  ${size(r.bytes)}, ${(r.ms / 1000).toFixed(1)} s`);
  console.log(`  PostgreSQL ${m.postgres}, ${m.files} files, WAL ${m.startLsn} → ${m.stopLsn} (${m.walSegments.length} segment${m.walSegments.length === 1 ? "" : "s"})${m.sessionSecret ? ", the session secret" : ""}`);
  if (r.startedServer) console.log("  (the app was not running: the server was started for the backup and stopped again)");
  console.log("  It holds every account and password hash: keep it as private as the server.");
} catch (e) {
  // Our own refusals say what to do; anything else (PostgreSQL, the disk) is shown as it came.
  console.error(e instanceof BackupError ? e.message : `Backup failed: ${(e as Error).message}`);
  process.exit(1);
}
process.exit(0);
