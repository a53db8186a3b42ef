import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { data, Form, Link, redirect, useParams, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sign-in";
import { useAuthOptions } from "./layout.tsx";
import { FormErrors, formState, TextInput } from "#app/components/form.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { callApi } from "#app/lib/api.server.ts";
import { replyWithApiError } from "#app/lib/forms.server.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath, stripLocale } from "#app/lib/i18n.ts";
import { pushToast, sessionContext } from "#app/lib/session.server.ts";

const schema = z.object({
  login: z.string({ error: "email_or_phone" }).trim().min(1, "email_or_phone"),
  password: z.string({ error: "required" }).min(1, "required"),
  redirectTo: z.string().optional(),
});

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
  return { title: `${t("auth:sign_in.title")} · ${t("common:app_name")}`, constraint: getZodConstraint(schema) };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { login, password, redirectTo } = submission.value;
  // One field for both: an "@" makes it an email, anything else is read as a phone number.
  const body = login.includes("@") ? { email: login, password } : { phone: login, password };
  const res = await callApi<{ token: string }>(args, "POST", "/v0.0/auth/login", { body, quiet: true });
  if (!res.ok) {
    const { email, phone, ...rest } = res.fieldErrors ?? {};
    const fieldErrors = res.fieldErrors ? { ...rest, ...(email || phone ? { login: email ?? phone } : {}) } : undefined;
    return replyWithApiError(submission, { ...res, fieldErrors });
  }
  const web = context.get(sessionContext);
  web.session.set("token", res.data.token);
  web.dirty = true;
  pushToast(web, { type: "success", message: res.message });
  throw redirect(afterSignIn(getLocale(context), redirectTo));
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { lang } = useParams();
  const [params] = useSearchParams();
  const options = useAuthOptions();
  const form = formState(actionData, { constraint: loaderData.constraint, id: "sign-in" });
  const locale = lang ?? "en";
  return (
    <>
      <h1 className="text-2xl font-semibold">{t("sign_in.title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("sign_in.subtitle")}</p>
      <Form method="post" id={form.id} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormErrors errors={form.formErrors} />
        <TextInput form={form} name="login" label={t("sign_in.login")} autoComplete="username" autoFocus />
        <TextInput form={form} name="password" type="password" label={t("sign_in.password")} autoComplete="current-password" />
        <div className="flex justify-end">
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

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}
