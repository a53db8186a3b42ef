/**
 * /products/barcode/labels?items=12:3,15:1&symbology=auto: the label-printer file (CSV) of a
 * selection, passed on from POST /v0.0.1/products/templates/barcode-export (the browser has no
 * bearer token; the session cookie has it). A GET link, so it downloads with or without
 * JavaScript. When the API refuses (a bad selection, a variant gone), the seller goes back to the
 * barcode page with the API's message as a notice; a lost session signs in again first.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/labels";
import { api as apiApp } from "#api/app.ts";
import type { Envelope } from "#api/lib/http.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pushToast, sessionContext } from "#app/lib/session.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = getLocale(context);
  const web = context.get(sessionContext);
  const back = `${localePath(locale, "/products/barcode")}?${new URLSearchParams({ items: url.searchParams.get("items") ?? "", symbology: url.searchParams.get("symbology") ?? "auto" })}`;
  const token = web.session.get("token");
  if (!token) throw redirect(`${localePath(locale, "/auth")}?redirectTo=${encodeURIComponent(back)}`);
  const apiUrl = new URL("/api/v0.0.1/products/templates/barcode-export", process.env.API_URL ?? "http://internal");
  const req = new Request(apiUrl, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Accept-Language": locale, "Content-Type": "application/json" },
    body: JSON.stringify({ items: url.searchParams.get("items") ?? "", symbology: url.searchParams.get("symbology") ?? "auto" }),
  });
  let res: Response | null = null;
  try {
    res = await (process.env.API_URL ? fetch(req) : apiApp.fetch(req));
  } catch {
    // No answer: the "no response" notice below.
  }
  if (res?.ok) {
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    for (const h of ["Content-Type", "Content-Disposition"]) {
      const v = res.headers.get(h);
      if (v) headers.set(h, v);
    }
    return new Response(res.body, { status: 200, headers });
  }
  const envelope = ((await res?.json().catch(() => null)) ?? {}) as Partial<Envelope>;
  if (envelope.code === 401) {
    web.session.unset("token");
    web.dirty = true;
    throw redirect(`${localePath(locale, "/auth")}?redirectTo=${encodeURIComponent(back)}`);
  }
  const fields = Object.values((envelope.data ?? {}) as Record<string, string[]>).flat();
  const message = fields[0] ?? envelope.message ?? getI18n(context).getFixedT(locale)("common:errors.no_response");
  pushToast(web, { type: "danger", message });
  throw redirect(back);
}
