import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { BUSINESS_STATUS } from "#db/schema/company-enums.ts";
import { getMe } from "#app/lib/auth.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";

/** /become-seller: the moderation page while a registration waits, else the registration form. */
export function loader({ context }: Route.LoaderArgs) {
  const waiting = getMe(context).pending_business?.status === BUSINESS_STATUS.moderation;
  return redirect(localePath(getLocale(context), waiting ? "/become-seller/moderation" : "/become-seller/form-register"));
}
