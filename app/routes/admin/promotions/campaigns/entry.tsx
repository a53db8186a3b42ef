/**
 * /promotions/indie-campaign/:id: one platform campaign — its window, terms and description — and
 * the business's entry: while registration is open, the products picked (the product picker)
 * with a campaign price each and an optional promo stock, submitted for the platform's approval;
 * then the entry's status, its variants at campaign prices, a link to its performance and the
 * moves its status allows (withdraw, stop: asked first, with or without JavaScript).
 * Rules: core/promotions/campaigns.ts; the form's server half app/lib/campaign-entry.server.ts.
 */
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/entry";
import { campaignJson, campaignView } from "#core/promotions/campaigns.ts";
import { promotionJson } from "#core/promotions/read.ts";
import { NotFound } from "#core/errors.ts";
import { formatDateTime, formatRupiah } from "#core/lib/format.ts";
import { buttonClass, inputClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError, FormErrors } from "#app/components/form-error.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { ProductPicker } from "#app/components/product-picker.tsx";
import { CampaignTerms } from "#app/components/promotions/campaign-parts.tsx";
import { PromotionActions } from "#app/components/promotions/parts.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { campaignPageAction, initialEntryForm, type EntryForm } from "#app/lib/campaign-entry.server.ts";
import { confirmAsked } from "#app/lib/confirm.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { pageTitle } from "#app/lib/meta.ts";

/** An entry is withdrawn (cancel) or stopped: the words of PromotionActions for a campaign entry. */
const WORD = { cancel: "withdraw", stop: "stop" } as const;

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFound("campaign:errors.not_found");
  return id;
};

export async function loader(args: Route.LoaderArgs) {
  const view = await campaignView(getScope(args.context), idOf(args.params.id));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const entry = view.entry ? promotionJson(view.entry, t) : null;
  const asked = confirmAsked(new URL(args.request.url));
  const form = view.can.enter || view.can.change ? await initialEntryForm(args, view.items, view.entry?.promoStock ?? null) : null;
  return {
    title: `${view.campaign.name} | ${t("campaign:title")} | ${t("common:app_name")}`,
    campaign: campaignJson(view.campaign, t), entry, items: view.items, form, rejectedNote: view.rejectedNote,
    confirm: entry && asked && (asked.intent === "cancel" || asked.intent === "stop") && entry.actions.includes(asked.intent) ? (asked.intent as keyof typeof WORD) : null,
  };
}

export async function action(args: Route.ActionArgs) {
  return campaignPageAction(args, idOf(args.params.id));
}

