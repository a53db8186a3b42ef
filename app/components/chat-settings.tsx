/**
 * The page of /setting/chat (app/routes/admin/setting/chat.tsx): the settings form (auto-reply,
 * office hours per weekday, away message) and the block list with Unblock. Plain POST forms.
 */
import { Form } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatDateTime } from "#core/lib/format.ts";
import { inputBase, SubmitButton } from "./button.tsx";
import { SectionCard } from "./section-card.tsx";
import { Checkbox, FieldError, FormErrors, formState, TextArea, type FormReply } from "./form.tsx";

type Day = { day: string; open: boolean; start: string; end: string };
type Chat = {
  auto_reply: { enabled: boolean; message: string };
  office_hours: { enabled: boolean; away_message: string; days: Day[] };
  blocked: { buyer_id: string; name: string; time_blocked: number }[];
};

export function ChatSettingsPage({ chat, reply }: { chat: Chat; reply?: FormReply }) {
  const { t } = useTranslation("settings");
  // The unblock form's refusal (an id no longer blocked) comes back without the settings' fields.
  const unblockReply = reply?.initialValue?.intent === "unblock" ? reply : undefined;
  const form = formState(unblockReply ? undefined : reply, {
    id: "chat",
    defaults: {
      auto_reply_enabled: chat.auto_reply.enabled,
      auto_reply_message: chat.auto_reply.message,
      office_hours_enabled: chat.office_hours.enabled,
      away_message: chat.office_hours.away_message,
      days: chat.office_hours.days.map((d) => ({ ...d, open: d.open ? "on" : "" })),
    },
  });
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{t("chat.title")}</h1>
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="save" />
        <FormErrors errors={form.formErrors} />
        <SectionCard title={t("chat.auto_reply")}>
          <Checkbox form={form} name="auto_reply_enabled" label={t("chat.auto_reply_on")} hint={t("chat.auto_reply_hint")} />
          <TextArea form={form} name="auto_reply_message" label={t("chat.message")} maxLength={500} rows={3} placeholder={t("chat.auto_reply_placeholder")} />
        </SectionCard>
        <SectionCard title={t("chat.office_hours")}>
          <Checkbox form={form} name="office_hours_enabled" label={t("chat.office_hours_on")} hint={t("chat.office_hours_hint")} />
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">{t("chat.days_legend")}</legend>
            <ul className="divide-y divide-slate-100">
              {chat.office_hours.days.map((d, i) => (
                <DayRow key={d.day} form={form} index={i} day={d.day} />
              ))}
            </ul>
            <FieldError errors={form.errors("days")} />
          </fieldset>
          <TextArea form={form} name="away_message" label={t("chat.away_message")} hint={t("chat.away_hint")} maxLength={500} rows={3} />
        </SectionCard>
        <div className="flex justify-end">
          <SubmitButton>{t("common:actions.save")}</SubmitButton>
        </div>
      </Form>

      <SectionCard title={t("chat.blocked")}>
        <FormErrors errors={unblockReply?.status === "error" ? [...(unblockReply.error?.[""] ?? []), ...(unblockReply.error?.buyer_id ?? [])] : undefined} />
        {chat.blocked.length === 0 ? (
          <p className="text-sm text-slate-600">{t("chat.none_blocked")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {chat.blocked.map((b) => (
              <li key={b.buyer_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-800">{b.name}</p>
                  <p className="text-xs text-slate-500">{t("chat.blocked_since", { time: formatDateTime(b.time_blocked) })}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="buyer_id" value={b.buyer_id} />
                  <SubmitButton variant="secondary" name="unblock" value={b.buyer_id} aria-label={t("chat.unblock_who", { name: b.name })}>
                    {t("chat.unblock")}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}

function DayRow({ form, index, day }: { form: ReturnType<typeof formState>; index: number; day: string }) {
  const { t } = useTranslation("settings");
  const name = (f: string) => `days[${index}].${f}`;
  const id = (f: string) => `chat-day-${index}-${f}`;
  const errors = [...(form.errors(name("start")) ?? []), ...(form.errors(name("end")) ?? [])];
  return (
    <li className="grid grid-cols-[minmax(7rem,1fr)_auto] items-center gap-x-3 gap-y-1 py-2 sm:grid-cols-[10rem_1fr]">
      <input type="hidden" name={name("day")} value={day} />
      <label className="inline-flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" name={name("open")} value="on" defaultChecked={form.checked(name("open"))} className="h-4 w-4 rounded border-slate-300 text-brand-600" />
        {t(`weekdays.${day}`)}
      </label>
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1">
        <label htmlFor={id("start")} className="sr-only">{t("chat.opens", { day: t(`weekdays.${day}`) })}</label>
        <input id={id("start")} type="time" name={name("start")} defaultValue={form.value(name("start"))} aria-invalid={errors.length ? true : undefined}
          className={`${inputBase} w-32`} />
        <span aria-hidden className="text-slate-500">–</span>
        <label htmlFor={id("end")} className="sr-only">{t("chat.closes", { day: t(`weekdays.${day}`) })}</label>
        <input id={id("end")} type="time" name={name("end")} defaultValue={form.value(name("end"))} aria-invalid={errors.length ? true : undefined}
          className={`${inputBase} w-32`} />
      </div>
      <div className="col-span-2"><FieldError errors={errors.length ? errors : undefined} /></div>
    </li>
  );
}
