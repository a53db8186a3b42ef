/**
 * Reference lists for forms and pickers (spec section 7 "Utilities"), the file upload and the
 * geocoder. Every call needs a signed-in user, seller or not (the become-seller form uses them).
 *
 *   GET  /v0.0.0/utilities/provinces | locations (search, province_id) | villages (location_id)
 *   GET  /v0.0.0/utilities/store-cities                 the cities of the caller's businesses
 *   GET  /v0.0.0/utilities/currencies | languages | payments/methods | banks (search)
 *   GET  /v0.0.0/utilities/delivery-couriers (also /v0.1.0/)
 *   GET  /v0.0.0/utilities/genders | business-types | legal-types | company-documents
 *   POST /v0.0.0/utilities/upload                       `purpose=image` makes the 800×800 white-filled
 *                                                       JPEG of the cropper (optional `crop` box); no
 *                                                       purpose keeps the file as sent
 *   GET  /v0.0.0/utilities/geocode/reverse?lat=&lng=    {address, postcode, city_name}
 *   GET  /v0.0.0/utilities/geocode/search?q=            [{name, latitude, longitude}]
 *
 * Reference lists are short: every call answers all rows at once (whole), in the list envelope
 * (an empty one is 404 "No data"). The rules and queries are core/utilities/*.ts; this file is the
 * REST adapter over them. The geocoding handlers are exported: server/app.ts answers them for the
 * web session too (the map widgets ask from the browser, which holds no bearer token).
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_UPLOAD_BYTES } from "#core/lib/uploads.ts";
import { addressAt, findPlaces, placesQuery, reverseQuery } from "#core/utilities/geocode.ts";
import {
  citiesQuery, listCities, listProvinces, listStoreCities, listVillages, storeCitiesQuery, villagesQuery,
} from "#core/utilities/places.ts";
import {
  banksQuery, listBanks, listBusinessTypes, listCompanyDocuments, listCurrencies, listDeliveryCouriers, listGenders, listLanguages,
  listLegalTypes, listPaymentMethods,
} from "#core/utilities/reference.ts";
import { tooBig, uploadFile } from "#core/utilities/upload.ts";
import { requireAuth } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, ok, whole } from "#api/lib/http.ts";

export const utilityRoutes = new Hono<ApiEnv>();

// Places
utilityRoutes.get("/v0.0.0/utilities/provinces", requireAuth, async (c) => whole(c, await listProvinces(c.var.scope)));

utilityRoutes.get("/v0.0.0/utilities/locations", requireAuth, async (c) =>
  whole(c, await listCities(c.var.scope, await input(c, citiesQuery, "query"))));

utilityRoutes.get("/v0.0.0/utilities/villages", requireAuth, async (c) =>
  whole(c, await listVillages(c.var.scope, (await input(c, villagesQuery, "query")).location_id)));

utilityRoutes.get("/v0.0.0/utilities/store-cities", requireAuth, async (c) => {
  await input(c, storeCitiesQuery, "query");
  return whole(c, await listStoreCities(c.var.scope));
});

// Money and language
utilityRoutes.get("/v0.0.0/utilities/currencies", requireAuth, (c) => whole(c, listCurrencies(c.var.scope)));
utilityRoutes.get("/v0.0.0/utilities/languages", requireAuth, (c) => whole(c, listLanguages(c.var.scope)));
utilityRoutes.get("/v0.0.0/utilities/payments/methods", requireAuth, (c) => whole(c, listPaymentMethods(c.var.scope)));
utilityRoutes.get("/v0.0.0/utilities/banks", requireAuth, async (c) =>
  whole(c, await listBanks(c.var.scope, await input(c, banksQuery, "query"))));

// Delivery
for (const path of ["/v0.0.0/utilities/delivery-couriers", "/v0.1.0/utilities/delivery-couriers"]) {
  utilityRoutes.get(path, requireAuth, async (c) => whole(c, await listDeliveryCouriers(c.var.scope)));
}

// The spec's enumerations
utilityRoutes.get("/v0.0.0/utilities/genders", requireAuth, (c) => whole(c, listGenders(c.var.scope)));
utilityRoutes.get("/v0.0.0/utilities/business-types", requireAuth, (c) => whole(c, listBusinessTypes(c.var.scope)));
utilityRoutes.get("/v0.0.0/utilities/legal-types", requireAuth, (c) => whole(c, listLegalTypes(c.var.scope)));
utilityRoutes.get("/v0.0.0/utilities/company-documents", requireAuth, (c) => whole(c, listCompanyDocuments(c.var.scope)));

// Upload: one file → its URL (core/utilities/upload.ts). A bigger body is refused unread.
utilityRoutes.post(
  "/v0.0.0/utilities/upload",
  requireAuth,
  bodyLimit({ maxSize: MAX_UPLOAD_BYTES + 64 * 1024, onError: () => { throw tooBig(); } }),
  async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return ok(c, await uploadFile(c.var.scope, body), "utilities:upload.done");
  },
);

// Geocoding (pin points of stores and warehouses), through the configured geocoder.
export const geocodeReverse = async (c: Context<ApiEnv>) => ok(c, await addressAt(c.var.scope, await input(c, reverseQuery, "query")));
export const geocodeSearch = async (c: Context<ApiEnv>) => whole(c, await findPlaces(c.var.scope, await input(c, placesQuery, "query")));
utilityRoutes.get("/v0.0.0/utilities/geocode/reverse", requireAuth, geocodeReverse);
utilityRoutes.get("/v0.0.0/utilities/geocode/search", requireAuth, geocodeSearch);
