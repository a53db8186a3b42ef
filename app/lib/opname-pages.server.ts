/**
 * The loaders and actions shared by the stock count pages: the list of counts
 * (/erp/inventory/opname, and one location's /erp/inventory/:slug/opname), with the approval
 * thresholds card. Filters (tab = status, search, location) and the page are the URL; a filter the
 * core refuses is dropped (the list shows unfiltered), never an error page.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { listOpnames, opnameListQuery, opnameSummary } from "#core/stock/opname.ts";
import { getInventorySettings, inventorySettingsBody, saveInventorySettings } from "#core/stock/inventory-settings.ts";
import { listLocations, locationKey, parseLocationKey } from "#core/stock/locations.ts";
import { NotFound } from "#core/errors.ts";
import { can, getMe, getScope } from "./auth.server.ts";
import { submitForm } from "./forms.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { flashToast } from "./session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The URL's query for a core schema: keys the schema refuses are left out (they filter nothing).
 * `extra` (path params, fixed values) must parse: a path that names nothing is the not-found page.
 */
export function lenientQuery<S extends z.ZodType>(schema: S, url: URL, extra: Record<string, string> = {}): z.infer<S> {
  const raw: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...extra };
  for (let i = 0; i < 8; i++) {
    const r = schema.safeParse(raw);
    if (r.success) return r.data;
    const bad = new Set(r.error.issues.map((x) => String(x.path[0] ?? "")));
    let dropped = false;
    for (const k of bad) if (k in raw && !(k in extra)) { delete raw[k]; dropped = true; }
    if (!dropped) break;
  }
  const fallback = schema.safeParse(extra);
  if (!fallback.success) throw new NotFound("api:errors.not_found");
  return fallback.data;
}

export async function loadOpnameList(args: Args, slug?: string) {
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const url = new URL(args.request.url);
  const me = getMe(args.context);
  const locations = await listLocations(scope, me.business_id!);
  let fixed: { key: string; name: string } | null = null;
  if (slug !== undefined) {
    const l = parseLocationKey(slug);
    const found = l && locations.find((x) => x.key === locationKey(l));
    if (!found) throw new NotFound("api-opname:errors.location_invalid");
    fixed = { key: found.key, name: found.name };
  }
  const q = lenientQuery(opnameListQuery, url, { limit: "20", ...(fixed ? { location: fixed.key } : {}) });
  const [list, summary, settings] = await Promise.all([
    listOpnames(scope, q),
    opnameSummary(scope, { location: q.location }),
    getInventorySettings(scope),
  ]);
  const title = fixed ? t("opname:list.title_at", { location: fixed.name }) : t("opname:list.title");
  return {
    title: `${title} | ${t("common:app_name")}`,
    heading: title,
    fixed,
    q,
    rows: list.rows,
    total: list.total,
    counts: list.counts,
    summary,
    settings,
    locations,
    canApprove: can(args.context, "erp.approve"),
  };
}

export async function opnameListAction(args: Args) {
  const formData = await args.request.formData();
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  if (formData.get("intent") !== "thresholds") throw data(t("common:errors.unknown_action"), { status: 400 });
  const r = await submitForm(args, formData, inventorySettingsBody, (v) => saveInventorySettings(getScope(args.context), v));
  if (!r.ok) return r.reply;
  flashToast(args.context, "success", t("api-opname:settings_saved"));
  const url = new URL(args.request.url);
  throw redirect(url.pathname + url.search);
}
