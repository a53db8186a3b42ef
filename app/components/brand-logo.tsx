/**
 * Small pieces every brand page shows: the logo (or initials), the verified check, the tone of a
 * partnership status chip and the status switch's confirm texts. Apart from the card
 * (brand-card.tsx) so the brand's own pages do not load the card.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { PARTNERSHIP_STATUS } from "#core/profile/profile-enums.ts";
import type { Tone } from "./list/status-badge.tsx";
import { useToggleText } from "./list/confirm-dialog.tsx";

/** The brand's logo, or its initials on a tint when it has none. */
export function BrandLogo({ url, name, size = "md" }: { url: string | null; name: string; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation("brand");
  const box = { sm: "h-10 w-10 text-sm", md: "h-16 w-16 text-lg", lg: "h-20 w-20 text-xl" }[size];
  if (url) {
    return <img src={url} alt={t("logo_of", { name })} width={80} height={80} className={`${box} shrink-0 rounded-md border border-slate-200 bg-white object-cover`} />;
  }
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join("");
  return (
    <span aria-hidden className={`${box} inline-flex shrink-0 items-center justify-center rounded-md bg-brand-50 font-semibold text-brand-700`}>
      {initials || "?"}
    </span>
  );
}

/** The verified check (3 or more documents, spec section 9). */
export function VerifiedIcon() {
  const { t } = useTranslation("brand");
  return (
    <svg role="img" aria-label={t("verified")} viewBox="0 0 24 24" className="inline h-5 w-5 shrink-0 text-sky-600" fill="currentColor">
      <title>{t("verified")}</title>
      <path d="M12 1.5l2.6 1.9 3.2-.1 1 3 2.6 1.9-1 3.1 1 3.1-2.6 1.9-1 3-3.2-.1L12 22.5l-2.6-1.9-3.2.1-1-3-2.6-1.9 1-3.1-1-3.1 2.6-1.9 1-3 3.2.1z" />
      <path d="M10.6 15.6l-3.2-3.2 1.4-1.4 1.8 1.8 4.6-4.6 1.4 1.4z" fill="#fff" />
    </svg>
  );
}

/** The confirm texts of a brand's status switch. */
export function useBrandToggleText() {
  return useToggleText("brand");
}

/** The tone of a partnership status chip. */
export const partnershipTone = (status: number): Tone =>
  status === PARTNERSHIP_STATUS.connected ? "success" : status === PARTNERSHIP_STATUS.disconnected ? "neutral" : "warning";

