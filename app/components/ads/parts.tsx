/**
 * Pieces the Indie ads pages share: the state chip, CTR and money in words, and the seller's
 * moves — pause and resume as plain POST forms, end asking first (the dialog with JavaScript, the
 * page's confirm step without). The rules are core/promotions/ads.ts.
 */
import { Form, Link } from "react-router";
import type { AdJson } from "#core/promotions/ads.ts";
import type { AdState } from "#core/promotions/ad-options.ts";
import { formatRupiah } from "#core/lib/format.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { ConfirmButton } from "#app/components/brand-confirm.tsx";
import { StatusBadge, type Tone } from "#app/components/list/status-badge.tsx";

const TONE: Record<AdState, Tone> = {
  running: "success", budget_reached: "warning", deposit_empty: "danger", scheduled: "info", paused: "neutral", ended: "neutral",
};

export function AdStateBadge({ ad }: { ad: Pick<AdJson, "state" | "state_name"> }) {
  return <StatusBadge tone={TONE[ad.state]}>{ad.state_name}</StatusBadge>;
}

/** "2,5%", or a dash before the first impression. */
export const ctrText = (ctr: number | null) => (ctr === null ? "–" : `${String(ctr).replace(".", ",")}%`);
export const moneyOrDash = (n: number | null) => (n === null ? "–" : formatRupiah(n));

/** Edit and the moves the table allows now (ad-options.ts). */
export function AdActions({ ad, detail = true }: { ad: Pick<AdJson, "ad_id" | "name" | "actions" | "editable">; detail?: boolean }) {
  const { t } = useTranslation("ads");
  const lp = useLocalePath();
  const describedBy = `ad-${ad.ad_id}-name`;
  return (
    <div className="flex flex-wrap gap-2">
      {detail ? <Link to={lp(`/promotions/indie-ads/${ad.ad_id}`)} className={buttonClass("secondary")} aria-describedby={describedBy}>{t("action.detail")}</Link> : null}
      {ad.editable ? <Link to={lp(`/promotions/indie-ads/${ad.ad_id}/edit`)} className={buttonClass("secondary")} aria-describedby={describedBy}>{t("action.edit")}</Link> : null}
      {ad.actions.map((a) => a === "end" ? (
        <ConfirmButton key={a} fields={{ intent: a, ad_id: ad.ad_id }} label={t("action.end")} variant="danger" describedBy={describedBy}
          text={{ title: t("action.end"), body: t("confirm.end", { name: ad.name }), confirmLabel: t("action.end"), tone: "danger" }} />
      ) : (
        <Form key={a} method="post" className="inline">
          <input type="hidden" name="intent" value={a} />
          <input type="hidden" name="ad_id" value={ad.ad_id} />
          <button type="submit" className={buttonClass("secondary")} aria-describedby={describedBy}>{t(`action.${a}`)}</button>
        </Form>
      ))}
    </div>
  );
}

/** The deposit the ads are paid from, with the way to top it up (when the member may). */
export function DepositBar({ balance, canTopUp, low }: { balance: number; canTopUp: boolean; low: boolean }) {
  const { t } = useTranslation("ads");
  const lp = useLocalePath();
  return (
    <section aria-labelledby="ads-deposit" className={`flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4 ${low ? "border-red-200 bg-red-50" : "border-slate-200 bg-white"}`}>
      <div className="min-w-0">
        <h2 id="ads-deposit" className="text-sm font-medium text-slate-600">{t("deposit.title")}</h2>
        <p className="text-lg font-semibold tabular-nums text-slate-900" data-testid="ads-deposit-balance">{formatRupiah(balance)}</p>
        <p className={`text-xs ${low ? "text-red-700" : "text-slate-500"}`}>{low ? t("deposit.low") : t("deposit.hint")}</p>
      </div>
      {canTopUp ? <Link to={lp("/income-balance/deposit")} className={buttonClass(low ? "primary" : "secondary")}>{t("deposit.top_up")}</Link> : null}
    </section>
  );
}
