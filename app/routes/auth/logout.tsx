import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { callApi } from "#app/lib/api.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { sessionContext } from "#app/lib/session.server.ts";

/**
 * Sign-out is a POST (a link or prefetch must not sign anyone out): the API revokes the token,
 * the session cookie is dropped, and the user lands on sign-in with the API's goodbye as a toast.
 */
export async function action(args: Route.ActionArgs) {
  const web = args.context.get(sessionContext);
  if (web.session.get("token")) {
    try {
      await callApi(args, "POST", "/v0.0/auth/logout");
    } catch (thrown) {
      // An already expired token answers 401, which the client turns into a redirect: signed out anyway.
      if (!(thrown instanceof Response)) throw thrown;
    }
  }
  web.destroy = true;
  throw redirect(localePath(getLocale(args.context), "/auth"));
}

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(localePath(getLocale(context), "/"));
}
