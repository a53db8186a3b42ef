/**
 * /profile/company/:slug (slug = business id): the company's info, documents and update history.
 *
 * Decisions where the spec is silent:
 * - Editing is its own page, /profile/company/:slug/edit (edit.tsx), so this read-only page does not
 *   load the form kit. Only the owner sees Edit; core refuses anyone else anyway.
 * - The update history card shows the latest 5 changes, newest first, with readable values; "View
 *   Update History" opens all of them, page by page, in the shared modal (?history=<id>).
 */
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/detail";
import { statusName } from "#db/schema/company-enums.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { companyTone } from "#app/components/list/company-tone.ts";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { HistoryLink } from "#app/components/update-history-lazy.tsx";
import { UpdateHistoryEntries, UpdateHistoryModal, type HistoryEntry } from "#app/components/update-history.tsx";
import { companyHistory, getCompany } from "#core/business/companies.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { loadHistory } from "#app/lib/history.server.ts";
import { formatDate, formatDateTime } from "#core/lib/format.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const scope = getScope(args.context);
  const [company, latest, history] = await Promise.all([
    getCompany(scope, id),
    companyHistory(scope, id, { page: 1, limit: 5 }),
    loadHistory(args, (ref, page) => companyHistory(scope, ref, page), { allow: (ref) => ref === id }),
  ]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${company.name} | ${t("common:app_name")}`,
    company,
    latest: latest.rows as HistoryEntry[],
    history,
  };
}

export default function CompanyDetail({ loaderData }: Route.ComponentProps) {
  const { company: c, latest, history } = loaderData;
  const { t } = useTranslation("company");
  const labels = {
    fieldLabel: (field: string) => t(`fields.${field}`, { defaultValue: field }),
    valueLabel: (field: string, value: unknown) => historyValue(t, field, value),
    actionLabel: (action: string) => t(`history.actions.${action}`, { defaultValue: action }),
  };
  const locale = useLocale();

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <Link to={localePath(locale, "/profile/company")} className="text-sm font-medium text-brand-700 hover:underline">← {t("back_to_list")}</Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold text-slate-900">{c.name}</h1>
          <StatusBadge tone={companyTone(c.status)}>{c.status_name}</StatusBadge>
          {c.is_active_business ? <StatusBadge tone="info">{t("chips.active_business")}</StatusBadge> : null}
        </div>
        {c.is_owner ? <Link to={localePath(locale, `/profile/company/${c.business_id}/edit`)} className={buttonClass("secondary")}>{t("edit")}</Link> : null}
      </div>
      {!c.is_owner ? <p className="text-sm text-slate-500">{t("detail.not_owner")}</p> : null}

      <Card title={t("detail.info")}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Item label={t("fields.name")}>{c.name}</Item>
          <Item label={t("fields.legal_type")}>{c.legal_type_name}</Item>
          <Item label={t("fields.business_type")}>{c.business_type.name}</Item>
          <Item label={t("fields.ownership")}>{t(c.is_owner ? "chips.owned" : "chips.partnership")}</Item>
          <Item label={t("fields.email")}>{c.email}</Item>
          <Item label={t("fields.phone")}>{c.phone}</Item>
          <Item label={t("fields.address")} wide>{c.address}</Item>
          <Item label={t("fields.village")}>{c.village ? `${c.village.name}, ${c.village.district}` : null}</Item>
          <Item label={t("fields.city")}>{c.city ? `${c.city.location_name}, ${c.city.province_name}` : null}</Item>
          <Item label={t("fields.postcode")}>{c.postcode}</Item>
          <Item label={t("fields.tax_id")}>{c.tax_id}</Item>
          <Item label={t("fields.group")}>{c.group?.name}</Item>
          <Item label={t("fields.time_created")}>{formatDate(c.time_created)}</Item>
          <Item label={t("fields.time_modified")}>{formatDateTime(c.time_modified)}</Item>
          <Item label={t("fields.description")} wide>{c.description}</Item>
        </dl>
      </Card>

      <Card title={t("detail.documents")}>
        {c.document_datas.length ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {c.document_datas.map((d) => (
              <li key={d.url} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium text-slate-700">{d.type_name}</span>
                <a href={d.url} target="_blank" rel="noreferrer" className="break-all text-brand-700 hover:underline">{d.name}</a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t("detail.no_documents")}</p>
        )}
      </Card>

      <Card title={t("detail.history")}>
        {latest.length ? (
          <>
            <UpdateHistoryEntries rows={latest} {...labels} />
            <p className="mt-4">
              <HistoryLink id={c.business_id} />
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-500">{t("detail.no_history")}</p>
        )}
      </Card>
      <UpdateHistoryModal history={history} title={c.name} {...labels} />
    </div>
  );
}

/** A history value as the person saw it: codes turned back into their labels. */
function historyValue(t: (key: string) => string, field: string, value: unknown) {
  return field === "legal_type" ? t(`utilities:legal_types.${value}`)
    : field === "business_type" ? t(`utilities:business_types.${value}`)
    : field === "status" ? t(`common:status.${statusName(Number(value))}`)
    : undefined;
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="mb-4 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Item({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line text-slate-800">{children || "-"}</dd>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
