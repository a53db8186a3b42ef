/**
 * The order page's "Messages about this order" (issue 17 item 2): the conversations with the buyer
 * about this order (core/chat/conversations.ts orderConversations), each linking to its page in
 * the chat; the order inbox links back to the order. Shown to staff with the inbox privilege.
 */
import { Link } from "react-router";
import type { ConversationJson } from "#core/chat/conversations.ts";
import { formatDateTime } from "#core/lib/format.ts";
import { SectionCard } from "#app/components/section-card.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";

export function OrderMessagesCard({ rows }: { rows: ConversationJson[] }) {
  const { t } = useTranslation("order-detail");
  const lp = useLocalePath();
  return (
    <SectionCard title={t("messages.title")}>
      {rows.length ? (
        <ul className="space-y-2">
          {rows.map((c) => (
            <li key={c.conversation_id} className="text-sm">
              <Link id={`order-conversation-${c.conversation_id}`} to={lp(`/inbox/chat/${c.conversation_id}`)} className="font-medium text-brand-700 hover:underline">
                {t("messages.open", { name: c.buyer_name, channel: c.channel_name })}
              </Link>
              {c.unread ? <> <StatusBadge tone="info">{t("messages.unread", { count: c.unread })}</StatusBadge></> : null}
              <span className="line-clamp-2 block break-words text-xs text-slate-600">{c.last_preview} · {formatDateTime(c.last_message_at)}</span>
            </li>
          ))}
        </ul>
      ) : <p className="text-sm text-slate-600">{t("messages.none")}</p>}
    </SectionCard>
  );
}
