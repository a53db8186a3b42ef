/**
 * /products/add/single: add one product with its variants × sizes, stock per location, images,
 * video and shipping details (app/components/product-form.tsx; the action is
 * app/lib/product-action.server.ts). Saved as a draft or published; then the edit page opens.
 */
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/single";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ProductForm } from "#app/components/product-form.tsx";
import { productFormOptions } from "#core/catalog/products.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { productFormAction } from "#app/lib/product-action.server.ts";
import type { ProductReply, ProductValues } from "#app/lib/product-form.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const options = (args: Route.LoaderArgs | Route.ActionArgs) => productFormOptions(getScope(args.context));

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const choices = await options(args);
  const values: ProductValues = {
    fields: { gender: "0", stock_type: "1", dimension_unit: "cm", weight_unit: "gr", min_stock: "5", channel_ids: [] },
    rows: [{ variant_id: "", variant_name: "", size_name: "", sku: "", barcode: "", price: "", compare_at_price: "", stock: {}, before: {} }],
    images: [],
  };
  return { title: `${t("product:single.title")} | ${t("common:app_name")}`, options: choices, values };
}

export async function action(args: Route.ActionArgs) {
  return productFormAction(args, { locations: (await options(args)).locations });
}

export default function AddSingle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("product");
  const lang = useLocale();
  const reply = (actionData as { reply?: ProductReply } | undefined)?.reply;
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{t("single.title")}</h1>
      <ProductForm
        mode="add"
        values={reply?.values ?? loaderData.values}
        errors={reply?.errors ?? {}}
        notice={reply?.notice}
        nonce={reply?.nonce ?? 0}
        options={loaderData.options}
        cancelTo={localePath(lang, "/products/add")}
      />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
