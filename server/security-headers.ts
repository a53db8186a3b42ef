/**
 * The headers every answer carries, whatever made it: the app's (server/app.ts) and the build's
 * static files (server/static.ts, served before the app). One list, so the two cannot drift.
 */
import type { MiddlewareHandler } from "hono";

// No MIME sniffing, no full URL in the Referer to other sites, never inside a frame. Pages set their
// own CSP (with the script nonce, server/app.ts); everything else — API JSON, uploaded files,
// refusals, static files — may load nothing. (A PDF brings a CSP of its own, see core/lib/uploads.ts.)
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
};
