/**
 * The action of the product form (add and edit): reads the form, uploads new photos, then does
 * what the pressed button asks (see product-form.server.ts) and answers the form again — with the
 * values as sent and the messages per field — or, after a save, goes to the product's edit page
 * with the save's notice. The save is core's (core/catalog/product-save.ts createProduct /
 * updateProduct), the same functions as POST and PUT /v0.0.0/products.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { createProduct, savedMessage, updateProduct } from "#core/catalog/product-save.ts";
import { productBody } from "#core/catalog/product-schema.ts";
import { DomainError, domainErrorOfDatabase, Forbidden, NotFound, parseInput, Refused, Unauthenticated } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { getScope } from "./auth.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { localePath } from "./i18n.ts";
import {
  apiBody, applyImageIntent, combine, formErrors, gridMatchesTexts, readForm, uploadNewImages,
  type FormLocation, type ProductReply, type ProductValues,
} from "./product-form.server.ts";
import { flashToast } from "./session.server.ts";

type Ctx = { request: Request; context: Readonly<RouterContextProvider> };

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
  let productId: number;
  let message: string;
  try {
    const body = parseInput(productBody, apiBody(values, opts.locations, status));
    const scope = getScope(args.context);
    const saved = opts.productId ? await updateProduct(scope, opts.productId, body) : await createProduct(scope, body);
    productId = saved.product_id;
    message = savedMessage(body, !opts.productId);
  } catch (e) {
    return answer(values, refusalErrors(args, e, opts.currentStatus));
  }
  flashToast(args.context, "success", t(message));
  throw redirect(localePath(getLocale(args.context), `/products/${productId}/edit`));
}

/**
 * A refused save as the form's messages (in the page's language): per field where core names a
 * field of the form, else above the form. What was typed stays. A product gone meanwhile, or no
 * right to it, is its page (errors.server.ts); anything but a refusal is thrown on.
 */
function refusalErrors({ context }: Ctx, err: unknown, currentStatus?: string) {
  const refusal = err instanceof DomainError ? err : domainErrorOfDatabase(err);
  if (!refusal || refusal instanceof NotFound || refusal instanceof Forbidden || refusal instanceof Unauthenticated) throw err;
  const t = translator(getLocale(context));
  const message = t(refusal.message, refusal.vars);
  const fields = refusal instanceof Refused ? refusal.fields : undefined;
  const translated = Object.fromEntries(Object.entries(fields ?? {}).map(([k, keys]) => [k, keys.map((key) => t(key, refusal.vars))]));
  const fieldErrors = fields ? formErrors(translated) : { _form: [message] };
  // A blocked product's form has no status field: a refusal of the status would show nowhere.
  if (currentStatus === "suspended" && fieldErrors.status) (fieldErrors._form ??= []).push(...fieldErrors.status);
  // A refusal that names no field of the form (a message of the whole save) goes above the form.
  if (fields && !Object.keys(fieldErrors).some((k) => k !== "_form")) fieldErrors._form = [message];
  return fieldErrors;
}

/**
 * The status the save sends. The form of a blocked (suspended) product has no status choice and
 * core accepts only draft, published or archived from a seller: it keeps a suspended product
 * suspended whatever is sent (product-save.ts), so "archived" (off sale, no publishing rule to
 * meet) is sent and the rest of the form saves.
 */
export function statusToSend(intent: string, chosen: string, currentStatus?: string) {
  if (currentStatus === "suspended") return "archived";
  if (intent === "publish") return "published";
  if (intent === "save_draft") return "draft";
  return chosen || currentStatus || "draft";
}
