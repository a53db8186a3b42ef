import type { TFunction } from "i18next";
import type { Locale } from "#core/i18n.ts";

export type AuthUser = { id: number; name: string; email: string | null; phone: string | null; profileStatus: number; role: string };
export type Membership = {
  businessId: number;
  businessName: string;
  businessStatus: number;
  role: "owner" | "staff";
  privileges: string[];
  defaultRoute: string;
};

/**
 * What an in-process caller (the web's server side, app/lib/api.server.ts) hands the API with a
 * request: a memo of token lookups shared by the API calls of one page view, so a page that makes
 * five calls reads its token once. Never reachable over HTTP: only `api.fetch(req, env)` sets it.
 */
export type ApiBindings = { tokenMemo?: Map<string, Promise<unknown>>; incoming?: unknown };

export type ApiEnv = {
  Bindings: ApiBindings;
  Variables: {
    locale: Locale;
    t: TFunction;
    user: AuthUser;
    tokenId: number;
    tokenBusinessId: number | null;
    /** The user's membership of the token's business, when that business is active (read with the token). */
    tokenMember: Membership | null;
    /** The active business of the token, set by requireSeller. */
    member: Membership;
  };
};
