/**
 * /invite/:token: a staff invitation's one-time link (core/team/invitation-accept.ts). Public:
 * - the link no longer works (expired, used, cancelled, replaced by a newer one) → why, clearly;
 * - nobody signed in and no account with the invited address → name and password: the account is
 *   made, joins the business and is signed in, landing on its default page;
 * - an account with that address exists → sign in first (back here after), then "Join";
 * - signed in as another account → told so, with Sign out.
 * Plain POST forms: everything works without JavaScript. The link is used once even when the form
 * is sent twice (the invitation row is locked while accepting).
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, type RouterContextProvider } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/invite";
import { actorFromToken, scopeOf, type Actor } from "#core/actor.ts";
import { DomainError, Unauthenticated } from "#core/errors.ts";
import { acceptAsMember, acceptAsNewAccount, invitationForToken, type InvitationView } from "#core/team/invitation-accept.ts";
import { acceptNewForm } from "#core/team/staff-schema.ts";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormErrors, formState, TextInput, type FormReply } from "#app/components/form.tsx";
import { PublicShell } from "#app/components/public-shell.tsx";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast, isIdle, sessionContext, startSession } from "#app/lib/session.server.ts";
import { replyToVisitor, visitorOf } from "#app/routes/auth/visitor.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

/** The signed-in account of this browser, if its session still works. */
async function signedIn(context: Readonly<RouterContextProvider>): Promise<Actor | null> {
  const { session } = context.get(sessionContext);
  const token = session.get("token");
  if (!token || isIdle(session)) return null;
  try {
    return await actorFromToken(token, getLocale(context));
  } catch (e) {
    if (e instanceof Unauthenticated) return null;
    throw e;
  }
}

const isMine = (actor: Actor, view: InvitationView) =>
  view.state === "open" && (view.channel === "email" ? actor.user.email?.toLowerCase() === view.target : actor.user.phone === view.target);

export async function loader(args: Route.LoaderArgs) {
  const [view, actor] = await Promise.all([invitationForToken(visitorOf(args), args.params.token), signedIn(args.context)]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("team:invite.title")} · ${t("common:app_name")}`,
    view,
    me: actor ? { name: actor.user.name, mine: isMine(actor, view) } : null,
    constraint: getZodConstraint(acceptNewForm),
  };
}

/** A refusal as the form's reply: its message above the form. */
const refused = (message: string) => data({ status: "error" as const, error: { "": [message] } }, { status: 400 });

export async function action(args: Route.ActionArgs) {
  const { context, params } = args;
  const locale = getLocale(context);
  const t = getI18n(context).getFixedT(locale);
  const form = await args.request.formData();
  if (form.get("intent") === "join") {
    const actor = await signedIn(context);
    if (!actor) throw redirect(`${localePath(locale, "/auth")}?redirectTo=${encodeURIComponent(`/invite/${params.token}`)}`);
    try {
      const joined = await acceptAsMember(scopeOf(actor), params.token);
      flashToast(context, "success", t("team:invite.joined", { business: joined.business_name }));
      throw redirect(localePath(locale, joined.default_route));
    } catch (e) {
      if (e instanceof DomainError && !(e instanceof Unauthenticated)) return refused(refusalMessage(context, e));
      throw e;
    }
  }
  const hideFields = ["password", "password_confirmation"];
  const submission = parseWithZod(form, { schema: acceptNewForm });
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  let joined;
  try {
    joined = await acceptAsNewAccount(visitorOf(args), params.token, { name: submission.value.name, password: submission.value.password });
  } catch (e) {
    return replyToVisitor(args, submission, e, hideFields);
  }
  startSession(context.get(sessionContext), joined.token, false);
  flashToast(context, "success", t("team:invite.joined", { business: joined.business_name }));
  throw redirect(localePath(locale, joined.default_route));
}

function NewAccount({ reply, constraint }: { reply: FormReply; constraint: Route.ComponentProps["loaderData"]["constraint"] }) {
  const { t } = useTranslation("team");
  const form = formState(reply, { constraint, id: "invite" });
  return (
    <Form method="post" noValidate className="mt-6 space-y-4">
      <p className="text-sm text-slate-600">{t("invite.create_intro")}</p>
      <FormErrors errors={form.formErrors} />
      <TextInput form={form} name="name" label={t("invite.name")} autoComplete="name" />
      <TextInput form={form} name="password" type="password" label={t("invite.password")} hint={t("invite.password_hint")} autoComplete="new-password" />
      <TextInput form={form} name="password_confirmation" type="password" label={t("invite.password_confirmation")} autoComplete="new-password" />
      <SubmitButton className="w-full">{t("invite.create")}</SubmitButton>
    </Form>
  );
}

export default function Invite({ loaderData, actionData, params }: Route.ComponentProps) {
  const { view, me, constraint } = loaderData;
  const { t } = useTranslation("team");
  const locale = useLocale();
  const signIn = `${localePath(locale, "/auth")}?redirectTo=${encodeURIComponent(`/invite/${params.token}`)}`;
  const reply = actionData as FormReply;
  const errors = formState(reply).formErrors;
  return (
    <PublicShell>
      {view.state !== "open" ? (
        <>
          <h1 className="text-2xl font-semibold">{t("invite.title")}</h1>
          <p role="alert" className="mt-3 text-slate-700">{t(`invite.state.${view.state}`)}</p>
          <Link to={localePath(locale, me ? "/dashboard" : "/auth")} className={`${buttonClass("primary")} mt-6 w-full`}>
            {me ? t("common:actions.back") : t("invite.go_sign_in")}
          </Link>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">{t("invite.join_title", { business: view.business_name })}</h1>
          <p className="mt-2 text-slate-700">{t("invite.intro", { inviter: view.inviter_name ?? "", business: view.business_name })}</p>
          <p className="mt-1 text-sm text-slate-600">{t("invite.for", { target: view.target })}</p>
          {me?.mine ? (
            <Form method="post" className="mt-6 space-y-3">
              <FormErrors errors={errors} />
              <p className="text-sm text-slate-600">{t("invite.signed_in_as", { name: me.name })}</p>
              <SubmitButton name="intent" value="join" className="w-full">{t("invite.join", { business: view.business_name })}</SubmitButton>
            </Form>
          ) : me ? (
            <Form method="post" action={localePath(locale, "/logout")} className="mt-6 space-y-3">
              <p role="alert" className="text-sm text-slate-700">{t("invite.wrong_account", { target: view.target })}</p>
              <SubmitButton variant="secondary" className="w-full">{t("invite.sign_out")}</SubmitButton>
            </Form>
          ) : view.has_account ? (
            <div className="mt-6 space-y-3">
              <FormErrors errors={errors} />
              <p className="text-sm text-slate-600">{t("invite.sign_in_intro", { target: view.target })}</p>
              <Link to={signIn} className={`${buttonClass("primary")} w-full`}>{t("invite.sign_in")}</Link>
            </div>
          ) : (
            <NewAccount reply={reply} constraint={constraint} />
          )}
        </>
      )}
    </PublicShell>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
