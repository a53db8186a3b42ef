/**
 * /profile/brand/:slug (slug = brand id): the brand's header (logo, name, verified check, owned or
 * partner, company, category, status) and its tabs (spec section 2: info, social-media,
 * banners, pickup-lines, notes, response, holiday). Spec section 6: Social Media, Banner, Pickup
 * Line, Notes and Response are for owned brands only, so a partner brand shows Brand Detail and
 * Holiday (read-only) and the other tabs' URLs are not found (section.tsx).
 *
 * The status switch is on the Brand Detail tab (info.tsx) and on the list's cards.
 */
import { Link, Outlet, useLocation } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/detail";
import { getBrand } from "#core/profile/brands.ts";
import { BRAND_SECTIONS, BRAND_STATUS } from "#core/profile/profile-enums.ts";
import { BrandLogo, partnershipTone, VerifiedIcon } from "#app/components/brand-logo.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const brand = await getBrand(getScope(args.context), id);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${brand.name} | ${t("common:app_name")}`, brand };
}

/** The tabs a brand has: every one when owned; Brand Detail and Holiday for a partner brand. */
function brandTabs(isPartner: boolean) {
  return ["info", ...BRAND_SECTIONS.filter((s) => !isPartner || s === "holiday")] as const;
}

export default function BrandDetail({ loaderData }: Route.ComponentProps) {
  const { brand: b } = loaderData;
  const { t } = useTranslation("brand");
  const locale = useLocale();
  const location = useLocation();
  const base = localePath(locale, `/profile/brand/${b.brand_id}`);
  const partnership = b.partnership_data;
  const path = location.pathname.replace(/\/$/, "");
  // Brand Detail covers its Edit Brand page too.
  const tabOn = (tab: string) => (tab === "info" ? path === base || path === `${base}/edit` : path === `${base}/${tab}`);
  return (
    <div className="space-y-4">
      <Link to={localePath(locale, "/profile/brand")} className="text-sm font-medium text-brand-700 hover:underline">← {t("back_to_list")}</Link>
      <header className="flex flex-wrap items-start gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <BrandLogo url={b.image} name={b.name} size="lg" />
        <div className="min-w-0 flex-1 space-y-1">
          <h1 className="flex items-center gap-1.5 text-xl font-semibold text-slate-900">
            <span className="min-w-0 break-words">{b.name}</span>
            {b.is_verified ? <VerifiedIcon /> : null}
          </h1>
          <p className="text-sm text-slate-600">{b.product_category_data.path}</p>
          <div className="flex flex-wrap items-center gap-1.5">
            <StatusBadge tone={b.is_partner ? "warning" : "info"}>{b.brand_category_name}</StatusBadge>
            {partnership ? <StatusBadge tone={partnershipTone(partnership.status)}>{partnership.status_name}</StatusBadge> : null}
            <span className="text-sm text-slate-600">{t("company_based")}: {b.company_data.name}</span>
          </div>
        </div>
        <StatusBadge tone={b.status === BRAND_STATUS.active ? "success" : "neutral"}>{b.status_name}</StatusBadge>
      </header>

      <nav aria-label={t("tabs.label")} className="-mx-4 overflow-x-auto border-b border-slate-200 px-4 lg:-mx-6 lg:px-6">
        <ul className="flex min-w-max gap-1 text-sm">
          {brandTabs(b.is_partner).map((tab) => (
            <li key={tab}>
              <Link
                to={tab === "info" ? base : `${base}/${tab}`}
                preventScrollReset
                aria-current={tabOn(tab) ? "page" : undefined}
                className={`block border-b-2 px-3 py-2 font-medium ${tabOn(tab) ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
              >
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet key={location.pathname} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
