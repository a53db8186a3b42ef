/**
 * The action of the product form (add and edit): reads the form, uploads new photos, then does
 * what the pressed button asks (see product-form.server.ts) and answers the form again — with the
 * values as sent and the messages per field — or, after a save, goes to the product's edit page
 * (the API's message becomes the toast).
 */
import { data, redirect } from "react-router";
import { callApi } from "./api.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { localePath } from "./i18n.ts";
import {
  apiBody, applyImageIntent, combine, formErrors, gridMatchesTexts, readForm, uploadNewImages,
  type FormLocation, type ProductReply, type ProductValues,
} from "./product-form.server.ts";

type Ctx = Parameters<typeof callApi>[0];

const answer = (values: ProductValues, errors: Record<string, string[]> = {}, notice?: string) =>
  data({ reply: { values, errors, notice, nonce: Date.now() } satisfies ProductReply }, { status: Object.keys(errors).length ? 400 : 200 });

export async function productFormAction(args: Ctx, opts: { productId?: number; locations: FormLocation[]; currentStatus?: string }) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const formData = await args.request.formData();
  const values = readForm(formData);
  const intent = String(formData.get("intent") ?? "save");
  const uploadErrors = await uploadNewImages(args, formData, values);
  const errors: Record<string, string[]> = uploadErrors.length ? { images: uploadErrors } : {};

  if (applyImageIntent(intent, values) || intent === "upload" || intent === "refresh") return answer(values, errors);
  if (intent === "combine") {
    values.rows = combine(values);
    return answer(values, errors);
  }
  if (!["save", "save_draft", "publish"].includes(intent)) throw data(t("common:errors.unknown_action"), { status: 400 });
  if (!gridMatchesTexts(values)) {
    values.rows = combine(values);
    return answer(values, errors, t("product:notices.check_grid"));
  }
  if (uploadErrors.length) return answer(values, errors);

  const status = statusToSend(intent, String(values.fields.status ?? ""), opts.currentStatus);
  const body = apiBody(values, opts.locations, status);
  const res = opts.productId
    ? await callApi<{ product_id: number }>(args, "PUT", `/v0.0.0/products/${opts.productId}`, { body })
    : await callApi<{ product_id: number }>(args, "POST", "/v0.0.0/products", { body });
  if (res.ok) throw redirect(localePath(getLocale(args.context), `/products/${res.data.product_id}/edit`));
  const fieldErrors = res.fieldErrors ? formErrors(res.fieldErrors) : { _form: [res.message] };
  // A blocked product's form has no status field: a refusal of the status would show nowhere.
  if (opts.currentStatus === "suspended" && fieldErrors.status) (fieldErrors._form ??= []).push(...fieldErrors.status);
  // A refusal that names no field of the form (a message of the whole save) goes above the form.
  if (res.fieldErrors && res.message && !Object.keys(fieldErrors).some((k) => k !== "_form")) fieldErrors._form = [res.message];
  return answer(values, fieldErrors);
}

/**
 * The status the save sends. The form of a blocked (suspended) product has no status choice and
 * the API accepts only draft, published or archived from a seller: it keeps a suspended product
 * suspended whatever is sent (product-save.ts), so "archived" (off sale, no publishing rule to
 * meet) is sent and the rest of the form saves.
 */
export function statusToSend(intent: string, chosen: string, currentStatus?: string) {
  if (currentStatus === "suspended") return "archived";
  if (intent === "publish") return "published";
  if (intent === "save_draft") return "draft";
  return chosen || currentStatus || "draft";
}
