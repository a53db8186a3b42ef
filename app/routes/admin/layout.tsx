import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { Outlet, useLocation, useNavigation } from "react-router";
import { ClientOnly } from "remix-utils/client-only";
import type { Route } from "./+types/layout";
import { AdminHeader } from "#app/components/admin-header.tsx";
import { OfflineScreen, useOnline } from "#app/components/offline.tsx";
import { Sidebar } from "#app/components/sidebar.tsx";
import { realtimeTicket as ticketFor } from "#core/orders/realtime.ts";
import { sessionContext } from "#app/lib/session.server.ts";
import { getMe, getScope, requireSeller, requireUser } from "#app/lib/auth.server.ts";
import { formTokenMiddleware } from "#app/lib/form-token.server.ts";
import { reauthAsked, reauthMiddleware, reauthRefused } from "#app/lib/reauth.server.ts";
import { translator } from "#core/i18n.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { ReauthStep } from "#app/components/reauth-step.tsx";
import type { SocketState } from "#app/lib/use-seller-socket.ts";
import type { RealtimeProps } from "#app/components/realtime.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { mapConfig } from "#core/lib/maps.ts";
import { unreadCount } from "#core/notifications/feed.ts";

// Realtime is an extra: if its code cannot be fetched, the page goes on without it.
const Realtime = lazy((): Promise<{ default: ComponentType<RealtimeProps> }> =>
  import("#app/components/realtime.tsx").catch(() => ({ default: () => null })));

export const middleware: Route.MiddlewareFunction[] = [requireUser, requireSeller, formTokenMiddleware, reauthMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const me = getMe(args.context);
  return {
    realtimeTicket: realtimeTicket(args, me.business_id!),
    user: me.user,
    businessId: me.business_id!,
    businessName: me.business_name!,
    businesses: me.businesses,
    privileges: me.privileges,
    // Map tiles for the pin-point widgets (app/components/map/*), configurable by MAP_TILE_URL.
    map: mapConfig(),
    // The header's notification badge, live afterwards through the socket.
    unread: (await unreadCount(getScope(args.context))).unread_count,
    // The password step a sensitive change asked for (app/lib/reauth.server.ts), shown above the page.
    reauth: reauthAsked(new URL(args.request.url)),
    // Why the last password was refused, said inside the step (app/lib/reauth.server.ts).
    reauthRefused: reauthRefused(new URL(args.request.url), translator(getLocale(args.context))),
  };
}

/**
 * The socket ticket (core/orders/realtime.ts) is good as long as the token is, for its business: it
 * is made once and kept in the session, not on every page; a business switch makes another.
 */
function realtimeTicket(args: Route.LoaderArgs, businessId: number) {
  const web = args.context.get(sessionContext);
  const kept = web.session.get("realtime");
  // Bound to the token too: another sign-in on the same browser (a shared kiosk) asks afresh.
  const token = (web.session.get("token") ?? "").slice(0, 12);
  if (kept?.business_id === businessId && kept.token === token) return kept.ticket;
  const { ticket } = ticketFor(getScope(args.context));
  web.session.set("realtime", { ticket, business_id: businessId, token });
  web.dirty = true;
  return ticket;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const online = useOnline();
  useFocusKept();
  // Realtime (new-order snackbar, pages reloading on order events) comes after the first load.
  const [realtime, setRealtime] = useState<SocketState>("connecting");
  // The socket's unread count, until the next load brings the server's.
  const [unread, setUnread] = useState<{ count: number; over: number } | null>(null);
  const shownUnread = unread && unread.over === loaderData.unread ? unread.count : loaderData.unread;
  const onUnread = useCallback((count: number) => setUnread({ count, over: loaderData.unread }), [loaderData.unread]);
  const { pathname } = useLocation();
  const { t } = useTranslation("nav");
  return (
    <div className="min-h-full lg:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t("skip_to_content")}
      </a>
      <Sidebar privileges={loaderData.privileges} pathname={pathname} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader {...loaderData} realtime={realtime} unread={shownUnread} />
        <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none lg:p-6">
          {loaderData.reauth ? <ReauthStep key={JSON.stringify(loaderData.reauth)} fields={loaderData.reauth} refused={loaderData.reauthRefused} /> : null}
          {online ? <Outlet /> : <OfflineScreen />}
        </main>
      </div>
      {/* Only while online: fetching its code offline would fail the page (a chunk error reloads it). */}
      {online ? (
        // ClientOnly's own state, not the layout's: the layout re-rendering at hydration's end redrew
        // the header and sidebar at once, a long task on a slow phone just as it becomes interactive.
        <ClientOnly>
          {() => (
            <Suspense fallback={null}>
              <Realtime ticket={loaderData.realtimeTicket} onState={setRealtime} onUnread={onUnread} />
            </Suspense>
          )}
        </ClientOnly>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/**
 * After a search, a row action or a page change, the element that had the keyboard focus may be
 * gone (a row that left its tab, a button re-rendered): the focus would fall to <body> and a
 * keyboard or screen-reader user would start again from the top of the document. It goes to the
 * page's content instead, where the skip link leads, without scrolling.
 */
function useFocusKept() {
  const state = useNavigation().state;
  const was = useRef(state);
  useEffect(() => {
    const settled = was.current !== "idle" && state === "idle";
    was.current = state;
    if (!settled) return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [state]);
}
