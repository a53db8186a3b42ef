import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, useLocation, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { actions as actionsEn, app_name as appNameEn, errors as errorsEn } from "../locales/en/common.json";
import { actions as actionsId, app_name as appNameId, errors as errorsId } from "../locales/id/common.json";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "./components/error-boundary.tsx";
import { Toaster } from "./components/toaster.tsx";
import { nonceContext } from "./lib/context.ts";
import { areaOf, localeFromPath } from "./lib/i18n.ts";
import { I18nProvider } from "./lib/i18n-react.tsx";
import { bundleAt, keepBundle, loadBundle } from "./lib/i18n-bundles.ts";
import { rootData } from "./lib/root-data.ts";
import { bundleFor, getLocale, i18nextMiddleware } from "./lib/i18n.server.ts";
import { newFormToken } from "./lib/form-token.server.ts";
import { sessionContext, sessionMiddleware, takeToasts } from "./lib/session.server.ts";
import appCss from "./styles/app.css?url";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, i18nextMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = getLocale(context) as "en" | "id";
  // The page's strings travel as a cached file, not in every page's HTML (i18n-bundles.ts).
  const bundle = bundleFor(locale, new URL(request.url).pathname);
  keepBundle(bundle.href, bundle.resources);
  return data({
    locale,
    i18n: bundle.href,
    toasts: takeToasts(context.get(sessionContext)),
    nonce: context.get(nonceContext),
    // The create forms' one-time token (form-token.server.ts): new with every render and after every success.
    formToken: newFormToken(),
  });
}

/** A page of another area needs that area's strings before it shows (hydration loads the first in entry.client.tsx). */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  // A layout below that refused (the 403 page) leaves the root no data: then a document load (root-data.ts).
  const data = await rootData(serverLoader, request.url);
  // Without the strings, go there the plain way: the server renders the page in its language.
  await loadBundle(data.i18n).catch(() => {
    window.location.assign(request.url);
    return new Promise<never>(() => {});
  });
  return data;
}

// The strings come per area (i18n.server.ts): moving to another area fetches that area's.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return areaOf(currentUrl.pathname) !== areaOf(nextUrl.pathname) || defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = root?.locale ?? (typeof window !== "undefined" ? localeFromPath(window.location.pathname) : "en");
  return (
    <html lang={locale} className="h-full bg-slate-50">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f6feb" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* The stylesheet is all the first paint waits for (the HTML is server-rendered): with a
            precedence React writes it first in <head>, ahead of the modulepreload links. */}
        <link rel="stylesheet" href={appCss} precedence="app" />
        <Links />
        {/* The strings are for hydrating (entry.client.tsx), not for the first paint: low priority too. */}
        {root?.i18n ? <link rel="preload" href={root.i18n} as="fetch" crossOrigin="anonymous" fetchPriority="low" id="i18n-bundle" /> : null}
      </head>
      <body className="h-full text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { locale, i18n, toasts } = loaderData;
  return (
    <I18nProvider language={locale} resources={bundleAt(i18n) ?? {}}>
      <Outlet />
      <Toaster toasts={toasts} />
    </I18nProvider>
  );
}

// When a request fails before the root loader ran (e.g. an unknown "/xyz" refused by the locale
// middleware), the error page still speaks the URL's language with the common strings.
const COMMON = {
  en: { common: { app_name: appNameEn, errors: errorsEn, actions: actionsEn } },
  id: { common: { app_name: appNameId, errors: errorsId, actions: actionsId } },
};

export function ErrorBoundary() {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = root?.locale ?? localeFromPath(useLocation().pathname);
  return (
    <I18nProvider language={locale} resources={bundleAt(root?.i18n) ?? COMMON[locale]}>
      <GeneralErrorBoundary />
    </I18nProvider>
  );
}
