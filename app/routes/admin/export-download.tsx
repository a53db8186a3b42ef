/**
 * /exports/:id/download: the user's finished export as a file (core/jobs/export-history.ts
 * takeExportFile, which the REST download answers with too, and which marks it downloaded).
 * When the file cannot be had: a session that is no longer valid signs in again and comes back to
 * the page the download was asked from (the file itself is no page to land on); otherwise (not
 * ready, not this user's) the user goes back there with the reason as a notice.
 *
 * The actor is read from the session's token here rather than taken from the layout's guard, so
 * the route stays a plain resource route that also answers when called on its own.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/export-download";
import { actorFromToken, scopeOf, type Actor } from "#core/actor.ts";
import { DomainError, Unauthenticated } from "#core/errors.ts";
import { takeExportFile } from "#core/jobs/export-history.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { sessionContext, flashToast } from "#app/lib/session.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw data("Not found", { status: 404 });
  const locale = getLocale(args.context);
  const web = args.context.get(sessionContext);
  const back = sameSitePage(args.request) ?? localePath(locale, "/");
  let actor: Actor;
  try {
    actor = await actorFromToken(web.session.get("token"), locale);
  } catch (e) {
    if (!(e instanceof Unauthenticated)) throw e;
    web.session.unset("token");
    web.dirty = true;
    flashToast(args.context, "danger", refusalMessage(args.context, e));
    throw redirect(`${localePath(locale, "/auth")}?redirectTo=${encodeURIComponent(back)}`);
  }
  try {
    const { filename, file } = await takeExportFile(scopeOf(actor), id);
    return new Response(new Uint8Array(file), { status: 200, headers: fileHeaders(filename, file.length) });
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    flashToast(args.context, "danger", refusalMessage(args.context, e));
    throw redirect(back);
  }
}

/** An .xlsx attachment named for the user (the plain name for old browsers, the UTF-8 one for the rest). */
function fileHeaders(name: string, length: number) {
  return {
    "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "Content-Length": String(length),
  };
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
