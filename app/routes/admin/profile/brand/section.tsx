/**
 * /profile/brand/:slug/:section: a tab of an owned brand (social-media, pickup-lines, notes,
 * response, holiday; banners has its own module, banners.tsx, for its picture field; /info is the
 * Brand Detail tab itself). The entries as a list, each with Edit (?edit=<entry id>, the form below
 * fills in) and Delete (asks first: a dialog with JavaScript, ?confirm=delete&entry_id=<entry id>
 * without), and the form that adds one. Loader and action: brand.server.ts.
 *
 * A partner brand has the Holiday tab only, read-only (the owner's holidays); its other section
 * URLs are not found (spec section 6).
 */
import type { Route } from "./+types/section";
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
  return <SectionPage data={loaderData} reply={actionData} kit={SECTION_KITS[section]} />;
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
