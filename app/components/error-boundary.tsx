import { useEffect } from "react";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { isChunkLoadError, reloadAfterChunkError } from "#app/lib/chunk-reload.ts";
import { localePath } from "#app/lib/i18n.ts";

/**
 * The one error screen (spec section 8): 404 "This page could not be found" with a link home;
 * 403 (app/lib/auth.server.ts forbiddenPage) says what is missing and links the pages the person
 * may open; other route errors show their status (default 500) and message; unexpected errors show
 * "Something went wrong! Please try again.". A failed chunk load reloads the page (once per 60 s).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("common");
  const lang = useLocale();
  const home = localePath(lang, "/");

  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorScreen status={404} title={t("errors.not_found")} home={home} homeLabel={t("errors.go_home")} />;
  }
  if (isRouteErrorResponse(error) && error.status === 403 && isForbiddenPage(error.data)) {
    return <ForbiddenScreen {...error.data.forbidden} home={home} homeLabel={t("errors.go_home")} />;
  }
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" ? error.data : error.statusText;
    return <ErrorScreen status={error.status || 500} title={message || t("errors.title")} home={home} homeLabel={t("errors.go_home")} />;
  }
  if (typeof window === "undefined" || !isChunkLoadError(error)) console.error(error);
  return <ErrorScreen title={t("errors.something_wrong")} home={home} homeLabel={t("errors.go_home")} />;
}

type Forbidden = { title: string; message: string; linksTitle: string; links: { href: string; label: string }[] };

function isForbiddenPage(v: unknown): v is { forbidden: Forbidden } {
  const f = (v as { forbidden?: Forbidden } | null)?.forbidden;
  return typeof f?.title === "string" && Array.isArray(f.links);
}

/** The 403 page: what is missing, and where this person may go instead (plain links: no JavaScript needed). */
function ForbiddenScreen({ title, message, linksTitle, links, home, homeLabel }: Forbidden & { home: string; homeLabel: string }) {
  const { t } = useTranslation("common");
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-6 text-center sm:p-8">
      <title>{`403 · ${title} | ${t("app_name")}`}</title>
      <p className="text-6xl font-bold text-brand-600">403</p>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="max-w-md text-sm text-slate-600">{message}</p>
      {links.length ? (
        <nav aria-labelledby="forbidden-links" className="w-full max-w-md">
          <h2 id="forbidden-links" className="mb-2 text-sm font-medium text-slate-700">{linksTitle}</h2>
          <ul className="flex flex-wrap justify-center gap-2">
            {links.map((l) => (
              <li key={l.href}>
                <Link to={l.href} className="inline-block rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <Link to={home} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">{homeLabel}</Link>
      )}
    </main>
  );
}

export function ErrorScreen({ status, title, home, homeLabel }: { status?: number; title: string; home: string; homeLabel: string }) {
  const { t } = useTranslation("common");
  // The page's only <title> (a page's meta gives none on an error: app/lib/meta.ts), ending like every page's.
  const documentTitle = `${status ? `${status} · ${title}` : title} | ${t("app_name")}`;
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{documentTitle}</title>
      {status ? <p className="text-6xl font-bold text-brand-600">{status}</p> : null}
      <h1 className="text-xl font-semibold">{title}</h1>
      <Link to={home} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {homeLabel}
      </Link>
    </main>
  );
}
