import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/register";
import { replyToVisitor, visitorOf } from "./visitor.server.ts";
import { FormErrors, formState, TextInput } from "#app/components/form.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast, sessionContext, startSession } from "#app/lib/session.server.ts";
import { register, registerForm, registrationOpen } from "#core/auth/sign-in.ts";
import { pageTitle } from "#app/lib/meta.ts";

/** Self sign-up exists only when registration is open; otherwise this page is unknown. */
function requireOpen() {
  if (!registrationOpen()) throw data("Not found", { status: 404 });
}

export function loader({ context }: Route.LoaderArgs) {
  requireOpen();
  const t = getI18n(context).getFixedT(getLocale(context));
  return { title: `${t("auth:register.title")} · ${t("common:app_name")}`, constraint: getZodConstraint(registerForm) };
}

export async function action(args: Route.ActionArgs) {
  requireOpen();
  const { request, context } = args;
  const submission = parseWithZod(await request.formData(), { schema: registerForm });
  const hideFields = ["password", "password_confirmation"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const { password_confirmation: _, ...body } = submission.value;
  let token: string;
  try {
    ({ token } = await register(visitorOf(args), body));
  } catch (e) {
    return replyToVisitor(args, submission, e, hideFields);
  }
  startSession(context.get(sessionContext), token, false);
  flashToast(context, "success", getI18n(context).getFixedT(getLocale(context))("auth:api.registered"));
  // A new account is not a seller yet: the next step is the seller registration form.
  throw redirect(localePath(getLocale(context), "/become-seller"));
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const lang = useLocale();
  const form = formState(actionData, { constraint: loaderData.constraint, id: "register" });
  return (
    <>
      <h1 className="text-2xl font-semibold">{t("register.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("register.subtitle")}</p>
      <Form method="post" id={form.id} noValidate className="mt-6 space-y-4">
        <FormErrors errors={form.formErrors} />
        <TextInput form={form} name="name" label={t("register.name")} autoComplete="name" autoFocus />
        <TextInput form={form} name="email" type="email" label={t("register.email")} autoComplete="email" />
        <TextInput form={form} name="phone" type="tel" label={t("register.phone")} autoComplete="tel" hint={t("register.phone_hint")} />
        <TextInput form={form} name="password" type="password" label={t("register.password")} autoComplete="new-password" hint={t("forgot.password_hint")} />
        <TextInput form={form} name="password_confirmation" type="password" label={t("register.confirm_password")} autoComplete="new-password" />
        <SubmitButton className="w-full">{t("register.submit")}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t("register.have_account")}{" "}
        <Link to={localePath(lang, "/auth")} className="font-medium text-brand-700 hover:underline">{t("register.sign_in")}</Link>
      </p>
    </>
  );
}

export const meta = pageTitle;
