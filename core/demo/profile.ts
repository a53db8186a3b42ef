/**
 * The demo seller profile: brands, channels, stores, warehouses, factories and store fees of the
 * demo businesses, seeded with the rest of the demo data (core/demo/seed.ts). Order matters: stores
 * connect to channels, store fees name both.
 */
import { seedDemoBrands } from "./brands.ts";
import { seedDemoChannels } from "./channels.ts";
import { seedDemoStores } from "./stores.ts";
import { seedDemoSites } from "./sites.ts";

import type { DemoDb, DemoIds } from "./types.ts";

export type { DemoDb, DemoIds };

export async function seedDemoProfile(db: DemoDb, ids: DemoIds) {
  await seedDemoBrands(db, ids);
  await seedDemoChannels(db, ids);
  await seedDemoStores(db, ids);
  await seedDemoSites(db, ids);
}
