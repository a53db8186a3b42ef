/**
 * The server half of the package add/edit pages: the product picker lives inside the package's own
 * POST form (app/components/product-picker.tsx), so its buttons (search, add, remove, page) post
 * the whole form. The action tells them apart from Save by the `picker` field:
 * - a picker button re-renders the page with the new selection and everything typed kept (an image
 *   chosen meanwhile is uploaded now, so it is not lost), and saves nothing;
 * - Save checks the fields with core's schema (without `items`, which come from the picker),
 *   refuses a selection with a bad quantity, and calls core (createPackage / updatePackage) with
 *   items[{variant_id, quantity}]; a refusal about the items is shown above the selection, the
 *   others under their fields; success goes to the list with the API's message as a toast.
 * Either way the answer carries the picker's data for the selection as posted.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Scope } from "#core/actor.ts";
import { packageBody, type PackageBody } from "#core/catalog/packages.ts";
import { domainErrorOfDatabase, Refused } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { getScope } from "./auth.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { localePath } from "./i18n.ts";
import { loadPicker } from "./product-picker.server.ts";
import { pickerStateOf, pickerValid, readPickerForm } from "./product-picker.ts";
import { flashToast } from "./session.server.ts";
import { imageFromForm } from "./uploads.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
export type PackageActionData = { reply: SubmissionResult<string[]>; picker: Awaited<ReturnType<typeof loadPicker>>; itemErrors: string[] };

const fieldsSchema = packageBody.omit({ items: true });

/** The picker as a page first shows it: the catalogue's first page and the saved selection. */
export function initialPicker(args: Args, lines: { variant_id: number; qty: number }[] = []) {
  return loadPicker(args, pickerStateOf(lines));
}

/**
 * `save`: the core call (createPackage, or updatePackage of the page's id); `message`: the
 * success toast's key (the API's message).
 */
export async function packageAction(args: Args, opts: { save: (scope: Scope, body: PackageBody) => Promise<unknown>; message: string }) {
  const formData = await args.request.formData();
  const state = readPickerForm(formData);
  const image = await imageFromForm(args, formData, "image");
  const picker = await loadPicker(args, state);
  const typed = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;

  if (state.op.kind !== "none") {
    const reply: SubmissionResult<string[]> = { initialValue: typed, ...(image.error ? { status: "error", error: { image: [image.error] } } : {}) };
    return data({ reply, picker, itemErrors: [] } satisfies PackageActionData);
  }

  const submission = parseWithZod(formData, { schema: fieldsSchema });
  const badQty = !pickerValid(state);
  const itemErrors = badQty ? ["offering:errors.items_fix_quantity"] : !state.lines.length ? ["offering:errors.items_required"] : [];
  if (submission.status !== "success" || image.error || itemErrors.length) {
    const reply = submission.reply({ fieldErrors: image.error ? { image: [image.error] } : {}, formErrors: [] });
    return data({ reply: { ...reply, status: "error" }, picker, itemErrors } satisfies PackageActionData, { status: 400 });
  }
  const items = state.lines.map((l) => ({ variant_id: l.variant_id, quantity: l.qty! }));
  try {
    await opts.save(getScope(args.context), { ...submission.value, items });
  } catch (e) {
    const refusal = e instanceof Refused ? e : domainErrorOfDatabase(e);
    if (!(refusal instanceof Refused)) throw e;
    const t = translator(getLocale(args.context));
    const errors = Object.entries(refusal.fields ?? { _form: [refusal.message] }).map(([k, keys]) => [k, keys.map((key) => t(key, refusal.vars))] as const);
    // items, items.0.quantity …: shown together above the selection.
    const isItems = (k: string) => k === "items" || k.startsWith("items.");
    const itemErrors = errors.filter(([k]) => isItems(k)).flatMap(([, v]) => v);
    const fieldErrors = Object.fromEntries(errors.filter(([k]) => !isItems(k) && k !== "_form"));
    const formErrors = errors.find(([k]) => k === "_form")?.[1] ?? [];
    return data({ reply: submission.reply({ fieldErrors, formErrors }), picker, itemErrors } satisfies PackageActionData, { status: 400 });
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))(opts.message));
  throw redirect(localePath(getLocale(args.context), "/products/package"));
}
