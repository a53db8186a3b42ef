/**
 * The seller's feedback on the order (POST /v0.0.0/orders/{id}/feedback): a message and an
 * optional rating of 1 to 5, given once, after the customer received the order (the API's rule,
 * core/orders/marks.ts). Once given it is shown; before, a plain POST form (intent=feedback)
 * whose refusal comes back with what was typed and the messages under the fields.
 */
import { Form } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { formState, Select, TextArea, type FormReply } from "#app/components/form.tsx";
import { FormErrors } from "#app/components/form-error.tsx";
import { Card } from "./detail-info.tsx";
import type { OrderDetail } from "./detail-types.ts";

export function FeedbackCard({ order, reply }: { order: OrderDetail; reply: FormReply }) {
  const { t } = useTranslation("order-detail");
  const given = order.feedback;
  const form = formState(reply, { id: "feedback" });
  return (
    <Card title={t("feedback.title")} id="order-feedback">
      {given ? (
        <div className="space-y-1 text-sm">
          {given.rating ? <p className="font-medium text-amber-700">{"★".repeat(given.rating)}<span className="sr-only">{t("feedback.stars", { count: given.rating })}</span></p> : null}
          <p className="whitespace-pre-line text-slate-800">{given.message}</p>
        </div>
      ) : (
        <Form method="post" noValidate preventScrollReset className="space-y-3">
          <p className="text-sm text-slate-600">{t("feedback.hint")}</p>
          <FormErrors errors={form.formErrors} />
          <TextArea form={form} name="message" label={t("feedback.text")} required maxLength={500} />
          <div className="max-w-48">
            <Select form={form} name="rating" label={t("feedback.rating")} placeholder={t("feedback.rating_pick")}
              options={[5, 4, 3, 2, 1].map((n) => ({ value: n, label: t("feedback.stars", { count: n }) }))} />
          </div>
          <SubmitButton name="intent" value="feedback" variant="secondary">{t("feedback.save")}</SubmitButton>
        </Form>
      )}
    </Card>
  );
}
