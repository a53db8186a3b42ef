/**
 * The server side of the store card's changes, shared by /profile/store (cards) and /profile/branch
 * (table): the status switch (app/lib/toggle-via-api.server.ts against PUT /v0.0.0/stores/{id}/{action}),
 * one channel's connect switch and "Connect all" (PUT /v0.0.0/stores/{id}/channel-toggle,
 * form-encoded `action` + `channel_ids` as the spec says).
 *
 * Without JavaScript a change posts without confirmed=1 and comes back to the list with its confirm
 * step in the URL (?confirm=channel&id=…&channel_ids=…&action=… or ?confirm=connect-all&id=…), which
 * the loader turns into a ConfirmPanel (confirmAsked + loadConfirm). "Connect all" gathers the
 * channels when it asks, so what is listed in the question is what gets connected. After a change
 * the list comes back with that store's card open (?open=<id>); from the no-JS confirm step it also
 * scrolls to the card (#store-<id>).
 */
import { redirect, replace } from "react-router";
import { z } from "zod";
import type { StoreJson } from "#core/profile/stores.ts";
import { STORE_FILTERS, type LoadedConfirm } from "#app/components/store-list-parts.tsx";
import { callApi } from "#app/lib/api.server.ts";
import { pushToast, sessionContext } from "#app/lib/session.server.ts";
import { confirmStep } from "#app/lib/toggle-via-api.server.ts";
import type { ListPageSpec } from "#app/lib/list-page-via-api.server.ts";
import type { Store } from "#app/components/store-card.tsx";

type Args = Parameters<typeof callApi>[0];

const ids = z.string().regex(/^\d+(,\d+)*$/);
const channelForm = z.object({
  store_branch_id: z.coerce.number().int().positive(),
  channel_ids: ids,
  action: z.enum(["connect", "disconnect"]),
  confirmed: z.literal("1").optional(),
  from: z.string().optional(),
});

