/**
 * /profile/company/:slug/edit: the owner edits a company with the shared CompanyForm. Its loader
 * also answers the form's village lookups (?location_id=…). A non-owner gets the 403 page, for the
 * page and its action alike, before the form is read (core/business/companies.ts, owner only).
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/edit";
import { CompanyForm } from "#app/components/company-form.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { getCompany, updateCompany } from "#core/business/companies.ts";
import { companyBody } from "#core/business/company-schema.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { loadPlaces } from "#app/lib/places.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const company = await getCompany(getScope(args.context), id, { owner: true });
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("company:edit")} · ${company.name} | ${t("common:app_name")}`,
    company,
    constraint: getZodConstraint(companyBody),
    ...(await loadPlaces(args, company.city?.location_id)),
  };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  await getCompany(getScope(args.context), id, { owner: true }); // who may, before what was sent is read
  const submission = parseWithZod(await args.request.formData(), { schema: companyBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await updateCompany(getScope(args.context), id, submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))("company:api.updated"));
  throw redirect(localePath(getLocale(args.context), `/profile/company/${id}`));
}

export default function EditCompany({ loaderData, actionData }: Route.ComponentProps) {
  const { company: c } = loaderData;
  const { t } = useTranslation("company");
  const lang = useLocale();
  const detail = localePath(lang, `/profile/company/${c.business_id}`);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={detail} className="text-sm font-medium text-brand-700 hover:underline">← {c.name}</Link>
      <h1 className="text-xl font-semibold text-slate-900">{t("edit")}</h1>
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <CompanyForm
          constraint={loaderData.constraint}
          lastResult={actionData}
          defaultValue={{
            name: c.name, legal_type: c.legal_type, business_type: String(c.business_type.id), email: c.email ?? "", phone: c.phone,
            address: c.address, city_id: c.city ? String(c.city.location_id) : "", village_id: c.village ? String(c.village.village_id) : "",
            postcode: c.postcode ?? "", tax_id: c.tax_id ?? "", description: c.description ?? "",
          }}
          places={loaderData}
          submitLabel={t("common:actions.save")}
          cancelTo={detail}
        />
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
