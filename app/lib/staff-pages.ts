/**
 * The pages a staff member's default page can be (the staff forms' select): the open pages of the
 * sidebar (navigation.ts), grouped by privilege. Core checks the choice against the privileges
 * (core/team/staff-schema.ts); this is only what the select offers. Browser-safe.
 */
import { NAV } from "./navigation.ts";

export type PageChoice = { group: string; pages: { key: string; path: string }[] };

export const PAGE_CHOICES: PageChoice[] = NAV
  .map((g) => ({ group: g.key, pages: g.items.filter((i) => i.ready && !i.disabled).map(({ key, path }) => ({ key, path })) }))
  .filter((g) => g.pages.length > 0);
