/**
 * /setting/chat: the business's chat settings (core/settings/chat.ts, the same functions as PUT
 * /v0.0.0/settings/business/{id}/chat and …/chat/unblock): auto-reply, office hours with the away
 * message, and the buyers blocked from chatting with Unblock. Needs the "setting" privilege.
 * Two POSTs: `save` (the settings form) and `unblock` (one buyer); both come back to this page.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/chat";
import { chatBody, getChatSettings, saveChatSettings, unblockBody, unblockChatBuyer } from "#core/settings/chat.ts";
import { NotFound } from "#core/errors.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ChatSettingsPage } from "#app/components/chat-settings.tsx";
import { getMe, getSellerScope } from "#app/lib/auth.server.ts";
import { submitForm } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const businessOf = (args: { context: Route.LoaderArgs["context"] }) => getMe(args.context).business_id!;

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const chat = await getChatSettings(getSellerScope(args.context, "setting"), businessOf(args));
  return { title: `${t("settings:chat.title")} | ${t("common:app_name")}`, chat };
}

export async function action(args: Route.ActionArgs) {
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const scope = getSellerScope(args.context, "setting");
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  if (intent !== "save" && intent !== "unblock") throw data(t("common:errors.unknown_action"), { status: 400 });
  const id = businessOf(args);
  const r = intent === "save"
    ? await submitForm(args, formData, chatBody, (v) => saveChatSettings(scope, id, v))
    : await submitForm(args, formData, unblockBody, (v) => unblockChatBuyer(scope, id, v).catch((e) => {
      // Someone unblocked them meanwhile: the list, shown again, is the answer.
      if (!(e instanceof NotFound)) throw e;
      flashToast(args.context, "info", t(e.message));
      throw redirect(localePath(locale, "/setting/chat"));
    }));
  if (!r.ok) return r.reply;
  flashToast(args.context, "success", t(intent === "save" ? "settings:api.chat_saved" : "settings:api.unblocked"));
  throw redirect(localePath(locale, "/setting/chat"));
}

export default function ChatSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <ChatSettingsPage chat={loaderData.chat} reply={actionData} />;
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
