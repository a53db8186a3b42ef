/**
 * /inbox/review/:id: one buyer's review — the stars, text and images as the channel sent them,
 * the order and channel — and the seller's three small forms, each with its `intent`: the public
 * reply (once; editable for 24 h), the internal note, and the seller's rating of the buyer. Plain
 * POST forms (work without JavaScript); a refusal comes back under its field.
 * Rules: core/inbox/reviews.ts (the same calls as PUT /inbox/reviews/reply, /note, /rating).
 */
import { data, Link, redirect } from "react-router";
import { Form } from "react-router";
import type { Route } from "./+types/review";
import { noteReview, rateBuyer, replyReview, reviewDetail, reviewNoteBody, reviewRatingBody, reviewReplyBody } from "#core/inbox/reviews.ts";
import { RATINGS, REPLY_EDIT_HOURS } from "#core/inbox/options.ts";
import { NotFound } from "#core/errors.ts";
import { formatDateTime } from "#core/lib/format.ts";
import { SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormErrors, formState, Select, TextArea, type FormReply } from "#app/components/form.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { Stars } from "#app/components/inbox/stars.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { submitForm } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const idOf = (slug: string | undefined) => {
  const id = Number(slug);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFound("inbox:errors.review_not_found");
  return id;
};

export async function loader(args: Route.LoaderArgs) {
  const review = await reviewDetail(getScope(args.context), idOf(args.params.id));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${review.product_name} | ${t("inbox:review.title")} | ${t("common:app_name")}`,
    review,
    // Whether the reply may still be written or edited now (the core decides again on save).
    canReply: review.reply_editable_until === null || review.reply_editable_until * 1000 > Date.now(),
  };
}

const FORMS = {
  reply: { schema: reviewReplyBody, save: replyReview, done: "inbox:done.review_replied" },
  note: { schema: reviewNoteBody, save: noteReview, done: "inbox:done.review_noted" },
  rating: { schema: reviewRatingBody, save: rateBuyer, done: "inbox:done.review_rated" },
} as const;

export async function action(args: Route.ActionArgs) {
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const id = idOf(args.params.id);
  const formData = await args.request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (!Object.hasOwn(FORMS, intent)) throw data(t("common:errors.unknown_action"), { status: 400 });
  const form = FORMS[intent as keyof typeof FORMS];
  // The review is the page's: the id of the URL, whatever the form says.
  formData.set("review_id", String(id));
  const scope = getScope(args.context);
  const r = await submitForm(args, formData, form.schema, (v) => form.save(scope, v as never));
  if (!r.ok) return r.reply;
  flashToast(args.context, "success", t(form.done));
  throw redirect(localePath(locale, `/inbox/review/${id}`));
}

function IntentForm({ intent, children }: { intent: string; children: React.ReactNode }) {
  return (
    <Form method="post" noValidate className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("inbox");
  const lp = useLocalePath();
  const { review: r, canReply } = loaderData;
  const replied = actionData as FormReply;
  const which = (replied?.initialValue as Record<string, unknown> | undefined)?.intent;
  const replyForm = formState(which === "reply" ? replied : undefined, { id: "reply", defaults: { reply: r.reply ?? "" } });
  const noteForm = formState(which === "note" ? replied : undefined, { id: "note", defaults: { note: r.note ?? "" } });
  const ratingForm = formState(which === "rating" ? replied : undefined, { id: "rating", defaults: { rating: r.seller_rating ?? "" } });
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={lp("/inbox/review")} className="text-sm font-medium text-brand-700 hover:underline">← {t("review.title")}</Link>
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{r.product_name}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Stars rating={r.rating} />
          <span>{r.buyer_name} · {r.channel_name} · {formatDateTime(r.reviewed_at)}</span>
          <Link to={lp(`/orders/${r.order_id}`)} className="font-medium text-brand-700 hover:underline">{r.order_code}</Link>
        </p>
      </div>
      <SectionCard title={t("review.buyer_review")}>
        <p className="whitespace-pre-line text-sm text-slate-800">{r.text || t("review.no_text")}</p>
        {r.images.length ? (
          <ul className="mt-3 flex flex-wrap gap-2">
            {r.images.map((src, i) => (
              <li key={src}>
                <a href={src} target="_blank" rel="noopener noreferrer" className="block">
                  <img src={src} alt={t("review.image", { n: i + 1 })} width={80} height={80} loading="lazy" className="h-20 w-20 rounded border border-slate-200 object-cover" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </SectionCard>

      <SectionCard title={t("review.reply_title")} hint={t("review.reply_hint", { hours: REPLY_EDIT_HOURS })}>
        {r.reply && r.replied_at ? (
          <p className="mb-3 text-xs text-slate-500">
            <StatusBadge tone="success">{t("review.replied_yes")}</StatusBadge>{" "}
            {t("review.replied_at", { time: formatDateTime(r.replied_at) })}
            {r.reply_editable_until ? ` · ${canReply ? t("review.editable_until", { time: formatDateTime(r.reply_editable_until) }) : t("review.locked")}` : null}
          </p>
        ) : null}
        {canReply ? (
          <IntentForm intent="reply">
            <FormErrors errors={replyForm.formErrors} />
            <TextArea form={replyForm} name="reply" label={t("review.reply")} rows={3} maxLength={1000} required />
            <div className="flex justify-end"><SubmitButton>{r.reply ? t("review.save_reply") : t("review.send_reply")}</SubmitButton></div>
          </IntentForm>
        ) : <p id="review-reply" className="whitespace-pre-line rounded bg-slate-50 p-3 text-sm text-slate-800">{r.reply}</p>}
      </SectionCard>

      <SectionCard title={t("review.note_title")} hint={t("review.note_hint")}>
        <IntentForm intent="note">
          <FormErrors errors={noteForm.formErrors} />
          <TextArea form={noteForm} name="note" label={t("review.note")} rows={2} maxLength={1000} />
          <div className="flex justify-end"><SubmitButton variant="secondary">{t("review.save_note")}</SubmitButton></div>
        </IntentForm>
      </SectionCard>

      <SectionCard title={t("review.buyer_rating_title")} hint={t("review.buyer_rating_hint")}>
        <IntentForm intent="rating">
          <FormErrors errors={ratingForm.formErrors} />
          <Select form={ratingForm} name="rating" label={t("review.buyer_rating")} placeholder={t("review.choose_rating")}
            options={RATINGS.map((n) => ({ value: n, label: t("stars", { rating: n }) }))} />
          <div className="flex justify-end"><SubmitButton variant="secondary">{t("review.save_rating")}</SubmitButton></div>
        </IntentForm>
      </SectionCard>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
