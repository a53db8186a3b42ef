/**
 * The one privilege table: what a staff member may open and do. The web's guard
 * (app/lib/auth.server.ts: pages, and their actions), the sidebar (app/lib/navigation.ts), the API's
 * gate (api/lib/auth.ts requireSeller), the staff form and the privileges list (core/team), a staff
 * member's default route (it must be a page of their privileges) and every core function
 * (sellerScope(scope, privilege), core/actor.ts) read it. Browser-safe: no server code here.
 *
 * - GROUPS: the sidebar groups of spec section 2, one privilege each.
 * - FINER: finer privileges where a group has money or an action that cannot be undone, each
 *   inside its group (holding one requires the group too: the staff form refuses one without it,
 *   and canAccess asks for both). What exists today:
 *     products.delete   deleting products (the listing's delete, one or in bulk; DELETE /products/{id})
 *     orders.cancel     ending a sale: reject, cancel, approve a buyer's cancellation, cancel products
 *     profile.bank      the business's bank accounts, where the money is paid out: adding one,
 *                       choosing the default, checking an account number
 *     erp.approve       approving stock corrections above the business's thresholds: counts
 *                       (opname) and adjustments (core/stock/opname.ts, adjustments.ts), and
 *                       setting those thresholds
 *     balance.withdraw  taking money out: a saldo withdrawal, a deposit withdrawal (core/money)
 *   Staff management is not a privilege: it stays with owners (core/team/staff.ts explains why).
 * - An owner has every privilege; a staff member has the list stored on their membership (and on
 *   their invitation until they accept it).
 * - Staff rows from before the finer privileges: holding a group does NOT imply its finer ones.
 *   A staff member who had "orders" keeps every order page and action except the ones above until
 *   an owner ticks them on the staff form (core/team). No data is changed: the fewest rights is the
 *   safe side for money and for what cannot be undone, and an owner sees at once what is missing
 *   (the 403 page names it).
 * - Pages: privilegeForPath (the URL's sidebar group). API calls: needFor(method, path), the same
 *   groups by resource plus the finer privileges and the owner-only calls. Where the privilege
 *   depends on the body (PUT /products/bulk with action=delete, an order page's cancel button),
 *   the core function checks the finer one itself.
 */
export const GROUPS = [
  "dashboard", "profile", "orders", "analytics", "inbox", "balance",
  "promotion", "products", "setting", "customer", "omnichannel", "erp",
] as const;
export type Group = (typeof GROUPS)[number];

/** Each finer privilege and its group. */
export const FINER = {
  "profile.bank": "profile",
  "orders.cancel": "orders",
  "products.delete": "products",
  "erp.approve": "erp",
  "balance.withdraw": "balance",
} as const satisfies Record<string, Group>;
export type Finer = keyof typeof FINER;
export type Privilege = Group | Finer;

/** Every privilege, each group followed by its finer ones (the order of the list and of the form). */
export const PRIVILEGES: readonly Privilege[] = GROUPS.flatMap((g) => [g, ...finerOf(g)]);

/** The finer privileges of `group`. */
export function finerOf(group: Group): Finer[] {
  return (Object.keys(FINER) as Finer[]).filter((f) => FINER[f] === group);
}

/** The sidebar group a privilege belongs to (a group is its own). */
export const groupOf = (p: Privilege): Group => (p in FINER ? FINER[p as Finer] : (p as Group));

export const isPrivilege = (v: unknown): v is Privilege => PRIVILEGES.includes(v as Privilege);
export const isGroup = (v: unknown): v is Group => GROUPS.includes(v as Group);

/** The translation key of a privilege's name (a group is named as the sidebar names it). */
export const privilegeNameKey = (p: Privilege) => (p in FINER ? `nav:finer.${p.replace(".", "_")}` : `nav:groups.${p}`);

/** Whether the member holds `privilege` (an owner holds all; a finer one needs its group too). */
export function canAccess(member: { role: string; privileges: string[] }, privilege: Privilege) {
  if (member.role === "owner") return true;
  return member.privileges.includes(privilege) && member.privileges.includes(groupOf(privilege));
}

