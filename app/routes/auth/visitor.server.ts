/**
 * The sign-in pages' visitor (not signed in: core/auth/visitor.ts) and their one way to answer a
 * refusal: messages under their fields (replyRefused), and a limit (too many tries) or an outside
 * service that did not answer (a code that could not be sent) above the form, so the visitor stays
 * on the form with what they typed instead of losing it to a toast.
 */
import type { Submission } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { visitorOf as coreVisitor } from "#core/auth/visitor.ts";
import { TooMany, Unavailable } from "#core/errors.ts";
import { clientIpContext } from "#app/lib/context.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";

type Args = { context: Readonly<RouterContextProvider> };

/** The page's visitor: its language and the browser's address (for the per-address limits). */
export const visitorOf = ({ context }: Args) => coreVisitor(getLocale(context), clientIp(context));

// server/app.ts sets the address for every request; a page run without it (a route test) has none.
function clientIp(context: Args["context"]) {
  try {
    return context.get(clientIpContext);
  } catch {
    return undefined;
  }
}

export function replyToVisitor(args: Args, submission: Submission<unknown>, err: unknown, hideFields = ["password", "password_confirmation"]) {
  if (err instanceof TooMany || err instanceof Unavailable) {
    const message = refusalMessage(args.context, err);
    return data(submission.reply({ formErrors: [message], hideFields }), { status: err instanceof TooMany ? 429 : 503 });
  }
  return replyRefused(args, submission, err, hideFields);
}
