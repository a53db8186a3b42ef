/**
 * The order page's action: every form of the page posts here and is told apart by `intent`.
 * - intent=action, do=<lifecycle action>: the seller's action on this order
 *   (core/orders/seller-actions.ts actOnOrder, what the REST action paths call) with its reason,
 *   note, tracking number, returned goods' state or items. Destructive ones posted without
 *   confirmed=1 (JavaScript off) answer with the confirm step instead; the confirmed POST carries
 *   the same fields. Booking a courier's delivery saves its shipping parameters first.
 * - intent=feedback: the seller's feedback (core/orders/marks.ts giveFeedback).
 * Core decides everything (allowed or not, reason and note required, stock); a refusal comes back
 * to the form it came from, with what was typed, the messages per field under the fields and the
 * rest above the button. Success goes back to the page (a redirect: a reload does not post again)
 * with a toast naming what happened.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { parseInput, Refused } from "#core/errors.ts";
import { SELLER_ACTIONS, type OrderAction } from "#core/orders/lifecycle.ts";
import { feedbackBody, giveFeedback } from "#core/orders/marks.ts";
import { actOnOrder } from "#core/orders/seller-actions.ts";
import { saveShippingParameters, shippingBody } from "#core/orders/shipping.ts";
import { DESTRUCTIVE } from "#app/components/orders/detail-actions.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { flashToast } from "#app/lib/session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { slug?: string } };

/** Ids as repeated fields or one comma-separated value (the no-JavaScript confirm step sends one). */
const ids = z.preprocess(
  (v) => (v == null ? [] : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(",")).map((x) => x.trim()).filter(Boolean)),
  z.array(z.coerce.number().int("invalid").positive("invalid")).max(200, "too_long"),
);

/** The page's action form: the action and what it takes, and a courier booking's hand-over. */
export const actionForm = z.object({
  do: z.enum(SELLER_ACTIONS as [OrderAction, ...OrderAction[]], { error: "common:errors.unknown_action" }),
  reason: z.coerce.number().int("invalid").min(0, "invalid").max(255, "invalid").optional(),
  note: z.string().trim().max(500, "too_long").optional(),
  tracking_number: z.string().trim().max(40, "too_long").optional(),
  damaged: z.boolean().optional(),
  item_ids: ids.optional(),
  // book-delivery of a courier order: its shipping parameters (core/orders/shipping.ts shippingBody).
  method: z.enum(["pickup", "dropoff"]).optional(),
  pickup_time: z.coerce.number().int("invalid").optional(),
  weight_gr: z.coerce.number().int("invalid").min(1, "invalid").max(100_000, "invalid").optional(),
  confirmed: z.literal("1").optional(),
});

/** Fields the page's forms have: a message for another key (order_id, action …) goes above the button. */
const FIELDS = new Set(["reason", "note", "tracking_number", "damaged", "item_ids", "method", "pickup_time", "weight_gr", "message", "rating"]);

/** A core refusal as the form's reply, its messages for keys the page has no field for above the button. */
function replyOrderRefusal(args: Args, submission: Submission<unknown>, err: unknown) {
  if (err instanceof Refused && err.fields) {
    const fields: Record<string, string[]> = {};
    const above: string[] = [];
    for (const [key, messages] of Object.entries(err.fields)) {
      if (FIELDS.has(key)) fields[key] = messages;
      else above.push(...messages);
    }
    const sorted = above.length ? { ...fields, _form: above } : fields;
    // Nothing left to show by a field: the refusal's own message, above the button.
    err = new Refused(err.message, Object.keys(sorted).length ? sorted : undefined, err.vars);
  }
  return replyRefused(args, submission, err);
}

export async function orderAction(args: Args, id: number) {
  const scope = getScope(args.context);
  const here = new URL(args.request.url).pathname;
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const t = getI18n(args.context).getFixedT(getLocale(args.context));

  if (intent === "feedback") {
    const submission = parseWithZod(formData, { schema: feedbackBody });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    let given: Awaited<ReturnType<typeof giveFeedback>>;
    try {
      given = await giveFeedback(scope, id, submission.value);
    } catch (e) {
      return replyOrderRefusal(args, submission, e);
    }
    // The message the API answers the same call with.
    flashToast(args.context, "success", t("api-orders:feedback.saved", { order: given.order_code }));
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

  try {
    if (v.do === "book-delivery" && v.method) {
      // The courier's hand-over first (a refusal there is said next to its fields), then the booking.
      await saveShippingParameters(scope, parseInput(shippingBody, {
        order_id: id, method: v.method, pickup_time: v.method === "pickup" ? v.pickup_time : undefined, weight_gr: v.weight_gr,
      }));
    }
    await actOnOrder(scope, v.do, id, v.do === "cancel-products"
      ? { item_ids: v.item_ids ?? [], reason: v.reason }
      : {
        reason: v.reason, note: v.note, tracking_number: v.tracking_number, item_ids: v.item_ids,
        damaged: v.do === "accept-returns" ? Boolean(v.damaged) : undefined,
      });
  } catch (e) {
    return replyOrderRefusal(args, submission, e);
  }
  flashToast(args.context, "success", t("order-detail:done", { done: t(`orders:done.${v.do}`) }));
  throw redirect(here);
}
