import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { data, Form, Link, redirect, useParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/register";
import type { AuthOptions } from "./layout.tsx";
import { FormErrors, formState, TextInput } from "#app/components/form.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { callApi } from "#app/lib/api.server.ts";
import { replyWithApiError } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pushToast, sessionContext } from "#app/lib/session.server.ts";

const schema = z
  .object({
    name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
    email: z.string({ error: "required" }).trim().email("email_invalid"),
    phone: z.string().trim().optional(),
    password: z.string({ error: "required" }).min(8, "password_min"),
    password_confirmation: z.string({ error: "required" }),
  })
  .refine((v) => v.password === v.password_confirmation, { message: "password_mismatch", path: ["password_confirmation"] });

/** Self sign-up exists only when the API says registration is open; otherwise this page is unknown. */
async function requireOpen(args: Route.LoaderArgs | Route.ActionArgs) {
  const res = await callApi<AuthOptions>(args, "GET", "/v0.0/auth/options", { quiet: true });
  if (!res.ok || !res.data.registration_enabled) throw data("Not found", { status: 404 });
}

export async function loader(args: Route.LoaderArgs) {
  await requireOpen(args);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("auth:register.title")} · ${t("common:app_name")}`, constraint: getZodConstraint(schema) };
}

export async function action(args: Route.ActionArgs) {
  await requireOpen(args);
  const { request, context } = args;
  const submission = parseWithZod(await request.formData(), { schema });
  const hideFields = ["password", "password_confirmation"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const { password_confirmation: _, ...body } = submission.value;
  const res = await callApi<{ token: string }>(args, "POST", "/v0.0/auth/register", { body, quiet: true });
  if (!res.ok) return replyWithApiError(submission, res);
  const web = context.get(sessionContext);
  web.session.set("token", res.data.token);
  web.dirty = true;
  pushToast(web, { type: "success", message: res.message });
  // A new account is not a seller yet: the next step is the seller registration form.
  throw redirect(localePath(getLocale(context), "/become-seller"));
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { lang } = useParams();
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
        <Link to={localePath(lang ?? "en", "/auth")} className="font-medium text-brand-700 hover:underline">{t("register.sign_in")}</Link>
      </p>
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}
