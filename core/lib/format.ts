/**
 * Times are shown in WIB (UTC+7), the zone of most Indonesian sellers, on the server and in the
 * browser alike, so a server-rendered page and the hydrated one agree. "Today" on the dashboard
 * is the WIB day too (core/lib/time.ts). Indonesia has no daylight saving, so shifting by a fixed
 * 7 hours and reading the UTC fields is exact — and keeps a date library out of every page's JS.
 */
import { WIB_OFFSET_MS } from "./time.ts";

const pad = (n: number) => String(n).padStart(2, "0");
const wib = (unixSeconds: number) => new Date(unixSeconds * 1000 + WIB_OFFSET_MS);

/** Rupiah as the spec shows it: "Rp. 1.250.000". Money is integer rupiah. */
export function formatRupiah(amount: number | null | undefined): string {
  const n = Math.round(amount ?? 0);
  const sign = n < 0 ? "-" : "";
  return `${sign}Rp. ${Math.abs(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;
}

/** Counts with dot thousands separators, as Indonesians write them in both languages. */
export function formatNumber(n: number | null | undefined): string {
  return Math.round(n ?? 0).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** Dates are shown DD-MM-YYYY from unix seconds. */
export function formatDate(unixSeconds: number | null | undefined): string {
  if (!unixSeconds) return "-";
  const d = wib(unixSeconds);
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

export function formatDateTime(unixSeconds: number | null | undefined): string {
  if (!unixSeconds) return "-";
  const d = wib(unixSeconds);
  return `${formatDate(unixSeconds)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
