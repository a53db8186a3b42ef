/**
 * /income-balance (no page of its own): the first balance page of the sidebar's Credits Balance
 * group (app/lib/navigation.ts) that is live and that the member may open. The admin guard has
 * already refused a member without "balance" (the 403 page).
 */
import { redirect } from "react-router";
import { NotFound } from "#core/errors.ts";
import type { Route } from "./+types/index";
import { needForPage } from "#core/auth/privileges.ts";
import { can } from "#app/lib/auth.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { NAV } from "#app/lib/navigation.ts";

/** The first live page of the balance group the member may open (null: none). */
export function firstBalancePage(mayOpen: (path: string) => boolean): string | null {
  const group = NAV.find((g) => g.key === "balance");
  return group?.items.find((i) => i.ready && !i.disabled && mayOpen(i.path))?.path ?? null;
}

export async function loader({ context }: Route.LoaderArgs) {
  const path = firstBalancePage((p) => {
    const need = needForPage(p);
    return need === null || (need !== "owner" && need !== "company-owner" && can(context, need));
  });
  if (!path) throw new NotFound();
  throw redirect(localePath(getLocale(context), path));
}
