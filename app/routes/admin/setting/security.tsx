/**
 * /setting/security (issue 13): three sections, each its own POST form with an `intent`.
 * - The active business's security option (spec 6: None and Password; OTP and Password + OTP
 *   shown disabled), core/settings/business.ts. Leaving Password asks for the password again
 *   (the password step of app/lib/reauth.server.ts, shown by the admin layout). Members without
 *   the "setting" privilege see it, not change it: the page itself is every member's
 *   (core/auth/privileges.ts), for their own PIN and sessions.
 * - The PIN of the POS and the kiosk switch (core/auth/pin.ts): on this page rather than
 *   /setting/account, next to what else guards the account; typed twice, with the password.
 * - The account's active sessions (core/auth/sessions.ts): device, address, last use, "Sign out"
 *   per session and "Sign out everywhere else". Signing out this one is signing out.
 * Everything works without JavaScript: radios, plain fields and buttons in real forms.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/security";
import { hasPin, pinForm, setPin } from "#core/auth/pin.ts";
import { endOtherSessions, endSession as endOneSession, listSessions } from "#core/auth/sessions.ts";
import { getSecurity, securityBody, setSecurity } from "#core/settings/business.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { formatDateTime } from "#core/lib/format.ts";
import { SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError, FormErrors, formState, TextInput, type FormReply } from "#app/components/form.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { getMe, getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromForm } from "#app/lib/params.ts";
import { flashToast, sessionContext } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const scope = getScope(context);
  const businessId = getMe(context).business_id!;
  const [security, pin, sessions] = await Promise.all([getSecurity(scope, businessId), hasPin(scope), listSessions(scope)]);
  const t = getI18n(context).getFixedT(getLocale(context));
  return {
    title: `${t("security:title")} | ${t("common:app_name")}`,
    businessName: getMe(context).business_name!,
    security,
    canChange: scope.actor.member ? canAccess(scope.actor.member, "setting") : false,
    hasPin: pin,
    sessions,
    pinConstraint: getZodConstraint(pinForm),
  };
}

const PIN_SECRETS = ["pin", "pin_confirmation", "password"];

export async function action(args: Route.ActionArgs) {
  const { context } = args;
  const scope = getScope(context);
  const businessId = getMe(context).business_id!;
  const locale = getLocale(context);
  const t = getI18n(context).getFixedT(locale);
  const here = localePath(locale, "/setting/security");
  const form = await args.request.formData();
  switch (form.get("intent")) {
    case "security": {
      const submission = parseWithZod(form, { schema: securityBody });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      try {
        await setSecurity(scope, businessId, submission.value);
      } catch (e) {
        return replyRefused(args, submission, e);
      }
      flashToast(context, "success", t("auth:api.security_saved"));
      throw redirect(here);
    }
    case "pin": {
      const submission = parseWithZod(form, { schema: pinForm });
      if (submission.status !== "success") return data(submission.reply({ hideFields: PIN_SECRETS }), { status: 400 });
      try {
        await setPin(scope, businessId, submission.value);
      } catch (e) {
        return replyRefused(args, submission, e, PIN_SECRETS);
      }
      flashToast(context, "success", t("auth:api.pin_saved"));
      throw redirect(here);
    }
    case "end_session": {
      const ended = await endOneSession(scope, idFromForm(form, "session_id"));
      if (ended.is_current) {
        // This browser's own session: signed out, like the menu's sign-out.
        context.get(sessionContext).destroy = true;
        flashToast(context, "success", t("api:auth.signed_out"));
        throw redirect(localePath(locale, "/auth"));
      }
      flashToast(context, "success", t("auth:api.session_ended"));
      throw redirect(here);
    }
    case "end_others": {
      await endOtherSessions(scope);
      flashToast(context, "success", t("auth:api.other_sessions_ended"));
      throw redirect(here);
    }
    default:
      throw data(t("api:errors.validation"), { status: 400 });
  }
}

/** Which of the page's forms a reply belongs to (its hidden `intent` comes back with it). */
const replyOf = (reply: FormReply, intent: string) =>
  (reply?.initialValue as Record<string, unknown> | undefined)?.intent === intent ? reply : undefined;

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("security");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
      <SecurityOption security={loaderData.security} businessName={loaderData.businessName} canChange={loaderData.canChange}
        reply={replyOf(actionData, "security")} />
      <PinSection hasPin={loaderData.hasPin} reply={replyOf(actionData, "pin")} constraint={loaderData.pinConstraint} />
      <Sessions sessions={loaderData.sessions} />
    </div>
  );
}

