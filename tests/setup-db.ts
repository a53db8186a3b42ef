// Each test file runs on its own database, copied from the migrated and seeded template.
import { inject } from "vitest";
import pg from "pg";
import { randomBytes } from "node:crypto";

const adminUrl = inject("adminUrl");
const template = inject("templateDb");
const name = `indie_t_${template.split("_").pop()}_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
admin.on("error", () => {}); // a lost connection fails its query; unheard, it would crash the worker
await admin.connect();
await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
await admin.end();
const u = new URL(adminUrl);
u.pathname = `/${name}`;
process.env.DATABASE_URL = u.toString();
process.env.NOTIFY_CONSOLE = "off";
// The API tests sign in as the demo accounts and read OTPs from the demo outbox.
process.env.DEMO = "on";
// Test files share CI's Redis: each counts its own rate limits.
process.env.RATE_LIMIT_PREFIX = `${name}:`;
