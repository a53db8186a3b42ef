/**
 * /exports/:id/download: passes the API's export file on to the browser (the browser has no
 * bearer token; the session cookie has it). The API marks the file downloaded. When the file
 * cannot be had, the API client's mapping applies (fetchApiFile): an expired session signs in
 * again and comes back to the page the download was asked from; otherwise (not ready, not this
 * user's) the user goes back there with the API's message as a notice.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/export-download";
import { fetchApiFile } from "#app/lib/api.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data("Not found", { status: 404 });
  const back = sameSitePage(args.request) ?? localePath(getLocale(args.context), "/dashboard");
  const res = await fetchApiFile(args, `/v0.0.0/exports/${id}/download`, { returnTo: back });
  if (res instanceof Response) {
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    for (const h of ["Content-Type", "Content-Disposition", "Content-Length"]) {
      const v = res.headers.get(h);
      if (v) headers.set(h, v);
    }
    return new Response(res.body, { status: 200, headers });
  }
  throw redirect(back);
}

/** The page the link was on (the Referer), when it is one of ours; a malformed Referer is none. */
function sameSitePage(request: Request): string | null {
  const from = request.headers.get("referer");
  if (!from || !URL.canParse(from)) return null;
  const url = new URL(from);
  if (url.host !== new URL(request.url).host) return null;
  const path = safeRedirect(url.pathname + url.search, "");
  return path || null;
}
