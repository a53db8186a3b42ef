/**
 * The one confirm step of the web. A change that asks first (a status switch, a delete, a bulk
 * action, a partnership move…) is a POST form carrying `intent` and its own fields:
 * - with JavaScript the page's ConfirmDialog asks, then posts with `confirmed=1`;
 * - without, the action sees no `confirmed=1` and sends the browser back to the page with
 *   `?confirm=<intent>&<the form's fields>`; the loader reads it with `confirmAsked`, the page shows
 *   ConfirmPanel with those fields, and its button posts them again with `confirmed=1`.
 * One vocabulary for every page: `confirm=<intent>` plus the form's own field names.
 */
import { redirect } from "react-router";

/** Throws the redirect to the page's confirm step unless the POST says `confirmed=1`. */
export function requireConfirmed(request: Request, form: FormData, intent: string, pageUrl?: string) {
  if (form.get("confirmed") === "1") return;
  const url = new URL(pageUrl ?? request.url, request.url);
  url.searchParams.set("confirm", intent);
  for (const [name, value] of form) {
    if (name === "intent" || name === "confirmed" || name === "csrf" || typeof value !== "string") continue;
    url.searchParams.append(name, value);
  }
  throw redirect(url.pathname + url.search);
}

export type ConfirmAsked = { intent: string; fields: Record<string, string>; all: URLSearchParams };

/** The confirm step the URL asks for (`intent` when given: only that one), or null. */
export function confirmAsked(url: URL, intent?: string): ConfirmAsked | null {
  const asked = url.searchParams.get("confirm");
  if (!asked || (intent && asked !== intent)) return null;
  const all = new URLSearchParams(url.searchParams);
  all.delete("confirm");
  const fields: Record<string, string> = { intent: asked };
  for (const [name, value] of all) fields[name] = value;
  return { intent: asked, fields, all };
}
