import { useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "./components/error-boundary.tsx";
import { Toaster } from "./components/toaster.tsx";
import { nonceContext } from "./lib/context.ts";
import { createI18n, localeFromPath } from "./lib/i18n.ts";
import { getLocale, i18nextMiddleware, resourcesFor } from "./lib/i18n.server.ts";
import { sessionContext, sessionMiddleware, takeToasts } from "./lib/session.server.ts";
import "./styles/app.css";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, i18nextMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const locale = getLocale(context) as "en" | "id";
  return data({
    locale,
    resources: resourcesFor(locale),
    toasts: takeToasts(context.get(sessionContext)),
    nonce: context.get(nonceContext),
  });
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
        <Links />
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
  const { locale, resources, toasts } = loaderData;
  const i18n = useMemo(() => createI18n(locale, resources), [locale, resources]);
  return (
    <I18nextProvider i18n={i18n}>
      <Outlet />
      <Toaster toasts={toasts} />
    </I18nextProvider>
  );
}

export function ErrorBoundary() {
  const root = useRouteLoaderData<typeof loader>("root");
  const i18n = useMemo(
    () => (root ? createI18n(root.locale, root.resources) : undefined),
    [root],
  );
  if (!i18n) return <GeneralErrorBoundary />;
  return (
    <I18nextProvider i18n={i18n}>
      <GeneralErrorBoundary />
    </I18nextProvider>
  );
}
