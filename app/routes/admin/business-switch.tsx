import { redirect } from "react-router";
import type { Route } from "./+types/business-switch";
import { callApi } from "#app/lib/api.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";

/** POST { business_id, redirectTo }: the header's active-business picker. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  await callApi(args, "PUT", "/v0.0.0/accounts/me/business", { body: { business_id: Number(form.get("business_id")) } });
  return redirect(safeRedirect(form.get("redirectTo"), localePath(getLocale(args.context), "/dashboard")));
}

export function loader({ context }: Route.LoaderArgs) {
  return redirect(localePath(getLocale(context), "/dashboard"));
}
