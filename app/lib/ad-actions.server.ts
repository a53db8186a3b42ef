/**
 * The seller's ad moves from a page (the list and the detail): pause and resume at once, end after
 * asking (requireConfirmed: the dialog with JavaScript, the page's confirm step without), then the
 * core call; a refusal comes back as a danger toast on the page (app/lib/errors.server.ts).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { adAction } from "#core/promotions/ads.ts";
import { AD_ACTIONS, type AdAction } from "#core/promotions/ad-options.ts";
import { getScope } from "./auth.server.ts";
import { requireConfirmed } from "./confirm.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { flashToast } from "./session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function adPageAction(args: Args) {
  const form = await args.request.formData();
  const intent = form.get("intent");
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const id = Number(form.get("ad_id"));
  if (!AD_ACTIONS.includes(intent as AdAction) || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
    throw data(t("common:errors.unknown_action"), { status: 400 });
  }
  const url = new URL(args.request.url);
  url.searchParams.delete("confirm");
  url.searchParams.delete("ad_id");
  if (intent === "end") requireConfirmed(args.request, form, intent, url.pathname + url.search);
  await adAction(getScope(args.context), id, intent as AdAction);
  flashToast(args.context, "success", t(`ads:done.${intent}`));
  throw redirect(url.pathname + url.search);
}
