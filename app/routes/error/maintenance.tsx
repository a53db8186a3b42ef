import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/maintenance";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";

/** The <title> in the page's language, like every page's: its heading, then the app's name. */
export function loader({ context }: Route.LoaderArgs) {
  const t = getI18n(context).getFixedT(getLocale(context));
  return { title: `${t("common:errors.maintenance_title")} · ${t("common:app_name")}` };
}

export const meta = pageTitle;

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
