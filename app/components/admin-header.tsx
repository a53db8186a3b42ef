import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { localePath } from "#app/lib/i18n.ts";
import type { SocketState } from "#app/lib/use-seller-socket.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { NotificationBell } from "./notification-bell.tsx";
import { usePopover } from "./popover.ts";

type Props = {
  user: { name: string; email: string | null; photo: string | null };
  businessId: number;
  businessName: string;
  businesses: { business_id: number; name: string }[];
  realtime: SocketState;
  /** Unread notifications (the bell's badge). */
  unread: number;
};

/**
 * Active business (switchable), language switch that keeps the page, notifications (unread count),
 * user menu with the account and security pages, the shared kiosk's "switch user" (a full page
 * load: nothing of this person stays in the page's memory; app/routes/admin/switch-user.tsx) and sign-out.
 */
export function AdminHeader({ user, businessId, businesses, realtime, unread }: Props) {
  const { t } = useTranslation("nav");
  const lang = useLocale();
  const location = useLocation();
  const submit = useSubmit();
  const here = location.pathname + location.search;
  const userMenu = usePopover();
  return (
    <header className="no-print sticky top-0 z-20 flex items-center gap-2 border-b sm:gap-3 border-slate-200 bg-white px-4 py-2">
      {/* The menu's checkbox is invisible (sidebar.tsx): its keyboard focus shows on this button. */}
      <label htmlFor="sidebar-toggle" className="cursor-pointer rounded p-2 text-slate-600 hover:bg-slate-100 lg:hidden [body:has(#sidebar-toggle:focus-visible)_&]:outline-2 [body:has(#sidebar-toggle:focus-visible)_&]:outline-brand-600">
        <span aria-hidden>☰</span>
        <span className="sr-only">{t("menu")}</span>
      </label>
      <Form method="post" action={localePath(lang, "/business/switch")} className="flex min-w-0 flex-1 items-center gap-2">
        <input type="hidden" name="redirectTo" value={here} />
        <label htmlFor="active-business" className="sr-only text-xs text-slate-500 sm:not-sr-only">{t("active_business")}</label>
        <select
          id="active-business"
          name="business_id"
          defaultValue={businessId}
          key={businessId}
          onChange={(e) => submit(e.currentTarget.form)}
          className="w-full min-w-[5rem] max-w-[12rem] truncate rounded-md border border-slate-300 bg-white py-1.5 pl-2 pr-7 text-sm font-medium sm:max-w-xs"
        >
          {businesses.map((b) => <option key={b.business_id} value={b.business_id}>{b.name}</option>)}
        </select>
        <noscript>
          <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 text-sm">{t("switch")}</button>
        </noscript>
      </Form>
      {/* Every business of the user, grouped, with "Switch to" (the spec's /list); on a phone it is in the user menu. */}
      <Link to={localePath(lang, "/list")} className="hidden whitespace-nowrap text-sm font-medium text-brand-700 hover:underline sm:inline">{t("all_businesses")}</Link>
      {/* The business name gives way on a phone: these keep their size. */}
      <div className="ml-auto flex shrink-0 items-center gap-2">
        <span
          className={`hidden h-2 w-2 rounded-full sm:block ${realtime === "joined" ? "bg-emerald-500" : realtime === "failed" ? "bg-red-500" : "bg-slate-300"}`}
          title={t(`realtime.${realtime}`)}
          role="img"
          aria-label={t(`realtime.${realtime}`)}
        />
        <NotificationBell unread={unread} />
        <LanguageSwitch />
        <details ref={userMenu} className="relative">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 hover:bg-slate-100">
            {user.photo ? (
              <img src={user.photo} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
            ) : (
              <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700">
                {user.name.slice(0, 1).toUpperCase()}
              </span>
            )}
            <span className="hidden text-sm font-medium sm:block">{user.name}</span>
            <span className="sr-only">{t("user_menu")}</span>
          </summary>
          <div className="absolute right-0 z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
            <p className="truncate px-2 py-1 text-sm font-medium">{user.name}</p>
            <p className="truncate px-2 pb-2 text-xs text-slate-500">{user.email}</p>
            <Link to={localePath(lang, "/setting/account")} className="block rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
              {t("my_account")}
            </Link>
            <Link to={localePath(lang, "/list")} className="block rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 sm:hidden">{t("all_businesses")}</Link>
            <Link to={localePath(lang, "/setting/security")} className="block rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">{t("security")}</Link>
            <Form method="post" action={localePath(lang, "/switch-user")} reloadDocument>
              <button type="submit" className="w-full rounded px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100">{t("switch_user")}</button>
            </Form>
            <Form method="post" action={localePath(lang, "/logout")}>
              <button type="submit" className="w-full rounded px-2 py-1.5 text-left text-sm text-red-700 hover:bg-red-50">
                {t("common:actions.sign_out")}
              </button>
            </Form>
          </div>
        </details>
      </div>
    </header>
  );
}
