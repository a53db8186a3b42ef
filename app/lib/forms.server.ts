import type { Submission } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { domainErrorOfDatabase, Refused } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { getLocale } from "./i18n.server.ts";

const SECRET_FIELDS = ["password", "new_password", "password_confirmation", "current_password"];

/**
 * The one way an action answers a refusal from core: the per-field messages (in the page's
 * language) go next to their fields, the rest above the form; what was typed stays. Anything but a
 * refusal is thrown on (app/lib/errors.server.ts makes its page). Passwords are never sent back.
 *
 *   try { await createFactory(scope, submission.value) } catch (e) { return replyRefused(args, submission, e) }
 */
export function replyRefused(
  { context }: { context: Readonly<RouterContextProvider> },
  submission: Submission<unknown>,
  err: unknown,
  hideFields: string[] = SECRET_FIELDS,
) {
  const refusal = err instanceof Refused ? err : domainErrorOfDatabase(err);
  if (!(refusal instanceof Refused)) throw err;
  const t = translator(getLocale(context));
  const fields: Record<string, string[]> = {};
  for (const [name, keys] of Object.entries(refusal.fields ?? {})) fields[name] = keys.map((k) => t(k, refusal.vars));
  const { _form, ...fieldErrors } = fields;
  const formErrors = _form ?? (refusal.fields ? [] : [t(refusal.message, refusal.vars)]);
  return data(submission.reply({ fieldErrors, formErrors, hideFields }), { status: 400 });
}
