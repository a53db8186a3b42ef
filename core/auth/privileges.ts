/**
 * The sidebar groups of spec section 2 are also the privilege keys of staff accounts.
 * An owner has them all; a staff member has the list stored on their membership.
 *
 * Which pages a privilege opens is the one path table below (privilegeForPath): the web's guard
 * (app/lib/auth.server.ts), the sidebar (app/lib/navigation.ts) and a staff member's default
 * route (core/team/staff.ts: it must be a page of their privileges) all read it. Browser-safe:
 * no server code here.
 */
export const PRIVILEGES = [
  "dashboard", "profile", "orders", "analytics", "inbox", "balance",
  "promotion", "products", "setting", "customer", "omnichannel", "erp",
] as const;
export type Privilege = (typeof PRIVILEGES)[number];

export const isPrivilege = (v: unknown): v is Privilege => PRIVILEGES.includes(v as Privilege);

export function canAccess(member: { role: string; privileges: string[] }, privilege: Privilege) {
  return member.role === "owner" || member.privileges.includes(privilege);
}

const PREFIX: [RegExp, Privilege][] = [
  [/^\/dashboard(\/|$)/, "dashboard"],
  [/^\/profile(\/|$)/, "profile"],
  [/^\/orders(\/|$)/, "orders"],
  [/^\/analytics(\/|$)/, "analytics"],
  [/^\/inbox(\/|$)/, "inbox"],
  [/^\/income-balance(\/|$)|^\/print\/deposit/, "balance"],
  [/^\/promotions(\/|$)/, "promotion"],
  [/^\/products(\/|$)/, "products"],
  // /setting/security is every member's own (their PIN and sessions; its business option checks "setting" itself).
  [/^\/setting(?!\/security(\/|$))(\/|$)/, "setting"],
  [/^\/(customer|customer-broadcast|margin|margin-v0|partner|reseller|supplier)(\/|$)/, "customer"],
  [/^\/omnichannel(\/|$)/, "omnichannel"],
  [/^\/erp(\/|$)/, "erp"],
];

/** The sidebar group (privilege) a path belongs to; null for pages outside the sidebar. */
export function privilegeForPath(path: string): Privilege | null {
  return PREFIX.find(([re]) => re.test(path))?.[1] ?? null;
}

/** The first page of each group in the sidebar: where a staff member lands when no default route was chosen. */
export const HOME_OF: Record<Privilege, string> = {
  dashboard: "/dashboard",
  profile: "/profile/company",
  orders: "/orders",
  analytics: "/analytics/transaction",
  inbox: "/inbox/chat",
  balance: "/income-balance/income",
  promotion: "/promotions/create",
  products: "/products/listing",
  setting: "/setting/account",
  customer: "/customer/data",
  omnichannel: "/omnichannel/account/seller",
  erp: "/erp/inventory",
};
