/**
 * /profile/brand/:slug/banners: the Banner tab of an owned brand, the section tab (section.tsx) with
 * the picture field (ImageField: the cropper with JavaScript, a plain file input without), which
 * only this tab loads. A partner brand has no Banner tab (not found).
 */
import type { Route } from "./+types/banners";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { TextInput } from "#app/components/form.tsx";
import { SectionPage, type SectionKit } from "#app/components/brand-section.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ImageField } from "#app/components/image-field.tsx";
import { sectionAction, sectionLoader } from "./brand.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  return sectionLoader(args, "banners");
}

export async function action(args: Route.ActionArgs) {
  return sectionAction(args, "banners");
}

/** A banner reads as its picture, title, order and link; its form asks the same. */
const BANNER_KIT: SectionKit = {
  Body: function Banner({ entry: e, labelId }) {
    const { t } = useTranslation("brand");
    return (
      <div className="flex flex-wrap items-start gap-3">
        <img src={String(e.image)} alt={String(e.title)} width={96} height={96} className="h-24 w-24 rounded-md border border-slate-200 object-cover" />
        <div className="min-w-0 flex-1">
          <p id={labelId} className="break-words font-medium text-slate-900">{String(e.title)}</p>
          <p className="text-sm text-slate-600">{t("sections.banners.sort")}: {String(e.sort)}</p>
          {e.link ? <a href={String(e.link)} target="_blank" rel="noreferrer noopener" className="break-all text-sm text-brand-700 hover:underline">{String(e.link)}</a> : null}
        </div>
      </div>
    );
  },
  Fields: ({ form, label, idPrefix }) => (
    <>
      <ImageField name="image" label={label("image")} required defaultUrl={form.value("image") || null} errors={form.errors("image") ?? undefined} />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextInput form={form} idPrefix={idPrefix} name="title" label={label("title")} required maxLength={100} />
        <TextInput form={form} idPrefix={idPrefix} name="sort" type="number" min={0} max={999} label={label("sort")} />
        <div className="sm:col-span-2">
          <TextInput form={form} idPrefix={idPrefix} name="link" type="url" label={label("link")} maxLength={500} placeholder="https://" />
        </div>
      </div>
    </>
  ),
};

export default function BrandBannersTab({ loaderData, actionData }: Route.ComponentProps) {
  return <SectionPage data={loaderData} reply={actionData} kit={BANNER_KIT} />;
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
