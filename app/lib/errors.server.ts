/**
 * The web's one map from a core refusal (core/errors.ts) to what the browser gets. server/app.ts
 * applies it to every route's loader and action once, so a page just calls core and lets a
 * refusal go:
 *   NotFound         the not-found page (404)          Forbidden  the 403 page (auth.server.ts forbiddenPage)
 *   Unauthenticated  sign in again, then back here
 *   ReauthRequired   in an action: the password step (reauth.server.ts), then the change
 *                    (a kind of Unauthenticated, checked first)
 *   in a loader, any other refusal: the error page with its message and status;
 *   in an action, any other refusal that the page's form did not take (forms.server.ts
 *   replyRefused puts those under their fields): the message as a danger toast, back to the page.
 * A database rule broken by a race (a unique key, a row still referenced) counts as a refusal.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import {
  Conflict, DomainError, domainErrorOfDatabase, Forbidden, NotFound, ReauthRequired, TooMany, Unauthenticated, Unavailable,
} from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { getLocale } from "./i18n.server.ts";
import { localePath, stripLocale } from "./i18n.ts";
import { reauthStepUrl } from "./reauth.server.ts";
import { flashToast } from "./session.server.ts";
import { forbiddenPage } from "./auth.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** A refusal's message in the page's language. */
export function refusalMessage(context: Readonly<RouterContextProvider>, err: DomainError) {
  return translator(getLocale(context))(err.message, err.vars);
}

function statusOf(err: DomainError) {
  if (err instanceof NotFound) return 404;
  if (err instanceof Forbidden) return 403;
  if (err instanceof Conflict) return 409;
  if (err instanceof TooMany) return 429;
  if (err instanceof Unavailable) return 503;
  return 422;
}

/** What the browser gets for `err` thrown by a loader (`mutation` false) or an action; other errors as they are. */
export function pageForError(err: unknown, { request, context }: Args, mutation: boolean): unknown {
  const refusal = err instanceof DomainError ? err : domainErrorOfDatabase(err);
  if (!refusal) return err;
  const url = new URL(request.url);
  if (refusal instanceof ReauthRequired) {
    return mutation ? redirect(reauthStepUrl(request, context)) : data(refusalMessage(context, refusal), { status: 401 });
  }
  if (refusal instanceof Unauthenticated) {
    const back = stripLocale(url.pathname) + url.search;
    return redirect(`${localePath(getLocale(context), "/auth")}?redirectTo=${encodeURIComponent(back)}`);
  }
  const message = refusalMessage(context, refusal);
  if (mutation && !(refusal instanceof NotFound || refusal instanceof Forbidden)) {
    flashToast(context, "danger", message);
    return redirect(url.pathname + url.search);
  }
  if (refusal instanceof Forbidden) return forbiddenPage(context, { message });
  return data(message, { status: statusOf(refusal) });
}

/** `handler` with its refusals turned into pages (see above). */
export function withRefusalPages<A extends Args, R>(handler: (args: A) => R, mutation: boolean): (args: A) => Promise<R> {
  return (async (args: A) => {
    try {
      return (await handler(args)) as R;
    } catch (err) {
      throw pageForError(err, args, mutation);
    }
  });
}
