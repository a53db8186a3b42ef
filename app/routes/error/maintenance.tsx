import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { Link } from "react-router";
import { localePath } from "#app/lib/i18n.ts";

export function meta() {
  return [{ title: "Maintenance" }];
}

export default function Maintenance() {
  const { t } = useTranslation("common");
  const lang = useLocale();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-xl font-semibold">{t("errors.maintenance_title")}</h1>
      <p className="text-slate-600">{t("errors.maintenance_body")}</p>
      <Link to={localePath(lang, "/")} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white">
        {t("actions.refresh")}
      </Link>
    </main>
  );
}
