/**
 * Realtime for orders in the admin layout (spec "Other UI": new-order notice; "Realtime"):
 * - onSellerNewOrder {channel_name, order_id, sys_order_id} → a snackbar, top right, for 7 s:
 *   "You have new order on {channel} with Order ID {id}" with "View Order Page" → /orders/:slug
 *   (slug = sys_order_id). Several orders in a row stack (the newest on top, at most three).
 * - onSellerNewOrder and onSellerOrderUpdate {sys_order_id} → the open orders list (and the
 *   dashboard's figures, or the order's own page) load their data again, so counts and rows stay
 *   true while staff work. A burst of events makes one reload at a time, not one per event.
 * It is an extra: without JavaScript the page is right on its next load.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigation, useRevalidator } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { localePath, stripLocale } from "#app/lib/i18n.ts";

type NewOrder = { channel_name: string; order_id: string; sys_order_id: number };
type Notice = NewOrder & { key: number };

const SHOW_MS = 7000; // spec section 9: new-order snackbar 7000 ms
const GAP_MS = 300; // events closer than this make one reload

/** Whether an event about `orderId` changes what the page at `path` shows. */
function concerns(path: string, event: string, orderId: number | undefined) {
  const p = stripLocale(path);
  if (p === "/orders") return true;
  if (p === "/dashboard") return event === "onSellerNewOrder";
  const detail = /^\/orders\/(\d+)$/.exec(p);
  return Boolean(detail && orderId !== undefined && Number(detail[1]) === orderId);
}

/** The layout's socket handler (stable) and the notices to show. */
export function useOrderEvents() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const here = useRef({ pathname, revalidator, navigating: navigation.state !== "idle" });
  here.current = { pathname, revalidator, navigating: navigation.state !== "idle" };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reload = useCallback(() => {
    // The page is loading anyway (staff's own action, a link): its data comes fresh. Reloading on
    // top of it would cancel that load and lose the notice its action left (flash toasts are read once).
    if (here.current.navigating) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(function tryNow() {
      const { revalidator: r, navigating } = here.current;
      if (navigating) return;
      // One reload at a time: wait for the running one, then load once more for what came since.
      if (r.state !== "idle") timer.current = setTimeout(tryNow, GAP_MS);
      else void r.revalidate();
    }, GAP_MS);
  }, []);

  const onEvent = useCallback((event: string, payload: unknown) => {
    if (event !== "onSellerNewOrder" && event !== "onSellerOrderUpdate") return;
    const p = (payload ?? {}) as Partial<NewOrder>;
    if (event === "onSellerNewOrder" && p.sys_order_id !== undefined) {
      const notice = { channel_name: String(p.channel_name ?? ""), order_id: String(p.order_id ?? ""), sys_order_id: Number(p.sys_order_id), key: Date.now() + Math.random() };
      setNotices((list) => [notice, ...list].slice(0, 3));
      setTimeout(() => setNotices((list) => list.filter((n) => n.key !== notice.key)), SHOW_MS);
    }
    if (concerns(here.current.pathname, event, p.sys_order_id === undefined ? undefined : Number(p.sys_order_id))) reload();
  }, [reload]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { onEvent, notices, dismiss: (key: number) => setNotices((list) => list.filter((n) => n.key !== key)) };
}

export function NewOrderSnackbar({ notices, dismiss }: { notices: Notice[]; dismiss: (key: number) => void }) {
  const { t } = useTranslation("nav");
  const lang = useLocale();
  return (
    // A live region without the status role: the page's toasts own that one (tests and readers find them by it).
    <div aria-live="polite" className="no-print pointer-events-none fixed right-3 top-3 z-50 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2">
      {notices.map((n) => (
        <div key={n.key} className="pointer-events-auto rounded-md bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
          <p>{t("new_order.message", { channel: n.channel_name, id: n.order_id })}</p>
          <div className="mt-2 flex justify-end gap-3">
            <button type="button" onClick={() => dismiss(n.key)} className="text-slate-300 hover:text-white">{t("new_order.close")}</button>
            <Link to={localePath(lang, `/orders/${n.sys_order_id}`)} onClick={() => dismiss(n.key)} className="font-semibold text-brand-100 hover:underline">
              {t("new_order.view")}
            </Link>
          </div>
        </div>
      ))}
    </div>
  );
}
