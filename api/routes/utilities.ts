/**
 * Reference lists for forms and pickers (spec section 7 "Utilities") and the file upload.
 * Places, banks and couriers are tables seeded from db/reference-data.ts; the spec's small
 * enumerations (genders, payment methods, legal types …) are read from that module as they are,
 * with labels translated for the caller. Every call needs a signed-in user: the become-seller form
 * uses them before its user is a seller.
 *
 * Also here (widgets):
 * - POST utilities/upload: `purpose=image` makes the 800×800 white-filled JPEG of the cropper
 *   (optional `crop` box), no purpose keeps the file as sent; see the handler below.
 * - GET utilities/geocode/reverse?lat=&lng= → {address, postcode, city_name} and
 *   GET utilities/geocode/search?q= → [{name, latitude, longitude}]: our API asks the configured
 *   geocoder (core/lib/maps.ts); 503 when it cannot be reached, 404 when it knows no address there.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { and, asc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.ts";
import * as ref from "#db/reference-data.ts";
import { banks, businesses, cities, courierServices, couriers, provinces, villages } from "#db/schema/index.ts";
import { DOCUMENT_TYPES, LEGAL_TYPES } from "#db/schema/company-enums.ts";
import { requireAuth } from "#api/lib/auth.ts";
import { memberships } from "#core/auth/tokens.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok, whole } from "#api/lib/http.ts";
import { contains } from "#core/lib/list-query.ts";
import { reverseGeocode, searchPlaces } from "#core/lib/maps.ts";
import { hit } from "#core/lib/rate-limit.ts";
import { MAX_UPLOAD_BYTES } from "#core/lib/uploads.ts";
import { citiesQuery, cityColumns as city, listCities, listProvinces, listVillages } from "#core/utilities/places.ts";
import { tooBig, uploadFile } from "#core/utilities/upload.ts";
import { Refused, TooMany } from "#core/errors.ts";

export const utilityRoutes = new Hono<ApiEnv>();

// Reference lists are short: every call answers all rows at once (whole), in the list envelope
// (an empty one is 404 "No data").

// ---------------------------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------------------------
utilityRoutes.get("/v0.0.0/utilities/provinces", requireAuth, async (c) => whole(c, await listProvinces(c.var.scope)));

utilityRoutes.get("/v0.0.0/utilities/locations", requireAuth, async (c) =>
  whole(c, await listCities(c.var.scope, await input(c, citiesQuery, "query"))));

utilityRoutes.get("/v0.0.0/utilities/villages", requireAuth, async (c) => {
  const q = await input(c, z.object({ location_id: z.coerce.number({ error: "required" }).int().positive("required") }), "query");
  return whole(c, await listVillages(c.var.scope, q.location_id));
});

/** Cities where the caller's businesses are, by name (the spec calls it with sort=1). */
utilityRoutes.get("/v0.0.0/utilities/store-cities", requireAuth, async (c) => {
  await input(c, z.object({ sort: z.coerce.number().int().optional() }), "query");
  const mine = (await memberships(c.var.user.id)).map((m) => m.businessId);
  if (mine.length === 0) return whole(c, []);
  const rows = await db
    .selectDistinct(city)
    .from(businesses)
    .innerJoin(cities, eq(cities.id, businesses.cityId))
    .innerJoin(provinces, eq(provinces.id, cities.provinceId))
    .where(inArray(businesses.id, mine))
    .orderBy(asc(cities.name), asc(cities.id));
  return whole(c, rows);
});

// ---------------------------------------------------------------------------------------------
// Money and language
// ---------------------------------------------------------------------------------------------
utilityRoutes.get("/v0.0.0/utilities/currencies", requireAuth, (c) =>
  whole(c, ref.currencies.map((x) => ({ code: x.code, name: c.var.t(`utilities:currencies.${x.code}`), symbol: x.symbol, decimals: x.decimals }))));

utilityRoutes.get("/v0.0.0/utilities/languages", requireAuth, (c) =>
  whole(c, ref.languages.map((x) => ({ code: x.code, name: c.var.t(`utilities:languages.${x.code}`), native_name: x.nativeName }))));

utilityRoutes.get("/v0.0.0/utilities/payments/methods", requireAuth, (c) =>
  whole(c, ref.paymentMethods.map((x) => ({ id: x.id, name: c.var.t(`utilities:payment_methods.${x.id}`) }))));

async function bankList(c: Context<ApiEnv>) {
  const q = await input(c, z.object({ search: z.string().trim().max(100).optional() }), "query");
  const rows = await db
    .select({ bank_code: banks.code, name: banks.name, short_name: banks.shortName })
    .from(banks)
    .where(q.search ? or(ilike(banks.name, contains(q.search)), ilike(banks.shortName, contains(q.search)), eq(banks.code, q.search)) : undefined)
    .orderBy(asc(banks.shortName));
  return whole(c, rows);
}
utilityRoutes.get("/v0.0.0/utilities/banks", requireAuth, bankList);

