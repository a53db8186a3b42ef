/**
 * The margin pages' shared server step: deleting a rule (asks first, docs/decisions/0010) and the
 * rule the no-JavaScript confirm step names.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { deleteMarginRule, getMarginRule } from "#core/partners/margins.ts";
import { getScope } from "./auth.server.ts";
import { confirmAsked, requireConfirmed } from "./confirm.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { recordId } from "./params.ts";
import { flashToast } from "./session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** intent=delete: deletes the rule once confirmed, then back to the page. Undefined for other intents. */
export async function deleteRuleAction(args: Args, form: FormData, pageUrl: string) {
  if (form.get("intent") !== "delete") return undefined;
  const id = recordId(form.get("margin_rule_id"));
  if (!id) throw redirect(pageUrl);
  requireConfirmed(args.request, form, "delete", pageUrl);
  await deleteMarginRule(getScope(args.context), id);
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))("margin:api.deleted"));
  throw redirect(pageUrl);
}

/** The rule ?confirm=delete&margin_rule_id=… asks about (null when none, or not the business's). */
export async function ruleToDelete(args: Args) {
  const id = recordId(confirmAsked(new URL(args.request.url), "delete")?.fields.margin_rule_id ?? null);
  return id ? getMarginRule(getScope(args.context), id).catch(() => null) : null;
}