/**
 * What a call needs besides being a seller of the business: a privilege; "owner", an owner of the
 * business the actor works for (checked by the page guard and the API's gate); or "company-owner",
 * the owner of the company the path names (core/business/companies.ts checks it on that company,
 * which may be another of the user's: the guard and the gate ask for "profile" in the active one,
 * as for the rest of the profile).
 */
export type Need = Privilege | "owner" | "company-owner";

const PREFIX: [RegExp, Group][] = [
  [/^\/dashboard(\/|$)/, "dashboard"],
  [/^\/profile(\/|$)/, "profile"],
  [/^\/orders(\/|$)/, "orders"],
  [/^\/analytics(\/|$)/, "analytics"],
  [/^\/inbox(\/|$)/, "inbox"],
  [/^\/income-balance(\/|$)|^\/print\/deposit/, "balance"],
  [/^\/promotions(\/|$)/, "promotion"],
  [/^\/products(\/|$)/, "products"],
  // The partnerships are the seller profile's, whichever page lists them (core/profile/partnerships-all.ts).
  [/^\/setting\/partner(\/|$)/, "profile"],
  [/^\/setting(\/|$)/, "setting"],
  [/^\/(customer|customer-broadcast|margin|margin-v0|partner|reseller|supplier)(\/|$)/, "customer"],
  [/^\/omnichannel(\/|$)/, "omnichannel"],
  [/^\/erp(\/|$)/, "erp"],
];

/**
 * A person's own settings: every member opens them, whatever their privileges — their account,
 * which notifications reach them, their PIN and sessions (/setting/security: its business option
 * checks "setting" itself).
 */
const OWN = /^\/setting\/(account|notification|security)(\/|$)/;

/**
 * The sidebar group (privilege) a page path belongs to; null for pages outside the sidebar and one's
 * own account — /list included: the businesses one works for, where one picks the one to switch to.
 */
export function privilegeForPath(path: string): Group | null {
  if (OWN.test(path)) return null;
  return PREFIX.find(([re]) => re.test(path))?.[1] ?? null;
}

/** What a page needs: its group's privilege, or an owner (see Need); null for pages any seller opens. */
export function needForPage(path: string): Need | null {
  // The staff forms (core/team/staff.ts), and a company's edit page (its owner changes it).
  if (/^\/setting\/pos-seller\/user\/[^/]+$/.test(path)) return "owner";
  if (/^\/profile\/company\/[^/]+\/edit$/.test(path)) return "company-owner";
  return privilegeForPath(path);
}

const ANY = "*";
/**
 * The API's calls by resource: [method or *, the path after /api and its version, what it needs].
 * The first match wins; a path matching none needs nothing here (sign-in, the account, utilities,
 * exports — each export checks its kind's privilege — and the pickers any member reads).
 */
