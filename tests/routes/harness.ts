/**
 * Route tests at the web's seam: a page's loader or action called with a real `Request` (no
 * browser, no HTTP), after the same middleware the app runs before it — the cookie session, the
 * page's language, the signed-in actor and the seller guard — and with core refusals turned into
 * pages exactly as server/app.ts does (app/lib/errors.server.ts).
 *
 *   import * as page from "#app/routes/admin/profile/factory/add.tsx";
 *   const res = await runAction(page, { url: "/profile/factory/add", as: DEMO.seller, form: { name: "" } });
 *   expect(res.status).toBe(400);                         // the form's reply…
 *   expect(res.data.error.name).toEqual(["Name is required"]);   // …with the message under the field
 *   const ok = await runAction(page, { url: "/profile/factory/add", as: DEMO.seller, form: { … } });
 *   expect(ok.redirect).toBe("/profile/factory"); expect(ok.toasts).toContainEqual({ type: "success", message: "Factory added" });
 *
 * `as` signs in (a real token through core, kept in the session like the sign-in page does);
 * leave it out for a signed-out visitor. `area` picks the layout whose middleware runs: "admin"
 * (default: the admin layout's — signed in, a seller, the create forms' one-time token),
 * "seller-signup" (the become-seller layout's) or "public" (none). `params` are the route's
 * URL params (`slug`, `lang` for /id pages is derived from the URL). `from` is the address of the
 * socket the request came on, as server/app.ts sets it (peerContext); without it there is none,
 * which the demo pages treat as not this machine.
 *
 * The answer: `status`; `data` (what the loader/action returned, unwrapped from data()); or
 * `redirect` (the Location of a thrown/returned redirect); or `error` (a thrown data()/Response
 * that is not a redirect: the error page's message); `toasts` raised in this request; and the
 * `headers` the middleware put on the answer (Set-Cookie, Cache-Control).
 */
import { eq, sql } from "drizzle-orm";
import { isRouteErrorResponse, RouterContextProvider, type MiddlewareFunction } from "react-router";
import { db } from "#db/client.ts";
import { users } from "#db/schema/index.ts";
import { issueToken } from "#core/auth/tokens.ts";
import { middleware as adminMiddleware } from "#app/routes/admin/layout.tsx";
import { middleware as sellerSignupMiddleware } from "#app/routes/become-seller/layout.tsx";
import { peerContext } from "#app/lib/context.ts";
import { withRefusalPages } from "#app/lib/errors.server.ts";
import { i18nextMiddleware } from "#app/lib/i18n.server.ts";
import { localeFromPath } from "#app/lib/i18n.ts";
import { sessionContext, sessionMiddleware, startSession, type Toast } from "#app/lib/session.server.ts";

type Module = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
type Form = FormData | Record<string, string | number | (string | number)[]>;
export type RouteCall = {
  url: string;
  /** The email of a demo account to sign in as. */
  as?: string;
  form?: Form;
  params?: Record<string, string>;
  area?: "admin" | "seller-signup" | "public";
  headers?: Record<string, string>;
  /** The TCP peer's address (e.g. "127.0.0.1" for the server's own machine). */
  from?: string;
};
export type RouteAnswer<T = any> = {
  status: number;
  data?: T;
  redirect?: string;
  error?: unknown;
  toasts: Toast[];
  headers: Headers;
};

const tokens = new Map<string, string>();
async function tokenOf(email: string) {
  let token = tokens.get(email);
  if (!token) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
    if (!user) throw new Error(`no user ${email}`);
    token = await issueToken(user.id);
    tokens.set(email, token);
  }
  return token;
}

function toFormData(form: Form) {
  if (form instanceof FormData) return form;
  const fd = new FormData();
  for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) fd.append(k, String(one));
  return fd;
}

