/**
 * /profile/brand/add/partnership: ask to sell another business's brand (the second kind of the add
 * page). Step 1 picks the business (GET links, searchable: ?search=…), step 2 one of its active
 * brands (?business_id=…, radio buttons; brands already asked for or partnered show their status
 * and cannot be picked). Sending the request opens the brand's page in the partner's view (Waiting
 * for Approval) until its owner answers (core/profile/partnerships.ts).
 * Below: the business's own requests, open and ended, with what it can still do (withdraw, ask
 * again, disconnect), each asking first (a dialog with JavaScript; without, the one confirm step
 * ?confirm=partnership_action&partnership_id=…&do=…, app/lib/confirm.server.ts).
 * Everything works without JavaScript: the steps are links and GET forms, the sends POST forms.
 * The page calls core/profile/brands*.ts, the functions the REST API calls.
 */
import { data, Form, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add-partnership";
import { Refused } from "#core/errors.ts";
import { partnerableBrands } from "#core/profile/brands.ts";
import { otherBusinesses } from "#core/business/company-groups.ts";
import { listBrandPartnerships, requestBrandPartnership } from "#core/profile/brands-partnerships.ts";
import { PARTNERSHIP_STATUS } from "#core/profile/profile-enums.ts";
import { BrandAddKinds } from "#app/components/brand-add-kinds.tsx";
import { BrandLogo, partnershipTone } from "#app/components/brand-logo.tsx";
import { FieldError } from "#app/components/form-error.tsx";
import { PartnershipList, partnershipConfirm, type PartnershipRow } from "#app/components/brand-partnership.tsx";
import { buttonClass, inputClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { answerPartnership, notice, withoutConfirm } from "./brand.server.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { FormToken } from "#app/components/form-token.tsx";

/** The confirm step's partnership and step, when the URL names one the business may still take. */
function confirmOf(row: PartnershipRow | undefined, action: string | null | undefined) {
  const move = row?.action_datas.find((m) => m.action === action);
  return row && move ? { row, move } : null;
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const businessId = Math.min(Number(url.searchParams.get("business_id")) || 0, 2_147_483_647) || null;
  const [businesses, brands, open, ended] = await Promise.all([
    businessId ? null : otherBusinesses(scope, { search: search || undefined, page: 1, limit: 50 }),
    businessId ? partnerableBrands(scope, businessId, { page: 1, limit: 100, sort: 5 }) : null,
    listBrandPartnerships(scope, { direction: "outgoing", page: 1, limit: 20 }),
    listBrandPartnerships(scope, { direction: "outgoing", status: PARTNERSHIP_STATUS.disconnected, page: 1, limit: 20 }),
  ]);
  let businessName: string | null = brands?.rows[0]?.company_data.name ?? null;
  if (businessId && !businessName) {
    const all = await otherBusinesses(scope, { page: 1, limit: 150 });
    businessName = all.rows.find((b) => b.business_id === businessId)?.name ?? null;
  }
  const requests: PartnershipRow[] = [...open.rows, ...ended.rows].sort((a, b) => (b.time_modified ?? 0) - (a.time_modified ?? 0));
  const asked = confirmAsked(url, "partnership_action");
  const confirming = asked ? requests.find((r) => String(r.partnership_id) === asked.fields.partnership_id) : undefined;
  return {
    title: `${t("brand:add")} · ${t("brand:add_page.partnership")} | ${t("common:app_name")}`,
    search,
    businessId,
    businessName,
    businesses: businesses?.rows ?? [],
    brands: brands?.rows ?? [],
    requests,
    confirm: confirmOf(confirming, asked?.fields.do),
    back: withoutConfirm(url),
  };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const locale = getLocale(args.context);
  const scope = getScope(args.context);
  const formData = await args.request.formData();
  switch (formData.get("intent")) {
    case "partnership": {
      const brandId = Number(formData.get("brand_id"));
      const t = getI18n(args.context).getFixedT(locale);
      if (!Number.isInteger(brandId) || brandId <= 0 || brandId > 2_147_483_647) {
        return data({ brandError: t("brand:errors.choose_brand") }, { status: 400 });
      }
      let brand;
      try {
        brand = await requestBrandPartnership(scope, { brand_id: brandId });
      } catch (e) {
        // The refusal goes under the brand picker (its own field, or the message as a whole).
        if (!(e instanceof Refused)) throw e;
        return data({ brandError: e.fields?.brand_id?.[0] ? t(e.fields.brand_id[0], e.vars) : refusalMessage(args.context, e) }, { status: 400 });
      }
      notice(args, "brand:api.partnership_requested");
      throw redirect(localePath(locale, `/profile/brand/${brand.brand_id}`));
    }
    case "partnership_action": {
      const back = withoutConfirm(url);
      requireConfirmed(args.request, formData, "partnership_action", back);
      const id = Number(formData.get("partnership_id"));
      await answerPartnership(args, id, String(formData.get("do") ?? ""));
      throw redirect(back);
    }
    default:
      throw data(getI18n(args.context).getFixedT(locale)("common:errors.unknown_action"), { status: 400 });
  }
}

export default function AddPartnership({ loaderData: p, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("brand");
  const lang = useLocale();
  const list = localePath(lang, "/profile/brand");
  const step1 = localePath(lang, "/profile/brand/add/partnership");
  const brandError = actionData?.brandError;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link to={list} className="text-sm font-medium text-brand-700 hover:underline">← {t("back_to_list")}</Link>
      <h1 className="text-xl font-semibold text-slate-900">{t("add")}</h1>
      <BrandAddKinds current="partnership" />
      <section aria-labelledby="step-business" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="step-business" className="text-base font-semibold text-slate-900">{t("add_page.step_business")}</h2>
        {p.businessId ? (
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium text-slate-800">{p.businessName ?? "-"}</p>
            <Link to={step1} className="text-sm font-medium text-brand-700 hover:underline">{t("add_page.change_business")}</Link>
          </div>
        ) : (
          <>
            <Form method="get" role="search" aria-label={t("add_page.business")} className="mt-3 flex flex-wrap items-end gap-2">
                            <div className="min-w-[12rem] flex-1">
                <label htmlFor="business-search" className="mb-1 block text-sm font-medium text-slate-700">{t("add_page.business")}</label>
                <input id="business-search" type="search" name="search" defaultValue={p.search} key={p.search} maxLength={100}
                  placeholder={t("placeholders.business_search")} className={inputClass} />
              </div>
              <button type="submit" className={buttonClass("secondary")}>{t("add_page.search_business")}</button>
            </Form>
            {p.businesses.length ? (
              <ul className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200">
                {p.businesses.map((b) => (
                  <li key={b.business_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span id={`business-${b.business_id}`} className="font-medium text-slate-800">{b.name}</span>
                    <Link to={`${step1}?business_id=${b.business_id}`} aria-describedby={`business-${b.business_id}`}
                      className="text-sm font-medium text-brand-700 hover:underline">{t("add_page.choose_business")}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-500">{t("add_page.no_business")}</p>
            )}
          </>
        )}
      </section>

      {p.businessId ? (
        <section aria-labelledby="step-brand" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="step-brand" className="text-base font-semibold text-slate-900">{t("add_page.step_brand")}</h2>
          {p.brands.length ? (
            <Form method="post" className="mt-3 space-y-4">
              <FormToken />
              <input type="hidden" name="intent" value="partnership" />
              <fieldset aria-describedby={brandError ? "brand-error" : undefined}>
                <legend className="sr-only">{t("add_page.brand")}</legend>
                <ul className="space-y-2">
                  {p.brands.map((b) => (
                    <li key={b.brand_id}>
                      <label className={`flex items-center gap-3 rounded-md border p-3 ${b.is_requestable ? "cursor-pointer border-slate-200 hover:border-brand-500 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50" : "border-slate-100 bg-slate-50 text-slate-500"}`}>
                        <input type="radio" name="brand_id" value={b.brand_id} disabled={!b.is_requestable} required className="h-4 w-4" />
                        <BrandLogo url={b.image} name={b.name} size="sm" />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium text-slate-900">{b.name}</span>
                          <span className="block text-xs text-slate-600">{b.product_category_data.path}</span>
                        </span>
                        {b.partnership_status !== null && !b.is_requestable ? (
                          <StatusBadge tone={partnershipTone(b.partnership_status)}>{b.partnership_status_name}</StatusBadge>
                        ) : null}
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <FieldError id="brand-error" errors={brandError ? [brandError] : undefined} />
              <p className="text-sm text-slate-600">{t("add_page.request_hint", { company: p.businessName ?? "" })}</p>
              <div className="flex justify-end">
                <SubmitButton>{t("add_page.request")}</SubmitButton>
              </div>
            </Form>
          ) : (
            <p className="mt-3 text-sm text-slate-500">{t("add_page.no_brands")}</p>
          )}
        </section>
      ) : null}

      {p.confirm ? (
        <ConfirmPanel
          text={partnershipConfirm(t, p.confirm.move, p.confirm.row.brand_data.name, p.confirm.row.owner_business_data.name)}
          fields={{ intent: "partnership_action", partnership_id: p.confirm.row.partnership_id, do: p.confirm.move.action }}
          cancelTo={p.back}
        />
      ) : null}

      <section aria-labelledby="my-requests" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="my-requests" className="text-base font-semibold text-slate-900">{t("add_page.my_requests")}</h2>
        {p.requests.length ? (
          <div className="mt-2"><PartnershipList rows={p.requests} view="requests" /></div>
        ) : (
          <p className="mt-3 text-sm text-slate-500">{t("add_page.no_requests")}</p>
        )}
      </section>
    </div>
  );
}


export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
