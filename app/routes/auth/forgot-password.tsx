import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/forgot-password";
import { useAuthOptions } from "./layout.tsx";
import { replyToVisitor, visitorOf } from "./visitor.server.ts";
import { FieldError, FormErrors, formState, TextInput } from "#app/components/form.tsx";
import { SubmitButton, buttonClass, inputClass } from "#app/components/button.tsx";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";
import {
  checkTarget, newPasswordField, readTarget, requestResetCode, resetPassword, targetField, type CodeDestination,
} from "#core/auth/forgot-password.ts";
import { DomainError } from "#core/errors.ts";
import { pageTitle } from "#app/lib/meta.ts";

/**
 * Forgotten password in three steps, each a plain POST carrying `step` and the address in hidden
 * fields, so it works without JavaScript: check (where would the code go) → request the code →
 * the code with a new password. Nothing tells whether an account exists (core/auth/forgot-password.ts).
 */
const checkSchema = z.object({ step: z.literal("check"), target: targetField });
const requestSchema = z.object({ step: z.enum(["request", "resend"]), target: z.string().min(1) });
const resetSchema = z
  .object({
    step: z.literal("reset"),
    target: z.string().min(1),
    otp: z.string({ error: "required" }).trim().regex(/^\d{6}$/, "auth:forgot.otp_format"),
    password: newPasswordField,
    password_confirmation: z.string({ error: "required" }),
  })
  .refine((v) => v.password === v.password_confirmation, { message: "password_mismatch", path: ["password_confirmation"] });

type Step = "check" | "request" | "reset";
type Where = Omit<CodeDestination, "otp_seconds">;
type View = {
  step: Step;
  where?: Where;
  /** Unix seconds when the last code stops working (shown as a countdown with JavaScript). */
  expiresAt?: number;
  result?: SubmissionResult<string[]>;
  notice?: { type: "info" | "danger"; text: string };
};
type Args = Route.ActionArgs;

/** Where a code for this address (a hidden field) would go; undefined for anything but an address. */
function describe(target: string): Where | undefined {
  if (!readTarget(target)) return undefined;
  const { channel, target: normal, masked_target } = checkTarget({ target });
  return { channel, target: normal, masked_target };
}

/** Stays on a step after a refusal, with the messages next to the fields. */
function stay(view: Omit<View, "result">, failed: ReturnType<typeof replyToVisitor>) {
  return data<View>({ ...view, result: failed.data as View["result"] }, failed.init ?? undefined);
}

function check(form: FormData) {
  const submission = parseWithZod(form, { schema: checkSchema });
  if (submission.status !== "success") return data<View>({ step: "check", result: submission.reply() }, { status: 400 });
  return data<View>({ step: "request", where: describe(submission.value.target) });
}

/** Sends a code; `resend` comes from the last step and goes back to it whatever happens. */
async function request(args: Args, form: FormData) {
  const submission = parseWithZod(form, { schema: requestSchema });
  const back: Step = form.get("step") === "resend" ? "reset" : "request";
  const where = describe(String(form.get("target") ?? ""));
  if (submission.status !== "success" || !where) return data<View>({ step: "check" }, { status: 400 });
  let sent: Awaited<ReturnType<typeof requestResetCode>>;
  try {
    sent = await requestResetCode(visitorOf(args), { target: where.target });
  } catch (e) {
    if (back === "reset" && e instanceof DomainError) {
      const expiresAt = Number(form.get("expires_at")) || undefined;
      return data<View>({ step: "reset", where, expiresAt, notice: { type: "danger", text: refusalMessage(args.context, e) } }, { status: 400 });
    }
    return stay({ step: "request", where }, replyToVisitor(args, submission, e));
  }
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return data<View>({
    step: "reset",
    where,
    expiresAt: Math.floor(Date.now() / 1000) + sent.expires_in,
    notice: { type: "info", text: t("auth:api.otp_sent") },
  });
}

async function reset(args: Args, form: FormData) {
  const submission = parseWithZod(form, { schema: resetSchema });
  const where = describe(String(form.get("target") ?? ""));
  if (!where) return data<View>({ step: "check" }, { status: 400 });
  const expiresAt = Number(form.get("expires_at")) || undefined;
  const hideFields = ["password", "password_confirmation"];
  if (submission.status !== "success") return data<View>({ step: "reset", where, expiresAt, result: submission.reply({ hideFields }) }, { status: 400 });
  const { otp, password } = submission.value;
  try {
    await resetPassword(visitorOf(args), { target: where.target, otp, password });
  } catch (e) {
    return stay({ step: "reset", where, expiresAt }, replyToVisitor(args, submission, e, hideFields));
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))("auth:api.password_reset"));
  throw redirect(localePath(getLocale(args.context), "/auth"));
}

export function loader({ context }: Route.LoaderArgs) {
  const t = getI18n(context).getFixedT(getLocale(context));
  return {
    title: `${t("auth:forgot.title")} · ${t("common:app_name")}`,
    constraints: { check: getZodConstraint(checkSchema), reset: getZodConstraint(resetSchema) },
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const step = form.get("step");
  if (step === "reset") return reset(args, form);
  if (step === "request" || step === "resend") return request(args, form);
  return check(form);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const lang = useLocale();
  const options = useAuthOptions();
  const view: View = actionData ?? { step: "check" };
  const step = view.where ? view.step : "check";
  const number = { check: 1, request: 2, reset: 3 }[step];
  return (
    <>
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{t("forgot.step", { number, total: 3 })}</p>
      <h1 className="mt-1 text-2xl font-semibold">{t("forgot.title")}</h1>
      {step === "check" ? <CheckStep result={view.result} /> : null}
      {step === "request" && view.where ? <RequestStep where={view.where} result={view.result} seconds={options.otp_seconds} /> : null}
      {step === "reset" && view.where ? (
        <ResetStep where={view.where} result={view.result} expiresAt={view.expiresAt} notice={view.notice} seconds={options.otp_seconds} />
      ) : null}
      {options.demo_outbox ? (
        <p className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("forgot.demo_note")}{" "}
          <a href={localePath(lang, "/outbox")} target="_blank" rel="noopener" className="font-medium underline">
            {t("forgot.demo_link")}
          </a>
        </p>
      ) : null}
      <p className="mt-6 text-center text-sm">
        <Link to={localePath(lang, "/auth")} className="font-medium text-brand-700 hover:underline">{t("forgot.back_to_sign_in")}</Link>
      </p>
    </>
  );
}

