/**
 * /become-seller/moderation: the registered company while it waits (or was rejected). In demo
 * mode, from the server's own machine (isDemoFor, core/lib/demo.ts), the owner can approve it here and go straight to the dashboard
 * (core/business/sellers.ts approveDemoBusiness); the admin command for real use is
 * scripts/approve-business.ts.
 */
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/moderation";
import { BUSINESS_STATUS, statusName } from "#db/schema/company-enums.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { companyTone } from "#app/components/list/company-tone.ts";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { approveDemoBusiness } from "#core/business/sellers.ts";
import { isDemoFor } from "#core/lib/demo.ts";
import { peerContext } from "#app/lib/context.ts";
import { getMe, getScope } from "#app/lib/auth.server.ts";
import { formatDateTime } from "#core/lib/format.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";


export function loader({ context }: Route.LoaderArgs) {
  const pending = getMe(context).pending_business;
  const locale = getLocale(context);
  if (!pending) throw redirect(localePath(locale, "/become-seller/form-register"));
  const t = getI18n(context).getFixedT(locale);
  return { title: `${t("seller:moderation.title")} | ${t("common:app_name")}`, business: pending, demo: isDemoFor(context.get(peerContext)) };
}

export async function action(args: Route.ActionArgs) {
  const pending = getMe(args.context).pending_business;
  if (pending?.status !== BUSINESS_STATUS.moderation) throw data("Not found", { status: 404 });
  // Outside demo mode, or from another machine, core refuses with NotFound: the not-found page.
  await approveDemoBusiness(getScope(args.context), pending.business_id, args.context.get(peerContext));
  const locale = getLocale(args.context);
  flashToast(args.context, "success", getI18n(args.context).getFixedT(locale)("seller:api.approved"));
  throw redirect(localePath(locale, "/"));
}

export default function Moderation({ loaderData }: Route.ComponentProps) {
  const { business, demo } = loaderData;
  const { t } = useTranslation("seller");
  const lang = useLocale();
  const waiting = business.status === BUSINESS_STATUS.moderation;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6 text-center sm:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">{t(waiting ? "moderation.title" : "moderation.rejected_title")}</h1>
      <p className="mx-auto mt-2 max-w-lg text-sm text-slate-600">{t(waiting ? "moderation.body" : "moderation.rejected_body")}</p>
      <dl className="mx-auto mt-6 grid max-w-md gap-3 text-left text-sm">
        <div className="flex justify-between gap-4 border-b border-slate-100 pb-2">
          <dt className="text-slate-500">{t("moderation.company")}</dt>
          <dd className="font-medium text-slate-900">{business.name}</dd>
        </div>
        <div className="flex justify-between gap-4 border-b border-slate-100 pb-2">
          <dt className="text-slate-500">{t("moderation.submitted")}</dt>
          <dd className="text-slate-900">{formatDateTime(business.time_created)}</dd>
        </div>
        <div className="flex items-center justify-between gap-4">
          <dt className="text-slate-500">{t("moderation.status")}</dt>
          <dd><StatusBadge tone={companyTone(business.status)}>{t(`common:status.${statusName(business.status)}`)}</StatusBadge></dd>
        </div>
      </dl>
      {waiting && demo ? (
        <Form method="post" className="mt-8 space-y-2">
          <p className="text-xs text-slate-500">{t("moderation.demo_hint")}</p>
          <SubmitButton>{t("moderation.approve_demo")}</SubmitButton>
        </Form>
      ) : null}
      {!waiting ? (
        <Link to={localePath(lang, "/become-seller/form-register")} className={`${buttonClass("primary")} mt-8`}>
          {t("moderation.register_again")}
        </Link>
      ) : null}
    </section>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
