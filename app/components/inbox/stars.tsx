import { useTranslation } from "#app/lib/i18n-react.tsx";

/** A 1–5 rating as stars, read out as "4 of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation("inbox");
  return (
    <span className="whitespace-nowrap text-amber-600" role="img" aria-label={t("stars", { rating })}>
      {"★".repeat(rating)}<span className="text-slate-300">{"★".repeat(5 - rating)}</span>
    </span>
  );
}
