/**
 * Two timelines, newest first: the courier's tracking (GET /{id}/tracking) and the order's status
 * history (who did what, when, from which status to which, with the reason and note given).
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatDateTime } from "#core/lib/format.ts";
import { Card } from "./detail-info.tsx";
import type { OrderHistoryRow, OrderTracking } from "./detail-types.ts";

function Timeline({ children }: { children: React.ReactNode }) {
  return <ol className="relative space-y-4 border-l border-slate-200 pl-4">{children}</ol>;
}

function Entry({ time, first, children }: { time: number | null; first: boolean; children: React.ReactNode }) {
  return (
    <li className="relative text-sm">
      <span aria-hidden className={`absolute -left-[1.3rem] top-1 h-2.5 w-2.5 rounded-full ring-2 ring-white ${first ? "bg-brand-600" : "bg-slate-300"}`} />
      {time ? <p className="text-xs tabular-nums text-slate-500"><time dateTime={new Date(time * 1000).toISOString()}>{formatDateTime(time)}</time></p> : null}
      {children}
    </li>
  );
}

export function TrackingCard({ rows }: { rows: OrderTracking["timeline"] }) {
  const { t } = useTranslation("order-detail");
  return (
    <Card title={t("tracking.title")} id="order-tracking">
      {rows.length ? (
        <Timeline>
          {rows.map((r, i) => (
            <Entry key={`${r.time_created}-${i}`} time={r.time_created} first={i === 0}>
              <p className="text-slate-800">{r.description}</p>
              {r.location ? <p className="text-slate-500">{r.location}</p> : null}
            </Entry>
          ))}
        </Timeline>
      ) : <p className="text-sm text-slate-500">{t("tracking.empty")}</p>}
    </Card>
  );
}

/** The history newest first (the API gives it in the order it happened). */
export function HistoryCard({ rows: oldestFirst }: { rows: OrderHistoryRow[] }) {
  const rows = [...oldestFirst].reverse();
  const { t } = useTranslation("order-detail");
  const reasonText = (r: OrderHistoryRow) => {
    if (r.reason == null) return null;
    const complaint = r.action === "complain" || r.to_status === "complaint";
    return t(complaint ? `orders:complaint_reasons.${r.reason}` : `orders:cancel_reasons.${r.reason}`, { defaultValue: "-" });
  };
  return (
    <Card title={t("history.title")} id="order-history">
      <Timeline>
        {rows.map((r, i) => {
          const reason = reasonText(r);
          return (
            <Entry key={`${r.time_created}-${i}`} time={r.time_created} first={i === 0}>
              <p className="font-medium text-slate-800">{t(`orders:status.${r.to_status}`)}</p>
              <p className="text-slate-500">
                {r.action === "create" ? t("history.create") : t(`orders:actions.${r.action}`)}
                {" · "}{t("history.by", { who: r.user_name ?? t(`orders:actors.${r.actor}`) })}
              </p>
              {reason ? <p className="text-slate-600">{t("history.reason", { reason })}</p> : null}
              {r.note ? <p className="whitespace-pre-line text-slate-600">“{r.note}”</p> : null}
            </Entry>
          );
        })}
      </Timeline>
    </Card>
  );
}
