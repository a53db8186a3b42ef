/**
 * `npm run restore <file>`: puts a backup made by `npm run backup` in place of the embedded
 * PostgreSQL's data directory (./data/pg, or PG_DATA_DIR). Refuses while the server runs there;
 * the current directory is kept as <dir>.before-restore-<UTC time>, never deleted. The restored
 * copy is opened once (PostgreSQL replays the backup's WAL) before the command says it is done.
 */
import { BackupError, restoreEmbedded } from "#db/backup.ts";
import { PG_DUMP_HINT, shown } from "#scripts/backup-cli.ts";

const file = process.argv[2];
if (!file || file === "--help" || file === "-h") {
  console.log("Usage: npm run restore <backup.tar.gz>   (stop the app first)");
  process.exit(file ? 0 : 2);
}
if (process.env.DATABASE_URL) {
  console.error(`DATABASE_URL is set: this command restores the embedded database only.\n${PG_DUMP_HINT}`);
  process.exit(1);
}

const dataDir = process.env.PG_DATA_DIR ?? "data/pg";
try {
  console.log(`Restoring ${file} into ${dataDir} …`);
  const r = await restoreEmbedded({ file, dataDir });
  console.log(`Restored the backup of ${r.manifest.created} (PostgreSQL ${r.manifest.postgres}) in ${(r.ms / 1000).toFixed(1)} s: databases ${r.databases.join(", ")}.`);
  console.log(r.keptAs ? `  The previous data directory is kept as ${shown(r.keptAs)} (delete it yourself once all is well).` : "  There was no data directory before.");
  if (r.secretKeptAs) console.log(`  The session secret is the backup's again; the one before is kept as ${shown(r.secretKeptAs)}.`);
  else if (r.secretWritten) console.log("  The session secret is the backup's again.");
  console.log("  Start the app as usual: npm start");
} catch (e) {
  // Our own refusals say what to do; anything else (PostgreSQL, the disk) is shown as it came.
  console.error(e instanceof BackupError ? e.message : `Restore failed: ${(e as Error).message}`);
  process.exit(1);
}
process.exit(0);
