/** Who may change a business's settings: the one check of every settings writer (2FA, chat, …). */
import { noPrivilege, type Scope } from "#core/actor.ts";
import { ownMembership } from "#core/auth/account.ts";
import { canAccess } from "#core/auth/privileges.ts";

/**
 * The actor's membership of `businessId` when they may change its settings (privilege "setting");
 * another business is NotFound, a member without it Forbidden. The adapter asks this before it
 * reads the input, so a staff member without the privilege learns nothing from its messages.
 */
export async function settingsChanger(scope: Scope, businessId: number) {
  const member = await ownMembership(scope, businessId);
  if (!canAccess(member, "setting")) throw noPrivilege(scope.actor.t, "setting");
  return member;
}

