/**
 * /setting/account: the signed-in person's own account (spec 2 "Settings", 7 "Auth and account"),
 * for owners and staff alike (no privilege: it is their own). Four forms, each its own POST
 * (`intent`), each answering under its own fields:
 * - profile: photo (picked, cropped square in the browser, uploaded with the form), name, e-mail, phone. A new e-mail needs the code sent to it: "Send code" is a second
 *   button of the same form, so what was typed stays while the code travels (no JavaScript needed).
 *   A new phone is saved unverified; the verify form then asks for the code sent to it.
 * - phone: send a code to the saved phone, and verify it.
 * - password: current and new; every other device is signed out (core/auth/profile.ts).
 * - language: what notifications, e-mails and SMS to this person are written in (a page's language
 *   stays its address: /id or not); saving it opens this page in that language.
 * The rules are core/auth/profile.ts, the same functions as PUT /v0.0.0/accounts/me….
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account";
import {
  changePassword, codeBody, codeEmailBody, languageBody, myProfile, passwordBody, profileBody, requestOwnCode, setLanguage, updateProfile, verifyPhone,
} from "#core/auth/profile.ts";
import { asLocale } from "#core/i18n.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { AccountForms, type AccountReply } from "#app/components/account-forms.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { submitForm } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { imageFromForm } from "#app/lib/uploads.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("settings:account.title")} | ${t("common:app_name")}`, profile: await myProfile(getScope(args.context)) };
}

const INTENTS = ["profile", "send_email_code", "send_phone_code", "verify_phone", "password", "language"] as const;
/** The form each intent's answer belongs to ("Send code" answers inside the form it sits in). */
const FORM_OF: Record<(typeof INTENTS)[number], string> = {
  profile: "profile", send_email_code: "profile", send_phone_code: "verify_phone", verify_phone: "verify_phone", password: "password", language: "language",
};

export async function action(args: Route.ActionArgs) {
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const scope = getScope(args.context);
  const formData = await args.request.formData();
  const intent = z.enum(INTENTS).safeParse(formData.get("intent"));
  if (!intent.success) throw data(t("common:errors.unknown_action"), { status: 400 });
  const form = FORM_OF[intent.data];

  /** One form's POST: its reply is tagged with the form, so only that form shows it. */
  async function submit<S extends z.ZodType>(schema: S, save: (value: z.infer<S>) => Promise<Response | AccountReply>) {
    const r = await submitForm(args, formData, schema, save);
    if (!r.ok) return data({ form, reply: r.reply.data } satisfies AccountReply, r.reply.init ?? undefined);
    return r.value instanceof Response ? r.value : data(r.value);
  }
  const done = (key: string, lang = locale) => {
    flashToast(args.context, "success", t(key, { lng: lang }));
    return redirect(localePath(lang, "/setting/account"));
  };
  const codeSent = (sent: { masked_target: string }) => {
    flashToast(args.context, "info", t("settings:account.code_sent", { target: sent.masked_target }));
    // What was typed stays in the form: the code field is next.
    return { form, reply: { initialValue: typed(formData), status: "success" } } satisfies AccountReply;
  };

  if (form === "profile") {
    // The photo first (uploaded and cropped), so a refusal of another field, or sending the e-mail
    // code, keeps it: the form comes back with its address.
    const photo = await imageFromForm(args, formData, "photo");
    if (photo.error) return data({ form, reply: { initialValue: typed(formData), status: "error", error: { photo: [photo.error] } } } satisfies AccountReply, { status: 400 });
  }
  switch (intent.data) {
    case "profile":
      // The form always carries the photo: none (removed, or never set) is null, where the API's "left out" keeps it.
      return submit(profileBody, async (v) => (await updateProfile(scope, { ...v, photo: v.photo ?? null }), done("auth:api.profile_saved")));
    case "send_email_code":
      return submit(emailCodeBody, async (v) => codeSent(await requestOwnCode(scope, "change_email", v)));
    case "send_phone_code":
      return submit(z.object({}), async () => codeSent(await requestOwnCode(scope, "phone", {})));
    case "verify_phone":
      return submit(codeBody, async (v) => (await verifyPhone(scope, v), done("auth:api.phone_verified")));
    case "password":
      return submit(passwordBody, async (v) => (await changePassword(scope, v), done("auth:api.password_changed")));
    case "language":
      return submit(languageBody, async (v) => done("settings:account.language_saved", asLocale((await setLanguage(scope, v)).locale)));
  }
}

const emailCodeBody = codeEmailBody.required({ email: true });
/** What was typed, to show again (files were uploaded or dropped by then). */
const typed = (formData: FormData) => Object.fromEntries([...formData].filter(([, v]) => typeof v === "string")) as Record<string, string>;

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountForms profile={loaderData.profile} answer={actionData} />;
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
