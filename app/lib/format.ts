import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
/**
 * Times are shown in WIB (UTC+7), the zone of most Indonesian sellers, on the server and in the
 * browser alike, so a server-rendered page and the hydrated one agree. "Today" on the dashboard
 * is the WIB day too (api/domain/time.ts).
 */
export const WIB_OFFSET_MINUTES = 7 * 60;

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
  return dayjs.unix(unixSeconds).utcOffset(WIB_OFFSET_MINUTES).format("DD-MM-YYYY");
}

export function formatDateTime(unixSeconds: number | null | undefined): string {
  if (!unixSeconds) return "-";
  return dayjs.unix(unixSeconds).utcOffset(WIB_OFFSET_MINUTES).format("DD-MM-YYYY HH:mm");
}
