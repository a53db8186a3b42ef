/**
 * /customer-broadcast/add-broadcast (the spec's add-broadcast): a new broadcast in two steps on one
 * form, with and without JavaScript. "Check" (the form's first button, so Enter checks and never
 * sends) posts everything typed and comes back with it kept, the audience's counts (server-counted
 * by the customer list's own filter) and the message as the first recipient will read it. Only then
 * is there a Send button, naming the count; it carries the count and what was checked, so a
 * broadcast whose audience changed since (other filters, or new customers) is checked again
 * instead of sent. The audience can arrive in the URL (?segment=&tag=&channel=&search=).
 * Rules: core/customers/broadcasts.ts.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/form";
import { broadcastBody, broadcastDraft, createBroadcast, previewBroadcast } from "#core/customers/broadcasts.ts";
import { Refused } from "#core/errors.ts";
import { customerChannelNames } from "#core/customers/customers.ts";
import { SEGMENTS } from "#core/customers/segments.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { BroadcastForm, type Checked } from "#app/components/broadcasts/broadcast-form.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export type BroadcastFormData = { reply: SubmissionResult<string[]>; checked: Checked | null; notice?: string };

/** What was posted, as the form shows it again. */
function typedOf(form: FormData) {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (key !== "_once" && key !== "intent" && typeof value === "string") out[key] = value;
  return out;
}

/** What a check covered (the audience and channel): a send carries it back, and sends only if it still holds. */
const signatureOf = (v: { filters: Record<string, unknown>; channel: string }) =>
  JSON.stringify([v.channel, ...["search", "segment", "channel", "tag"].map((k) => v.filters[k] ?? "")]);

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const channelNames = await customerChannelNames(scope);
  const from = (k: string) => (url.searchParams.get(k) ?? "").trim().slice(0, 100);
  const segment = from("segment");
  return {
    title: `${t("broadcast:form.title")} | ${t("broadcast:title")} | ${t("common:app_name")}`,
    channelNames,
    defaults: {
      "filters.search": from("search"), "filters.segment": (SEGMENTS as readonly string[]).includes(segment) ? segment : "",
      "filters.channel": channelNames.includes(from("channel")) ? from("channel") : "", "filters.tag": from("tag").slice(0, 30).toLowerCase(),
      channel: "whatsapp", send: "now",
    } as Record<string, unknown>,
  };
}

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const form = await args.request.formData();
  const typed = typedOf(form);
  const check = async (notice?: string) => {
    const draft = parseWithZod(form, { schema: broadcastDraft });
    if (draft.status !== "success") return data<BroadcastFormData>({ reply: draft.reply(), checked: null }, { status: 400 });
    const preview = await previewBroadcast(scope, draft.value);
    return data<BroadcastFormData>({
      reply: { initialValue: typed } as SubmissionResult<string[]>, checked: { ...preview, signature: signatureOf(draft.value) }, notice,
    });
  };
  if (form.get("intent") !== "send") return check();
  const submission = parseWithZod(form, { schema: broadcastBody });
  // A refused send keeps its check (counted again), so the seller fixes the field and sends.
  const checkedAgain = async (): Promise<Checked | null> => {
    const draft = parseWithZod(form, { schema: broadcastDraft });
    return draft.status === "success" ? { ...(await previewBroadcast(scope, draft.value)), signature: signatureOf(draft.value) } : null;
  };
  if (submission.status !== "success") return data<BroadcastFormData>({ reply: submission.reply(), checked: await checkedAgain() }, { status: 400 });
  // Sent only as checked: another audience or channel (or none checked) is checked first.
  if (submission.value.expected_count === undefined || form.get("checked") !== signatureOf(submission.value)) {
    return check(t("broadcast:form.not_checked"));
  }
  let saved: { broadcast_id: number };
  try {
    saved = await createBroadcast(scope, submission.value);
  } catch (e) {
    if (e instanceof Refused && e.message === "broadcast:errors.audience_changed") return check(t(e.message, e.vars));
    const refused = replyRefused(args, submission, e);
    return data<BroadcastFormData>({ reply: refused.data, checked: await checkedAgain() }, refused.init ?? { status: 400 });
  }
  flashToast(args.context, "success", t("broadcast:created"));
  throw redirect(localePath(locale, `/customer-broadcast/${saved.broadcast_id}`));
}

export default function BroadcastFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("broadcast");
  const lp = useLocalePath();
  return (
    <FormPage back={{ href: lp("/customer-broadcast"), label: t("title") }} title={t("form.title")}>
      <BroadcastForm reply={actionData?.reply} defaults={loaderData.defaults} channelNames={loaderData.channelNames}
        checked={actionData?.checked ?? null} notice={actionData?.notice} cancelTo={lp("/customer-broadcast")} />
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
