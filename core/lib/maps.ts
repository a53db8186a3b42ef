/**
 * Maps (spec: Leaflet pin-point maps on store/warehouse cards and in their forms; reverse
 * geocoding from a configurable URL, falling back to typing the address when unreachable).
 *
 * Settings (environment, read at each use):
 * - MAP_TILE_URL: the raster tile template the browser loads, Leaflet style
 *   ({s} {z} {x} {y}; default the OpenStreetMap tiles). Its origin is allowed by the pages' CSP
 *   img-src (server/app.ts → tileOrigin()). MAP_TILE_ATTRIBUTION: the credit shown on the map.
 * - GEOCODER_URL: a Nominatim-compatible service (`reverse?format=jsonv2&lat=&lon=`,
 *   `search?format=jsonv2&q=`); default the public OpenStreetMap Nominatim. "off" turns geocoding
 *   off (answers 503). GEOCODER_TIMEOUT_MS: default 3000.
 *
 * The browser never calls these services for geocoding: it calls our API (CSP connect-src 'self'),
 * which calls the geocoder with our User-Agent (Nominatim's usage policy) and the caller's language,
 * keeps answers for a day in memory (same point → same address; the public service allows about
 * one request a second), and each user may ask 30 times a minute.
 */

const OSM_TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
import { NotFound, Unavailable } from "#core/errors.ts";
const OSM_ATTRIBUTION = "© OpenStreetMap contributors";
const NOMINATIM = "https://nominatim.openstreetmap.org/";
const USER_AGENT = "IndieSellerBackoffice/1.0 (seller back-office; pin points of stores and warehouses)";

/** What the browser needs to draw a map (handed to it by the admin layout's loader). */
export type MapConfig = { tileUrl: string; attribution: string };

export function mapConfig(): MapConfig {
  return { tileUrl: process.env.MAP_TILE_URL || OSM_TILES, attribution: process.env.MAP_TILE_ATTRIBUTION ?? OSM_ATTRIBUTION };
}

/** The origin the tiles come from, for the CSP ("https://*.tile.example" when the host has {s}). */
export function tileOrigin(url = mapConfig().tileUrl): string | null {
  const m = url.match(/^(https?:)\/\/([^/?#]+)/i);
  if (!m) return null;
  const host = m[2].replace(/\{s\}/g, "*");
  if (/[{}\s;,'"]/.test(host)) return null;
  return `${m[1].toLowerCase()}//${host.toLowerCase()}`;
}

// ---------------------------------------------------------------------------------------------
// Geocoding
// ---------------------------------------------------------------------------------------------
export type ReverseAnswer = { address: string; postcode: string | null; city_name: string | null };
export type PlaceAnswer = { name: string; latitude: number; longitude: number };

const unavailable = () => new Unavailable("widgets:geocode.unavailable");

function geocoderBase(): URL {
  const raw = process.env.GEOCODER_URL ?? NOMINATIM;
  if (!raw || raw === "off") throw unavailable();
  try {
    return new URL(raw.endsWith("/") ? raw : `${raw}/`);
  } catch {
    throw unavailable();
  }
}

const cache = new Map<string, { until: number; value: unknown }>();
const CACHE_MS = 24 * 3600 * 1000;
const CACHE_SIZE = 1000;

/** GET <geocoder>/<path>?format=jsonv2&…, JSON, within the timeout; 503 on any failure. */
async function ask(path: string, params: Record<string, string>, locale: string): Promise<unknown> {
  const url = new URL(path, geocoderBase());
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("accept-language", locale);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const key = url.toString();
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value;

  const timeout = Number(process.env.GEOCODER_TIMEOUT_MS) || 3000;
  let value: unknown;
  try {
    const res = await fetch(url, { headers: { "User-Agent": USER_AGENT, Accept: "application/json" }, signal: AbortSignal.timeout(timeout) });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    value = await res.json();
  } catch {
    throw unavailable();
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, { until: Date.now() + CACHE_MS, value });
  return value;
}

type NominatimAddress = Record<string, string | undefined>;

/** An address line from Nominatim's parts: street and number, then the neighbourhood up to the district. */
export function addressLine(a: NominatimAddress, displayName?: string): string {
  const street = [a.road ?? a.pedestrian ?? a.footway ?? a.path, a.house_number].filter(Boolean).join(" ");
  const parts = [
    a.amenity ?? a.shop ?? a.building ?? a.office ?? a.tourism,
    street,
    a.neighbourhood ?? a.hamlet ?? a.quarter,
    a.suburb ?? a.village,
    a.city_district ?? a.municipality,
  ].filter((p): p is string => Boolean(p && p.trim()));
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  if (unique.length) return unique.join(", ");
  // Nothing usable in the parts: the display name without the postcode and the country.
  return (displayName ?? "").split(",").map((s) => s.trim()).filter((s) => s && s !== a.postcode && s !== a.country).join(", ");
}

export async function reverseGeocode(lat: number, lng: number, locale: string): Promise<ReverseAnswer> {
  const body = (await ask("reverse", { lat: lat.toFixed(6), lon: lng.toFixed(6), addressdetails: "1" }, locale)) as {
    error?: string; display_name?: string; address?: NominatimAddress;
  } | null;
  if (!body || typeof body !== "object") throw unavailable();
  const a = body.address ?? {};
  const address = body.error ? "" : addressLine(a, body.display_name);
  if (!address) throw new NotFound("widgets:geocode.not_found");
  const postcode = a.postcode?.replace(/\s/g, "") || null;
  return {
    address: address.slice(0, 500),
    postcode: postcode ? postcode.slice(0, 20) : null,
    city_name: a.city ?? a.town ?? a.regency ?? a.county ?? a.state_district ?? null,
  };
}

export async function searchPlaces(q: string, locale: string): Promise<PlaceAnswer[]> {
  const body = await ask("search", { q, limit: "5" }, locale);
  if (!Array.isArray(body)) throw unavailable();
  return body
    .map((r: { display_name?: unknown; lat?: unknown; lon?: unknown }) => ({
      name: String(r.display_name ?? "").slice(0, 300),
      latitude: Number(r.lat),
      longitude: Number(r.lon),
    }))
    .filter((p) => p.name && Number.isFinite(p.latitude) && Number.isFinite(p.longitude));
}

/** For tests: forget the cached answers. */
export function clearGeocodeCache() {
  cache.clear();
}
