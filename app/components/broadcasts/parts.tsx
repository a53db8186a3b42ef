/** Broadcasts' small parts: the status badges of a broadcast and of a recipient. */
import { StatusBadge, type Tone } from "#app/components/list/status-badge.tsx";

const BROADCAST_TONE: Record<string, Tone> = { scheduled: "info", sending: "warning", done: "success", cancelled: "neutral" };
const RECIPIENT_TONE: Record<string, Tone> = {
  queued: "neutral", sending: "warning", sent: "success", failed: "danger", unknown: "danger",
  skipped_opt_out: "neutral", skipped_no_address: "neutral", cancelled: "neutral",
};

export function BroadcastBadge({ status, label }: { status: string; label: string }) {
  return <StatusBadge tone={BROADCAST_TONE[status] ?? "neutral"}>{label}</StatusBadge>;
}

export function RecipientBadge({ status, label }: { status: string; label: string }) {
  return <span data-status={status}><StatusBadge tone={RECIPIENT_TONE[status] ?? "neutral"}>{label}</StatusBadge></span>;
}
