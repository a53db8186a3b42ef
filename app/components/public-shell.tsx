/**
 * The frame of a page for people not in the back-office yet (sign-in, register, reset, an
 * invitation): the app's name and the language switch over one centred card.
 */
import type { ReactNode } from "react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { LanguageSwitch } from "./language-switch.tsx";

export function PublicShell({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-between gap-4">
          <p className="text-xl font-bold tracking-tight text-brand-700">{t("common:app_name")}</p>
          <LanguageSwitch />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
        {footer}
      </div>
    </main>
  );
}
