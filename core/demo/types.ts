import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type * as s from "#db/schema/index.ts";

/** The handle the demo seed writes through (the process's pool, or a test's). */
export type DemoDb = NodePgDatabase<typeof s>;
/** The demo businesses and users the demo data belongs to. */
export type DemoIds = { tokoDemo: number; sekar: number; seller: number; seller2: number };
