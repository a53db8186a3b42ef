import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/sign-in";
import { useAuthOptions } from "./layout.tsx";
import { replyToVisitor, visitorOf } from "./visitor.server.ts";
import { Checkbox, FormErrors, formState, TextInput } from "#app/components/form.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath, stripLocale } from "#app/lib/i18n.ts";
import { flashToast, sessionContext, startSession } from "#app/lib/session.server.ts";
import { credentialsOf, signIn, signInForm } from "#core/auth/sign-in.ts";
import { pageTitle } from "#app/lib/meta.ts";

/**
 * Where to go after signing in: the page that sent the user here when it is one of ours
 * (safeRedirect) and not the sign-in pages themselves, else the dashboard.
 */
function afterSignIn(locale: string, redirectTo: string | undefined) {
  const local = safeRedirect(redirectTo, "");
  const path = stripLocale(local.split("?")[0]);
  const useful = local && !path.startsWith("/auth") && !path.startsWith("/logout");
  return localePath(locale, useful ? local : "/dashboard");
}

export function loader({ context }: Route.LoaderArgs) {
  const t = getI18n(context).getFixedT(getLocale(context));
  return { title: `${t("auth:sign_in.title")} · ${t("common:app_name")}`, constraint: getZodConstraint(signInForm) };
}

/** Checks the credentials through core and keeps the issued bearer token in the session (kept 30 days when asked). */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const submission = parseWithZod(await request.formData(), { schema: signInForm });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { login, password, redirectTo, remember } = submission.value;
  let token: string;
  try {
    ({ token } = await signIn(visitorOf(args), credentialsOf(login, password)));
  } catch (e) {
    return replyToVisitor(args, submission, e);
  }
  startSession(context.get(sessionContext), token, remember ?? false);
  flashToast(context, "success", getI18n(context).getFixedT(getLocale(context))("api:auth.signed_in"));
  throw redirect(afterSignIn(getLocale(context), redirectTo));
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const [params] = useSearchParams();
  const options = useAuthOptions();
  const form = formState(actionData, { constraint: loaderData.constraint, id: "sign-in" });
  return (
    <>
      <h1 className="text-2xl font-semibold">{t("sign_in.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("sign_in.subtitle")}</p>
      <Form method="post" id={form.id} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormErrors errors={form.formErrors} />
        <TextInput form={form} name="login" label={t("sign_in.login")} autoComplete="username" autoFocus />
        <TextInput form={form} name="password" type="password" label={t("sign_in.password")} autoComplete="current-password" />
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Checkbox form={form} name="remember" label={t("sign_in.remember")} />
          <Link to={localePath(locale, "/auth/forgot-password")} className="text-sm font-medium text-brand-700 hover:underline">
            {t("sign_in.forgot")}
          </Link>
        </div>
        <SubmitButton className="w-full">{t("sign_in.submit")}</SubmitButton>
      </Form>
      {options.registration_enabled ? (
        <p className="mt-6 text-center text-sm text-slate-600">
          {t("sign_in.no_account")}{" "}
          <Link to={localePath(locale, "/auth/register")} className="font-medium text-brand-700 hover:underline">
            {t("sign_in.register")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

export const meta = pageTitle;
