/** What `npm run backup` and `npm run restore` both say. */
import path from "node:path";

export const PG_DUMP_HINT = `For that server use PostgreSQL's own client tools (the server's major version or newer):
  pg_dump --format=custom "$DATABASE_URL" > indie.dump
  pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" indie.dump`;

export const size = (bytes: number) => (bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} kB`);

/** A path as the person typed it: relative to here when it is under here. */
export const shown = (p: string) => {
  const rel = path.relative(process.cwd(), p);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : p;
};
