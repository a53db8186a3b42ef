/**
 * The server half of the package add/edit pages: the product picker lives inside the package's own
 * POST form (app/components/product-picker.tsx), so its buttons (search, add, remove, page) post
 * the whole form. The action tells them apart from Save by the `picker` field:
 * - a picker button re-renders the page with the new selection and everything typed kept (an image
 *   chosen meanwhile is uploaded now, so it is not lost), and saves nothing;
 * - Save checks the fields with the API's schema (without `items`, which come from the picker),
 *   refuses a selection with a bad quantity, and calls the API with items[{variant_id, quantity}].
 * Either way the answer carries the picker's data for the selection as posted.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { packageBody } from "#core/catalog/packages.ts";
import { callApi } from "./api.server.ts";
import { getLocale } from "./i18n.server.ts";
import { localePath } from "./i18n.ts";
import { loadPicker } from "./product-picker.server.ts";
import { pickerStateOf, pickerValid, readPickerForm } from "./product-picker.ts";
import { imageFromForm } from "./uploads.server.ts";

type Args = Parameters<typeof callApi>[0];
export type PackageActionData = { reply: SubmissionResult<string[]>; picker: Awaited<ReturnType<typeof loadPicker>>; itemErrors: string[] };

const fieldsSchema = packageBody.omit({ items: true });

/** The picker as a page first shows it: the catalogue's first page and the saved selection. */
export function initialPicker(args: Args, lines: { variant_id: number; qty: number }[] = []) {
  return loadPicker(args, pickerStateOf(lines));
}

export async function packageAction(args: Args, opts: { method: "POST" | "PUT"; path: string }) {
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
  const res = await callApi(args, opts.method, opts.path, { body: { ...submission.value, items } });
  if (!res.ok) {
    const errors = res.fieldErrors ?? { "": [res.message] };
    // items, items.0.quantity …: shown together above the selection.
    const itemMessages = Object.entries(errors).filter(([k]) => k === "items" || k.startsWith("items.")).flatMap(([, v]) => v);
    const fieldErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k !== "items" && !k.startsWith("items.") && k !== "_form" && k !== ""));
    const formErrors = errors._form ?? errors[""] ?? [];
    return data({ reply: submission.reply({ fieldErrors, formErrors }), picker, itemErrors: itemMessages } satisfies PackageActionData, { status: 400 });
  }
  throw redirect(localePath(getLocale(args.context), "/products/package"));
}
