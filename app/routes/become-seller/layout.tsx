import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { Form, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { LanguageSwitch } from "#app/components/language-switch.tsx";
import { getMe, requireNotSeller, requireUser } from "#app/lib/auth.server.ts";
import { formTokenMiddleware } from "#app/lib/form-token.server.ts";
import { localePath } from "#app/lib/i18n.ts";

export const middleware: Route.MiddlewareFunction[] = [requireUser, requireNotSeller, formTokenMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return { userName: getMe(context).user.name };
}

/** A simple centred page for users who are not sellers yet: language switch and sign-out on top. */
export default function BecomeSellerLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("seller");
  const lang = useLocale();
  return (
    <div className="min-h-full">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <span className="text-lg font-bold text-brand-600">{t("common:app_name")}</span>
        <span className="hidden text-sm text-slate-500 sm:inline">{t("signed_in_as", { name: loaderData.userName })}</span>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch />
          <Form method="post" action={localePath(lang, "/logout")}>
            <button type="submit" className="rounded-md px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50">
              {t("common:actions.sign_out")}
            </button>
          </Form>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
