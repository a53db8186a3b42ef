/** The POS report's transaction pages (daily settlement list, consolidation, transaction detail) as tabs. */
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";

const PAGES = [
  { key: "daily", path: "/omnichannel/pos-report/transaction/daily-settlement-list", label: "omni.daily_title" },
  { key: "consolidation", path: "/omnichannel/pos-report/transaction/consolidation-settlement", label: "omni.consolidation_title" },
  { key: "detail", path: "/omnichannel/pos-report/transaction/transaction-detail", label: "omni.detail_title" },
] as const;

export function TransactionTabs({ active }: { active: (typeof PAGES)[number]["key"] }) {
  const { t } = useTranslation("income");
  const lp = useLocalePath();
  return <TabBar label={t("omni.daily_title")} tabs={PAGES.map((p) => ({ key: p.key, to: lp(p.path), label: t(p.label), active: p.key === active }))} />;
}
