/**
 * The sidebar groups of spec section 2 are also the privilege keys of staff accounts.
 * An owner has them all; a staff member has the list stored on their membership.
 */
export const PRIVILEGES = [
  "dashboard", "profile", "orders", "analytics", "inbox", "balance",
  "promotion", "products", "setting", "customer", "omnichannel", "erp",
] as const;
export type Privilege = (typeof PRIVILEGES)[number];

export function canAccess(member: { role: string; privileges: string[] }, privilege: Privilege) {
  return member.role === "owner" || member.privileges.includes(privilege);
}
