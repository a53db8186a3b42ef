/**
 * The order page's action: every form of the page posts here and is told apart by `intent`.
 * - intent=action, do=<lifecycle action>: PUT to the action's API path (the v2 one; the table of
 *   paths is the API's own, api/routes/order-actions.ts) with { order_ids: [id], reason, note,
 *   tracking_number, damaged, item_ids }. Destructive ones posted without confirmed=1 (JavaScript
 *   off) answer with the confirm step instead; the confirmed POST carries the same fields.
 * - intent=feedback: POST /v0.0.0/orders/{id}/feedback.
 * The API decides everything (allowed or not, reason and note required, stock); a refusal comes
 * back to the form it came from, with what was typed, the messages per field under the fields
 * and the rest above the button. Success goes back to the page (a redirect: a reload does not
 * post again) with a toast naming what happened.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { OrderAction } from "#core/orders/lifecycle.ts";
import { ORDER_ACTION_PATHS } from "#api/routes/order-actions.ts";
import { DESTRUCTIVE } from "#app/components/orders/detail-actions.tsx";
import { callApi, type ApiFail } from "#app/lib/api.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { pushToast, sessionContext } from "#app/lib/session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { slug?: string } };

const SELLER_ACTIONS = Object.keys(ORDER_ACTION_PATHS) as [OrderAction, ...OrderAction[]];

/** Ids as repeated fields or one comma-separated value (the no-JavaScript confirm step sends one). */
const ids = z.preprocess(
  (v) => (v == null ? [] : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(",")).map((x) => x.trim()).filter(Boolean)),
  z.array(z.coerce.number().int("invalid").positive("invalid")).max(200, "too_long"),
);

export const actionForm = z.object({
  do: z.enum(SELLER_ACTIONS, { error: "common:errors.unknown_action" }),
  reason: z.coerce.number().int("invalid").min(0, "invalid").max(255, "invalid").optional(),
  note: z.string().trim().max(500, "too_long").optional(),
  tracking_number: z.string().trim().max(40, "too_long").optional(),
  damaged: z.boolean().optional(),
  item_ids: ids.optional(),
  // book-delivery of a courier order: its shipping parameters.
  method: z.enum(["pickup", "dropoff"]).optional(),
  pickup_time: z.coerce.number().int("invalid").optional(),
  weight_gr: z.coerce.number().int("invalid").min(1, "invalid").max(100_000, "invalid").optional(),
  confirmed: z.literal("1").optional(),
});

export const feedbackForm = z.object({
  message: z.string({ error: "required" }).trim().min(1, "required").max(500, "too_long"),
  rating: z.coerce.number().int("invalid").min(1, "invalid").max(5, "invalid").optional(),
});

/** The API path of a seller action on this order: its v2 path, else the legacy one naming the order. */
export function actionPath(action: OrderAction, id: number) {
  const paths = ORDER_ACTION_PATHS[action as keyof typeof ORDER_ACTION_PATHS] ?? [];
  const v2 = paths.find((p) => /^\/v2\./.test(p) && !p.includes(":id"));
  return v2 ?? paths[0]?.replace(/:id(\{[^}]*\})?/, String(id));
}

/** Fields the page's forms have: a message for another key (order_ids, action …) goes above the button. */
const FIELDS = new Set(["reason", "note", "tracking_number", "damaged", "item_ids", "method", "pickup_time", "weight_gr", "message", "rating"]);

/** A refused API call as the form's reply (the kit's replyWithApiError, sorting the keys the page has no field for). */
function replyWith(submission: Submission<unknown>, failure: ApiFail) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  // The action paths answer a list of per-order results: a result's own field messages when it
  // carries them (`errors`), else its message (the envelope's) above the button.
  const raw = failure.fieldErrors as unknown;
  const given = (Array.isArray(raw) ? (raw[0] as { errors?: Record<string, string[]> } | undefined)?.errors : raw as Record<string, string[]>) ?? {};
  for (const [key, messages] of Object.entries(given)) {
    if (FIELDS.has(key)) fieldErrors[key] = messages;
    else formErrors.push(...messages);
  }
  if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push(failure.message);
  return data(submission.reply({ fieldErrors, formErrors }), { status: failure.code === 0 ? 503 : 400 });
}

export async function orderAction(args: Args, id: number) {
  const url = new URL(args.request.url);
  const here = url.pathname;
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const web = args.context.get(sessionContext);

  if (intent === "feedback") {
    const submission = parseWithZod(formData, { schema: feedbackForm });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    // The API's own "saved" message is the toast.
    const res = await callApi(args, "POST", `/v0.0.0/orders/${id}/feedback`, { body: submission.value });
    if (!res.ok) return replyWith(submission, res);
    throw redirect(here);
  }

  if (intent !== "action") throw data(t("common:errors.unknown_action"), { status: 400 });
  const submission = parseWithZod(formData, { schema: actionForm });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const v = submission.value;

  if (DESTRUCTIVE.has(v.do) && !v.confirmed) {
    // The confirm step (JavaScript off): the same fields, sent again with confirmed=1.
    const fields: Record<string, string> = { intent: "action", do: v.do };
    if (v.reason !== undefined) fields.reason = String(v.reason);
    if (v.note) fields.note = v.note;
    if (v.item_ids?.length) fields.item_ids = v.item_ids.join(",");
    return { confirm: { action: v.do, fields } };
  }

  if (v.do === "book-delivery" && v.method) {
    // The courier's hand-over first (a refusal there is said next to its fields), then the booking.
    const params = await callApi(args, "POST", "/v2.0.0/orders/shipping-parameter", {
      body: { order_id: id, method: v.method, pickup_time: v.method === "pickup" ? v.pickup_time : undefined, weight_gr: v.weight_gr },
      quiet: true,
    });
    if (!params.ok) return replyWith(submission, params);
  }
  const path = actionPath(v.do, id);
  const body = v.do === "cancel-products"
    ? { order_id: id, item_ids: v.item_ids ?? [], reason: v.reason }
    : {
      order_ids: [id], reason: v.reason, note: v.note, tracking_number: v.tracking_number,
      damaged: v.do === "accept-returns" ? Boolean(v.damaged) : undefined, item_ids: v.item_ids,
    };
  const res = await callApi(args, "PUT", path!, { body, quiet: true });
  if (!res.ok) return replyWith(submission, res);
  pushToast(web, { type: "success", message: t("order-detail:done", { done: t(`orders:done.${v.do}`) }) });
  throw redirect(here);
}
