/**
 * /profile/company/add: a new company, owned by the user and Active at once (the user is already a
 * verified seller; see core/business/companies.ts). On success the new company's page opens, with
 * the same notice the API answers with.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/add";
import { CompanyForm } from "#app/components/company-form.tsx";
import { createCompany } from "#core/business/companies.ts";
import { companyBody } from "#core/business/company-schema.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadPlaces } from "#app/lib/places.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t("company:add")} | ${t("common:app_name")}`,
    constraint: getZodConstraint(companyBody),
    ...(await loadPlaces(args, null)),
  };
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: companyBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let company;
  try {
    company = await createCompany(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))("company:api.created"));
  throw redirect(localePath(getLocale(args.context), `/profile/company/${company.business_id}`));
}

export default function AddCompany({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("company");
  const lang = useLocale();
  const list = localePath(lang, "/profile/company");
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">← {t("back_to_list")}</Link>
      <h1 className="text-xl font-semibold text-slate-900">{t("add")}</h1>
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <CompanyForm
          constraint={loaderData.constraint}
          lastResult={actionData}
          places={loaderData}
          submitLabel={t("common:actions.save")}
          cancelTo={list}
        />
      </section>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
