/**
 * Browser-safe map helpers for the pin-point widgets: the tile settings the admin layout's loader
 * sends (MAP_TILE_URL, core/lib/maps.ts), and the Web-Mercator maths that draws a map from plain
 * <img> tiles without JavaScript (the same tiles Leaflet loads, so the upgrade is seamless).
 */
import { useRouteLoaderData } from "react-router";
import { MAP_DEFAULT_CENTER } from "#core/profile/profile-enums.ts";

export type LatLng = { lat: number; lng: number };
export type MapSettings = { tileUrl: string; attribution: string };

const FALLBACK: MapSettings = { tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" };
export const TILE_SIZE = 256;

/** The tile settings from the admin layout (routes/admin/layout.tsx returns `map`). */
export function useMapSettings(): MapSettings {
  const admin = useRouteLoaderData("routes/admin/layout") as { map?: MapSettings } | undefined;
  return admin?.map ?? FALLBACK;
}

/** A latitude/longitude pair, or null when either is missing or not a coordinate. */
export function toLatLng(lat: unknown, lng: unknown): LatLng | null {
  if (lat === null || lat === undefined || lat === "" || lng === null || lng === undefined || lng === "") return null;
  const a = Number(lat);
  const b = Number(lng);
  if (!Number.isFinite(a) || !Number.isFinite(b) || Math.abs(a) > 90 || Math.abs(b) > 180) return null;
  return { lat: a, lng: b };
}

export const DEFAULT_CENTER: LatLng = { lat: MAP_DEFAULT_CENTER.lat, lng: MAP_DEFAULT_CENTER.lng };

/** "−6.175400, 106.827200": coordinates as typed into forms and read on cards. */
export const formatLatLng = (p: LatLng) => `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;

/** The point in world pixels at `zoom` (Web Mercator, 256 px tiles). */
export function worldPixel(p: LatLng, zoom: number) {
  const size = TILE_SIZE * 2 ** zoom;
  const sin = Math.min(Math.max(Math.sin((p.lat * Math.PI) / 180), -0.9999), 0.9999);
  return {
    x: ((p.lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

export function tileSrc(template: string, z: number, x: number, y: number) {
  return template.replace("{s}", "a").replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y)).replace("{r}", "");
}

/**
 * The tiles covering a box of `halfWidth`×`halfHeight` px around the point, each with its offset
 * from the point (where the point is the box's centre). The width is not known on the server, so
 * callers pass the widest the box can be.
 */
export function tilesAround(p: LatLng, zoom: number, halfWidth: number, halfHeight: number) {
  const c = worldPixel(p, zoom);
  const n = 2 ** zoom;
  const out: { key: string; x: number; y: number; left: number; top: number }[] = [];
  for (let ty = Math.floor((c.y - halfHeight) / TILE_SIZE); ty <= Math.floor((c.y + halfHeight) / TILE_SIZE); ty++) {
    if (ty < 0 || ty >= n) continue;
    for (let tx = Math.floor((c.x - halfWidth) / TILE_SIZE); tx <= Math.floor((c.x + halfWidth) / TILE_SIZE); tx++) {
      const wrapped = ((tx % n) + n) % n;
      out.push({ key: `${tx}/${ty}`, x: wrapped, y: ty, left: Math.round(tx * TILE_SIZE - c.x), top: Math.round(ty * TILE_SIZE - c.y) });
    }
  }
  return out;
}

/** A link to the point on openstreetmap.org (opens outside; loads nothing into our page). */
export const osmLink = (p: LatLng, zoom: number) =>
  `https://www.openstreetmap.org/?mlat=${p.lat.toFixed(6)}&mlon=${p.lng.toFixed(6)}#map=${zoom}/${p.lat.toFixed(5)}/${p.lng.toFixed(5)}`;

/** The pin drawn on every map (inline SVG: no image URL for a bundler to break). */
export const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="40" viewBox="0 0 32 40" aria-hidden="true" focusable="false">' +
  '<path d="M16 0C7.2 0 0 7 0 15.7 0 27.5 16 40 16 40s16-12.5 16-24.3C32 7 24.8 0 16 0z" fill="#dc2626" stroke="#7f1d1d" stroke-width="1.5"/>' +
  '<circle cx="16" cy="15.5" r="6" fill="#fff"/></svg>';
export const PIN_SIZE = { width: 32, height: 40 };
