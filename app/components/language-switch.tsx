import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { Form, useLocation } from "react-router";

/** POST to /language: remembers the choice in the lng cookie and reopens this page in that language. */
export function LanguageSwitch() {
  const { t } = useTranslation("common");
  const lang = useLocale();
  const location = useLocation();
  const current = lang === "id" ? "id" : "en";
  return (
    <Form method="post" action="/language" className="flex overflow-hidden rounded-md border border-slate-300 text-xs font-semibold" aria-label={t("language.label")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {(["en", "id"] as const).map((l) => (
        <button
          key={l}
          type="submit"
          name="lng"
          value={l}
          lang={l}
          aria-pressed={current === l}
          title={t(`language.${l}`)}
          className={`px-2 py-1 ${current === l ? "bg-brand-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50"}`}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </Form>
  );
}
