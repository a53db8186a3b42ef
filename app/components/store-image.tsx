/** A store's photo on cards and tables (app/components/store-card.tsx, the branch table). */
import { useTranslation } from "#app/lib/i18n-react.tsx";

/** The store's photo, or a neutral placeholder with the store's initial. */
export function StoreImage({ src, name, size, decorative }: { src: string | null; name: string; size: number; decorative?: boolean }) {
  const { t } = useTranslation("store");
  if (src) {
    return (
      <img src={src} alt={decorative ? "" : t("card.image_of", { name })} width={size} height={size} loading="lazy"
        className="shrink-0 rounded-md border border-slate-200 object-cover" style={{ width: size, height: size }} />
    );
  }
  return (
    <span aria-hidden className="flex shrink-0 items-center justify-center rounded-md bg-slate-100 font-semibold text-slate-500"
      style={{ width: size, height: size, fontSize: Math.max(12, size / 3) }}>
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
