/**
 * /notification (spec 2 "Top level"; issue 13 item 5): the signed-in member's notifications in the
 * active business, newest first, on the list shell — unread / read / all, sort and page size in
 * the URL. Each entry opens its object: "Open" is a POST that marks it read and goes to the
 * object's page; "Mark read" and "Mark all read" stay here. Plain forms: all of it works without
 * JavaScript. The header's badge (app/components/notification-bell.tsx) shows the unread count.
 */
import { Form, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/notification";
import {
  getNotification, listNotifications, markAllRead, markRead, notificationListQuery, type NotificationJson,
} from "#core/notifications/feed.ts";
import { NOTIFICATION_STATUS } from "#core/notifications/events.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { getMe, getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { idFromForm } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";

const FILTERS = { status: NOTIFICATION_STATUS };
const SORTS = [1, 2] as const;

const SPEC: ListPageSpec<NotificationJson, typeof FILTERS> = {
  list: (scope, q) => listNotifications(scope, notificationListQuery.parse(q)),
  filters: FILTERS,
  sorts: SORTS,
  idField: "notification_id",
  titleKey: "notification:title_count",
};

export async function loader(args: Route.LoaderArgs) {
  const page = await loadListPage(args, SPEC);
  const me = getMe(args.context);
  // The settings page is under Setting (its privilege): no link to a page that would turn them away.
  return { ...page, businessName: me.business_name ?? "", canSet: me.privileges.includes("setting") };
}

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return listPageAction(args, SPEC, async (intent, form, { listUrl }) => {
    if (intent === "open") {
      const id = idFromForm(form, "notification_id");
      const n = await getNotification(scope, id);
      await markRead(scope, [id]);
      throw redirect(n.link ? localePath(getLocale(args.context), n.link) : listUrl);
    }
    if (intent === "read") {
      await markRead(scope, [idFromForm(form, "notification_id")]);
      flashToast(args.context, "success", t("notification:marked_read"));
      throw redirect(listUrl);
    }
    if (intent === "read_all") {
      await markAllRead(scope);
      flashToast(args.context, "success", t("notification:marked_all_read"));
      throw redirect(listUrl);
    }
    return undefined;
  });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { params } = loaderData;
  const { t } = useTranslation("notification");
  const locale = useLocale();
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {loaderData.canSet ? <Link to={localePath(locale, "/setting/notification")} className={buttonClass("ghost")}>{t("settings_link")}</Link> : null}
        <Form method="post">
          <SubmitButton name="intent" value="read_all" variant="secondary">{t("mark_all_read")}</SubmitButton>
        </Form>
      </div>
      <ListPage
        data={loaderData}
        title={t("title_count", { total: formatNumber(loaderData.list.pagination.total_record) })}
        intro={t("intro", { business: loaderData.businessName })}
        filters={<>
          <FilterSelect name="status" label={t("show")} value={params.filters.status} allLabel={t("all")}
            options={NOTIFICATION_STATUS.map((v) => ({ value: v, label: t(`status.${v}`) }))} />
          <SortSelect value={params.sort} sorts={SORTS} />
          <PageSizeSelect value={params.limit} />
        </>}
        empty={<EmptyState title={t("empty")} subtitle={t("empty_hint")} />}
      >
        {(rows) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label={t("list_label")}>
            {rows.map((n) => <Entry key={n.notification_id} n={n} />)}
          </ul>
        )}
      </ListPage>
    </div>
  );
}

function Entry({ n }: { n: NotificationJson }) {
  const { t } = useTranslation("notification");
  return (
    <li className={`flex flex-wrap items-center gap-3 px-4 py-3 ${n.is_read ? "" : "bg-brand-50"}`}>
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-600">
          {t(`event_name.${n.event}`)} · <time dateTime={new Date(n.time_created * 1000).toISOString()}>{formatDateTime(n.time_created)}</time>
          {n.is_read ? null : <> · <strong className="font-semibold text-brand-700">{t("new")}</strong></>}
        </p>
        <p className={`text-sm ${n.is_read ? "text-slate-700" : "font-medium text-slate-900"}`}>{n.message}</p>
      </div>
      <Form method="post" className="flex gap-2">
        <input type="hidden" name="notification_id" value={n.notification_id} />
        {n.link ? <SubmitButton name="intent" value="open" variant="secondary">{t("open")}</SubmitButton> : null}
        {n.is_read ? null : <button type="submit" name="intent" value="read" className={buttonClass("ghost")}>{t("mark_read")}</button>}
      </Form>
    </li>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
