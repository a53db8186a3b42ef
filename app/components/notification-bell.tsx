/**
 * The header's way to the notifications (/notification) with the unread count: rendered by the
 * server from the layout's loader (no JavaScript needed), then kept current by the socket's
 * onSellerNotificationCount (app/components/realtime.tsx → the layout's state).
 */
import { Link } from "react-router";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import { localePath } from "#app/lib/i18n.ts";

export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation("nav");
  const label = unread ? `${t("notifications")}: ${t("unread", { count: unread })}` : t("notifications");
  return (
    <Link to={localePath(useLocale(), "/notification")} className="relative rounded p-2 text-slate-600 hover:bg-slate-100" aria-label={label} title={label}>
      <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread ? (
        <span aria-hidden className="absolute -right-0.5 -top-0.5 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[0.65rem] font-semibold leading-[1.1rem] text-white">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