// ---------------------------------------------------------------------------------------------
// Delivery
// ---------------------------------------------------------------------------------------------
const COURIER_GROUPS = ["regular", "instant", "same_day", "cargo"] as const;

/** Courier tree by kind of delivery: a courier shows in every group it has services in. */
async function deliveryCouriers(c: Context<ApiEnv>) {
  const rows = await db
    .select({ id: courierServices.id, code: courierServices.code, name: courierServices.name, group: courierServices.group,
      courier_code: couriers.code, courier_name: couriers.name })
    .from(courierServices)
    .innerJoin(couriers, eq(couriers.code, courierServices.courierCode))
    .orderBy(asc(couriers.name), asc(courierServices.id));
  const tree = COURIER_GROUPS.map((group) => {
    const byCourier = new Map<string, { code: string; name: string; services: { id: number; code: string; name: string }[] }>();
    for (const r of rows.filter((r) => r.group === group)) {
      const courier = byCourier.get(r.courier_code) ?? { code: r.courier_code, name: r.courier_name, services: [] };
      courier.services.push({ id: r.id, code: r.code, name: r.name });
      byCourier.set(r.courier_code, courier);
    }
    return { id: group, name: c.var.t(`utilities:courier_groups.${group}`), couriers: [...byCourier.values()] };
  });
  return whole(c, tree.filter((g) => g.couriers.length > 0));
}
utilityRoutes.get("/v0.0.0/utilities/delivery-couriers", requireAuth, deliveryCouriers);
utilityRoutes.get("/v0.1.0/utilities/delivery-couriers", requireAuth, deliveryCouriers);

// ---------------------------------------------------------------------------------------------
// The spec's enumerations
// ---------------------------------------------------------------------------------------------
utilityRoutes.get("/v0.0.0/utilities/genders", requireAuth, (c) =>
  whole(c, ref.genders.map((x) => ({ id: x.id, name: c.var.t(`utilities:genders.${x.id}`) }))));

utilityRoutes.get("/v0.0.0/utilities/business-types", requireAuth, (c) =>
  whole(c, ref.businessTypes.map((x) => ({ id: x.id, name: c.var.t(`utilities:business_types.${x.id}`) }))));

utilityRoutes.get("/v0.0.0/utilities/legal-types", requireAuth, (c) =>
  whole(c, LEGAL_TYPES.map((id) => ({ id, name: c.var.t(`utilities:legal_types.${id}`) }))));

utilityRoutes.get("/v0.0.0/utilities/company-documents", requireAuth, (c) =>
  whole(c, DOCUMENT_TYPES.map((id) => ({ id, name: c.var.t(`utilities:documents.${id}`) }))));

// ---------------------------------------------------------------------------------------------
// Upload
// ---------------------------------------------------------------------------------------------
/** One file → its URL (core/utilities/upload.ts). A bigger body is refused unread. */
utilityRoutes.post(
  "/v0.0.0/utilities/upload",
  requireAuth,
  bodyLimit({ maxSize: MAX_UPLOAD_BYTES + 64 * 1024, onError: () => { throw tooBig(); } }),
  async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return ok(c, await uploadFile(c.var.scope, body), "utilities:upload.done");
  },
);

// ---------------------------------------------------------------------------------------------
// Geocoding (pin points of stores and warehouses), through the configured geocoder
// ---------------------------------------------------------------------------------------------
async function geocodeLimit(c: Context<ApiEnv>) {
  const wait = await hit(`geocode:${c.var.user.id}`, 30, 60);
  if (wait) throw new TooMany("api:errors.too_many_attempts", wait);
}

utilityRoutes.get("/v0.0.0/utilities/geocode/reverse", requireAuth, async (c) => {
  const q = await input(c, z.object({
    lat: z.coerce.number({ error: "required" }).min(-90, "invalid").max(90, "invalid"),
    lng: z.coerce.number({ error: "required" }).min(-180, "invalid").max(180, "invalid"),
  }), "query");
  await geocodeLimit(c);
  return ok(c, await reverseGeocode(q.lat, q.lng, c.var.locale));
});

utilityRoutes.get("/v0.0.0/utilities/geocode/search", requireAuth, async (c) => {
  // Pickers search from 3 typed characters (spec section 5).
  const q = await input(c, z.object({ q: z.string({ error: "required" }).trim().min(3, "too_short").max(200, "too_long") }), "query");
  await geocodeLimit(c);
  return whole(c, await searchPlaces(q.q, c.var.locale));
});
