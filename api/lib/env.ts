import type { TFunction } from "i18next";
import type { Locale } from "./i18n.ts";

export type AuthUser = { id: number; name: string; email: string | null; phone: string | null; profileStatus: number; role: string };
export type Membership = {
  businessId: number;
  businessName: string;
  businessStatus: number;
  role: "owner" | "staff";
  privileges: string[];
  defaultRoute: string;
};

export type ApiEnv = {
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
