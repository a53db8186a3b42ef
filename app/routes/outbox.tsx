import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/outbox";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { LanguageSwitch } from "#app/components/language-switch.tsx";
import { formatDateTime } from "#core/lib/format.ts";
import { demoOutbox } from "#core/lib/notifier.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { peerContext } from "#app/lib/context.ts";
import { pageTitle } from "#app/lib/meta.ts";

/**
 * Demo mode only, for a browser on the server's own machine (core/lib/notifier.ts demoOutbox): the
 * notifier's last 50 messages, open without signing in because this is where a demo user reads the
 * code of a forgotten password. Anywhere else, and to anyone else, it is the not-found page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const messages = await demoOutbox(context.get(peerContext));
  const t = getI18n(context).getFixedT(getLocale(context));
  return { messages, title: `${t("auth:outbox.title")} · ${t("common:app_name")}` };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const { messages } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-bold text-brand-700">{t("common:app_name")}</p>
          <h1 className="text-2xl font-semibold">{t("outbox.title")}</h1>
        </div>
        <div className="flex items-center gap-2">
          <a href={localePath(locale, "/outbox")} className={buttonClass("secondary")}>{t("common:actions.refresh")}</a>
          <LanguageSwitch />
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t("outbox.intro")}</p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("outbox.empty")}</p>
      ) : (
        <ol className="mt-6 space-y-3">
          {messages.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                <span className="rounded bg-slate-100 px-2 py-0.5 font-semibold uppercase text-slate-700">
                  {t(m.channel === "email" ? "outbox.email" : "outbox.sms")}
                </span>
                <span>{t("outbox.to", { target: m.target })}</span>
                <time dateTime={new Date(m.time_created * 1000).toISOString()}>{formatDateTime(m.time_created)} WIB</time>
                {m.error ? <span className="text-red-700">{t("outbox.failed", { error: m.error })}</span> : null}
              </div>
              <p className="mt-2 font-medium">{m.subject}</p>
              <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-8 text-center text-sm">
        <Link to={localePath(locale, "/auth")} className="font-medium text-brand-700 hover:underline">{t("forgot.back_to_sign_in")}</Link>
      </p>
    </main>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
