/**
 * /reseller/data-detail/:id (and /supplier/…, /partner/…): everything about one trading partner —
 * contacts, address with its pin, bank account, terms, note, for a reseller its stores, brands
 * and margin rules — the status switch (asks first; ?confirm=toggle&… without JavaScript), Edit,
 * and the update history (newest first, paged by ?hpage=).
 */
import { Link } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/detail";
import { kindOfPath } from "#core/partners/partner-kinds.ts";
import { getPartner, partnerHistory, partnerStatusKey, setPartnerStatus } from "#core/partners/trading-partners.ts";
import { listMarginRules } from "#core/partners/margins.ts";
import { formatRupiah } from "#core/lib/format.ts";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel, useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { StatusSwitch } from "#app/components/list/status-switch.tsx";
import { PinPointMap } from "#app/components/map/pin-point-lazy.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { toggleAction, toggleAsked } from "#app/lib/toggle.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const HISTORY_PAGE = 10;

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const kind = kindOfPath(url.pathname);
  const id = idFromSlug(args.params.id);
  const scope = getScope(args.context);
  const hpage = Math.max(1, Math.min(10_000, Number(url.searchParams.get("hpage")) || 1));
  const [partner, history, rules] = await Promise.all([
    getPartner(scope, kind, id),
    partnerHistory(scope, kind, id, { page: hpage, limit: HISTORY_PAGE }),
    kind === "reseller" ? listMarginRules(scope) : [],
    PinPointMap.ready(),
  ]);
  const asked = toggleAsked(url, "partner_id");
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${partner.name} · ${t(`trading-partner:${kind}.detail`)} | ${t("common:app_name")}`,
    kind, partner, history: { ...history, page: hpage, pages: Math.ceil(history.total / HISTORY_PAGE) },
    rules: rules.filter((r) => r.partner_data?.partner_id === id),
    confirm: asked && asked.id === id ? asked : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const kind = kindOfPath(url.pathname);
  const scope = getScope(args.context);
  const form = await args.request.formData();
  return toggleAction(args, form, {
    idField: "partner_id",
    listUrl: url.pathname,
    async toggle(id, activate) {
      const rows = await setPartnerStatus(scope, kind, [id], activate);
      flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))(partnerStatusKey(kind, activate, rows.length), { count: rows.length }));
    },
  });
}

function Item({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export default function PartnerDetail({ loaderData }: Route.ComponentProps) {
  const { kind, partner: p, history, rules, confirm } = loaderData;
  const { t } = useTranslation("trading-partner");
  const locale = useLocale();
  const confirmText = useToggleText("trading-partner", `${kind}.`);
  const here = localePath(locale, `/${kind}/data-detail/${p.partner_id}`);
  const dash = "–";
  const when = (s: number | null) => (s ? new Date(s * 1000).toLocaleString(locale === "id" ? "id-ID" : "en-GB", { timeZone: "Asia/Jakarta", dateStyle: "medium", timeStyle: "short" }) : dash);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <Link to={localePath(locale, `/${kind}/data`)} className="text-sm font-medium text-brand-700 hover:underline">← {t(`${kind}.back_to_list`)}</Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold text-slate-900">
          {p.name} <StatusBadge tone={p.status === 1 ? "success" : "neutral"}>{p.status_name}</StatusBadge>
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          <StatusSwitch checked={p.status === 1} label={t("toggle_label", { name: p.name })}
            fields={{ intent: "toggle", partner_id: p.partner_id }} confirmFor={(activate) => confirmText(activate, p.name)} />
          <Link to={localePath(locale, `/${kind}/edit/${p.partner_id}`)} className={buttonClass("primary")}>{t(`${kind}.edit`)}</Link>
        </div>
      </div>
      {confirm ? (
        <ConfirmPanel text={confirmText(confirm.action === "activate", p.name)}
          fields={{ intent: "toggle", partner_id: p.partner_id, action: confirm.action }} cancelTo={here} />
      ) : null}

      <SectionCard title={t("sections.contacts")}>
        {p.contacts.length ? (
          <ul className="grid gap-3 md:grid-cols-2">
            {p.contacts.map((c, i) => (
              <li key={i} className="rounded-md border border-slate-200 p-3 text-sm">
                <p className="font-semibold text-slate-900">{c.name}{c.role ? <span className="font-normal text-slate-500"> · {c.role}</span> : null}</p>
                {c.phone ? <p><a href={`tel:${c.phone}`} className="text-brand-700 hover:underline">{c.phone}</a></p> : null}
                {c.email ? <p><a href={`mailto:${c.email}`} className="text-brand-700 hover:underline">{c.email}</a></p> : null}
              </li>
            ))}
          </ul>
        ) : <p className="text-sm text-slate-500">{t("no_contacts")}</p>}
      </SectionCard>

      <SectionCard title={t("sections.address")}>
        <dl className="grid gap-3 md:grid-cols-3">
          <Item className="md:col-span-3" label={t("fields.address")}>{p.address ?? dash}</Item>
          <Item label={t("fields.city")}>{p.location_name ?? dash}</Item>
          <Item label={t("fields.province")}>{p.province_name ?? dash}</Item>
          <Item label={t("fields.postcode")}>{p.postcode ?? dash}</Item>
        </dl>
        {p.latitude !== null && p.longitude !== null ? <PinPointMap lat={p.latitude} lng={p.longitude} /> : null}
      </SectionCard>

      <div className="grid gap-4 md:grid-cols-2">
        <SectionCard title={t("sections.bank")}>
          {p.bank ? (
            <dl className="space-y-2">
              <Item label={t("fields.bank_code")}>{p.bank.bank_name}</Item>
              <Item label={t("fields.bank_account_name")}>{p.bank.account_name}</Item>
              <Item label={t("fields.bank_account_no")}>{p.bank.account_no}</Item>
            </dl>
          ) : <p className="text-sm text-slate-500">{t("no_bank")}</p>}
        </SectionCard>
        <SectionCard title={t("sections.terms")}>
          <dl className="space-y-2">
            <Item label={t("fields.payment_days")}>{t("days_count", { count: p.payment_days })}</Item>
            <Item label={t("fields.credit_limit")}>{formatRupiah(p.credit_limit)}</Item>
            <Item label={t("fields.note")}>{p.note ?? dash}</Item>
          </dl>
        </SectionCard>
      </div>

      {kind === "reseller" ? (
        <SectionCard title={t("sections.links")}
          actions={<Link to={localePath(locale, `/margin/add/reseller?partner_id=${p.partner_id}`)} className="text-sm font-medium text-brand-700 hover:underline">{t("set_margin")}</Link>}>
          <dl className="grid gap-3 md:grid-cols-2">
            <Item label={t("fields.stores")}>{p.store_datas.map((s) => s.name).join(", ") || dash}</Item>
            <Item label={t("fields.brands")}>{p.brand_datas.map((b) => b.name).join(", ") || dash}</Item>
            <Item className="md:col-span-2" label={t("fields.margins")}>
                {rules.length ? (
                  <ul className="list-inside list-disc">
                    {rules.map((r) => (
                      <li key={r.margin_rule_id}>
                        {r.brand_data ? `${r.brand_data.name}: ` : `${t("all_brands")}: `}
                        {r.type === "percent" ? `${r.value} %` : formatRupiah(r.value)}
                      </li>
                    ))}
                  </ul>
                ) : t("no_margin")}
            </Item>
          </dl>
        </SectionCard>
      ) : null}

      <SectionCard title={t("sections.history")}>
        {history.rows.length ? (
          <ol className="space-y-3">
            {history.rows.map((h) => (
              <li key={h.update_history_id} className="border-l-2 border-slate-200 pl-3 text-sm">
                <p className="text-slate-900">
                  <span className="font-semibold">{t(`widgets:history.actions.${h.action}`, { defaultValue: h.action })}</span>
                  {" · "}{h.user_name}{" · "}<time>{when(h.time_created)}</time>
                </p>
                {h.changes.length ? (
                  <ul className="mt-1 text-slate-600">
                    {h.changes.map((c) => (
                      <li key={c.field}>
                        {t(`fields.${c.field}`, { defaultValue: c.field })}: {c.field === "status" ? t(`status.${Number(c.from) === 1 ? "active" : "inactive"}`) : String(c.from ?? dash)}
                        {" → "}{c.field === "status" ? t(`status.${Number(c.to) === 1 ? "active" : "inactive"}`) : String(c.to ?? dash)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        ) : <p className="text-sm text-slate-500">{t("no_history")}</p>}
        {history.pages > 1 ? (
          <nav aria-label={t("sections.history")} className="flex gap-3 text-sm">
            {history.page > 1 ? <Link to={`${here}?hpage=${history.page - 1}`} className="text-brand-700 hover:underline">{t("newer")}</Link> : null}
            {history.page < history.pages ? <Link to={`${here}?hpage=${history.page + 1}`} className="text-brand-700 hover:underline">{t("older")}</Link> : null}
          </nav>
        ) : null}
      </SectionCard>
      <p className="text-xs text-slate-500">{t("created_modified", { created: when(p.time_created), modified: when(p.time_modified) })}</p>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
