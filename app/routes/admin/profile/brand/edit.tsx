/**
 * /profile/brand/:slug/edit: the owner edits the brand's logo, name, category and description (the
 * Brand Detail tab's "Edit Brand"). Its own page, like the company's, so the detail tab does not
 * load the form and the cropper's field. A partner brand cannot be edited here (not found). Saved
 * (core/profile/brands-save.ts, as PUT /v0.0.3/brands/{id} does), the detail tab opens with a notice.
 */
import { data, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { getBrand } from "#core/profile/brands.ts";
import { updateBrand } from "#core/profile/brands-save.ts";
import { BrandForm } from "#app/components/brand-form.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { loadCategoryTree, notice, parseBrandForm } from "./brand.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const [brand, tree] = await Promise.all([getBrand(getScope(args.context), id), loadCategoryTree(args)]);
  if (brand.is_partner) throw data("Not found", { status: 404 });
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("brand:detail.edit")} · ${brand.name} | ${t("common:app_name")}`, brand, tree };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  const formData = await args.request.formData();
  if (formData.get("intent") !== "update") {
    throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
  const parsed = await parseBrandForm(args, formData);
  if (!parsed.submission) return parsed.reply;
  try {
    await updateBrand(getScope(args.context), id, parsed.submission.value);
  } catch (e) {
    return replyRefused(args, parsed.submission, e);
  }
  notice(args, "brand:api.updated");
  throw redirect(localePath(getLocale(args.context), `/profile/brand/${id}`));
}

export default function EditBrand({ loaderData, actionData }: Route.ComponentProps) {
  const { brand: b, tree } = loaderData;
  const { t } = useTranslation("brand");
  const lang = useLocale();
  const info = localePath(lang, `/profile/brand/${b.brand_id}`);
  return (
    <section aria-labelledby="edit-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="edit-title" className="mb-4 text-base font-semibold text-slate-900">{t("detail.edit")}</h2>
      <BrandForm
        reply={actionData}
        tree={tree}
        intent="update"
        submitLabel={t("common:actions.save")}
        cancelTo={info}
        defaults={{ name: b.name, image: b.image, product_category_id: String(b.product_category_id), description: b.description ?? "" }}
      />
    </section>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