function EntryFields({ form }: { form: EntryForm }) {
  const { t } = useTranslation("campaign");
  return (
    <>
      <FormErrors errors={form.itemErrors} />
      <ProductPicker data={form.picker} withQty={false} showStock={false} title={t("entry.picker_title")}
        lineExtra={(line, name) => {
          const id = `campaign-price-${line.variant_id}`;
          const error = form.lineErrors[line.variant_id];
          return (
            <div className="w-full sm:w-auto">
              <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
                {t("entry.price")} <span className="font-normal text-slate-500">({t("entry.regular", { price: formatRupiah(line.item.price) })})</span>
              </label>
              <input id={id} name={`price_${line.variant_id}`} defaultValue={form.prices[line.variant_id] ?? ""} key={`${line.variant_id}:${form.prices[line.variant_id] ?? ""}`}
                inputMode="numeric" required aria-label={t("entry.price_label", { name })} aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined} className={`${inputClass} sm:!w-36`} />
              {error ? <p id={`${id}-error`} className="mt-1 text-xs text-red-600">{error}</p> : null}
            </div>
          );
        }} />
      <div className="max-w-xs">
        <label htmlFor="promo_stock" className="mb-1 block text-sm font-medium text-slate-700">{t("entry.promo_stock")}</label>
        <input id="promo_stock" name="promo_stock" defaultValue={form.promoStock} inputMode="numeric" className={inputClass}
          aria-describedby="promo_stock-hint" aria-invalid={form.promoStockError ? true : undefined} />
        <p id="promo_stock-hint" className="mt-1 text-xs text-slate-500">{t("entry.promo_stock_hint")}</p>
        <FieldError errors={form.promoStockError ? [form.promoStockError] : null} />
      </div>
    </>
  );
}

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("campaign");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { campaign: c, entry, items, confirm } = loaderData;
  const form = actionData ?? loaderData.form;
  return (
    <div className="space-y-4">
      <Link to={lp("/promotions/indie-campaign")} className="text-sm font-medium text-brand-700 hover:underline">← {t("title")}</Link>
      <div>
        <h1 id={entry ? `promotion-${entry.promotion_id}-name` : undefined} className="text-xl font-semibold text-slate-900">{c.name}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <StatusBadge tone={c.phase === "open" ? "success" : c.phase === "ended" ? "neutral" : "info"}>{c.phase_name}</StatusBadge>
          <span>{c.promo_type_name}</span>
        </p>
        {c.description ? <p className="mt-2 max-w-prose text-sm text-slate-700">{c.description}</p> : null}
      </div>

      <SectionCard title={t("terms.title")}>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div><dt className="text-slate-500">{t("column.window")}</dt><dd className="tabular-nums text-slate-900">{formatDateTime(c.starts_at)} – {formatDateTime(c.ends_at)}</dd></div>
          <div><dt className="text-slate-500">{t("terms.registration")}</dt><dd className="tabular-nums text-slate-900">{formatDateTime(c.registration_ends_at)}</dd></div>
          <div><dt className="text-slate-500">{t("column.terms")}</dt><dd><CampaignTerms c={c} /></dd></div>
        </dl>
      </SectionCard>

      {entry ? (
        <SectionCard title={t("entry.title")} actions={<PromotionActions p={entry} />}>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {t("entry.status")}: <StatusBadge tone={entry.status_key === "rejected" ? "danger" : entry.status_key === "in_moderation" ? "warning" : "info"}>{entry.status_name}</StatusBadge>
            {entry.status_key === "in_moderation" ? <span>{t("entry.moderation")} {entry.auto_approve_at ? t("entry.auto_approve", { time: formatDateTime(entry.auto_approve_at) }) : null}</span> : null}
          </p>
          {confirm ? (
            <ConfirmPanel text={{ title: t(`promotion:action.${WORD[confirm]}`), body: t(`promotion:confirm.${WORD[confirm]}`), confirmLabel: t(`promotion:action.${WORD[confirm]}`), tone: "danger" }}
              fields={{ intent: confirm, promotion_id: entry.promotion_id }} cancelTo={pathname} />
          ) : null}
          {!form ? (
            <DataTable caption={t("entry.items")} rows={items} rowKey={(i) => i.variantId} columns={[
              { key: "variant", header: t("entry.variant"), primary: true, cell: (i) => <span>{i.productName}<span className="block text-xs text-slate-500">{i.sku}</span></span> },
              { key: "regular", header: t("entry.regular_price"), className: "tabular-nums md:text-right", cell: (i) => formatRupiah(i.regularPrice) },
              { key: "price", header: t("entry.price_column"), className: "tabular-nums font-semibold md:text-right", cell: (i) => formatRupiah(i.price) },
            ]} />
          ) : null}
        </SectionCard>
      ) : null}

      {form ? (
        <Form method="post" className="space-y-4" aria-labelledby="entry-form-title">
          <FormToken />
          <h2 id="entry-form-title" className="text-base font-semibold text-slate-900">{entry ? t("entry.change_title") : t("entry.join_title")}</h2>
          {loaderData.rejectedNote !== null ? (
            <p role="note" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {t("entry.rejected")}{loaderData.rejectedNote ? ` ${loaderData.rejectedNote}` : ""}
            </p>
          ) : null}
          <p className="text-sm text-slate-600">{c.min_discount_bp ? t("entry.hint", { percent: c.min_discount_percent }) : t("entry.hint_any")}</p>
          <EntryFields form={form} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="intent" value="save">{entry ? t("entry.save") : t("entry.submit")}</SubmitButton>
            <Link to={lp("/promotions/indie-campaign")} className={buttonClass("secondary")}>{t("entry.back")}</Link>
          </div>
        </Form>
      ) : !entry ? (
        <p className="rounded border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">{t("entry.closed")}</p>
      ) : null}
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
