/**
 * /exports/:id/download: passes the API's export file on to the browser (the browser has no
 * bearer token; the session cookie has it). The API marks the file downloaded. When the file
 * cannot be had (not ready, not this business's), the user goes back where they came from
 * with the API's message as a notice.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/export-download";
import { fetchApiFile } from "../../lib/api.server.ts";
import { getLocale } from "../../lib/i18n.server.ts";
import { localePath } from "../../lib/i18n.ts";
import { pushToast, sessionContext } from "../../lib/session.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data("Not found", { status: 404 });
  const res = await fetchApiFile(args, `/v0.0.0/exports/${id}/download`);
  if (res.ok) {
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    for (const h of ["Content-Type", "Content-Disposition", "Content-Length"]) {
      const v = res.headers.get(h);
      if (v) headers.set(h, v);
    }
    return new Response(res.body, { status: 200, headers });
  }
  const { message } = (await res.json().catch(() => ({ message: "" }))) as { message?: string };
  if (message) pushToast(args.context.get(sessionContext), { type: "danger", message });
  const from = args.request.headers.get("referer");
  const back = from && new URL(from).host === new URL(args.request.url).host ? new URL(from) : null;
  throw redirect(back ? back.pathname + back.search : localePath(getLocale(args.context), "/dashboard"));
}
