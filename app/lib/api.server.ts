/**
 * The web's one API client. Loaders and actions call the API through it, in-process (the Hono
 * app's fetch, no TCP hop) or over HTTP when API_URL is set. It maps the spec's error catalogue
 * (section 8) once, for every page:
 *   422      → { ok: false, fieldErrors } for the form to show next to its fields
 *   403      → session cleared, danger toast, redirect to /
 *   401      → token dropped, redirect to /auth?redirectTo=<this page> (re-authenticate)
 *   201, 202 → success without a notice; other non-GET successes toast the server message
 *   other    → danger toast with the server message
 *   no answer→ "Oops, something is error."
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { api as apiApp } from "#api/app.ts";
import type { Envelope } from "#api/lib/http.ts";
import { clientIpContext } from "./context.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { localePath } from "./i18n.ts";
import { pushToast, sessionContext } from "./session.server.ts";

type Ctx = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * One page view's token lookups, shared by its in-process API calls (api/lib/env.ts ApiBindings):
 * the GETs of a page (root, layout, loader) read the token once. A change (any other method) may
 * change what the token stands for — sign-out, switching business — so it reads the token itself
 * and the GETs after it read it afresh.
 */
const memos = new WeakMap<object, Map<string, Promise<unknown>>>();
function tokenMemo(context: object, method: string) {
  if (method !== "GET") {
    memos.delete(context);
    return undefined;
  }
  let memo = memos.get(context);
  if (!memo) memos.set(context, (memo = new Map()));
  return memo;
}
type Body = Record<string, unknown> | FormData | URLSearchParams;
export type ApiOk<T> = { ok: true; code: number; message: string; data: T; pagination?: Envelope["pagination"] };
export type ApiFail = { ok: false; code: number; message: string; fieldErrors?: Record<string, string[]> };
export type ApiResult<T> = ApiOk<T> | ApiFail;

export async function callApi<T = unknown>(
  { request, context }: Ctx,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  opts: { query?: Record<string, string | number | undefined | null>; body?: Body; token?: string; quiet?: boolean } = {},
): Promise<ApiResult<T>> {
  const web = context.get(sessionContext);
  const locale = getLocale(context);
  const t = getI18n(context).getFixedT(locale);
  const url = new URL(`/api${path}`, process.env.API_URL ?? "http://internal");
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  const headers = new Headers({ "Accept-Language": locale, Accept: "application/json" });
  const token = opts.token ?? web.session.get("token");
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const ip = context.get(clientIpContext);
  if (ip) headers.set("X-Forwarded-For", ip);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || opts.body instanceof URLSearchParams) body = opts.body;
  else if (opts.body) {
    body = JSON.stringify(opts.body);
    headers.set("Content-Type", "application/json");
  }

  let envelope: Envelope<T>;
  try {
    const req = new Request(url, { method, headers, body });
    const res = process.env.API_URL ? await fetch(req) : await apiApp.fetch(req, { tokenMemo: tokenMemo(context, method) });
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    const message = t("common:errors.no_response");
    pushToast(web, { type: "danger", message });
    return { ok: false, code: 0, message };
  }

  const { code, message } = envelope;
  if (code === 200 || code === 201 || code === 202) {
    if (method !== "GET" && code === 200 && !opts.quiet) pushToast(web, { type: "success", message });
    return { ok: true, code, message, data: envelope.data as T, pagination: envelope.pagination };
  }
  if (code === 404 && method === "GET") return { ok: false, code, message };
  if (code === 422) {
    return { ok: false, code, message, fieldErrors: (envelope.data as Record<string, string[]>) ?? { _form: [message] } };
  }
  if (code === 401 || code === 403) leaveOnAuthFailure({ request, context }, code, message, Boolean(token));
  if (!opts.quiet) pushToast(web, { type: "danger", message });
  return { ok: false, code, message };
}

/** GET that must succeed: a 404 becomes the not-found page, other failures the route's error page. */
export async function getOrThrow<T>(ctx: Ctx, path: string, query?: Record<string, string | number | undefined | null>) {
  const res = await callApi<T>(ctx, "GET", path, { query, quiet: true });
  if (!res.ok) throw data(res.message, { status: res.code === 0 ? 503 : res.code });
  return res;
}

/** GET of a list: 404 "No data" is an empty list, as the spec says. */
export async function getList<T>(ctx: Ctx, path: string, query?: Record<string, string | number | undefined | null>) {
  const res = await callApi<T[]>(ctx, "GET", path, { query, quiet: true });
  if (res.ok) return { rows: res.data, pagination: res.pagination ?? { total_page: 1, total_record: res.data.length } };
  if (res.code === 404) return { rows: [] as T[], pagination: { total_page: 0, total_record: 0 } };
  throw data(res.message, { status: res.code === 0 ? 503 : res.code });
}

/**
 * 401 → token dropped, sign in again and come back to `returnTo` (default: this page); 403 →
 * session cleared, sent to /. Both with the server's message as a danger toast. Throws the redirect.
 */
function leaveOnAuthFailure({ request, context }: Ctx, code: number, message: string, hadToken: boolean, returnTo?: string) {
  const web = context.get(sessionContext);
  const locale = getLocale(context);
  if (code === 401 && hadToken) {
    web.session.unset("token");
    web.dirty = true;
    pushToast(web, { type: "danger", message });
    const here = new URL(request.url);
    throw redirect(`${localePath(locale, "/auth")}?redirectTo=${encodeURIComponent(returnTo ?? here.pathname + here.search)}`);
  }
  if (code === 403) {
    web.destroy = true;
    pushToast(web, { type: "danger", message });
    throw redirect(localePath(locale, "/"));
  }
}

/**
 * GET of a file (an export's download): the API's own response, for a resource route to pass on.
 * A failure is mapped like callApi's: 401/403 redirect (after signing in again the user comes back
 * to `returnTo`, the page the download was asked from: the file itself is no page to land on);
 * anything else is answered as { ok: false } with the server's message as a danger toast.
 */
export async function fetchApiFile(ctx: Ctx, path: string, opts: { returnTo?: string } = {}): Promise<Response | ApiFail> {
  const { context } = ctx;
  const url = new URL(`/api${path}`, process.env.API_URL ?? "http://internal");
  const headers = new Headers({ "Accept-Language": getLocale(context) });
  const token = context.get(sessionContext).session.get("token");
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const req = new Request(url, { headers });
  let res: Response | null = null;
  try {
    res = await (process.env.API_URL ? fetch(req) : apiApp.fetch(req));
  } catch {
    // No answer: the "no response" message below.
  }
  if (res?.ok) return res;
  const envelope = ((await res?.json().catch(() => null)) ?? {}) as Partial<Envelope>;
  const code = envelope.code ?? 0;
  const message = envelope.message || getI18n(context).getFixedT(getLocale(context))("common:errors.no_response");
  leaveOnAuthFailure(ctx, code, message, Boolean(token), opts.returnTo);
  pushToast(context.get(sessionContext), { type: "danger", message });
  return { ok: false, code, message };
}
