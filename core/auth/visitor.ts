/**
 * Somebody who is not signed in (yet): the sign-in, self sign-up and forgotten-password calls.
 * There is no actor, so these core functions take a visitor instead of a scope: the database
 * handle, the language of the answer (and of any code sent), and the client's address when the
 * adapter knows it (per-address rate limits; api/lib/client-ip.ts, the web's clientIpContext).
 */
import type { TFunction } from "i18next";
import { db as pool, type Db, type Tx } from "#db/client.ts";
import { asLocale, translator, type Locale } from "#core/i18n.ts";

export type Visitor = { db: Db | Tx; locale: Locale; t: TFunction; ip?: string };

/** A visitor on the process's pool, speaking `language`. */
export function visitorOf(language: string, ip?: string): Visitor {
  const locale = asLocale(language);
  return { db: pool, locale, t: translator(locale), ip };
}
