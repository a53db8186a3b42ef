import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

let cached: string | undefined;

/**
 * The server secret that signs the web's session cookie and realtime tickets. SESSION_SECRET in
 * production (the same on every app process); on a demo machine a random secret kept in ./data
 * (next to the embedded database) so restarts keep people signed in.
 */
export function serverSecret(): string {
  if (cached) return cached;
  if (process.env.SESSION_SECRET) return (cached = process.env.SESSION_SECRET);
  const dir = process.env.PG_DATA_DIR ? path.dirname(path.resolve(process.env.PG_DATA_DIR)) : path.resolve("data");
  const file = path.join(dir, "session-secret");
  try {
    cached = fs.readFileSync(file, "utf8").trim();
  } catch {
    cached = randomBytes(32).toString("hex");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, cached, { mode: 0o600 });
  }
  return cached;
}
