import type { Segment } from "#core/customers/segments.ts";
import { StatusBadge, type Tone } from "#app/components/list/status-badge.tsx";
import { useTranslation } from "#app/lib/i18n-react.tsx";

const TONE: Record<Segment, Tone> = {
  champions: "success", loyal: "success", new: "info", promising: "info", at_risk: "warning", hibernating: "neutral", lost: "danger", no_orders: "neutral",
};

/** A customer's RFM segment (core/customers/segments.ts), its rule as the tooltip. */
export function SegmentBadge({ segment }: { segment: Segment }) {
  const { t } = useTranslation("customer");
  return <span title={t(`segment_hint.${segment}`)}><StatusBadge tone={TONE[segment]}>{t(`segment.${segment}`)}</StatusBadge></span>;
}
