/**
 * What the margin pages share (core/partners/margins.ts): the rules table with Edit and Delete
 * (asks first: ConfirmSubmitButton with JavaScript, ?confirm=delete&margin_rule_id=… without),
 * and how a rule's target and value read.
 */
import { Link } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { MarginRuleJson } from "#core/partners/margins.ts";
import { formatRupiah } from "#core/lib/format.ts";
import { localePath } from "#app/lib/i18n.ts";
import { DataTable, type Column } from "./list/data-table.tsx";
import { ConfirmPanel, type ConfirmText } from "./list/confirm-dialog.tsx";
import { ConfirmSubmitButton } from "./warehouse-confirm-button.tsx";

/** The add page's slug of a scope (reseller_brand → reseller-brand). */
export const slugOf = (scope: string) => scope.replace("_", "-");

export function useRuleText() {
  const { t } = useTranslation("margin");
  const locale = useLocale();
  return {
    target: (r: MarginRuleJson) => {
      if (r.scope === "default") return t("scope.default");
      const names = [r.partner_data?.name, r.store_data?.name, r.brand_data?.name, r.category_data?.name].filter(Boolean);
      return `${t(`scope.${r.scope}`)}: ${names.join(" · ")}`;
    },
    value: (r: Pick<MarginRuleJson, "type" | "value">) => (r.type === "percent" ? `${r.value.toLocaleString(locale === "id" ? "id-ID" : "en-US")} %` : formatRupiah(r.value)),
    deleteText: (name: string): ConfirmText => ({ title: t("delete.title"), body: t("delete.body", { name }), confirmLabel: t("delete.confirm"), tone: "danger" }),
  };
}

/** The edit link of a rule: its add page, with the target filled in. */
export function editHref(locale: string, r: MarginRuleJson) {
  const q = new URLSearchParams();
  if (r.partner_data) q.set("partner_id", String(r.partner_data.partner_id));
  if (r.store_data) q.set("store_id", String(r.store_data.store_branch_id));
  if (r.brand_data) q.set("brand_id", String(r.brand_data.brand_id));
  if (r.category_data) q.set("category_id", String(r.category_data.category_id));
  const path = r.scope === "default" ? "/margin/default" : `/margin/add/${slugOf(r.scope)}`;
  return localePath(locale as "en", path) + (q.size ? `?${q}` : "");
}

export function RulesTable({ rules, caption, toDelete, cancelTo }: {
  rules: MarginRuleJson[]; caption: string; toDelete: MarginRuleJson | null; cancelTo: string;
}) {
  const { t } = useTranslation("margin");
  const locale = useLocale();
  const text = useRuleText();
  const columns: Column<MarginRuleJson>[] = [
    { key: "target", header: t("fields.target"), primary: true, cell: (r) => <span className="font-medium text-slate-900">{text.target(r)}</span> },
    { key: "value", header: t("fields.value"), cell: (r) => <span>{text.value(r)}</span> },
    {
      key: "actions", header: t("fields.actions"),
      cell: (r) => (
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 md:justify-start">
          <a href={editHref(locale, r)} className="text-sm font-medium text-brand-700 hover:underline">{t("edit")}<span className="sr-only"> {text.target(r)}</span></a>
          <ConfirmSubmitButton fields={{ intent: "delete", margin_rule_id: r.margin_rule_id }} text={text.deleteText(text.target(r))} variant="ghost"
            className="!px-2 !py-1 !text-red-700 hover:!bg-red-50">
            {t("delete.button")}<span className="sr-only"> {text.target(r)}</span>
          </ConfirmSubmitButton>
        </div>
      ),
    },
  ];
  return (
    <div className="space-y-3">
      {toDelete ? (
        <ConfirmPanel text={text.deleteText(text.target(toDelete))} fields={{ intent: "delete", margin_rule_id: toDelete.margin_rule_id }} cancelTo={cancelTo} />
      ) : null}
      {rules.length
        ? <DataTable caption={caption} columns={columns} rows={rules} rowKey={(r) => r.margin_rule_id} />
        : <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-500">{t("no_rules")}</p>}
      <p className="text-xs text-slate-500"><Link to={localePath(locale as "en", "/margin")} className="text-brand-700 hover:underline">{t("precedence_link")}</Link></p>
    </div>
  );
}
