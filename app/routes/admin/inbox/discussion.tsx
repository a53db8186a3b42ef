/**
 * /inbox/discussion/:id: one product question with its messages (the seller's replies and the
 * buyer's further messages, oldest first; hidden ones marked), the reply form, and the thread's
 * and each message's moves: hide / show again, mark answered / not answered. Plain POST forms
 * with an `intent` (work without JavaScript). Rules: core/inbox/discussions.ts (the same calls
 * as POST /discussion and PUT /discussion/{id}).
 */
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/discussion";
import { discussionActionBody, discussionReplyBody, discussionThread, moveDiscussion, replyDiscussion, type MessageJson } from "#core/inbox/discussions.ts";
import { NotFound } from "#core/errors.ts";
import { formatDateTime } from "#core/lib/format.ts";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormErrors, formState, TextArea, type FormReply } from "#app/components/form.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { ThreadStatus } from "#app/components/inbox/thread-status.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { submitForm } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const idOf = (v: unknown) => {
  const id = Number(v);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFound("inbox:errors.discussion_not_found");
  return id;
};

export async function loader(args: Route.LoaderArgs) {
  const thread = await discussionThread(getScope(args.context), idOf(args.params.id));
  // A message's id in the URL opens its thread, at the thread's own address.
  if (thread.discussion_id !== idOf(args.params.id)) throw redirect(localePath(getLocale(args.context), `/inbox/discussion/${thread.discussion_id}`));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${thread.product_name} | ${t("inbox:discussion.title")} | ${t("common:app_name")}`, thread };
}

export async function action(args: Route.ActionArgs) {
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const id = idOf(args.params.id);
  const scope = getScope(args.context);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  if (intent === "reply") {
    formData.set("parent_id", String(id));
    const r = await submitForm(args, formData, discussionReplyBody, (v) => replyDiscussion(scope, v));
    if (!r.ok) return r.reply;
    flashToast(args.context, "success", t("inbox:done.discussion_replied"));
  } else if (intent === "move") {
    // Which message moves: the thread, or one of its messages (core checks it is this business's).
    const target = idOf(formData.get("message_id") ?? id);
    const r = await submitForm(args, formData, discussionActionBody, (v) => moveDiscussion(scope, target, v));
    if (!r.ok) return r.reply;
    flashToast(args.context, "success", t(`inbox:done.discussion_${String(formData.get("action"))}`));
  } else {
    throw data(t("common:errors.unknown_action"), { status: 400 });
  }
  throw redirect(localePath(locale, `/inbox/discussion/${id}`));
}

function MoveButton({ messageId, action, label, variant = "secondary" }: { messageId: number; action: string; label: string; variant?: "secondary" | "primary" }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="message_id" value={messageId} />
      <input type="hidden" name="action" value={action} />
      <button type="submit" className={buttonClass(variant)}>{label}</button>
    </Form>
  );
}

function Message({ m }: { m: MessageJson }) {
  const { t } = useTranslation("inbox");
  const seller = m.author === "seller";
  return (
    <li id={`message-${m.discussion_id}`} className={`rounded-lg border p-3 ${seller ? "border-brand-200 bg-brand-50" : "border-slate-200 bg-white"} ${m.hidden ? "opacity-75" : ""}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">
          {m.author_name} <span className="font-normal text-slate-500">· {t(`discussion.author.${m.author}`)} · {formatDateTime(m.time_created)}</span>
          {m.hidden ? <> <StatusBadge tone="neutral">{t("discussion.hidden_mark")}</StatusBadge></> : null}
        </p>
        <MoveButton messageId={m.discussion_id} action={m.hidden ? "unhide" : "hide"} label={t(m.hidden ? "discussion.unhide" : "discussion.hide")} />
      </div>
      <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{m.message}</p>
    </li>
  );
}

export default function DiscussionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("inbox");
  const lp = useLocalePath();
  const { thread: d } = loaderData;
  const reply = actionData as FormReply;
  const form = formState((reply?.initialValue as Record<string, unknown> | undefined)?.intent === "reply" ? reply : undefined, { id: "reply" });
  const moveErrors = (reply?.initialValue as Record<string, unknown> | undefined)?.intent === "move" && reply?.status === "error" ? Object.values(reply.error ?? {}).flat().filter((x): x is string => Boolean(x)) : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={lp("/inbox/discussion")} className="text-sm font-medium text-brand-700 hover:underline">← {t("discussion.title")}</Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-slate-900">{d.product_name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <ThreadStatus status={d.status} /> <span>{d.product_sku} · {d.channel_name}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!d.hidden ? (
            <MoveButton messageId={d.discussion_id} action={d.answered ? "unanswered" : "answered"} label={t(d.answered ? "discussion.mark_unanswered" : "discussion.mark_answered")} />
          ) : null}
          <MoveButton messageId={d.discussion_id} action={d.hidden ? "unhide" : "hide"} label={t(d.hidden ? "discussion.unhide_thread" : "discussion.hide_thread")} />
        </div>
      </div>
      <FormErrors errors={moveErrors} />
      {d.hidden ? <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">{t("discussion.hidden_hint")}</p> : null}
      <SectionCard title={t("discussion.question")}>
        <p className="text-sm font-medium text-slate-900">{d.author_name} <span className="font-normal text-slate-500">· {formatDateTime(d.time_created)}</span></p>
        <p className="mt-1 whitespace-pre-line text-slate-800">{d.message}</p>
      </SectionCard>
      <section aria-labelledby="messages" className="space-y-2">
        <h2 id="messages" className="text-base font-semibold text-slate-900">{t("discussion.messages", { count: d.messages.length })}</h2>
        {d.messages.length ? <ol className="space-y-2">{d.messages.map((m) => <Message key={m.discussion_id} m={m} />)}</ol> : <p className="text-sm text-slate-600">{t("discussion.no_messages")}</p>}
      </section>
      <SectionCard title={t("discussion.reply_title")} hint={t("discussion.reply_hint")}>
        <Form method="post" noValidate className="space-y-3">
          <input type="hidden" name="intent" value="reply" />
          <FormErrors errors={form.formErrors} />
          <TextArea form={form} name="message" label={t("discussion.reply")} rows={3} maxLength={1000} required />
          <div className="flex justify-end"><SubmitButton>{t("discussion.send")}</SubmitButton></div>
        </Form>
      </SectionCard>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
