import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
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

/**
 * A page with several forms (an `intent` each): parses `formData` with that form's core schema and
 * runs `save` with the value. A bad value or a refusal is `{ ok: false, reply }`, the form's 400
 * reply (replyRefused) with what was typed; anything else is thrown on.
 *
 *   const r = await submitForm(args, formData, chatBody, (v) => saveChatSettings(scope, id, v));
 *   if (!r.ok) return r.reply;
 */
export async function submitForm<S extends z.ZodType, R>(
  args: { context: Readonly<RouterContextProvider> },
  formData: FormData,
  schema: S,
  save: (value: z.infer<S>) => Promise<R>,
  hideFields: string[] = SECRET_FIELDS,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { ok: false as const, reply: data(submission.reply({ hideFields }), { status: 400 }) };
  try {
    return { ok: true as const, value: await save(submission.value as z.infer<S>), submission };
  } catch (e) {
    return { ok: false as const, reply: replyRefused(args, submission, e, hideFields) };
  }
}
