/**
 * Gzip for what server.ts answers. A page comes whole from app/entry.server.tsx (one buffer), so
 * it is gzipped whole: one zlib call on libuv's threads, sent as one buffer with its length.
 * hono/compress would pipe it through a CompressionStream, whose web streams cost about as much
 * CPU as the deflate itself (bench/ssr.ts --profile). Everything else compressible (API JSON, the
 * .data streams, CSV exports, assets) goes through hono/compress.
 */
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

const gzipped = promisify(gzip);
/** hono/compress's own floor: below it gzip's header costs more than it saves. */
const THRESHOLD = 1024;
const isPage = (type: string | null | undefined) => (type ?? "").startsWith("text/html");

const compressPages: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (!isPage(res.headers.get("Content-Type")) || !res.body || res.headers.has("Content-Encoding")) return;
  const headers = new Headers(res.headers);
  headers.append("Vary", "Accept-Encoding");
  let body = Buffer.from(await res.arrayBuffer());
  if (body.length >= THRESHOLD && /\bgzip\b/i.test(c.req.header("Accept-Encoding") ?? "")) {
    body = await gzipped(body);
    headers.set("Content-Encoding", "gzip");
  }
  headers.set("Content-Length", String(body.length));
  c.res = undefined; // a fresh answer: hono's setter would otherwise merge the old one's headers
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
};

const compressTheRest = compress({ contentTypeFilter: (type) => !isPage(type) && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) });

/** Both, as one middleware for server.ts. */
export const compressAnswers: MiddlewareHandler = (c, next) => compressPages(c, async () => {
  await compressTheRest(c, next);
});
