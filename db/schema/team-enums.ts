/**
 * The staff of a business (issue 13): the spec's employee status (section 3) and the invitation's
 * life. Plain constants (no Zod, no server code), shared by the schema, core and the web, browser included.
 */

/** Employee status of spec section 3: 0 Inactive, 1 Active, 2 Suspended, 3 Resign. Only Active works. */
export const MEMBER_STATUS = { inactive: 0, active: 1, suspended: 2, resign: 3 } as const;
export type MemberStatusName = keyof typeof MEMBER_STATUS;

const NAMES = Object.fromEntries(Object.entries(MEMBER_STATUS).map(([name, code]) => [code, name])) as Record<number, MemberStatusName>;
/** A status code's name ("suspended"), also its label key; an unknown code reads as inactive. */
export const memberStatusName = (code: number): MemberStatusName => NAMES[code] ?? "inactive";

/** The staff list's status filter: Active, Suspended, Resign (nobody is Inactive: a membership starts Active). */
export const MEMBER_STATUS_FILTERS: readonly number[] = [MEMBER_STATUS.active, MEMBER_STATUS.suspended, MEMBER_STATUS.resign];

/** An invitation's link is good this long. */
export const INVITATION_HOURS = 72;
