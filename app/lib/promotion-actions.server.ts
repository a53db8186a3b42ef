/**
 * The seller's moves on a promotion or an Indie ad from its pages (the lists, the details, a
 * campaign's page): one POST with `intent` and the record's id, asked first where the move cannot
 * be undone (requireConfirmed: the dialog with JavaScript, the page's confirm step without), then
 * the core call, a success toast and back to the page; a refusal comes back as a danger toast on
 * the page (app/lib/errors.server.ts).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Scope } from "#core/actor.ts";
import { promotionAction } from "#core/promotions/promotions.ts";
import { adAction } from "#core/promotions/ads.ts";
import { AD_ACTIONS } from "#core/promotions/ad-options.ts";
import { getScope } from "./auth.server.ts";
import { requireConfirmed } from "./confirm.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { flashToast } from "./session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

type Moves<A extends string> = {
  /** The form field carrying the record's id. */
  idField: string;
  actions: readonly A[];
  /** The moves asked first. */
  ask: readonly A[];
  move: (scope: Scope, id: number, action: A) => Promise<unknown>;
  /** The success toast's translation key. */
  done: (action: A) => string;
};

async function movePageAction<A extends string>(args: Args, m: Moves<A>): Promise<never> {
  const form = await args.request.formData();
  const intent = form.get("intent") as A;
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const id = Number(form.get(m.idField));
  if (!m.actions.includes(intent) || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) {
    throw data(t("common:errors.unknown_action"), { status: 400 });
  }
  const url = new URL(args.request.url);
  url.searchParams.delete("confirm");
  url.searchParams.delete(m.idField);
  if (m.ask.includes(intent)) requireConfirmed(args.request, form, intent, url.pathname + url.search);
  await m.move(getScope(args.context), id, intent);
  flashToast(args.context, "success", t(m.done(intent)));
  throw redirect(url.pathname + url.search);
}

const PROMOTION_MOVES = ["cancel", "stop"] as const;

/** Cancel and stop, both asked first. `done`: the toast's key per move where the page words it otherwise (a campaign entry is withdrawn). */
export const promotionPageAction = (args: Args, done: Partial<Record<(typeof PROMOTION_MOVES)[number], string>> = {}) =>
  movePageAction(args, {
    idField: "promotion_id", actions: PROMOTION_MOVES, ask: PROMOTION_MOVES, move: promotionAction,
    done: (a) => done[a] ?? `promotion:done.${a}`,
  });

/** Pause and resume at once; end asked first. */
export const adPageAction = (args: Args) =>
  movePageAction(args, { idField: "ad_id", actions: AD_ACTIONS, ask: ["end"], move: adAction, done: (a) => `ads:done.${a}` });
