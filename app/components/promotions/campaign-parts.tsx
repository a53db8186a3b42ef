/**
 * Pieces the Indie campaign pages share: a campaign's terms in words.
 */
import type { CampaignJson } from "#core/promotions/campaigns.ts";
import { formatNumber } from "#core/lib/format.ts";
import { useTranslation } from "#app/lib/i18n-react.tsx";

export function CampaignTerms({ c }: { c: Pick<CampaignJson, "min_discount_bp" | "min_discount_percent" | "max_products"> }) {
  const { t } = useTranslation("campaign");
  return (
    <ul className="space-y-0.5 text-sm text-slate-700">
      <li>{c.min_discount_bp ? t("terms.min_discount", { percent: c.min_discount_percent }) : t("terms.any_discount")}</li>
      <li>{t("terms.max_products", { count: c.max_products, n: formatNumber(c.max_products) })}</li>
    </ul>
  );
}
