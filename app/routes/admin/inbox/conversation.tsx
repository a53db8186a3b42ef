/**
 * /inbox/chat/:id: one conversation with a buyer — the messages (oldest first, the latest 100),
 * each outbound one with its delivery status; the reply form with the quick replies and a product
 * or order card; assign, close / open again, mark read, block the buyer (asked first); the order
 * it is about, linked. Plain POST forms with an `intent` (work without JavaScript).
 *
 * Reading never writes (decision 27): with JavaScript opening the page posts `read` once the
 * messages are on screen (and again when a new one comes while it is open); without JavaScript a
 * reply marks read, and so does the "Mark read" button. Quick replies without JavaScript: choose
 * one and press "Insert" — the page comes back with its text in the reply field (nothing is
 * written); with JavaScript choosing fills the field at once.
 * Rules: core/chat/conversations.ts, core/chat/templates.ts.
 */
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/conversation";
import {
  assignConversation, blockConversationBuyer, chatAssignBody, chatReplyBody, chatStatusBody, conversationDetail,
  markConversationRead, replyConversation, setConversationStatus, type ChatMessageJson,
} from "#core/chat/conversations.ts";
import { createTemplate, deleteTemplate, listTemplates, templateBody } from "#core/chat/templates.ts";
import { CHAT_MESSAGE_MAX } from "#core/chat/options.ts";
import { chatChoices } from "#core/chat/conversations.ts";
import { NotFound } from "#core/errors.ts";
import { formatDateTime, formatRupiah } from "#core/lib/format.ts";
import { buttonClass, inputClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormErrors, formState, TextArea, TextInput, type FormReply } from "#app/components/form.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { ConfirmButton } from "#app/components/brand-confirm.tsx";
import { can, getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { submitForm } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { useChatLive } from "#app/lib/use-chat-live.ts";

const idOf = (v: unknown, missing = "chat:errors.not_found") => {
  const id = Number(v);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFound(missing);
  return id;
};

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const [c, templates, choices] = await Promise.all([
    conversationDetail(scope, idOf(args.params.id)), listTemplates(scope), chatChoices(scope),
  ]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  // Blocking changes the chat settings' block list: offered to who may change settings, no one else.
  const canBlock = can(args.context, "setting");
  return {
    title: `${c.buyer_name} | ${t("chat:title")} | ${t("common:app_name")}`, c, templates, members: choices.members, canBlock,
    confirmingBlock: canBlock && confirmAsked(new URL(args.request.url), "block") !== null,
  };
}

type ActionData = FormReply & { section?: string };

export async function action(args: Route.ActionArgs) {
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const id = idOf(args.params.id);
  const scope = getScope(args.context);
  const formData = await args.request.formData();
  const intent = String(formData.get("intent") ?? "");
  const back = () => redirect(localePath(locale, `/inbox/chat/${id}`));
  const done = (key: string) => {
    flashToast(args.context, "success", t(key));
    return back();
  };
  switch (intent) {
    case "reply": {
      const r = await submitForm(args, formData, chatReplyBody, (v) => replyConversation(scope, id, v));
      if (!r.ok) return r.reply;
      throw done("chat:done.sent");
    }
    case "use_template": {
      // Nothing is written: the form comes back with the quick reply's text in it.
      const templates = await listTemplates(scope);
      const chosen = templates.find((x) => String(x.template_id) === String(formData.get("template_id")));
      return data({ initialValue: { intent: "reply", message: chosen?.body ?? String(formData.get("message") ?? ""), card_kind: String(formData.get("card_kind") ?? ""), product_sku: String(formData.get("product_sku") ?? "") } });
    }
    case "read":
      await markConversationRead(scope, id);
      if (formData.get("quiet") === "1") return data({ ok: true });
      throw done("chat:done.read");
    case "assign": {
      const r = await submitForm(args, formData, chatAssignBody, (v) => assignConversation(scope, id, v));
      if (!r.ok) return r.reply;
      throw done("chat:done.assigned");
    }
    case "status": {
      const r = await submitForm(args, formData, chatStatusBody, (v) => setConversationStatus(scope, id, v));
      if (!r.ok) return r.reply;
      throw done(`chat:done.${r.value.status}`);
    }
    case "block":
      requireConfirmed(args.request, formData, "block", localePath(locale, `/inbox/chat/${id}`));
      await blockConversationBuyer(scope, id);
      throw done("chat:done.blocked");
    case "template_create": {
      const r = await submitForm(args, formData, templateBody, (v) => createTemplate(scope, v));
      if (!r.ok) return r.reply;
      throw done("chat:done.template_saved");
    }
    case "template_delete":
      await deleteTemplate(scope, idOf(formData.get("template_id"), "chat:errors.template_not_found"));
      throw done("chat:done.template_deleted");
    default:
      throw data(t("common:errors.unknown_action"), { status: 400 });
  }
}

function Bubble({ m }: { m: ChatMessageJson }) {
  const { t } = useTranslation("chat");
  const lp = useLocalePath();
  const out = m.direction === "out";
  return (
    <li id={`message-${m.message_id}`} className={`flex ${out ? "justify-end" : "justify-start"}`}>
      <div className={`max-w-[85%] rounded-lg border p-3 ${out ? "border-brand-200 bg-brand-50" : "border-slate-200 bg-white"}`}>
        <p className="whitespace-pre-line break-words text-sm text-slate-900">{m.message}</p>
        {m.card ? (
          <div className="mt-2 rounded-md border border-slate-200 bg-white p-2 text-sm">
            {m.card.kind === "product" ? (
              <><span className="block text-xs text-slate-500">{t("card.product")}</span>{m.card.name} · {m.card.sku} · {formatRupiah(m.card.price)}</>
            ) : (
              <><span className="block text-xs text-slate-500">{t("card.order")}</span>
                <Link to={lp(`/orders/${m.card.id}`)} className="text-brand-700 hover:underline">{m.card.code}</Link> · {formatRupiah(m.card.total)}</>
            )}
          </div>
        ) : null}
        <p className="mt-1 text-xs text-slate-600">
          {out ? (m.auto ? t("auto_reply") : m.sender_name ?? t("you")) : t("buyer")} · {formatDateTime(m.time_created)}
          {out && m.delivery ? <> · <span data-delivery={m.delivery}>{t(`delivery.${m.delivery}`)}</span></> : null}
          {!out && m.read_at ? <> · {t("read")}</> : null}
          {out && m.read_at ? <> · {t("seen_by_buyer")}</> : null}
        </p>
      </div>
    </li>
  );
}

function Intent({ intent, label, fields = {}, variant = "secondary" }: { intent: string; label: string; fields?: Record<string, string | number>; variant?: "secondary" | "primary" | "danger" }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <button type="submit" className={buttonClass(variant)}>{label}</button>
    </Form>
  );
}

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("chat");
  const lp = useLocalePath();
  const { c, templates, members, canBlock, confirmingBlock } = loaderData;
  const blockText = { title: t("block_title"), body: t("block_body", { name: c.buyer_name }), confirmLabel: t("block"), tone: "danger" as const };
  const reply = actionData as ActionData | undefined;
  const intentOf = (reply?.initialValue as Record<string, unknown> | undefined)?.intent;
  const replyForm = formState(intentOf === "reply" ? reply : undefined, { id: "reply" });
  const templateForm = formState(intentOf === "template_create" ? reply : undefined, { id: "template" });
  const otherErrors = intentOf && !["reply", "template_create"].includes(String(intentOf)) && reply?.status === "error"
    ? Object.values(reply.error ?? {}).flat().filter((x): x is string => Boolean(x)) : undefined;
  const { typing } = useChatLive((p) => p.conversation_id === c.conversation_id, c.conversation_id);
  // Opening the page (with JavaScript) marks what is on screen read: a POST, never the GET.
  const reader = useFetcher();
  const asked = useRef(0);
  useEffect(() => {
    if (c.unread > 0 && asked.current !== c.last_message_at && document.visibilityState === "visible") {
      asked.current = c.last_message_at;
      void reader.submit({ intent: "read", quiet: "1" }, { method: "post" });
    }
  }, [c.unread, c.last_message_at, reader]);
  const listEnd = useRef<HTMLLIElement>(null);
  // The newest message in view. A block body: Chromium's scrollIntoView now answers a Promise, which
  // React would take for the effect's cleanup and call.
  useEffect(() => {
    void listEnd.current?.scrollIntoView({ block: "nearest" });
  }, [c.messages.length]);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={lp(c.sys_order_id ? "/inbox/order" : "/inbox/chat")} className="text-sm font-medium text-brand-700 hover:underline">← {t(c.sys_order_id ? "order_inbox.title" : "title")}</Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-xl font-semibold text-slate-900">{c.buyer_name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <StatusBadge tone={c.status === "open" ? "success" : "neutral"}>{t(`status.${c.status}`)}</StatusBadge>
            <span>{c.channel_name}</span>
            {c.buyer_phone ? <span>{c.buyer_phone}</span> : null}
            {c.unread ? <StatusBadge tone="info">{t("unread", { count: c.unread })}</StatusBadge> : null}
            {c.customer_id ? <Link to={lp(`/customer/${c.customer_id}`)} className="text-brand-700 hover:underline">{t("customer")}</Link> : null}
          </p>
          {c.sys_order_id ? (
            <p className="mt-1 text-sm">
              {t("about_order")} <Link id="conversation-order" to={lp(`/orders/${c.sys_order_id}`)} className="font-medium text-brand-700 hover:underline">{c.order_code ?? c.channel_order_id}</Link>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {c.unread ? <Intent intent="read" label={t("mark_read")} /> : null}
          <Intent intent="status" fields={{ status: c.status === "open" ? "closed" : "open" }} label={t(c.status === "open" ? "close" : "reopen")} />
          {canBlock ? <ConfirmButton fields={{ intent: "block" }} label={t("block")} variant="danger" text={blockText} /> : null}
        </div>
      </div>
      {confirmingBlock ? <ConfirmPanel text={blockText} fields={{ intent: "block" }} cancelTo={lp(`/inbox/chat/${c.conversation_id}`)} /> : null}
      <FormErrors errors={otherErrors} />
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="assign" />
        <div>
          <label htmlFor="assigned_to" className="mb-1 block text-xs font-medium text-slate-600">{t("assign_to")}</label>
          <select id="assigned_to" name="assigned_to" defaultValue={c.assigned_to ?? ""} key={c.assigned_to ?? ""} className={inputClass}>
            <option value="">{t("filter.nobody")}</option>
            {members.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>{t("assign")}</button>
      </Form>
      <section aria-labelledby="messages" className="space-y-2">
        <h2 id="messages" className="text-base font-semibold text-slate-900">{t("messages", { count: c.messages.length })}</h2>
        {c.more ? <p className="text-xs text-slate-500">{t("older_hidden")}</p> : null}
        <ol aria-live="polite" className="max-h-[60vh] space-y-2 overflow-y-auto rounded-lg bg-slate-50 p-2">
          {c.messages.map((m) => <Bubble key={m.message_id} m={m} />)}
          <li ref={listEnd} aria-hidden="true" />
        </ol>
        {typing ? <p className="text-xs italic text-slate-600" role="status">{t("typing", { name: c.buyer_name })}</p> : null}
      </section>
      <SectionCard title={t("reply_title")}>
        {/* A new form after each sent message (its fields empty again); a buyer's message leaves what is typed alone. */}
        <Form method="post" noValidate className="space-y-3" key={c.messages.filter((m) => m.direction === "out").length}>
          <FormToken />
          {/* Enter in a field sends the reply: the form's first submit button is the default one, and Insert comes before Send. */}
          <button type="submit" name="intent" value="reply" hidden tabIndex={-1} aria-hidden="true" />
          <FormErrors errors={replyForm.formErrors} />
          <TextArea form={replyForm} name="message" label={t("reply")} rows={3} maxLength={CHAT_MESSAGE_MAX} required />
          {templates.length ? (
            <div className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1">
                <label htmlFor="template_id" className="mb-1 block text-xs font-medium text-slate-600">{t("quick_reply")}</label>
                <select id="template_id" name="template_id" className={inputClass} defaultValue=""
                  onChange={(e) => {
                    const chosen = templates.find((x) => String(x.template_id) === e.currentTarget.value);
                    const field = e.currentTarget.form?.elements.namedItem("message");
                    if (chosen && field instanceof HTMLTextAreaElement) field.value = chosen.body;
                  }}>
                  <option value="">{t("quick_reply_none")}</option>
                  {templates.map((x) => <option key={x.template_id} value={x.template_id}>{x.title}</option>)}
                </select>
              </div>
              <button type="submit" name="intent" value="use_template" formNoValidate className={buttonClass("secondary")}>{t("insert")}</button>
            </div>
          ) : null}
          <fieldset className="space-y-2">
            <legend className="text-xs font-medium text-slate-600">{t("card.attach")}</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="inline-flex items-center gap-1"><input type="radio" name="card_kind" value="" defaultChecked={!replyForm.value("card_kind")} /> {t("card.none")}</label>
              <label className="inline-flex items-center gap-1"><input type="radio" name="card_kind" value="product" defaultChecked={replyForm.value("card_kind") === "product"} /> {t("card.product")}</label>
              {c.sys_order_id ? <label className="inline-flex items-center gap-1"><input type="radio" name="card_kind" value="order" defaultChecked={replyForm.value("card_kind") === "order"} /> {t("card.this_order")}</label> : null}
            </div>
            <TextInput form={replyForm} name="product_sku" label={t("card.sku")} hint={t("card.sku_hint")} maxLength={80} />
          </fieldset>
          <div className="flex justify-end"><button type="submit" name="intent" value="reply" className={buttonClass("primary")}>{t("send")}</button></div>
        </Form>
      </SectionCard>
      <SectionCard title={t("templates.title")} hint={t("templates.hint")}>
        {templates.length ? (
          <ul className="mb-4 divide-y divide-slate-100">
            {templates.map((x) => (
              <li key={x.template_id} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0"><p className="text-sm font-medium text-slate-900">{x.title}</p><p className="break-words text-sm text-slate-600">{x.body}</p></div>
                <Intent intent="template_delete" fields={{ template_id: x.template_id }} label={t("templates.delete")} />
              </li>
            ))}
          </ul>
        ) : <p className="mb-4 text-sm text-slate-600">{t("templates.empty")}</p>}
        <Form method="post" noValidate className="space-y-3">
          <FormToken />
          <input type="hidden" name="intent" value="template_create" />
          <FormErrors errors={templateForm.formErrors} />
          <TextInput form={templateForm} name="title" label={t("templates.name")} maxLength={60} required />
          <TextArea form={templateForm} name="body" label={t("templates.body")} rows={2} maxLength={CHAT_MESSAGE_MAX} required />
          <div className="flex justify-end"><button type="submit" className={buttonClass("secondary")}>{t("templates.save")}</button></div>
        </Form>
      </SectionCard>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
