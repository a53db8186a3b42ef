import { useTranslation } from "#app/lib/i18n-react.tsx";
import { Outlet, redirect, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { LanguageSwitch } from "#app/components/language-switch.tsx";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { sessionContext } from "#app/lib/session.server.ts";
import { peerContext } from "#app/lib/context.ts";
import { authOptions, type AuthOptions } from "#core/auth/sign-in.ts";

export type { AuthOptions };

/** The sign-in pages share a centred card; a signed-in user has nothing to do here. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(sessionContext).session.get("token")) throw redirect(localePath(getLocale(context), "/dashboard"));
  return { options: authOptions(context.get(peerContext)) };
}

/** The options for a page inside this layout. */
export function useAuthOptions(): AuthOptions {
  return useRouteLoaderData<typeof loader>("routes/auth/layout")!.options;
}

export default function AuthLayout() {
  const { t } = useTranslation("auth");
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-between gap-4">
          <p className="text-xl font-bold tracking-tight text-brand-700">{t("common:app_name")}</p>
          <LanguageSwitch />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <Outlet />
        </div>
        <p className="mt-6 text-center text-xs text-slate-500">{t("layout.tagline")}</p>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
