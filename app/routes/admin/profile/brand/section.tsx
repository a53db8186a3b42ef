/**
 * /profile/brand/:slug/:section: a tab of an owned brand (social-media, pickup-lines, notes,
 * response, holiday; banners has its own module, banners.tsx, for its picture field; /info is the
 * Brand Detail tab itself). The entries as a list, each with Edit (?edit=<entry id>, the form below
 * fills in) and Delete (asks first: a dialog with JavaScript, ?confirm=delete&entry_id=<entry id>
 * without), and the form that adds one. Loader and action: brand.server.ts.
 *
 * A partner brand has the Holiday tab only, read-only (the owner's holidays); its other section
 * URLs are not found (spec section 6). An owned brand's Holiday tab links to the holiday sessions
 * closing the brand (/profile/holiday?brand_id=…): the tab's entries are the dates the brand
 * announces, the sessions the days the business is closed (core/profile/holidays.ts).
 */
import { Link } from "react-router";
import type { Route } from "./+types/section";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import { localePath } from "#app/lib/i18n.ts";
import { SectionPage } from "#app/components/brand-section.tsx";
import { SECTION_KITS } from "#app/components/brand-section-kits.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { sectionAction, sectionLoader, sectionOf } from "./brand.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  // /banners has its own route (banners.tsx); this one never sees it.
  return sectionLoader(args, sectionOf(args));
}

export async function action(args: Route.ActionArgs) {
  return sectionAction(args, sectionOf(args));
}

export default function BrandSectionTab({ loaderData, actionData }: Route.ComponentProps) {
  const section = loaderData.section as Exclude<typeof loaderData.section, "banners">;
  const { t } = useTranslation("brand");
  const locale = useLocale();
  const sessions = section === "holiday" && !loaderData.brand.is_partner ? (
    <p className="mb-3 text-sm text-slate-600">
      {t("holiday_sessions.text")}{" "}
      <Link to={`${localePath(locale, "/profile/holiday")}?brand_id=${loaderData.brand.brand_id}`} className="font-medium text-brand-700 hover:underline">
        {t("holiday_sessions.link")}
      </Link>
    </p>
  ) : null;
  return <>{sessions}<SectionPage data={loaderData} reply={actionData} kit={SECTION_KITS[section]} /></>;
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
