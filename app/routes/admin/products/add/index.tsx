/**
 * /products/add: choose how to add products (spec section 9 add modes add_product, add_bulk): one
 * product with its variants, or many from a template. A GET form with two choices (works without
 * JavaScript); ?mode=add_product goes to /products/add/single, ?mode=add_bulk to /products/add/bulk.
 */
import { Form, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/index";
import { ADD_PRODUCT_MODES } from "#core/catalog/product-enums.ts";
import { SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";

const TARGET = { add_product: "/products/add/single", add_bulk: "/products/add/bulk" } as const;

export async function loader(args: Route.LoaderArgs) {
  const mode = new URL(args.request.url).searchParams.get("mode");
  const locale = getLocale(args.context);
  if (mode === "add_product" || mode === "add_bulk") throw redirect(localePath(locale, TARGET[mode]));
  const t = getI18n(args.context).getFixedT(locale);
  return { title: `${t("product:add.title")} | ${t("common:app_name")}` };
}

export default function AddProduct() {
  const { t } = useTranslation("product");
  const lang = useLocale();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{t("add.title")}</h1>
      <Form method="get" action={localePath(lang, "/products/add")} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-medium text-slate-700">{t("add.choose")}</legend>
          {ADD_PRODUCT_MODES.map((m, i) => (
            <label key={m} className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input type="radio" name="mode" value={m} defaultChecked={i === 0} className="mt-1 h-4 w-4" />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{t(`add.modes.${m}.title`)}</span>
                <span className="block text-sm text-slate-600">{t(`add.modes.${m}.body`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex justify-end"><SubmitButton>{t("add.continue")}</SubmitButton></div>
      </Form>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