const API: [string, RegExp, Need | null][] = [
  [ANY, /^\/dashboard\//, "dashboard"],
  // Orders: ending a sale is orders.cancel (by path; the order page's buttons are checked in core).
  ["PUT", /^\/orders\/(\d+\/)?(reject|cancel|approve-cancellation)$|^\/orders\/cancel\/products$/, "orders.cancel"],
  [ANY, /^\/orders(\/|$)|^\/promotions\/sellers$|^\/omnichannel\/discount$/, "orders"],
  // The inbox (issue 17): discussions and reviews.
  [ANY, /^\/(discussion|inbox)(\/|$)/, "inbox"],
  // Promotions (issue 16): the seller's own calls.
  [ANY, /^\/promotions(\/|$)/, "promotion"],
  // The seller profile. A company's owner changes it; bank accounts are profile.bank.
  ["PUT", /^\/business\/\d+(\/(activate|inactivate))?$/, "company-owner"],
  [ANY, /^\/business(\/|$)/, "profile"],
  [ANY, /^\/banks\/(create|set_default)$|^\/utilities\/banks\/check_account$/, "profile.bank"],
  [ANY, /^\/banks$/, "profile"],
  ["GET", /^\/channels\/(list-tree|offline-online)$|^\/utilities\/(channels|staffs)$|^\/hr\/staffs$/, null],
  [ANY, /^\/(brands|channels|stores|warehouses|factories|store-fees|holidays)(\/|$)/, "profile"],
  // The customer centre (issue 17): customers, their broadcasts, resellers, suppliers, partners and the margin rules.
  [ANY, /^\/(customers|customer-broadcasts|trading-partners|margins)(\/|$)/, "customer"],
  // Inventory operations (issue 14): the Mini ERP's all-mutation and the POS report's last stock priority.
  [ANY, /^\/inventories\/mutations$/, "erp"],
  [ANY, /^\/inventories\/last-stock-priority$/, "omnichannel"],
  // The catalogue and its stock.
  ["DELETE", /^\/products\/\d+$/, "products.delete"],
  // Stock transfers are the Mini ERP's (its pages are /erp/inventory/mutation).
  [ANY, /^\/inventories\/transfers(\/|$)/, "erp"],
  // Stock counts (opname), the spec's read calls and the integration-side ones: the Mini ERP's.
  // Approving above the thresholds is erp.approve, checked in core (it depends on the count).
  ["PUT", /^\/omnichannel\/integration\/inventories\/opname\/\d+\/reject$/, "erp.approve"],
  [ANY, /^\/(omnichannel\/integration\/)?inventories\/opname(\/|$)/, "erp"],
  [ANY, /^\/(products|product-bulk|services|gift-vouchers|vouchers|packages|inventories)(\/|$)/, "products"],
  // Money (issue 15): taking it out is balance.withdraw; the rest of the balances, "balance".
  ["POST", /^\/(withdraw|saldo\/withdraw-request|deposit\/withdraw)$/, "balance.withdraw"],
  [ANY, /^\/(balances|deposit|saldo|points)(\/|$)/, "balance"],
  // Staff: reading is "setting", changing is an owner's (core/team/staff.ts).
  ["GET", /^\/omnipos\/accounts\/seller\//, "setting"],
  [ANY, /^\/omnipos\/accounts\/seller\//, "owner"],
  ["PUT", /^\/settings\/business\/\d+\/(security-2fa|chat|chat\/unblock)$/, "setting"],
  // The audit log reads every area's changes (core/audit limits the rows to the reader's areas).
  [ANY, /^\/audit(\/|$)/, "setting"],
];

/** `/api/v0.0.1/factories/create` → `/factories/create` (the version is optional: `/api/channels/…`). */
export const apiResource = (path: string) => path.replace(/^\/api(?=\/)/, "").replace(/^\/v\d+(\.\d+)*(?=\/)/, "");

/** What an API call needs (see API above); null when being signed in (or a seller) is enough. */
export function needForApi(method: string, path: string): Need | null {
  const resource = apiResource(path);
  const hit = API.find(([m, re]) => (m === ANY || m === method.toUpperCase()) && re.test(resource));
  return hit ? hit[2] : null;
}

/** Whether the member meets `need` (see Need; "company-owner" for the company of this membership). */
export function meets(member: { role: string; privileges: string[] }, need: Need | null) {
  if (need === null) return true;
  return need === "owner" || need === "company-owner" ? member.role === "owner" : canAccess(member, need);
}

/** The first page of each group in the sidebar: where a staff member lands when no default route was chosen. */
export const HOME_OF: Record<Group, string> = {
  dashboard: "/dashboard",
  profile: "/profile/company",
  orders: "/orders",
  analytics: "/analytics/transaction",
  inbox: "/inbox/discussion",
  balance: "/income-balance/income",
  promotion: "/promotions/create",
  products: "/products/listing",
  setting: "/setting/account",
  customer: "/customer/data",
  omnichannel: "/omnichannel/account/seller",
  erp: "/erp/inventory/all-inventory",
};