/** `listUrl` with some params set (null removes one), keeping the others. */
export function withParams(listUrl: string, set: Record<string, string | number | null>, hash?: string) {
  const url = new URL(listUrl, "http://x");
  for (const [k, v] of Object.entries(set)) {
    if (v === null) url.searchParams.delete(k);
    else url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search + (hash ? `#${hash}` : "");
}

/**
 * What both store lists (cards and branch table) share for app/lib/list-page-via-api.server.ts: the list,
 * its filters and the status switch (intent=toggle). Their confirm step is loadConfirm below (it also
 * knows channels and Connect all), so no `record` here.
 */
export const STORE_LIST = {
  list: "/v0.0.1/stores",
  filters: STORE_FILTERS,
  idField: "store_branch_id",
  toggle: (id: number, action: "activate" | "inactivate") => `/v0.0.0/stores/${id}/${action}`,
} satisfies Partial<ListPageSpec<Store, typeof STORE_FILTERS>>;

/** Handles intent channel / connect-all (a channel's connect switch); answers false for any other intent. */
export async function storeCardAction(args: Args, form: FormData, listUrl: string): Promise<false> {
  const intent = form.get("intent");
  if (intent !== "channel" && intent !== "connect-all") return false;
  const parsed = channelForm.safeParse({
    store_branch_id: form.get("store_branch_id"),
    channel_ids: form.get("channel_ids") ?? "",
    action: intent === "connect-all" ? "connect" : form.get("action"),
    confirmed: form.get("confirmed") ?? undefined,
    from: form.get("from") ?? undefined,
  });
  if (!parsed.success) throw replace(listUrl);
  const { store_branch_id: id, channel_ids, action, confirmed, from } = parsed.data;
  if (!confirmed) {
    throw redirect(withParams(listUrl, intent === "channel"
      ? { confirm: "channel", id, channel_ids, action, open: id }
      : { confirm: "connect-all", id, open: id }));
  }
  const res = await callApi(args, "PUT", `/v0.0.0/stores/${id}/channel-toggle`, { body: new URLSearchParams({ action, channel_ids }) });
  // A refusal (read-only channel, partnership not connected) names why: it becomes the notice.
  if (!res.ok && res.code === 422) {
    const why = res.fieldErrors?.channel_ids ?? Object.values(res.fieldErrors ?? {}).flat();
    pushToast(args.context.get(sessionContext), { type: "danger", message: why.length ? why.join(" ") : res.message });
  }
  throw replace(withParams(listUrl, { open: id }, from === "panel" ? `store-${id}` : undefined));
}

export type ConfirmAsked =
  | { kind: "toggle"; id: number; action: "activate" | "inactivate" }
  | { kind: "channel"; id: number; channelIds: string; action: "connect" | "disconnect" }
  | { kind: "connect-all"; id: number };

/** The confirm step the URL asks for, if any. */
export function confirmAsked(url: URL): ConfirmAsked | null {
  const kind = url.searchParams.get("confirm");
  if (kind === "toggle") {
    const step = confirmStep(url);
    return step ? { kind, ...step } : null;
  }
  const id = Number(url.searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) return null;
  if (kind === "connect-all") return { kind, id };
  if (kind === "channel") {
    const channelIds = url.searchParams.get("channel_ids") ?? "";
    const action = url.searchParams.get("action");
    if (!ids.safeParse(channelIds).success || (action !== "connect" && action !== "disconnect")) return null;
    return { kind, id, channelIds, action };
  }
  return null;
}

/** What the confirm panel shows: the store and, for channels, their names (gathered now for Connect all). */
export async function loadConfirm(args: Args, asked: ConfirmAsked | null): Promise<LoadedConfirm | null> {
  if (!asked) return null;
  const res = await callApi<StoreJson>(args, "GET", `/v0.0.1/stores/${asked.id}`, { quiet: true });
  if (!res.ok) return null;
  const store = res.data;
  if (asked.kind === "toggle") return { ...asked, name: store.name };
  if (asked.kind === "channel") {
    const wanted = asked.channelIds.split(",").map(Number);
    const channels = store.channel_online_offline_data.online.filter((c) => wanted.includes(c.id));
    return channels.length ? { ...asked, name: store.name, channels: channels.map((c) => ({ id: c.id, name: c.name })) } : null;
  }
  const open = store.channel_online_offline_data.online.filter((c) => !c.is_connected && !c.is_readonly);
  return { ...asked, name: store.name, channels: open.map((c) => ({ id: c.id, name: c.name })) };
}

const partnershipForm = z.object({
  partnership_id: z.coerce.number().int().positive(),
  action: z.enum(["approve", "decline", "cancel", "disconnect", "approve-disconnect", "decline-disconnect", "request"]),
});

/**
 * intent=partnership (answer a store partnership: PUT /v0.0.0/stores/partnerships/{id}/{action}) and
 * intent=request-partnership (POST /v0.0.0/stores/create-partnership); both come back to `backTo`.
 * Answers false for any other intent. A refusal is shown as the notice.
 */
export async function partnershipAction(args: Args, form: FormData, backTo: string): Promise<false> {
  const intent = form.get("intent");
  if (intent !== "partnership" && intent !== "request-partnership") return false;
  const web = args.context.get(sessionContext);
  if (intent === "partnership") {
    const parsed = partnershipForm.safeParse({ partnership_id: form.get("partnership_id"), action: form.get("action") });
    if (parsed.success) {
      const res = await callApi(args, "PUT", `/v0.0.0/stores/partnerships/${parsed.data.partnership_id}/${parsed.data.action}`);
      if (!res.ok && res.code === 422) pushToast(web, { type: "danger", message: res.message });
    }
    throw redirect(backTo);
  }
  const id = Number(form.get("store_branch_id"));
  if (Number.isInteger(id) && id > 0) {
    const res = await callApi(args, "POST", "/v0.0.0/stores/create-partnership", { body: { store_branch_id: id } });
    if (!res.ok && res.code === 422) {
      pushToast(web, { type: "danger", message: Object.values(res.fieldErrors ?? {}).flat().join(" ") || res.message });
    }
  }
  throw redirect(backTo);
}
