import { useTranslation } from "#app/lib/i18n-react.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";

/** A discussion thread's status as a badge: unanswered, answered, hidden. */
export function ThreadStatus({ status }: { status: string }) {
  const { t } = useTranslation("inbox");
  const tone = status === "unanswered" ? "warning" : status === "answered" ? "success" : "neutral";
  return <StatusBadge tone={tone}>{t(`discussion.tab.${status}`)}</StatusBadge>;
}
