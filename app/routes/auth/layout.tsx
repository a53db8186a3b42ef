import { useTranslation } from "#app/lib/i18n-react.tsx";
import { Outlet, redirect, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { PublicShell } from "#app/components/public-shell.tsx";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { sessionContext } from "#app/lib/session.server.ts";
import { peerContext } from "#app/lib/context.ts";
import { authOptions, type AuthOptions } from "#core/auth/sign-in.ts";

export type { AuthOptions };

/** The sign-in pages share a centred card; a signed-in user has nothing to do here. */
export function loader({ context }: Route.LoaderArgs) {
  // Home ("/") knows where: the dashboard, or a staff member's start page.
  if (context.get(sessionContext).session.get("token")) throw redirect(localePath(getLocale(context), "/"));
  return { options: authOptions(context.get(peerContext)) };
}

/** The options for a page inside this layout. */
export function useAuthOptions(): AuthOptions {
  return useRouteLoaderData<typeof loader>("routes/auth/layout")!.options;
}

export default function AuthLayout() {
  const { t } = useTranslation("auth");
  return (
    <PublicShell footer={<p className="mt-6 text-center text-xs text-slate-500">{t("layout.tagline")}</p>}>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
