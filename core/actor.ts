/**
 * Who is asking, resolved once per request by each adapter (the web's middleware from the session
 * cookie, the API's from the bearer token) and handed to every core function with the database
 * handle to use: `fn(scope, input)`, where `scope = { db, actor }`. Inside a transaction the
 * function passes `{ ...scope, db: tx }` on, so nothing it calls escapes the transaction.
 */
import type { TFunction } from "i18next";
import { db as pool, type Db, type Tx } from "#db/client.ts";
import { asLocale, translator, type Locale } from "#core/i18n.ts";
import { canAccess, privilegeNameKey, type Need, type Privilege } from "#core/auth/privileges.ts";
import { findToken, pickMembership, touchToken, type AuthUser, type Membership, type Seen } from "#core/auth/tokens.ts";
import { Forbidden, Unauthenticated } from "#core/errors.ts";

export type { AuthUser, Membership };

export type Actor = {
  user: AuthUser;
  /** The bearer token the request came with (the web's session holds one). */
  tokenId: number;
  /** The business the actor works for now; null for a user who is not (yet) a seller. */
  member: Membership | null;
  /** Every active business the user works for (the header's switcher), `member` among them. */
  businesses: Membership[];
  locale: Locale;
  /** Messages in the actor's language (answers carry translated names, e.g. status_name). */
  t: TFunction;
};
export type SellerActor = Actor & { member: Membership };

export type Scope<A extends Actor = Actor> = { db: Db | Tx; actor: A };
export type SellerScope = Scope<SellerActor>;

/**
 * The actor behind a bearer token, or Unauthenticated. When the token's business is no longer
 * active (suspended, left), the token moves to the user's first active business. `seen` (the
 * adapters' requests) notes the use for the active-sessions list (tokens.ts touchToken).
 */
export async function actorFromToken(token: string | undefined | null, language: string, seen?: Seen): Promise<Actor> {
  const locale = asLocale(language);
  if (!token) throw new Unauthenticated("api:errors.unauthenticated");
  const row = await findToken(token);
  if (!row) throw new Unauthenticated("api:errors.session_expired");
  if (seen) await touchToken(row, seen);
  const { id, name, email, phone, photo, profileStatus, role } = row.user;
  const member = (await pickMembership(row.mine, row.tokenId, row.businessId)) ?? null;
  return { user: { id, name, email, phone, photo, profileStatus, role }, tokenId: row.tokenId, member, businesses: row.mine, locale, t: translator(locale) };
}

/** The refusal of a staff member without `privilege`, naming it (the 403 page and the API's message say which). */
export function noPrivilege(t: TFunction, privilege: Privilege) {
  return new Forbidden("api:errors.no_privilege_named", { privilege, name: t(privilegeNameKey(privilege)) });
}

/** The actor as a seller of their business, with `privilege` when given; else Forbidden. */
export function asSeller(actor: Actor, privilege?: Privilege): SellerActor {
  if (!actor.member) throw new Forbidden("api:errors.not_seller");
  if (privilege && !canAccess(actor.member, privilege)) throw noPrivilege(actor.t, privilege);
  return actor as SellerActor;
}

/** The actor as a seller meeting `need` (core/auth/privileges.ts: a privilege, or being an owner); else Forbidden. */
export function asSellerWith(actor: Actor, need: Need | null): SellerActor {
  // The company's owner is checked on the company itself (core/business/companies.ts).
  if (need === "company-owner") return asSeller(actor, "profile");
  if (need !== "owner") return asSeller(actor, need ?? undefined);
  const seller = asSeller(actor);
  if (seller.member.role !== "owner") throw new Forbidden("api:errors.owner_only");
  return seller;
}

/** `scope` for seller work needing `privilege`: the one check every seller-facing core function starts with. */
export function sellerScope(scope: Scope, privilege?: Privilege): SellerScope {
  return { db: scope.db, actor: asSeller(scope.actor, privilege) };
}

/** A scope on the process's pool: what adapters hand to core outside any transaction. */
export const scopeOf = <A extends Actor>(actor: A): Scope<A> => ({ db: pool, actor });
