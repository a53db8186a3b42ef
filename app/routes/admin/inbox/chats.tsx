/**
 * /inbox/chat and /inbox/order (issue 17 items 1 and 2; one file, two routes): the conversations
 * with buyers, newest message first, each with its unread count — filters unread / assigned /
 * channel / status and the search by buyer name or phone (from 2 characters; with JavaScript 1 s
 * after typing), paged, all in the URL (a GET form, works without JavaScript). The order inbox is
 * the conversations about an order, each linking to its order. With JavaScript the list loads
 * again when a message comes (app/lib/use-chat-live.ts). Rules: core/chat/conversations.ts.
 */
import { Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/chats";
import { chatChoices, chatQuery, listConversations, type ConversationJson } from "#core/chat/conversations.ts";
import { CHAT_SEARCH_MIN, CHAT_SHOW, CHAT_STATUSES } from "#core/chat/options.ts";
import { formatDateTime } from "#core/lib/format.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { stripLocale } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { listHref, parseListParams } from "#app/lib/list-params.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { useChatLive } from "#app/lib/use-chat-live.ts";

const ordersOnlyAt = (pathname: string) => stripLocale(pathname).startsWith("/inbox/order");

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const ordersOnly = ordersOnlyAt(url.pathname);
  const choices = await chatChoices(scope);
  const params = parseListParams(url, {
    show: CHAT_SHOW,
    assigned: ["me", "none", ...choices.members.map((m) => String(m.id))],
    channel_id: choices.channels.map((c) => String(c.id)),
    status: CHAT_STATUSES,
  });
  const q = chatQuery.parse({ ...params.filters, search: params.search || undefined, page: Math.min(params.page, 100_000), limit: params.limit });
  const list = await listConversations(scope, q, { ordersOnly });
  const totalPage = Math.ceil(list.total / q.limit);
  if (!list.rows.length && q.page > 1 && totalPage && !list.capped) throw redirect(url.pathname + listHref(params, { page: totalPage }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t(ordersOnly ? "chat:order_inbox.title" : "chat:title")} | ${t("common:app_name")}`,
    ordersOnly, params, choices, rows: list.rows, total: list.total, capped: list.capped, totalPage,
  };
}

export default function ChatList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("chat");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { params, choices, ordersOnly } = loaderData;
  // Any chat event may move this list (a new message, a read); the order inbox only those about an order.
  useChatLive((p) => !ordersOnly || Boolean(p.order_id));
  const show = params.filters.show ?? "all";
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t(ordersOnly ? "order_inbox.title" : "title")}</h1>
        <p className="text-sm text-slate-600">{t(ordersOnly ? "order_inbox.subtitle" : "subtitle")}</p>
      </div>
      <TabBar label={t("title")} tabs={CHAT_SHOW.map((key) => ({
        key, label: t(`show.${key}`), active: show === key,
        to: pathname + listHref(params, { show: key === "all" ? null : key, page: null }),
      }))} />
      <FilterBar resetTo={pathname}>
        {params.filters.show ? <input type="hidden" name="show" value={params.filters.show} /> : null}
        <SearchBox value={params.search} placeholder={t("search")} emit={CHAT_SEARCH_MIN} />
        <FilterSelect name="assigned" label={t("filter.assigned")} value={params.filters.assigned} allLabel={t("filter.anyone")}
          options={[{ value: "me", label: t("filter.me") }, { value: "none", label: t("filter.nobody") }, ...choices.members.map((m) => ({ value: m.id, label: m.name }))]} />
        <FilterSelect name="channel_id" label={t("filter.channel")} value={params.filters.channel_id} allLabel={t("filter.all_channels")}
          options={choices.channels.map((c) => ({ value: c.id, label: c.name }))} />
        <FilterSelect name="status" label={t("filter.status")} value={params.filters.status} allLabel={t("filter.any_status")}
          options={CHAT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        <PageSizeSelect value={params.limit} />
      </FilterBar>
      {loaderData.rows.length ? (
        <DataTable<ConversationJson>
          caption={t(ordersOnly ? "order_inbox.title" : "title")}
          rows={loaderData.rows}
          rowKey={(c) => c.conversation_id}
          columns={[
            {
              key: "buyer", header: t("column.buyer"), primary: true,
              cell: (c) => (
                <div className="max-w-md">
                  <Link id={`conversation-${c.conversation_id}`} to={lp(`/inbox/chat/${c.conversation_id}`)} className={`text-brand-700 hover:underline ${c.unread ? "font-semibold" : "font-medium"}`}>
                    {c.buyer_name}
                  </Link>
                  {c.unread ? <> <StatusBadge tone="info">{t("unread", { count: c.unread })}</StatusBadge></> : null}
                  <span className="block truncate text-xs text-slate-600">{c.last_direction === "out" ? `${t("you")}: ` : ""}{c.last_preview}</span>
                </div>
              ),
            },
            { key: "channel", header: t("column.channel"), cell: (c) => c.channel_name },
            ...(ordersOnly ? [{
              key: "order", header: t("column.order"),
              cell: (c: ConversationJson) => c.sys_order_id
                ? <Link to={lp(`/orders/${c.sys_order_id}`)} className="text-brand-700 hover:underline">{c.order_code ?? c.channel_order_id}</Link>
                : c.channel_order_id,
            }] : []),
            { key: "assigned", header: t("column.assigned"), cell: (c) => c.assigned_name ?? <span className="text-slate-500">{t("filter.nobody")}</span> },
            { key: "time", header: t("column.last_message"), cell: (c) => formatDateTime(c.last_message_at) },
            { key: "status", header: t("column.status"), cell: (c) => <StatusBadge tone={c.status === "open" ? "success" : "neutral"}>{t(`status.${c.status}`)}</StatusBadge> },
          ]}
        />
      ) : (
        <EmptyState title={t(ordersOnly ? "order_inbox.empty" : "empty")} subtitle={t("empty_hint")} />
      )}
      <Pagination params={params} totalPage={loaderData.totalPage} totalRecord={loaderData.total} capped={loaderData.capped} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