type Data = Route.ComponentProps["loaderData"];

function SecurityOption({ security, businessName, canChange, reply }: {
  security: Data["security"]; businessName: string; canChange: boolean; reply: FormReply;
}) {
  const { t } = useTranslation("security");
  const form = formState(reply, { defaults: { security_2fa: security.security_2fa }, id: "security" });
  return (
    <SectionCard title={t("option.title")} hint={t("option.hint", { business: businessName })}>
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="security" />
        <FormErrors errors={form.formErrors} />
        <fieldset>
          <legend className="sr-only">{t("option.title")}</legend>
          <div className="space-y-2">
            {security.options.map((o) => (
              <label key={o.value} className={`flex items-start gap-3 rounded-md border border-slate-200 p-3 text-sm ${o.enabled ? "" : "opacity-60"}`}>
                <input type="radio" name="security_2fa" value={o.value} disabled={!o.enabled || !canChange}
                  defaultChecked={form.value("security_2fa") === o.value} className="mt-0.5 h-4 w-4 border-slate-300 text-brand-600" />
                <span>
                  <span className="block font-medium text-slate-900">{t(`option.${o.value}`)}</span>
                  <span className="block text-slate-600">{o.enabled ? t(`option.${o.value}_hint`) : t("option.unavailable")}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError errors={form.errors("security_2fa")} />
        </fieldset>
        {canChange ? <SubmitButton>{t("option.save")}</SubmitButton> : <p className="text-sm text-slate-600">{t("option.owner_only")}</p>}
      </Form>
    </SectionCard>
  );
}

function PinSection({ hasPin, reply, constraint }: { hasPin: boolean; reply: FormReply; constraint: Data["pinConstraint"] }) {
  const { t } = useTranslation("security");
  const form = formState(reply, { constraint, id: "pin" });
  return (
    <SectionCard title={t("pin.title")} hint={t(hasPin ? "pin.has_pin" : "pin.no_pin")}>
      <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="pin" />
        <div className="sm:col-span-2"><FormErrors errors={form.formErrors} /></div>
        <TextInput form={form} name="pin" type="password" inputMode="numeric" autoComplete="off" maxLength={6} label={t("pin.pin")} hint={t("pin.pin_hint")} />
        <TextInput form={form} name="pin_confirmation" type="password" inputMode="numeric" autoComplete="off" maxLength={6} label={t("pin.pin_confirmation")} />
        <div className="sm:col-span-2">
          <TextInput form={form} name="password" type="password" autoComplete="current-password" label={t("pin.password")} />
        </div>
        <div className="sm:col-span-2"><SubmitButton>{t(hasPin ? "pin.change" : "pin.set")}</SubmitButton></div>
      </Form>
    </SectionCard>
  );
}

function Sessions({ sessions }: { sessions: Data["sessions"] }) {
  const { t } = useTranslation("security");
  const locale = useLocale();
  const others = sessions.filter((s) => !s.is_current).length;
  return (
    <SectionCard title={t("sessions.title")} hint={t("sessions.hint")} actions={others ? (
      <Form method="post">
        <input type="hidden" name="intent" value="end_others" />
        <SubmitButton variant="secondary">{t("sessions.end_others")}</SubmitButton>
      </Form>
    ) : null}>
      <ul className="divide-y divide-slate-200">
        {sessions.map((s) => (
          <li key={s.session_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {s.device ?? t("sessions.unknown_device")}
                {s.is_current ? <StatusBadge tone="success">{t("sessions.this_device")}</StatusBadge> : null}
              </p>
              <p className="text-sm text-slate-600">
                {t("sessions.address")}: {s.ip_address ?? "-"} · {t("sessions.last_seen")}:{" "}
                <time dateTime={new Date(s.last_seen! * 1000).toISOString()}>{formatDateTime(s.last_seen)}</time>
              </p>
            </div>
            <Form method="post" action={localePath(locale, "/setting/security")}>
              <input type="hidden" name="intent" value="end_session" />
              <input type="hidden" name="session_id" value={s.session_id} />
              <SubmitButton variant={s.is_current ? "secondary" : "danger"}>
                {t(s.is_current ? "sessions.end_this" : "sessions.end")}
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
