/**
 * The server side of the store card's changes, shared by /profile/store (cards) and /profile/branch
 * (table), over core/profile/stores-service.ts: the status switch (intent=toggle, the list shell's
 * toggle), one channel's connect switch (intent=channel) and "Connect all" (intent=connect-all),
 * both setStoreChannels with `action` + `channel_ids` as the API takes them. Each change flashes the
 * notice the API answers with.
 *
 * Without JavaScript a change posts without confirmed=1 and comes back to the list with its confirm
 * step in the URL, in the web's one vocabulary (app/lib/confirm.server.ts): ?confirm=toggle|channel|
 * connect-all plus the form's fields (store_branch_id, channel_ids, action), which the loader turns
 * into a ConfirmPanel (loadStoreConfirm). "Connect all" gathers the channels when it asks, so what
 * is listed in the question is what gets connected. After a change the list comes back with that
 * store's card open (?open=<id>); from the no-JS confirm step it also scrolls to the card (#store-<id>).
 */
import { redirect, replace, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import type { PartnershipAction } from "#core/profile/partnerships.ts";
import { getStore, listStores, setStoreChannels, setStoreStatus, storeHistory, storeListQuery, storeStatusNotice, type Notice } from "#core/profile/stores-service.ts";
import { answerStorePartnership, partnershipDoneKey, requestStorePartnership } from "#core/profile/stores-partnerships.ts";
import { STORE_FILTERS, type LoadedConfirm } from "#app/components/store-list-parts.tsx";
import type { Store } from "#app/components/store-card.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import type { ListPageSpec } from "#app/lib/list-page.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { toggleAsked } from "#app/lib/toggle.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const ids = z.string().regex(/^\d+(,\d+)*$/);
const channelForm = z.object({
  store_branch_id: z.coerce.number().int().positive().max(2_147_483_647),
  channel_ids: ids,
  action: z.enum(["connect", "disconnect"]),
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

const notify = (context: Readonly<RouterContextProvider>, notice: Notice) =>
  flashToast(context, "success", translator(getLocale(context))(notice.key, notice.vars));

/**
 * What both store lists (cards and branch table) share for app/lib/list-page.server.ts: the list,
 * its filters and the status switch (intent=toggle, with the API's notice). Their confirm step is
 * loadStoreConfirm below (it also knows channels and Connect all), so no `record` here.
 */
export function storeList(context: Readonly<RouterContextProvider>) {
  return {
    list: (scope: Scope, q: Record<string, unknown>) => listStores(scope, storeListQuery.parse(q)),
    filters: STORE_FILTERS,
    idField: "store_branch_id",
    toggle: setStoreStatus,
    toggled: (activate: boolean, rows: unknown[]) => storeStatusNotice(activate, rows as { name: string }[]),
    history: storeHistory,
  } satisfies Partial<ListPageSpec<Store, typeof STORE_FILTERS>>;
}

/** Handles intent channel / connect-all (a channel's connect switch); answers false for any other intent. */
export async function storeCardAction(args: Args, form: FormData, listUrl: string): Promise<false> {
  const intent = form.get("intent");
  if (intent !== "channel" && intent !== "connect-all") return false;
  const parsed = channelForm.safeParse({
    store_branch_id: form.get("store_branch_id"),
    channel_ids: form.get("channel_ids") ?? "",
    action: intent === "connect-all" ? "connect" : form.get("action"),
    from: form.get("from") ?? undefined,
  });
  if (!parsed.success) throw replace(listUrl);
  const { store_branch_id: id, channel_ids, action, from } = parsed.data;
  requireConfirmed(args.request, form, intent, withParams(listUrl, { open: id }));
  try {
    const { notice } = await setStoreChannels(getScope(args.context), id, { action, channel_ids: channel_ids.split(",").map(Number) });
    notify(args.context, notice);
  } catch (e) {
    // A refusal (read-only channel, partnership not connected) names why: it becomes the notice.
    if (!(e instanceof Refused)) throw e;
    const why = e.fields?.channel_ids ?? Object.values(e.fields ?? {}).flat();
    const t = translator(getLocale(args.context));
    flashToast(args.context, "danger", why.length ? why.map((k) => t(k, e.vars)).join(" ") : refusalMessage(args.context, e));
  }
  throw replace(withParams(listUrl, { open: id }, from === "panel" ? `store-${id}` : undefined));
}

/**
 * The confirm step the URL asks for, with what its panel shows: the store and, for channels, their
 * names (gathered now for Connect all). A store that is gone or not the actor's asks nothing.
 */
export async function loadStoreConfirm(args: Args, kinds: LoadedConfirm["kind"][] = ["toggle", "channel", "connect-all"]): Promise<LoadedConfirm | null> {
  const url = new URL(args.request.url);
  const asked = confirmAsked(url);
  if (!asked || !(kinds as string[]).includes(asked.intent)) return null;
  const id = Number(asked.fields.store_branch_id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const store = await getStore(getScope(args.context), id).catch(() => null);
  if (!store) return null;
  if (asked.intent === "toggle") {
    const step = toggleAsked(url, "store_branch_id");
    return step ? { kind: "toggle", id, action: step.action, name: store.name } : null;
  }
  if (asked.intent === "channel") {
    const channelIds = asked.fields.channel_ids ?? "";
    const action = asked.fields.action;
    if (!ids.safeParse(channelIds).success || (action !== "connect" && action !== "disconnect")) return null;
    const wanted = channelIds.split(",").map(Number);
    const channels = store.channel_online_offline_data.online.filter((c) => wanted.includes(c.id));
    return channels.length ? { kind: "channel", id, channelIds, action, name: store.name, channels: channels.map((c) => ({ id: c.id, name: c.name })) } : null;
  }
  const open = store.channel_online_offline_data.online.filter((c) => !c.is_connected && !c.is_readonly);
  return { kind: "connect-all", id, name: store.name, channels: open.map((c) => ({ id: c.id, name: c.name })) };
}

const partnershipForm = z.object({
  partnership_id: z.coerce.number().int().positive().max(2_147_483_647),
  action: z.enum(["approve", "decline", "cancel", "disconnect", "approve-disconnect", "decline-disconnect", "request"]),
});
const requestForm = z.object({ store_branch_id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * intent=partnership (answer a store partnership) and intent=request-partnership (ask to resell
 * another business's store); both come back to `backTo` with the API's notice. Answers false for
 * any other intent. A refusal is shown as the notice (its reasons when it names them).
 */
export async function partnershipAction(args: Args, form: FormData, backTo: string): Promise<false> {
  const intent = form.get("intent");
  if (intent !== "partnership" && intent !== "request-partnership") return false;
  const scope = getScope(args.context);
  const t = translator(getLocale(args.context));
  try {
    if (intent === "partnership") {
      const parsed = partnershipForm.safeParse({ partnership_id: form.get("partnership_id"), action: form.get("action") });
      if (parsed.success) {
        const action = parsed.data.action as PartnershipAction;
        await answerStorePartnership(scope, parsed.data.partnership_id, action);
        flashToast(args.context, "success", t(partnershipDoneKey(action)));
      }
    } else {
      const parsed = requestForm.safeParse({ store_branch_id: form.get("store_branch_id") });
      if (parsed.success) {
        await requestStorePartnership(scope, parsed.data);
        flashToast(args.context, "success", t("store:api.partnership_requested"));
      }
    }
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    const why = Object.values(e.fields ?? {}).flat().map((k) => t(k, e.vars)).join(" ");
    flashToast(args.context, "danger", why || refusalMessage(args.context, e));
  }
  throw redirect(backTo);
}
