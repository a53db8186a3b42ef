/**
 * The broadcast form of /customer-broadcast/add-broadcast, on the plain form kit; the schema is
 * core's (core/customers/broadcasts.ts broadcastBody). Sections: the audience (the customer list's
 * filters), the message (name, channel, text with placeholders), when; then Check, and after a
 * check the counts, the preview and the Send button that names the count.
 */
import { Form, Link } from "react-router";
import { BROADCAST_CHANNELS, MAX_RECIPIENTS, MESSAGE_MAX, PLACEHOLDERS } from "#core/customers/broadcast-rules.ts";
import { SEGMENTS } from "#core/customers/segments.ts";
import { formatNumber } from "#core/lib/format.ts";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { FieldError, FormErrors, formState, Select, TextArea, TextInput, type FormReply } from "#app/components/form.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { SectionCard } from "#app/components/section-card.tsx";

export type Checked = {
  total: number; to_send: number; opted_out: number; no_address: number; too_many: boolean;
  preview: { customer_name: string; message: string } | null; signature: string;
};

export function BroadcastForm({ reply, defaults, channelNames, checked, notice, cancelTo }: {
  reply?: FormReply; defaults: Record<string, unknown>; channelNames: string[]; checked: Checked | null; notice?: string; cancelTo: string;
}) {
  const { t } = useTranslation("broadcast");
  const form = formState(reply, { defaults, id: "broadcast" });
  const channel = form.value("channel") || "whatsapp";
  const send = form.value("send") || "now";
  const all = t("form.all");
  return (
    <Form method="post" noValidate className="space-y-4">
      <FormToken />
      <FormErrors errors={form.formErrors} />

      <SectionCard title={t("form.audience")} hint={t("form.audience_hint")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput form={form} name="filters.search" label={t("field.search")} hint={t("hint.search")} maxLength={100} autoComplete="off" />
          <Select form={form} name="filters.segment" label={t("field.segment")} placeholder={all}
            options={SEGMENTS.map((s) => ({ value: s, label: t(`segment.${s}`) }))} />
          <Select form={form} name="filters.channel" label={t("field.sales_channel")} placeholder={all}
            options={channelNames.map((n) => ({ value: n, label: n }))} />
          <TextInput form={form} name="filters.tag" label={t("field.tag")} maxLength={30} autoComplete="off" />
        </div>
      </SectionCard>

      <SectionCard title={t("form.message_section")}>
        <TextInput form={form} name="name" label={t("field.name")} hint={t("hint.name")} maxLength={100} required autoComplete="off" />
        <fieldset className="min-w-0" aria-describedby={form.errors("channel")?.length ? "broadcast-channel-error" : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("field.channel")}</legend>
          <div className="flex flex-wrap gap-2">
            {BROADCAST_CHANNELS.map((c) => (
              <label key={c} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                <input type="radio" name="channel" value={c} defaultChecked={channel === c} className="h-4 w-4" />
                {t(`channel.${c}`)}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-500">{t("hint.email_subject")}</p>
          <FieldError id="broadcast-channel-error" errors={form.errors("channel")} />
        </fieldset>
        <TextArea form={form} name="message" label={t("field.message")} rows={5} maxLength={MESSAGE_MAX} required
          hint={t("form.placeholders", { list: PLACEHOLDERS.map((p) => `{${p}}`).join(", "), interpolation: { escapeValue: false } })} />
      </SectionCard>

      <SectionCard title={t("form.schedule")}>
        <fieldset className="min-w-0">
          <legend className="sr-only">{t("field.send")}</legend>
          <div className="flex flex-wrap gap-2">
            {(["now", "later"] as const).map((v) => (
              <label key={v} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                <input type="radio" name="send" value={v} defaultChecked={send === v} className="h-4 w-4" />
                {t(v === "now" ? "form.send_now" : "form.send_later")}
              </label>
            ))}
          </div>
        </fieldset>
        <TextInput form={form} name="scheduled_at" type="datetime-local" label={t("field.scheduled_at")} />
      </SectionCard>

      {notice ? <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{notice}</p> : null}
      {checked ? (
        <section role="status" aria-labelledby="broadcast-checked" className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-4">
          <h2 id="broadcast-checked" className="font-semibold text-slate-900" data-testid="broadcast-count">
            {checked.too_many ? t("form.too_many", { max: formatNumber(MAX_RECIPIENTS) }) : t("form.checked", { count: checked.to_send, formatted: formatNumber(checked.to_send) })}
          </h2>
          <p className="text-sm text-slate-700">
            {t("form.checked_detail", { total: formatNumber(checked.total), opted_out: formatNumber(checked.opted_out), no_address: formatNumber(checked.no_address) })}
          </p>
          {checked.preview ? (
            <figure className="rounded-md border border-slate-200 bg-white p-3">
              <figcaption className="text-xs font-medium text-slate-500">{t("form.preview", { name: checked.preview.customer_name })}</figcaption>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900" data-testid="broadcast-preview">{checked.preview.message}</p>
            </figure>
          ) : <p className="text-sm text-slate-600">{t("form.no_preview")}</p>}
          <input type="hidden" name="checked" value={checked.signature} />
          <input type="hidden" name="expected_count" value={checked.to_send} />
        </section>
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
        <button type="submit" name="intent" value="check" className={buttonClass(checked ? "secondary" : "primary")}>{t("form.check")}</button>
        {checked && checked.to_send > 0 && !checked.too_many ? (
          <SubmitButton name="intent" value="send">
            {t(send === "later" ? "form.submit_later" : "form.submit_now", { count: checked.to_send })}
          </SubmitButton>
        ) : null}
      </div>
    </Form>
  );
}
