/**
 * Pin points of stores and warehouses (the map widgets): an address for a point and places for a
 * text, through the configured geocoder (core/lib/maps.ts): Unavailable when it cannot be
 * reached, NotFound when it knows no address there. Each user may ask 30 times a minute (the
 * geocoder's own fair-use limits are per app, not per user). Any signed-in user.
 */
import { z } from "zod";
import type { Scope } from "#core/actor.ts";
import { TooMany } from "#core/errors.ts";
import { reverseGeocode, searchPlaces } from "#core/lib/maps.ts";
import { hit } from "#core/lib/rate-limit.ts";

export const reverseQuery = z.object({
  lat: z.coerce.number({ error: "required" }).min(-90, "invalid").max(90, "invalid"),
  lng: z.coerce.number({ error: "required" }).min(-180, "invalid").max(180, "invalid"),
});

// Pickers search from 3 typed characters (spec section 5).
export const placesQuery = z.object({ q: z.string({ error: "required" }).trim().min(3, "too_short").max(200, "too_long") });

async function limit({ actor }: Scope) {
  const wait = await hit(`geocode:${actor.user.id}`, 30, 60);
  if (wait) throw new TooMany("api:errors.too_many_attempts", wait);
}

/** `{ address, postcode, city_name }` at a point, in the actor's language. */
export async function addressAt(scope: Scope, q: z.infer<typeof reverseQuery>) {
  await limit(scope);
  return reverseGeocode(q.lat, q.lng, scope.actor.locale);
}

/** `[{ name, latitude, longitude }]` for a text, in the actor's language. */
export async function findPlaces(scope: Scope, q: z.infer<typeof placesQuery>) {
  await limit(scope);
  return searchPlaces(q.q, scope.actor.locale);
}
