/**
 * The one rule for "this browser request comes from a page that is not ours", for the app's writes
 * (server/app.ts) and for socket.io's handshakes (server/realtime.ts).
 * - A browser says where a request comes from: Sec-Fetch-Site (cross-site and same-site are not
 *   ours) and Origin, whose host must be our host. A non-browser client (the POS app, scripts)
 *   sends neither and passes: its bearer token is what it is checked by.
 * - `Origin: null` is what a sandboxed frame, a data: or file: page or a redirect chain sends:
 *   never our own pages. The caller says whether it counts as foreign (`nullIsForeign`): the
 *   app's writes refuse it when the request carries cookies (a session could ride along), a
 *   socket always.
 * - Our host is the Host header. X-Forwarded-Host is whatever the client wrote unless a proxy in
 *   front sets it, so it counts only with TRUST_PROXY=true (as X-Forwarded-For does for limits).
 */
type Header = (name: string) => string | undefined;

/** The host the request was sent to, as above. */
export function ourHost(header: Header): string | undefined {
  const forwarded = process.env.TRUST_PROXY === "true" ? header("x-forwarded-host") : undefined;
  return forwarded ?? header("host");
}

/** Whether the browser that sent the request says it comes from a page not ours (see the header). */
export function fromAnotherSite(header: Header, nullIsForeign: boolean): boolean {
  const site = header("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = header("origin");
  if (origin === undefined) return false;
  if (origin === "null") return nullIsForeign;
  try {
    return new URL(origin).host !== ourHost(header);
  } catch {
    return true;
  }
}
