/**
 * /profile/brand/add: a new owned brand (the first of the two kinds; a partnership with another
 * business's brand is /profile/brand/add/partnership): logo (cropper with JavaScript, a plain file
 * input without), name, category from the three-level tree, description. Saved (core/profile/brands-save.ts,
 * as POST /v0.0.1/brands/create does), the brand's own page opens with a notice. The old
 * ?kind=partnership address goes to the partnership page.
 */
import { data, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { createBrand } from "#core/profile/brands-save.ts";
import { BrandAddKinds } from "#app/components/brand-add-kinds.tsx";
import { BrandForm } from "#app/components/brand-form.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadCategoryTree, notice, parseBrandForm } from "./brand.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const locale = getLocale(args.context);
  if (new URL(args.request.url).searchParams.get("kind") === "partnership") {
    throw redirect(localePath(locale, "/profile/brand/add/partnership"));
  }
  const t = getI18n(args.context).getFixedT(locale);
  return { title: `${t("brand:add")} | ${t("common:app_name")}`, tree: await loadCategoryTree(args) };
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  if (formData.get("intent") !== "owned") {
    throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
  const parsed = await parseBrandForm(args, formData);
  if (!parsed.submission) return parsed.reply;
  let brand;
  try {
    brand = await createBrand(getScope(args.context), parsed.submission.value);
  } catch (e) {
    return replyRefused(args, parsed.submission, e);
  }
  notice(args, "brand:api.created");
  throw redirect(localePath(getLocale(args.context), `/profile/brand/${brand.brand_id}`));
}

export default function AddBrand({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("brand");
  const lang = useLocale();
  const list = localePath(lang, "/profile/brand");
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">← {t("back_to_list")}</Link>
      <h1 className="text-xl font-semibold text-slate-900">{t("add")}</h1>
      <BrandAddKinds current="owned" />
      <section aria-labelledby="owned-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="owned-title" className="mb-4 text-base font-semibold text-slate-900">{t("add_page.owned")}</h2>
        <BrandForm reply={actionData} tree={loaderData.tree} intent="owned" submitLabel={t("common:actions.save")} cancelTo={list} />
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
