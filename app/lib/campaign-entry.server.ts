/**
 * The server half of a campaign's page (/promotions/indie-campaign/:id): the entry form is the
 * product picker (app/components/product-picker.tsx, without quantities) inside the page's POST
 * form, a campaign price beside each chosen variant (`price_<variant_id>`, so a typed price stays
 * with its variant while lines are added and removed) and an optional promo stock.
 * - A picker button re-renders the page with the new selection and everything typed kept.
 * - Submit checks the entry with core's schema (entryBody) and calls saveEntry; a refusal about a
 *   line shows under that line's price, the others above the selection or under promo stock;
 *   success comes back to the page with a toast (the entry, In Moderation, is shown there).
 * - Withdraw and stop are the promotions' own moves (promotionPageAction), asked first.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { entryBody, saveEntry } from "#core/promotions/campaigns.ts";
import { domainErrorOfDatabase, Refused } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { getScope } from "./auth.server.ts";
import { getLocale } from "./i18n.server.ts";
import { loadPicker } from "./product-picker.server.ts";
import { pickerStateOf, readPickerForm, type PickerData } from "./product-picker.ts";
import { promotionPageAction } from "./promotion-actions.server.ts";
import { flashToast } from "./session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export type EntryForm = {
  picker: PickerData;
  /** What was typed: each variant's price, the promo stock. */
  prices: Record<number, string>;
  promoStock: string;
  /** Messages: per variant (its price), above the selection, under promo stock. */
  lineErrors: Record<number, string>;
  itemErrors: string[];
  promoStockError: string | null;
};

const NONE = { lineErrors: {}, itemErrors: [], promoStockError: null };
/** A campaign shows live products: the picker offers only published ones (core checks it too). */
const PUBLISHED = { status: "published" };

/** The form as the page first shows it: the entry's variants and prices, or an empty selection. */
export async function initialEntryForm(args: Args, items: { variantId: number; price: number }[], promoStock: number | null): Promise<EntryForm> {
  const picker = await loadPicker(args, pickerStateOf(items.map((i) => ({ variant_id: i.variantId, qty: 1 }))), PUBLISHED, "promotion");
  return { picker, prices: Object.fromEntries(items.map((i) => [i.variantId, String(i.price)])), promoStock: promoStock === null ? "" : String(promoStock), ...NONE };
}

export async function campaignPageAction(args: Args, campaignId: number) {
  const intent = (await args.request.clone().formData()).get("intent");
  if (intent === "cancel" || intent === "stop") return promotionPageAction(args, { cancel: "campaign:done.withdrawn" });
  const form = await args.request.formData();
  const state = readPickerForm(form);
  const picker = await loadPicker(args, state, PUBLISHED, "promotion");
  const prices = Object.fromEntries(state.lines.map((l) => [l.variant_id, String(form.get(`price_${l.variant_id}`) ?? "").trim()]));
  const promoStock = String(form.get("promo_stock") ?? "").trim();
  const typed = { picker, prices, promoStock };
  if (state.op.kind !== "none") return data({ ...typed, ...NONE } satisfies EntryForm);

  const t = translator(getLocale(args.context));
  const ids = state.lines.map((l) => l.variant_id);
  const refused = (fields: Record<string, string[]>, vars?: Record<string, unknown>) => {
    const lineErrors: Record<number, string> = {};
    const itemErrors: string[] = [];
    let promoStockError: string | null = null;
    for (const [k, keys] of Object.entries(fields)) {
      const text = t(keys[0], vars);
      const line = /^items\.(\d+)\./.exec(k);
      if (line && ids[Number(line[1])] !== undefined) lineErrors[ids[Number(line[1])]] = text;
      else if (k === "promo_stock") promoStockError = text;
      else itemErrors.push(text);
    }
    return data({ ...typed, lineErrors, itemErrors, promoStockError } satisfies EntryForm, { status: 400 });
  };
  const parsed = entryBody.safeParse({ items: state.lines.map((l) => ({ variant_id: l.variant_id, price: prices[l.variant_id] })), promo_stock: promoStock });
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".") || "items";
      // Zod's own messages are keys of the validation namespace (app/components/form-error.tsx), core's full keys.
      fields[key] ??= [issue.message.includes(":") ? issue.message : `validation:${issue.message}`];
    }
    return refused(fields, { max: 100 });
  }
  try {
    await saveEntry(getScope(args.context), campaignId, parsed.data);
  } catch (e) {
    const refusal = e instanceof Refused ? e : domainErrorOfDatabase(e);
    if (!(refusal instanceof Refused)) throw e;
    return refused(refusal.fields ?? { items: [refusal.message] }, refusal.vars);
  }
  flashToast(args.context, "success", t("campaign:done.saved"));
  throw redirect(new URL(args.request.url).pathname);
}
