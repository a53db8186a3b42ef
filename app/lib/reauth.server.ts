/**
 * The web's password step (core/auth/reauth.ts): a sensitive change refused with ReauthRequired
 * asks for the password, then goes through — the one confirm vocabulary (docs/decisions/0010),
 * with one more field:
 * - The action's refusal becomes a redirect back to the page with `?reauth=1&<the form's fields>`
 *   (errors.server.ts → reauthStepUrl; the fields are those this middleware read from the POST).
 * - The admin layout's loader reads it (reauthAsked) and shows ReauthStep
 *   (app/components/reauth-step.tsx): without JavaScript a panel the server renders above the
 *   page, with it the same form in a modal dialog. It posts the same fields to the page's own
 *   action with `confirmed=1` (the change was already confirmed once) and `reauth_password`.
 * - This middleware (admin layout, after the one-time form token) checks `reauth_password` before
 *   the action runs: right, the session is open for 5 minutes and the action does the change;
 *   wrong or too many tries, back to the step with the message.
 * Secrets never go into the URL: fields named like a password or a PIN, and files, are left out
 * (the form asks for them again), as is everything of a multipart POST over 1 MB (not read twice):
 * then the step only confirms the password (`reauth_only=1`) and the form is sent again by hand.
 * A form token (`_once`) rides along: the step is not "done"
 * (form-token.server.ts), so the token is free for the retry.
 */
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { confirmPassword } from "#core/auth/reauth.ts";
import { DomainError, Refused, TooMany } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { getScope } from "./auth.server.ts";
import { getLocale } from "./i18n.server.ts";
import { flashToast } from "./session.server.ts";

export const REAUTH_FIELD = "reauth_password";
/** Posted by the step when it carries no fields (a large upload's form): confirm only, run nothing. */
export const ONLY_FIELD = "reauth_only";
const SECRET = /(^|_)(password|pin|secret)(_|$)|^reauth_|^confirmed$|^csrf$/i;

/** The form of this request's POST, as read before the action (null for other requests). */
const postedForm = createContext<FormData | null>(null);

/** Past this, a multipart POST (uploads) is not read a second time: its step carries no fields. */
const MAX_COPIED = 1024 * 1024;

async function formOf(request: Request): Promise<FormData | null> {
  if (request.method !== "POST") return null;
  const type = request.headers.get("content-type") ?? "";
  const plain = /^application\/x-www-form-urlencoded/i.test(type);
  // Browsers send a multipart body's length; one without (bounded by server/app.ts anyway) is read.
  const small = /^multipart\/form-data/i.test(type) && Number(request.headers.get("content-length") ?? 0) <= MAX_COPIED;
  if (!plain && !small) return null;
  try {
    return await request.clone().formData();
  } catch {
    return null;
  }
}

/**
 * The page's URL asking for the password step, carrying the form's fields (not its secrets) and,
 * after a refused password, why (`reauth_refused`, with `reauth_wait` seconds when too many): the
 * step says it inside itself, since with JavaScript it is modal and the page's notices lie
 * behind its backdrop, out of reach.
 */
export function reauthStepUrl(request: Request, context: Readonly<RouterContextProvider>, refused?: { reason: ReauthRefusal; wait?: number }) {
  const url = new URL(request.url);
  const step = new URLSearchParams({ reauth: "1" });
  for (const [name, value] of context.get(postedForm) ?? []) {
    if (typeof value === "string" && !SECRET.test(name)) step.append(name, value);
  }
  if (refused) step.set("reauth_refused", refused.reason);
  if (refused?.wait) step.set("reauth_wait", String(refused.wait));
  return `${url.pathname.replace(/\.data$/, "")}?${step}`;
}

export type ReauthRefusal = "wrong" | "required" | "too_many";

/** Why the last password was refused, in the page's language (null: not refused). */
export function reauthRefused(url: URL, t: (key: string, vars?: Record<string, unknown>) => string): string | null {
  switch (url.searchParams.get("reauth_refused")) {
    case "wrong": return t("auth:api.reauth_wrong");
    case "required": return t("validation:required");
    case "too_many": return t("api:errors.too_many_attempts", { seconds: Number(url.searchParams.get("reauth_wait")) || 60 });
    default: return null;
  }
}

/** The step the URL asks for: the fields to post again, or null. */
export function reauthAsked(url: URL): Record<string, string[]> | null {
  if (url.searchParams.get("reauth") !== "1") return null;
  const fields: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) {
    if (name === "reauth" || SECRET.test(name)) continue;
    (fields[name] ??= []).push(value);
  }
  return fields;
}

export const reauthMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const form = await formOf(request);
  if (!form) return next();
  context.set(postedForm, form);
  const password = form.get(REAUTH_FIELD);
  if (typeof password !== "string") return next();
  const t = translator(getLocale(context));
  try {
    await confirmPassword(getScope(context), { password: password.slice(0, 200) });
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const message = e instanceof Refused && !password ? t("validation:required") : t(e.message, e.vars);
    flashToast(context, "danger", message);
    const refused = e instanceof TooMany ? { reason: "too_many" as const, wait: e.seconds } : { reason: password ? "wrong" as const : "required" as const };
    throw redirect(reauthStepUrl(request, context, refused));
  }
  if (form.get(ONLY_FIELD) === "1") {
    // Nothing of the refused form could be carried: the password is confirmed, the form is sent again by hand.
    flashToast(context, "info", t("auth:api.reauth_ok"));
    throw redirect(new URL(request.url).pathname.replace(/\.data$/, ""));
  }
  return next();
};
