/**
 * The forms of /setting/account (app/routes/admin/setting/account.tsx): profile, phone
 * verification, password, language. Each is a plain POST with its `intent`; the action's answer
 * names the form it belongs to, so a message shows under that form's field only.
 */
import { Form } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { SubmitButton } from "./button.tsx";
import { ImageField } from "./image-field.tsx";
import { SectionCard } from "./section-card.tsx";
import { FormErrors, formState, TextInput, type FormReply } from "./form.tsx";

export type AccountReply = { form: string; reply: FormReply };
type Profile = { name: string; email: string | null; phone: string | null; photo: string | null; profile_status: number; locale: string };

const PHONE_VERIFIED = 3;

export function AccountForms({ profile, answer }: { profile: Profile; answer?: AccountReply }) {
  const { t } = useTranslation("settings");
  const replyOf = (form: string) => (answer?.form === form ? answer.reply : undefined);
  const p = formState(replyOf("profile"), { id: "profile", defaults: { name: profile.name, email: profile.email ?? "", phone: profile.phone ?? "", photo: profile.photo ?? "" } });
  const v = formState(replyOf("verify_phone"), { id: "verify" });
  const pw = formState(replyOf("password"), { id: "password" });
  const lang = formState(replyOf("language"), { id: "language", defaults: { locale: profile.locale } });
  const phoneUnverified = Boolean(profile.phone) && profile.profile_status !== PHONE_VERIFIED;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{t("account.title")}</h1>

      <SectionCard title={t("account.profile")}>
        <Form method="post" noValidate encType="multipart/form-data" className="space-y-4">
          <EnterSubmits intent="profile" />
          <FormErrors errors={p.formErrors} />
          <ImageField name="photo" label={t("account.photo")} hint={t("account.photo_hint")} defaultUrl={p.value("photo") || null} errors={p.errors("photo") ?? undefined} />
          <TextInput form={p} name="name" label={t("account.name")} required maxLength={100} autoComplete="name" />
          <div className="grid gap-4 md:grid-cols-2">
            <TextInput form={p} name="email" type="email" label={t("account.email")} maxLength={200} autoComplete="email" />
            <TextInput form={p} name="phone" type="tel" label={t("account.phone")} hint={t("account.phone_hint")} maxLength={30} autoComplete="tel" />
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 basis-48">
              <TextInput form={p} name="otp" label={t("account.email_code")} hint={t("account.email_code_hint")} inputMode="numeric" autoComplete="one-time-code" maxLength={10} />
            </div>
            <SubmitButton variant="secondary" name="intent" value="send_email_code" className="mb-6">{t("account.send_code")}</SubmitButton>
          </div>
          <div className="flex justify-end">
            <SubmitButton name="intent" value="profile">{t("common:actions.save")}</SubmitButton>
          </div>
        </Form>
      </SectionCard>

      <SectionCard title={t("account.phone_title")}>
        {!profile.phone ? (
          <p className="text-sm text-slate-600">{t("account.no_phone")}</p>
        ) : !phoneUnverified ? (
          <p className="text-sm text-green-700">{t("account.phone_verified", { phone: profile.phone })}</p>
        ) : (
          <Form method="post" noValidate className="space-y-3">
            <EnterSubmits intent="verify_phone" />
            <p className="text-sm text-slate-600">{t("account.phone_unverified", { phone: profile.phone })}</p>
            <FormErrors errors={v.formErrors} />
            <div className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1 basis-48">
                <TextInput form={v} name="otp" label={t("account.phone_code")} inputMode="numeric" autoComplete="one-time-code" maxLength={10} />
              </div>
              <SubmitButton variant="secondary" name="intent" value="send_phone_code" className="mb-1">{t("account.send_code")}</SubmitButton>
              <SubmitButton name="intent" value="verify_phone" className="mb-1">{t("account.verify")}</SubmitButton>
            </div>
          </Form>
        )}
      </SectionCard>

      <SectionCard title={t("account.password_title")}>
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="password" />
          <FormErrors errors={pw.formErrors} />
          <div className="grid gap-4 md:grid-cols-2">
            <TextInput form={pw} name="current_password" type="password" label={t("account.current_password")} required autoComplete="current-password" />
            <TextInput form={pw} name="password" type="password" label={t("account.new_password")} hint={t("account.new_password_hint")} required minLength={8} autoComplete="new-password" />
          </div>
          <div className="flex justify-end">
            <SubmitButton>{t("account.change_password")}</SubmitButton>
          </div>
        </Form>
      </SectionCard>

      <SectionCard title={t("account.language_title")}>
        <Form method="post" noValidate className="space-y-3">
          <input type="hidden" name="intent" value="language" />
          <FormErrors errors={lang.formErrors} />
          <fieldset>
            <legend className="mb-2 text-sm text-slate-600">{t("account.language_hint")}</legend>
            <div className="flex flex-wrap gap-4">
              {(["en", "id"] as const).map((l) => (
                <label key={l} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name="locale" value={l} defaultChecked={lang.value("locale") === l} className="h-4 w-4 border-slate-300 text-brand-600" />
                  {t(`account.languages.${l}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end">
            <SubmitButton>{t("common:actions.save")}</SubmitButton>
          </div>
        </Form>
      </SectionCard>
    </div>
  );
}

/**
 * Enter in a field presses a form's first submit button. In a form with a "Send code" button
 * before its main one, this invisible first button makes Enter do the main thing.
 */
function EnterSubmits({ intent }: { intent: string }) {
  return <button type="submit" name="intent" value={intent} tabIndex={-1} aria-hidden className="sr-only" />;
}