function CheckStep({ result }: { result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("auth");
  const form = formState(result, { constraint: useLoaderData<typeof loader>().constraints.check, id: "forgot-check" });
  return (
    <Form method="post" id={form.id} noValidate className="mt-4 space-y-4">
      <p className="text-sm text-slate-600">{t("forgot.check_intro")}</p>
      <input type="hidden" name="step" value="check" />
      <FormErrors errors={form.formErrors} />
      <TextInput form={form} name="target" label={t("forgot.target")} autoComplete="username" autoFocus />
      <SubmitButton className="w-full">{t("forgot.continue")}</SubmitButton>
    </Form>
  );
}

function RequestStep({ where, result, seconds }: { where: Where; result?: SubmissionResult<string[]>; seconds: number }) {
  const { t } = useTranslation("auth");
  const lang = useLocale();
  const form = formState(result, { id: "forgot-request" });
  return (
    <Form method="post" id={form.id} noValidate className="mt-4 space-y-4">
      <p className="text-sm text-slate-700">
        {t(where.channel === "email" ? "forgot.send_by_email" : "forgot.send_by_sms", { target: where.masked_target })}
      </p>
      <p className="text-sm text-slate-600">{t("forgot.valid_for", { seconds })}</p>
      <input type="hidden" name="step" value="request" />
      <input type="hidden" name="target" value={where.target} />
      <FormErrors errors={form.formErrors} />
      <SubmitButton className="w-full">{t("forgot.send_code")}</SubmitButton>
      <p className="text-center text-sm">
        <Link to={localePath(lang, "/auth/forgot-password")} className="text-brand-700 hover:underline">{t("forgot.other_address")}</Link>
      </p>
    </Form>
  );
}

/** Seconds until the code expires, counted in the browser; null before hydration (no JavaScript). */
function useSecondsLeft(expiresAt?: number) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!expiresAt) return;
    const tick = () => setLeft(Math.max(0, Math.round(expiresAt - Date.now() / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return left;
}

function ResetStep({ where, result, expiresAt, notice, seconds }: {
  where: Where; result?: SubmissionResult<string[]>; expiresAt?: number; notice?: View["notice"]; seconds: number;
}) {
  const { t } = useTranslation("auth");
  const left = useSecondsLeft(expiresAt);
  const form = formState(result, { constraint: useLoaderData<typeof loader>().constraints.reset, id: "forgot-reset" });
  const clock = left === null ? t("forgot.valid_for", { seconds })
    : left > 0 ? t("forgot.expires_in", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` })
    : t("forgot.expired");
  return (
    <div className="mt-4 space-y-4">
      {notice ? (
        <p role={notice.type === "danger" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${notice.type === "danger" ? "border-red-200 bg-red-50 text-red-800" : "border-brand-100 bg-brand-50 text-brand-700"}`}>
          {notice.text}
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        {t(where.channel === "email" ? "forgot.enter_code_email" : "forgot.enter_code_sms", { target: where.masked_target })}
      </p>
      <p className="text-sm font-medium text-slate-800" aria-live="polite">{clock}</p>
      <Form method="post" id={form.id} noValidate className="space-y-4">
        <input type="hidden" name="step" value="reset" />
        <input type="hidden" name="target" value={where.target} />
        <input type="hidden" name="expires_at" value={expiresAt ?? ""} />
        <FormErrors errors={form.formErrors} />
        <div>
          <label htmlFor="forgot-reset-otp" className="mb-1 block text-sm font-medium text-slate-700">{t("forgot.otp")}</label>
          <input id="forgot-reset-otp" name="otp" type="text" defaultValue={form.value("otp")} required={form.constraint("otp").required || undefined}
            aria-invalid={form.errors("otp") ? true : undefined} aria-describedby={form.errors("otp") ? "forgot-reset-otp-error" : undefined}
            inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus
            className={`${inputClass} text-center font-mono text-lg tracking-[0.5em]`} />
          <FieldError id="forgot-reset-otp-error" errors={form.errors("otp")} />
        </div>
        <TextInput form={form} name="password" type="password" label={t("forgot.new_password")} autoComplete="new-password" hint={t("forgot.password_hint")} />
        <TextInput form={form} name="password_confirmation" type="password" label={t("forgot.confirm_password")} autoComplete="new-password" />
        <SubmitButton className="w-full">{t("forgot.submit")}</SubmitButton>
      </Form>
      <Form method="post" className="flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
        <span className="text-sm text-slate-600">{t("forgot.no_code")}</span>
        <input type="hidden" name="step" value="resend" />
        <input type="hidden" name="target" value={where.target} />
        <input type="hidden" name="expires_at" value={expiresAt ?? ""} />
        <button type="submit" className={buttonClass("secondary")}>{t("forgot.resend")}</button>
      </Form>
    </div>
  );
}

export const meta = pageTitle;
