/**
 * The staff pages' changes that ask first (the list's row buttons and the edit page's Access
 * buttons, one vocabulary with confirm.server.ts): suspend, reactivate and remove a member
 * (`user_id`), cancel an invitation (`invitation_id`). Without JavaScript the POST comes back to
 * the page with `?confirm=<intent>&user_id=…`; `staffAsked` reads that step for the loader.
 * A refusal (yourself, the last owner) is a danger notice on the page; anything else (not an
 * owner, another business's member) is the 403 / 404 page.
 */
import { redirect, type RouterContextProvider } from "react-router";
import type { Scope } from "#core/actor.ts";
import { DomainError, Forbidden, NotFound, Unauthenticated } from "#core/errors.ts";
import { cancelInvitation } from "#core/team/invitations.ts";
import { getStaff, removeStaff, updateStaff } from "#core/team/staff.ts";
import type { InvitationJson } from "#core/team/staff-schema.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";
import { confirmAsked, requireConfirmed } from "./confirm.server.ts";
import { recordId } from "./params.ts";
import { refusalMessage } from "./errors.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { flashToast } from "./session.server.ts";
import { getScope } from "./auth.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export const MEMBER_INTENTS = ["suspend", "reactivate", "remove"] as const;
export type MemberIntent = (typeof MEMBER_INTENTS)[number];
export const isMemberIntent = (v: unknown): v is MemberIntent => MEMBER_INTENTS.includes(v as MemberIntent);

/** The confirm step a page's URL asks for: its intent, the fields to post again and whom it names. */
export type StaffAsked = { intent: string; fields: Record<string, string>; name: string };

/** The confirm step in the URL, named from the member (read) or the invitation (from `invitations`); null for none, a stale one or one nobody may take. */
export async function staffAsked(scope: Scope, url: URL, invitations: InvitationJson[] = []): Promise<StaffAsked | null> {
  const asked = confirmAsked(url);
  if (!asked) return null;
  if (isMemberIntent(asked.intent)) {
    const id = recordId(asked.fields.user_id);
    const member = id ? await getStaff(scope, id).catch(() => null) : null;
    // Nobody changes their own access, and a member who left has none to change: no step for those.
    const changeable = member && !member.is_self && member.status !== MEMBER_STATUS.resign;
    return changeable ? { intent: asked.intent, fields: { intent: asked.intent, user_id: String(member.user_id) }, name: member.name } : null;
  }
  if (asked.intent === "cancel_invitation") {
    const inv = invitations.find((i) => String(i.invitation_id) === asked.fields.invitation_id);
    return inv ? { intent: asked.intent, fields: { intent: asked.intent, invitation_id: String(inv.invitation_id) }, name: inv.target } : null;
  }
  return null;
}

/** Runs a refusable change with its notice, then goes `to`; never returns. */
async function run(args: Args, change: () => Promise<string>, to: string): Promise<never> {
  try {
    flashToast(args.context, "success", await change());
  } catch (e) {
    if (!(e instanceof DomainError) || e instanceof NotFound || e instanceof Forbidden || e instanceof Unauthenticated) throw e;
    flashToast(args.context, "danger", refusalMessage(args.context, e));
  }
  throw redirect(to);
}

/** Suspend, reactivate or remove the member named by `user_id`, once confirmed; back to `back` (a removal: to `afterRemove`). */
export async function memberAction(args: Args, form: FormData, intent: MemberIntent, back: string, afterRemove = back): Promise<never> {
  const id = recordId(form.get("user_id"));
  if (!id) throw redirect(back);
  requireConfirmed(args.request, form, intent, back);
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return run(args, async () => {
    if (intent === "remove") return t("team:api.removed_name", { name: (await removeStaff(scope, id)).name });
    const status = intent === "suspend" ? MEMBER_STATUS.suspended : MEMBER_STATUS.active;
    const member = await updateStaff(scope, id, { status });
    return t(intent === "suspend" ? "team:api.suspended" : "team:api.reactivated", { name: member.name });
  }, intent === "remove" ? afterRemove : back);
}

/** Cancel the invitation named by `invitation_id`, once confirmed; back to the list. */
export async function cancelInvitationAction(args: Args, form: FormData, back: string): Promise<never> {
  const id = recordId(form.get("invitation_id"));
  if (!id) throw redirect(back);
  requireConfirmed(args.request, form, "cancel_invitation", back);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return run(args, async () => {
    await cancelInvitation(getScope(args.context), id);
    return t("team:api.cancelled");
  }, back);
}
