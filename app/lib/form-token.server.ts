/**
 * A create form is sent once (issue 12, "writes happen once"): a double click, a second tap on a
 * slow phone, or the browser sending the page again makes one record, not two.
 *
 * Every page render gets a fresh one-time token (`newFormToken`, in the root loader); a create
 * form carries it as the hidden field `_once` (`<FormToken />`, app/components/form-token.tsx).
 * `formTokenMiddleware` runs after the sign-in guard, ahead of the action, on the API's own store
 * of idempotency keys (core/lib/idempotency.ts), keyed by the signed-in user, the business and
 * the token:
 *   - the first POST with a token claims it and runs the action;
 *   - a success (a redirect) is kept for 24 h: the same token again lands where the first did,
 *     with a notice that the form was already sent, and nothing runs;
 *   - anything else (the form refused with messages, a step that stays on the form, the confirm
 *     step, an error) gives the token back, so the corrected or confirmed form goes through;
 *   - a second POST while the first still runs waits for it (up to 10 s) and then does the same;
 *     past that it comes back to the form with a notice, nothing written.
 * After a success the root loader runs again, so the next form has a new token. Without JavaScript
 * every page is a fresh render and a fresh token. A POST without `_once` is not touched.
 */
import { randomBytes } from "node:crypto";
import { redirect, type MiddlewareFunction } from "react-router";
import { translator } from "#core/i18n.ts";
import { claimKey, completeKey, releaseKey, requestHash, validKey, type KeyRef } from "#core/lib/idempotency.ts";
import { getScope } from "./auth.server.ts";
import { getLocale } from "./i18n.server.ts";
import { flashToast } from "./session.server.ts";

// The hidden field <FormToken /> renders (app/components/form-token.tsx).
const FORM_TOKEN = "_once";

export function newFormToken(): string {
  return randomBytes(16).toString("base64url");
}

/** The token a form POST carries, read from a copy of the body (the action reads the original). */
async function tokenOf(request: Request): Promise<string | undefined> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return undefined;
  const value = (await request.clone().formData()).get(FORM_TOKEN);
  return typeof value === "string" && validKey(value) ? value : undefined;
}

/**
 * Where the browser went when the form was done: a success redirects (to the list, or back to the
 * page it stays on). The confirm step (confirm.server.ts) is not done: it comes back with the same
 * fields and token. Neither is an answer of the page itself: a refusal with its messages, or a
 * step that stays on the form (the product form's refresh, the store form's bank check), nor the
 * password step (reauth.server.ts).
 */
function doneAt(res: Response, request: Request): string | undefined {
  const location = res.headers.get("Location");
  if (res.status < 300 || res.status >= 400 || !location) return undefined;
  const asks = new URL(location, request.url).searchParams;
  return asks.has("confirm") || asks.has("reauth") ? undefined : location; // a step (confirm, password): not done
}

/** The form's page: the request's path without the data suffix JavaScript adds. */
const formPath = (request: Request) => new URL(request.url).pathname.replace(/\.data$/, "");

export const formTokenMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "POST") return next();
  const token = await tokenOf(request);
  if (!token) return next();
  const { db, actor } = getScope(context);
  const ref: KeyRef = { userId: actor.user.id, businessId: actor.member?.businessId ?? 0, key: `form:${token}` };
  // One token is one form: whatever the path or fields, a second POST with it is the same form again.
  const claim = await claimKey(db, ref, requestHash("POST", "form", new Uint8Array()));
  const t = translator(getLocale(context));
  if (claim.kind === "replay") {
    flashToast(context, "info", t("common:forms.already_sent"));
    throw redirect(claim.answer.body);
  }
  if (claim.kind !== "claimed") {
    flashToast(context, "danger", t("common:forms.still_sending"));
    throw redirect(formPath(request));
  }
  let res: Response;
  try {
    res = await next();
  } catch (e) {
    await releaseKey(db, ref, claim.owner);
    throw e;
  }
  const location = doneAt(res, request);
  if (location) await completeKey(db, ref, claim.owner, { status: res.status, contentType: null, body: location });
  else await releaseKey(db, ref, claim.owner);
  return res;
};
