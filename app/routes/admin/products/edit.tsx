/**
 * /products/:slug/edit (slug = product_id): edit a product (the same form as add, with a status
 * select), see its status, and open a combination's stock history (?stock=<variant_id>, pages
 * ?stock_page=N): the movements of the ledger — who, when, why, where, before → after — shown under
 * that combination, with or without JavaScript.
 *
 * Each stock field remembers the on-hand it showed, so a save applies the seller's change as a
 * difference (a sale made meanwhile is not undone; core/catalog/product-schema.ts).
 *
 * "View Update History" (next to the title) opens the product's update history in the shared modal
 * (?history=<product_id>, core/catalog/products.ts productHistory), like the profile cards: a link,
 * rendered open by the server, so it works without JavaScript; its code is an island
 * (update-history-lazy.tsx), fetched only when a history is shown, to keep this heavy page's first
 * load within the JS budget.
 */
import { Link, useLocation } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { ProductForm } from "#app/components/product-form.tsx";
import { useProductHistoryLabels } from "#app/components/product-history-labels.ts";
import { StockHistory } from "#app/components/product-stock-history.tsx";
import { HistoryLink, UpdateHistoryModal } from "#app/components/update-history-lazy.tsx";
import { getProductForEdit, productHistory, productStockHistory, type ProductForEdit } from "#core/catalog/products.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { loadHistory } from "#app/lib/history.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { productFormAction } from "#app/lib/product-action.server.ts";
import type { ProductReply, ProductValues } from "#app/lib/product-form.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

type Detail = ProductForEdit;

const uniq = (list: string[]) => [...new Set(list.filter(Boolean))];

/** The saved product as the form's values (dimensions in cm when whole centimetres, weight in grams). */
function valuesOf(p: Detail): ProductValues {
  const d = p.dimension;
  const cm = [d.length, d.width, d.height].every((v) => v % 10 === 0);
  return {
    fields: {
      name: p.product_name, sku: p.sku, status: p.status, description: p.description, brand_id: String(p.brand_data?.brand_id ?? ""),
      category_id: String(p.category_data?.product_category_id ?? ""), gender: String(p.gender), stock_type: String(p.stock_type),
      preorder_days: p.preorder_days ? String(p.preorder_days) : "", dimension_unit: cm ? "cm" : "mm",
      length: String(cm ? d.length / 10 : d.length), width: String(cm ? d.width / 10 : d.width), height: String(cm ? d.height / 10 : d.height),
      weight: String(p.weight), weight_unit: "gr", min_stock: String(p.min_stock),
      video_url: p.video_data?.video_url ?? "", video_title: p.video_data?.title ?? "", video_description: p.video_data?.description ?? "",
      channel_ids: p.channel_ids.map(String),
      variants_text: uniq(p.family_datas.map((f) => f.variant_name)).join(", "),
      sizes_text: uniq(p.family_datas.map((f) => f.size_name)).join(", "),
    },
    rows: p.family_datas.map((f) => {
      const onHand = (key: string) => String(f.stock_datas.find((s) => s.key === key)?.on_hand ?? 0);
      const all = Object.fromEntries(p.form_data.locations.map((l) => [l.key, onHand(l.key)]));
      return {
        variant_id: String(f.variant_id), variant_name: f.variant_name, size_name: f.size_name, sku: f.sku, barcode: f.barcode ?? "",
        price: String(f.price), compare_at_price: f.compare_at_price != null ? String(f.compare_at_price) : "", stock: all, before: { ...all },
      };
    }),
    images: p.image_datas.map((i) => ({ url: i.url, name: i.name })),
  };
}

const detail = (args: Route.LoaderArgs | Route.ActionArgs) => getProductForEdit(getScope(args.context), idFromSlug(args.params.slug));

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const scope = getScope(args.context);
  const p = await detail(args);
  const stockVariant = Number(url.searchParams.get("stock"));
  const variant = p.family_datas.find((f) => f.variant_id === stockVariant);
  const page = Math.max(1, Number(url.searchParams.get("stock_page")) || 1);
  const [history, updates] = await Promise.all([
    variant ? productStockHistory(scope, p.product_id, { variant_id: variant.variant_id, page, limit: 10 }) : null,
    // Only this product's history: another id in the URL opens nothing.
    loadHistory(args, (id, q) => productHistory(scope, id, q), { allow: (id) => id === p.product_id }),
  ]);
  return {
    title: `${t("product:edit.title")} · ${p.product_name} | ${t("common:app_name")}`,
    product: { id: p.product_id, name: p.product_name, status: p.status, status_name: p.status_name, out: p.is_out_of_stock },
    options: p.form_data,
    values: valuesOf(p),
    history: history && variant ? { variantId: String(variant.variant_id), rows: history.rows, page, totalPage: Math.ceil(history.total / 10) } : null,
    updates,
  };
}

export async function action(args: Route.ActionArgs) {
  const p = await detail(args);
  return productFormAction(args, { productId: p.product_id, locations: p.form_data.locations, currentStatus: p.status });
}

const TONE = { published: "success", draft: "info", archived: "neutral", suspended: "danger", out_of_stock: "warning" } as const;

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("product");
  const lang = useLocale();
  const location = useLocation();
  const { product, history } = loaderData;
  const reply = (actionData as { reply?: ProductReply } | undefined)?.reply;
  const shown = product.status === "published" && product.out ? "out_of_stock" : product.status;
  const historyHref = (variantId: string) => `${location.pathname}?stock=${variantId}`;
  const historyLabels = useProductHistoryLabels(loaderData.options.locations);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <Link to={localePath(lang, "/products/listing")} className="text-sm font-medium text-brand-700 hover:underline">← {t("edit.back")}</Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold text-slate-900">{t("edit.title")}</h1>
          <StatusBadge tone={TONE[shown as keyof typeof TONE] ?? "neutral"}>{product.status_name}</StatusBadge>
        </div>
        <HistoryLink id={product.id} />
      </div>
      <ProductForm
        mode="edit"
        suspended={product.status === "suspended"}
        values={reply?.values ?? loaderData.values}
        errors={reply?.errors ?? {}}
        notice={reply?.notice}
        nonce={reply?.nonce ?? 0}
        options={loaderData.options}
        cancelTo={localePath(lang, "/products/listing")}
        historyHref={historyHref}
        historyPanel={history ? { variantId: history.variantId, node: <StockHistory {...history} closeTo={location.pathname} /> } : undefined}
      />
      <UpdateHistoryModal history={loaderData.updates} title={product.name} {...historyLabels} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
