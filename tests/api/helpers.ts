/** API test helpers: requests through app.request() (no server), sign-in as the demo accounts. */
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { createCookieSessionStorage } from "react-router";
import { api } from "#api/app.ts";
import { serverSecret } from "#core/lib/secret.ts";
import { db } from "#db/client.ts";
import type { Envelope } from "#api/lib/http.ts";

import { DEMO } from "#tests/demo-accounts.ts";

export { DEMO };

/** The loopback address a request from the server's own machine comes from (core/lib/demo.ts). */
export const LOCAL = "127.0.0.1";

/**
 * `from` is the address of the TCP socket the request arrives on, as @hono/node-server hands it to
 * the app (env.incoming); without it there is no socket, like any in-process call, which the demo
 * surfaces treat as not this machine. Tests of the demo outbox pass `from: LOCAL`.
 */
export async function call<T = any>(
  method: string,
  path: string,
  opts: {
    token?: string; json?: unknown; form?: FormData | URLSearchParams; query?: Record<string, string | number>; locale?: "en" | "id";
    from?: string; headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const url = new URL(`http://test/api${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { "Accept-Language": opts.locale ?? "en", ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.form) body = opts.form;
  const env = opts.from === undefined ? undefined : { incoming: { socket: { remoteAddress: opts.from } } };
  const res = await api.request(url.pathname + url.search, { method, headers, body }, env);
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

export async function login(email: string, password: string = DEMO.password): Promise<string> {
  const res = await call<{ token: string }>("POST", "/v0.0/auth/login", { json: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(res.body)}`);
  return res.body.data!.token;
}

/** Forgets every rate-limit count of this test file, in PostgreSQL and in Redis (CI's second run). */
export async function clearRateLimits() {
  await db.execute(sql`DELETE FROM rate_limits`);
  if (process.env.REDIS_URL) {
    const redis = new Redis(process.env.REDIS_URL);
    const keys = await redis.keys(`rl:${process.env.RATE_LIMIT_PREFIX ?? ""}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
}

/** The web's session cookie holding `token`, as the sign-in page sets it (app/lib/session.server.ts). */
export async function sessionCookie(token: string) {
  const storage = createCookieSessionStorage({ cookie: { name: "__session", secrets: [serverSecret()], path: "/", sameSite: "lax", httpOnly: true } });
  const session = await storage.getSession();
  session.set("token", token);
  session.set("seen", Math.floor(Date.now() / 1000)); // signed in just now (the idle limit, app/lib/auth.server.ts)
  return (await storage.commitSession(session)).split(";")[0];
}

/** Runs with some environment variables changed (undefined removes one), then puts them back. */
export async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => T | Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (v: Record<string, string | undefined>) => {
    for (const [k, x] of Object.entries(v)) if (x === undefined) delete process.env[k]; else process.env[k] = x;
  };
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}
