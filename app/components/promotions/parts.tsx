/**
 * Pieces the promotion pages share: the status chip, the benefit in words, the schedule, the
 * seller's actions (cancel, stop: each asks first, with or without JavaScript).
 */
import { Link } from "react-router";
import type { TFunction } from "#app/lib/i18n-react.tsx";
import type { PromotionJson } from "#core/promotions/read.ts";
import type { PromotionStatusName } from "#db/schema/promotion-enums.ts";
import { formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { ConfirmButton } from "#app/components/brand-confirm.tsx";
import { StatusBadge, type Tone } from "#app/components/list/status-badge.tsx";

const TONE: Record<PromotionStatusName, Tone> = {
  in_moderation: "warning", upcoming: "info", rejected: "danger", cancelled: "neutral", suspended: "danger", on_going: "success", ended: "neutral", empty: "warning",
};

export function PromotionStatus({ p }: { p: Pick<PromotionJson, "status_key" | "status_name"> }) {
  return <StatusBadge tone={TONE[p.status_key]}>{p.status_name}</StatusBadge>;
}

/** "10% off, at most Rp 20.000 · min. spend Rp 100.000" and the like. */
export function benefitText(p: PromotionJson, t: TFunction) {
  const off = p.discount_type === "percent"
    ? p.max_discount ? t("promotion:benefit.percent_cap", { percent: p.discount_percent, cap: formatRupiah(p.max_discount) }) : t("promotion:benefit.percent", { percent: p.discount_percent })
    : t("promotion:benefit.amount", { amount: formatRupiah(p.discount_value) });
  if (p.campaign_id) return t("promotion:benefit.campaign");
  const main = {
    discount: off, discount_time: off, voucher: off,
    cashback: t("promotion:benefit.cashback", { what: p.discount_type === "percent" ? `${p.discount_percent}%` : formatRupiah(p.discount_value), as: t(`promotion:field.${p.cashback_as ?? "points"}`) }),
    delivery: t("promotion:benefit.delivery", { amount: formatRupiah(p.discount_value) }),
    bundle: p.bundle_price !== null ? t("promotion:benefit.bundle_price", { n: p.buy_qty, price: formatRupiah(p.bundle_price) }) : t("promotion:benefit.bundle_free", { n: p.buy_qty, m: p.get_qty }),
    free: t("promotion:benefit.free"),
  }[p.kind];
  return p.min_spend > 0 ? `${main} · ${t("promotion:benefit.min_spend", { amount: formatRupiah(p.min_spend) })}` : main;
}

export function Schedule({ p }: { p: Pick<PromotionJson, "starts_at" | "ends_at"> }) {
  return <span className="whitespace-nowrap tabular-nums">{formatDateTime(p.starts_at)}<span className="block text-xs text-slate-500">– {formatDateTime(p.ends_at)}</span></span>;
}

export function Usage({ p }: { p: Pick<PromotionJson, "used" | "quota" | "promo_stock" | "stock_used"> }) {
  const { t } = useTranslation("promotion");
  return (
    <span className="tabular-nums">
      {p.quota === null ? formatNumber(p.used) : t("list.of", { used: formatNumber(p.used), quota: formatNumber(p.quota) })}
      {p.promo_stock !== null ? <span className="block text-xs text-slate-500">{t("field.promo_stock")}: {t("list.of", { used: formatNumber(p.stock_used), quota: formatNumber(p.promo_stock) })}</span> : null}
    </span>
  );
}

/** Edit, recreate, cancel and stop as the lifecycle allows them now. */
export function PromotionActions({ p, detail = true }: { p: PromotionJson; detail?: boolean }) {
  const { t } = useTranslation("promotion");
  const lp = useLocalePath();
  const describedBy = `promotion-${p.promotion_id}-name`;
  return (
    <div className="flex flex-wrap gap-2">
      {detail ? <Link to={lp(`/promotions/detail/${p.promotion_id}`)} className={buttonClass("secondary")} aria-describedby={describedBy}>{t("action.detail")}</Link> : null}
      {p.editable !== "none" ? <Link to={lp(`/promotions/edit/${p.promotion_id}`)} className={buttonClass("secondary")} aria-describedby={describedBy}>{t("action.edit")}</Link> : null}
      {/* A campaign entry is changed on its campaign's page (the page that shows Detail is that page). */}
      {p.campaign_id && !detail ? (
        <Link to={lp(`/promotions/indie-campaign/${p.campaign_id}`)} className={buttonClass("secondary")} aria-describedby={describedBy}>{t("action.campaign")}</Link>
      ) : null}
      {p.can_recreate ? <Link to={lp(`/promotions/recreate/${p.promotion_id}`)} className={buttonClass("secondary")} aria-describedby={describedBy}>{t("action.recreate")}</Link> : null}
      {p.actions.map((a) => {
        // A campaign entry is withdrawn, not cancelled: the seller's word for leaving a campaign.
        const key = p.campaign_id && a === "cancel" ? "withdraw" : a;
        return (
          <ConfirmButton key={a} fields={{ intent: a, promotion_id: p.promotion_id }} label={t(`action.${key}`)} variant="danger" describedBy={describedBy}
            text={{ title: t(`action.${key}`), body: t(`confirm.${key}`), confirmLabel: t(`action.${key}`), tone: "danger" }} />
        );
      })}
    </div>
  );
}