async function run(kind: "loader" | "action", mod: Module, call: RouteCall): Promise<RouteAnswer> {
  const handler = mod[kind] as ((args: unknown) => unknown) | undefined;
  if (!handler) throw new Error(`the module has no ${kind}`);
  const url = new URL(call.url, "http://test");
  const request = new Request(url, {
    method: kind === "action" ? "POST" : "GET",
    headers: { Origin: "http://test", ...call.headers },
    body: kind === "action" ? toFormData(call.form ?? {}) : undefined,
  });
  const context = new RouterContextProvider();
  if (call.from !== undefined) context.set(peerContext, { address: call.from });
  const lang = localeFromPath(url.pathname) === "id" ? "id" : undefined;
  const params = { ...(lang ? { lang } : {}), ...call.params };
  const args = { request, context, params, url, pattern: "", unstable_pattern: "" };
  const token = call.as ? await tokenOf(call.as) : undefined;
  const signIn: MiddlewareFunction<Response> = async ({ context }, next) => {
    if (token) startSession(context.get(sessionContext), token, false);
    return next();
  };
  const area = call.area ?? "admin";
  // The area's own middleware (its layout's), so a test meets the guards the page does.
  const guards = (area === "admin" ? adminMiddleware : area === "seller-signup" ? sellerSignupMiddleware : []) as MiddlewareFunction<Response>[];
  const chain: MiddlewareFunction<Response>[] = [sessionMiddleware, i18nextMiddleware as MiddlewareFunction<Response>, signIn, ...guards];

  let answer: Omit<RouteAnswer, "headers"> | undefined;
  const inner = async () => {
    let value: unknown;
    try {
      value = await withRefusalPages(handler as (a: typeof args) => unknown, kind === "action")(args);
      answer = fromValue(value, context);
    } catch (thrown) {
      value = thrown;
      answer = fromValue(thrown, context, true);
    }
    // What the middleware above the page sees: its status, where a redirect goes, and the headers
    // the page set on its answer (a Response's, or data()'s init).
    const headers = new Headers(value instanceof Response ? value.headers : isDataWithInit(value) ? value.init?.headers : undefined);
    if (answer.redirect) headers.set("Location", answer.redirect);
    return new Response(null, { status: answer.status, headers });
  };
  let i = 0;
  const next = async (): Promise<Response> => {
    const mw = chain[i++];
    if (!mw) return inner();
    try {
      return (await mw(args as never, next)) ?? new Response(null);
    } catch (thrown) {
      // A guard refused (sign-in redirect, become-seller redirect…) before the page ran. As React
      // Router does, the middleware above it gets that answer from next() (the session is saved).
      answer = fromValue(thrown, context, true);
      return thrown instanceof Response ? thrown : new Response(null, { status: answer.status });
    }
  };
  const response = await next();
  return { ...answer!, headers: response.headers };
}

function fromValue(value: unknown, context: RouterContextProvider, thrown = false): Omit<RouteAnswer, "headers"> {
  const toasts = context.get(sessionContext).toasts;
  if (value instanceof Response) {
    const location = value.headers.get("Location");
    if (location) return { status: value.status, redirect: location, toasts };
    return { status: value.status, error: value, toasts };
  }
  if (isDataWithInit(value)) {
    const status = value.init?.status ?? 200;
    return thrown ? { status, error: value.data, toasts } : { status, data: value.data, toasts };
  }
  if (isRouteErrorResponse(value)) return { status: value.status, error: value.data, toasts };
  if (thrown) throw value;
  return { status: 200, data: value, toasts };
}

function isDataWithInit(v: unknown): v is { data: unknown; init?: { status?: number; headers?: HeadersInit } } {
  return typeof v === "object" && v !== null && (v as { type?: unknown }).type === "DataWithResponseInit";
}

export const runLoader = <T = any>(mod: Module, call: RouteCall) => run("loader", mod, call) as Promise<RouteAnswer<T>>;
export const runAction = <T = any>(mod: Module, call: RouteCall) => run("action", mod, call) as Promise<RouteAnswer<T>>;
