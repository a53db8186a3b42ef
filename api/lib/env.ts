import type { TFunction } from "i18next";
import type { Actor, AuthUser, Membership, Scope } from "#core/actor.ts";
import type { Locale } from "#core/i18n.ts";

export type { AuthUser, Membership };

export type ApiEnv = {
  Variables: {
    locale: Locale;
    t: TFunction;
    /** Who is calling (requireAuth), and the scope core functions take: { db, actor }. */
    actor: Actor;
    scope: Scope;
    user: AuthUser;
    tokenId: number;
    tokenBusinessId: number | null;
    /** The active business of the token, set by requireSeller. */
    member: Membership;
  };
};
