import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/business-switch";
import { getScope } from "#app/lib/auth.server.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { switchBody, switchBusiness } from "#core/auth/account.ts";
import { NotFound } from "#core/errors.ts";

/**
 * POST { business_id, redirectTo }: the header's active-business picker. A business the user no
 * longer works for (left, suspended since the page loaded) is a notice, and the page stays.
 */
export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), localePath(getLocale(context), "/"));
  const submission = parseWithZod(form, { schema: switchBody });
  if (submission.status !== "success") return redirect(back);
  try {
    await switchBusiness(getScope(context), submission.value);
    flashToast(context, "success", getI18n(context).getFixedT(getLocale(context))("api:account.business_switched"));
  } catch (e) {
    if (!(e instanceof NotFound)) throw e;
    flashToast(context, "danger", refusalMessage(context, e));
  }
  return redirect(back);
}

export function loader({ context }: Route.LoaderArgs) {
  return redirect(localePath(getLocale(context), "/"));
}
