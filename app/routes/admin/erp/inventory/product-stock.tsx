/**
 * /erp/inventory/all-inventory/:slug/stock (slug = product id): one product's stock per variant and
 * location with totals, and the product's stock settings — its low-stock threshold (min_stock: the
 * overview's Low tab, the dashboard and the low_stock notice read it) and each variant's cost (HPP,
 * what the overview values stock at). One small POST form (works without JavaScript; a refused
 * value comes back under its field with what was typed). Rules: core/stock/history.ts.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/product-stock";
import { NotFound } from "#core/errors.ts";
import { productStock, saveStockSettings, stockSettingsBody } from "#core/stock/history.ts";
import type { LevelJson } from "#core/stock/overview.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { FormErrors, formState, TextInput, UnitInput, type FormReply } from "#app/components/form.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { InventoryTabs, money, NS, qty, searchWith, StateBadge, Totals } from "#app/components/inventory/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { submitForm } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const slugId = z.coerce.number().int().min(1).max(2_147_483_647);
function productIdOf(slug: string | undefined) {
  const r = slugId.safeParse(slug);
  if (!r.success) throw new NotFound("api:errors.not_found");
  return r.data;
}

export async function loader(args: Route.LoaderArgs) {
  const stock = await productStock(getScope(args.context), productIdOf(args.params.slug));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t(`${NS}:product.title`, { name: stock.name })} | ${t("common:app_name")}`, stock };
}

export async function action(args: Route.ActionArgs) {
  const productId = productIdOf(args.params.slug);
  const formData = await args.request.formData();
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  if (formData.get("intent") !== "settings") throw data(t("common:errors.unknown_action"), { status: 400 });
  const r = await submitForm(args, formData, stockSettingsBody, (v) => saveStockSettings(getScope(args.context), productId, v));
  if (!r.ok) return r.reply;
  flashToast(args.context, "success", t(r.value.changed ? `${NS}:product.saved` : `${NS}:product.unchanged`));
  const url = new URL(args.request.url);
  throw redirect(url.pathname);
}

export default function ProductStock({ loaderData, actionData }: Route.ComponentProps) {
  const { stock } = loaderData;
  const { t } = useTranslation(NS);
  const lp = useLocalePath();
  const form = formState(actionData as FormReply, {
    id: "stock-settings",
    defaults: { min_stock: stock.min_stock, variants: stock.variants.map((v) => ({ variant_id: v.variant_id, cost: v.cost ?? "" })) },
  });
  const columns: Column<LevelJson>[] = [
    { key: "variant", header: t("columns.variant"), primary: true, cell: (r) => <span><span className="font-medium">{r.sku}</span>{r.variant_name ? <span className="text-slate-500"> · {r.variant_name}</span> : null}</span> },
    { key: "location", header: t("columns.location"), cell: (r) => r.location_name },
    { key: "on_hand", header: t("columns.on_hand"), className: "text-right tabular-nums", cell: (r) => qty(r.on_hand) },
    { key: "reserved", header: t("columns.reserved"), className: "text-right tabular-nums", cell: (r) => qty(r.reserved) },
    { key: "available", header: t("columns.available"), className: "text-right tabular-nums", cell: (r) => <span className="inline-flex items-center gap-2">{qty(r.available)} <StateBadge state={r.state} /></span> },
    { key: "in_transit", header: t("columns.in_transit"), className: "text-right tabular-nums", cell: (r) => qty(r.in_transit) },
    { key: "value", header: t("columns.value"), className: "text-right tabular-nums", cell: (r) => money(r.value) },
    {
      key: "history", header: t("columns.history"),
      cell: (r) => <Link to={lp(`/erp/inventory/all-inventory/${stock.product_id}/stock-history${searchWith({ location: r.location_key })}`)} className="text-brand-700 hover:underline">{t("overview.history_link")}</Link>,
    },
  ];
  return (
    <div className="space-y-4">
      <InventoryTabs active={null} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to={lp("/erp/inventory/all-inventory")} className="text-sm text-brand-700 hover:underline">← {t("product.back")}</Link>
          <h1 className="mt-1 text-xl font-semibold text-slate-900">{t("product.title", { name: stock.name })}</h1>
          <p className="text-sm text-slate-600">{stock.sku}</p>
        </div>
        <Link to={lp(`/erp/inventory/all-inventory/${stock.product_id}/stock-history`)} className={buttonClass("secondary")}>{t("product.history")}</Link>
      </div>
      <Totals items={[
        { label: t("columns.on_hand"), value: qty(stock.totals.on_hand) },
        { label: t("columns.reserved"), value: qty(stock.totals.reserved) },
        { label: t("columns.available"), value: qty(stock.totals.available) },
        { label: t("columns.in_transit"), value: qty(stock.totals.in_transit) },
        { label: t("columns.value"), value: money(stock.totals.value) },
      ]} />
      {stock.levels.length
        ? <DataTable caption={t("product.levels")} columns={columns} rows={stock.levels} rowKey={(r) => r.stock_level_id} />
        : <EmptyState title={t("product.no_stock_title")} subtitle={t("product.no_stock_subtitle")} />}
      <SectionCard title={t("product.settings")} hint={t("product.settings_hint")}>
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="settings" />
          <FormErrors errors={form.formErrors} />
          <div className="max-w-xs">
            <TextInput form={form} name="min_stock" label={t("product.min_stock")} hint={t("product.min_stock_hint")} inputMode="numeric" />
          </div>
          {stock.variants.length ? (
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-slate-700">{t("product.costs")}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {stock.variants.map((v, i) => (
                  <div key={v.variant_id}>
                    <input type="hidden" name={`variants[${i}].variant_id`} value={v.variant_id} />
                    <UnitInput form={form} name={`variants[${i}].cost`} unit="Rp" inputMode="numeric"
                      label={t("product.cost_of", { sku: v.sku + (v.variant_name ? ` · ${v.variant_name}` : "") })} />
                  </div>
                ))}
              </div>
              <p className="text-xs text-slate-500">{t("product.cost_hint")}</p>
            </fieldset>
          ) : null}
          <SubmitButton>{t("product.save")}</SubmitButton>
        </Form>
      </SectionCard>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
