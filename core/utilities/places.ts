/**
 * Places (spec section 7 "Utilities"): provinces, cities (kota and kabupaten) and villages,
 * seeded from db/reference-data.ts. Reference data, the same for everyone signed in; only the
 * store cities depend on who asks (the cities of their own active businesses).
 */
import { and, asc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { businesses, cities, provinces, villages } from "#db/schema/index.ts";
import type { Scope } from "#core/actor.ts";
import { contains } from "#core/lib/list-query.ts";

export const cityColumns = {
  location_id: cities.id,
  location_name: cities.name,
  province_id: provinces.id,
  province_name: provinces.name,
};
export type City = { location_id: number; location_name: string; province_id: number; province_name: string };

export const citiesQuery = z.object({
  // Pickers search from 3 typed characters (spec section 5); a shorter text lists everything.
  search: z.string().trim().max(100).optional(),
  province_id: z.coerce.number().int().positive("invalid").optional(),
});

export async function listProvinces({ db }: Scope) {
  return db.select({ province_id: provinces.id, name: provinces.name }).from(provinces).orderBy(asc(provinces.name));
}

/** Cities with their province, by province then name. */
export async function listCities({ db }: Scope, q: z.infer<typeof citiesQuery> = {}): Promise<City[]> {
  const where: SQL[] = [];
  if (q.search && q.search.length >= 3) where.push(or(ilike(cities.name, contains(q.search)), ilike(provinces.name, contains(q.search)))!);
  if (q.province_id) where.push(eq(cities.provinceId, q.province_id));
  return db
    .select(cityColumns)
    .from(cities)
    .innerJoin(provinces, eq(provinces.id, cities.provinceId))
    .where(and(...where))
    .orderBy(asc(provinces.name), asc(cities.name));
}

export const villagesQuery = z.object({ location_id: z.coerce.number({ error: "required" }).int().positive("required") });

/** Villages (kelurahan/desa) of one city, with their district (kecamatan) and postcode. */
export async function listVillages({ db }: Scope, cityId: number) {
  return db
    .select({ village_id: villages.id, name: villages.name, district: villages.district, postcode: villages.postcode })
    .from(villages)
    .where(eq(villages.cityId, cityId))
    .orderBy(asc(villages.district), asc(villages.name));
}

// The spec calls it with sort=1 (by name), the only order there is.
export const storeCitiesQuery = z.object({ sort: z.coerce.number().int().optional() });

/** The cities where the actor's active businesses are, by name. */
export async function listStoreCities({ db, actor }: Scope): Promise<City[]> {
  const mine = actor.businesses.map((m) => m.businessId);
  if (mine.length === 0) return [];
  return db
    .selectDistinct(cityColumns)
    .from(businesses)
    .innerJoin(cities, eq(cities.id, businesses.cityId))
    .innerJoin(provinces, eq(provinces.id, cities.provinceId))
    .where(inArray(businesses.id, mine))
    .orderBy(asc(cities.name), asc(cities.id));
}
