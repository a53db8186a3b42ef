/**
 * The seller's promotion moves from a page (the list and the detail): cancel and stop, each asking
 * first (requireConfirmed: the dialog with JavaScript, the page's confirm step without), then the
 * core call; a refusal comes back as a danger toast on the page (app/lib/errors.server.ts).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { promotionAction } from "#core/promotions/promotions.ts";
import { getScope } from "./auth.server.ts";
import { requireConfirmed } from "./confirm.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { flashToast } from "./session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** `done`: the success toast's key per move, when the page names it otherwise (a campaign entry is withdrawn). */
export async function promotionPageAction(args: Args, done: Partial<Record<"cancel" | "stop", string>> = {}) {
  const form = await args.request.formData();
  const intent = form.get("intent");
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const id = Number(form.get("promotion_id"));
  if ((intent !== "cancel" && intent !== "stop") || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
    throw data(t("common:errors.unknown_action"), { status: 400 });
  }
  const url = new URL(args.request.url);
  url.searchParams.delete("confirm");
  url.searchParams.delete("promotion_id");
  requireConfirmed(args.request, form, intent, url.pathname + url.search);
  await promotionAction(getScope(args.context), id, intent);
  flashToast(args.context, "success", t(done[intent] ?? `promotion:done.${intent}`));
  throw redirect(url.pathname + url.search);
}
