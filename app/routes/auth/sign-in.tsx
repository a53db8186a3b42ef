import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { data, Form, Link, redirect, useSearchParams, type HeadersFunction } from "react-router";
import type { Route } from "./+types/sign-in";
import { useAuthOptions } from "./layout.tsx";
import { replyToVisitor, visitorOf } from "./visitor.server.ts";
import { Checkbox, FormErrors, formState, TextInput } from "#app/components/form.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { homeOfToken } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath, stripLocale } from "#app/lib/i18n.ts";
import { flashToast, sessionContext, startSession } from "#app/lib/session.server.ts";
import { credentialsOf, signIn, signInForm } from "#core/auth/sign-in.ts";
import { kioskSignIn, kioskSignInBody, kioskUsers } from "#core/auth/kiosk.ts";
import { visitorOf as coreVisitor } from "#core/auth/visitor.ts";
import { kioskForgotten, kioskIds, kioskWith } from "#app/lib/kiosk.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

/**
 * Where to go after signing in: the page that sent the user here when it is one of ours
 * (safeRedirect) and not the sign-in pages themselves, else their home — the dashboard for an
 * owner, a staff member's start page (homeOf: never a page that answers 403).
 */
async function afterSignIn(locale: string, redirectTo: string | undefined, token: string) {
  const local = safeRedirect(redirectTo, "");
  const path = stripLocale(local.split("?")[0]);
  const useful = local && !path.startsWith("/auth") && !path.startsWith("/logout");
  return localePath(locale, useful ? local : (await homeOfToken(token, locale)) ?? "/dashboard");
}

/**
 * On a shared kiosk (app/lib/kiosk.server.ts) the page first offers the device's last five people
 * by name; `?as=<id>` picks one, who then types their PIN or password (core/auth/kiosk.ts). The
 * names are the server's, for ids it signed; such a page is never kept by the browser.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getI18n(context).getFixedT(getLocale(context));
  const title = `${t("auth:sign_in.title")} · ${t("common:app_name")}`;
  const ids = await kioskIds(request);
  const people = ids?.length ? await kioskUsers(coreVisitor(getLocale(context)), ids) : [];
  const as = Number(new URL(request.url).searchParams.get("as"));
  const chosen = people.find((p) => p.user_id === as) ?? null;
  const page = { title, constraint: getZodConstraint(signInForm), kiosk: { people, chosen } };
  return ids ? data(page, { headers: { "Cache-Control": "no-store" } }) : page;
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const out = new Headers();
  const noStore = [loaderHeaders, actionHeaders].some((h) => h.get("Cache-Control") === "no-store");
  if (noStore) out.set("Cache-Control", "no-store");
  return out;
};

/** Checks the credentials through core and keeps the issued bearer token in the session (kept 30 days when asked). */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "kiosk_forget") {
    throw redirect(localePath(getLocale(context), "/auth"), { headers: { "Set-Cookie": await kioskForgotten(request) } });
  }
  if (intent === "kiosk") return kioskAction(args, form);
  const submission = parseWithZod(form, { schema: signInForm });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { login, password, redirectTo, remember } = submission.value;
  let signedIn: Awaited<ReturnType<typeof signIn>>;
  try {
    signedIn = await signIn(visitorOf(args), credentialsOf(login, password));
  } catch (e) {
    return replyToVisitor(args, submission, e);
  }
  startSession(context.get(sessionContext), signedIn.token, remember ?? false);
  flashToast(context, "success", getI18n(context).getFixedT(getLocale(context))("api:auth.signed_in"));
  const kiosk = await kioskWith(request, signedIn.user.id); // on a kiosk: this person first
  throw redirect(await afterSignIn(getLocale(context), redirectTo, signedIn.token), kiosk ? { headers: { "Set-Cookie": kiosk } } : undefined);
}

/** One of the kiosk's people signs in with their PIN or password; never "kept signed in" (a shared device). */
async function kioskAction(args: Route.ActionArgs, form: FormData) {
  const { request, context } = args;
  const submission = parseWithZod(form, { schema: kioskSignInBody });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  let signedIn: Awaited<ReturnType<typeof kioskSignIn>>;
  try {
    signedIn = await kioskSignIn(visitorOf(args), submission.value, (await kioskIds(request)) ?? []);
  } catch (e) {
    return replyToVisitor(args, submission, e);
  }
  startSession(context.get(sessionContext), signedIn.token, false);
  flashToast(context, "success", getI18n(context).getFixedT(getLocale(context))("api:auth.signed_in"));
  const kiosk = await kioskWith(request, signedIn.user.id);
  throw redirect(await afterSignIn(getLocale(context), undefined, signedIn.token), kiosk ? { headers: { "Set-Cookie": kiosk } } : undefined);
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const [params] = useSearchParams();
  const options = useAuthOptions();
  // The kiosk's form and the usual one share field names: a reply goes to the form that sent it.
  const kioskReply = (actionData?.initialValue as Record<string, unknown> | undefined)?.intent === "kiosk";
  const form = formState(kioskReply ? undefined : actionData, { constraint: loaderData.constraint, id: "sign-in" });
  const { people, chosen } = loaderData.kiosk;
  return (
    <>
      <h1 className="text-2xl font-semibold">{t("sign_in.title")}</h1>
      {people.length ? <KioskPeople people={people} chosen={chosen} reply={kioskReply ? actionData : undefined} /> : null}
      {people.length ? <h2 className="mt-8 text-base font-semibold">{t("kiosk.another")}</h2> : null}
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

type Person = { user_id: number; name: string };

/**
 * The kiosk's last people: a link each (`?as=<id>`); the one chosen gets the PIN-or-password form.
 * "Forget" drops the device's list.
 */
function KioskPeople({ people, chosen, reply }: { people: Person[]; chosen: Person | null; reply: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const form = formState(chosen ? reply : undefined, { id: "kiosk" });
  return (
    <section aria-labelledby="kiosk-title" className="mt-4 rounded-lg border border-slate-200 p-4">
      <h2 id="kiosk-title" className="text-base font-semibold">{t("kiosk.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("kiosk.hint")}</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {people.map((p) => (
          <li key={p.user_id}>
            <Link
              to={`${localePath(locale, "/auth")}?as=${p.user_id}`}
              aria-current={chosen?.user_id === p.user_id ? "true" : undefined}
              className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 aria-[current]:border-brand-600 aria-[current]:bg-brand-50"
            >
              <span aria-hidden className="flex h-6 w-6 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700">
                {p.name.slice(0, 1).toUpperCase()}
              </span>
              {p.name}
            </Link>
          </li>
        ))}
      </ul>
      {chosen ? (
        <Form method="post" id={form.id} noValidate className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="kiosk" />
          <input type="hidden" name="user_id" value={chosen.user_id} />
          <FormErrors errors={form.formErrors} />
          <TextInput form={form} name="password" type="password" label={t("kiosk.secret", { name: chosen.name })}
            autoComplete="current-password" autoFocus />
          <SubmitButton className="w-full">{t("sign_in.submit")}</SubmitButton>
        </Form>
      ) : null}
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="kiosk_forget" />
        <button type="submit" className="text-sm font-medium text-slate-600 hover:underline">{t("kiosk.forget")}</button>
      </Form>
    </section>
  );
}

export const meta = pageTitle;
