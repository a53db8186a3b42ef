/**
 * One owned-brand section tab (social media, banners, pickup lines, notes, response, holiday): its
 * entries as a list and the form that adds or edits one. The shapes are the API's
 * (core/profile/brand-schema.ts SECTION_SCHEMAS), checked on the server (form.tsx shows a
 * failed submission). Editing is a link (?edit=<entry id>), so it works without JavaScript; Delete
 * asks first (ConfirmButton).
 *
 * What differs per section (how an entry reads, which fields the form has) is a SectionKit: the
 * five plain ones are in brand-section-kits.tsx, the banner's (with its picture field) in the
 * banners page itself, so no other tab loads the cropper's field.
 */
import type { ComponentType } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { BrandSection } from "#core/profile/profile-enums.ts";
import { SOCIAL_MEDIA } from "#core/profile/profile-enums.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import { ConfirmButton } from "./brand-confirm.tsx";
import { FormErrors, formState, type FormReply, type FormState } from "./form.tsx";
import { ConfirmPanel } from "./list/confirm-dialog.tsx";

/** An entry as GET /brands/{id}/{section} answers it: its fields next to its id. */
export type SectionEntry = { id: number; brand_id: number; section: BrandSection; [field: string]: unknown };

/** How a section's entries read and which fields its form has. */
export type SectionKit = {
  Body: ComponentType<{ entry: SectionEntry; labelId: string }>;
  Fields: ComponentType<{ form: FormState; label: (field: string) => string; idPrefix: string }>;
};

const FIELDS: Record<BrandSection, string[]> = {
  "social-media": ["type", "username", "url"],
  banners: ["image", "title", "link", "sort"],
  "pickup-lines": ["text"],
  notes: ["title", "content"],
  response: ["name", "message", "is_active"],
  holiday: ["start_date", "end_date", "reason"],
};

export const dmy = (v: unknown) => String(v ?? "").split("-").reverse().join("-");

/** The line that names an entry (confirm questions). */
export function entryName(section: BrandSection, e: SectionEntry): string {
  switch (section) {
    case "social-media": return `${SOCIAL_MEDIA[Number(e.type) as keyof typeof SOCIAL_MEDIA] ?? ""} · ${e.username}`;
    case "pickup-lines": return String(e.text);
    case "response": return String(e.name);
    case "holiday": return `${dmy(e.start_date)} – ${dmy(e.end_date)}`;
    default: return String(e.title);
  }
}

/** The entry's values as a form's defaults (strings, a checkbox as "on"). */
export function entryDefaults(section: BrandSection, e: SectionEntry | null): Record<string, string> {
  if (!e) return section === "banners" ? { sort: "0" } : section === "response" ? { is_active: "on" } : {};
  return Object.fromEntries(FIELDS[section].map((f) => {
    const v = e[f];
    if (typeof v === "boolean") return [f, v ? "on" : ""];
    return [f, v === null || v === undefined ? "" : String(v)];
  }));
}

/** What the section pages' loader hands to the page (app/routes/admin/profile/brand/brand.server.ts sectionLoader). */
export type SectionPageData = {
  section: BrandSection;
  brand: { brand_id: number; name: string; is_partner: boolean; company_data: { name: string } };
  entries: SectionEntry[];
  editing: number | null;
  defaults: Record<string, string>;
  deleting: { id: number; name: string } | null;
  back: string;
};

/** One section tab: its entries, the delete confirm step (no JavaScript), and the add / edit form. */
export function SectionPage({ data: d, reply, kit }: { data: SectionPageData; reply?: FormReply; kit: SectionKit }) {
  const { t } = useTranslation("brand");
  const { section, brand: b, entries, editing } = d;
  const editable = !b.is_partner;
  const base = new URL(d.back, "http://x");
  base.searchParams.delete("edit");
  const tabUrl = base.pathname + base.search;
  const editHref = (entry: number) => {
    const u = new URL(tabUrl, "http://x");
    u.searchParams.set("edit", String(entry));
    return u.pathname + u.search;
  };
  const title = t(`sections.${section}.title`);
  return (
    <div className="space-y-4">
      {d.deleting ? (
        <ConfirmPanel
          text={{ title: t("sections.delete_title"), body: t("sections.delete_body", { name: d.deleting.name, brand: b.name }), confirmLabel: t("sections.delete_confirm"), tone: "danger" }}
          fields={{ intent: "delete", entry_id: d.deleting.id }}
          cancelTo={d.back}
        />
      ) : null}
      <section aria-labelledby="section-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="section-title" className="text-base font-semibold text-slate-900">{title}</h2>
        <p className="mb-3 mt-1 text-sm text-slate-600">{t(`sections.${section}.hint`)}</p>
        {!editable ? <p className="mb-3 text-sm text-slate-600">{t("sections.read_only", { company: b.company_data.name })}</p> : null}
        {entries.length ? (
          <ul className="divide-y divide-slate-100">
            {entries.map((e) => {
              const labelId = `entry-${e.id}`;
              return (
                <li key={e.id} className="flex flex-wrap items-start gap-3 py-3">
                  <div className="min-w-0 flex-1"><kit.Body entry={e} labelId={labelId} /></div>
                  {editable ? (
                    <div className="flex flex-wrap gap-2">
                      <Link to={editHref(e.id)} preventScrollReset className={buttonClass("secondary")} aria-describedby={labelId}>{t("sections.edit")}</Link>
                      <ConfirmButton
                        fields={{ intent: "delete", entry_id: e.id }}
                        label={t("sections.delete")}
                        variant="ghost"
                        describedBy={labelId}
                        text={{
                          title: t("sections.delete_title"), body: t("sections.delete_body", { name: entryName(section, e), brand: b.name }),
                          confirmLabel: t("sections.delete_confirm"), tone: "danger",
                        }}
                      />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t("sections.empty")}</p>
        )}
      </section>
      {editable ? (
        <section aria-labelledby="section-form-title" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="section-form-title" className="mb-4 text-base font-semibold text-slate-900">
            {`${editing ? t("sections.edit") : t("sections.add")}: ${title}`}
          </h2>
          <SectionForm
            key={`${section}-${editing ?? "new"}-${entries.length}`}
            section={section}
            reply={reply}
            defaults={d.defaults}
            editing={editing}
            cancelTo={tabUrl}
            kit={kit}
          />
        </section>
      ) : null}
    </div>
  );
}

function SectionForm({ section, reply, defaults, editing, cancelTo, kit }: {
  section: BrandSection;
  reply?: FormReply;
  defaults: Record<string, string>;
  editing: number | null;
  cancelTo: string;
  kit: SectionKit;
}) {
  const { t } = useTranslation("brand");
  const form = formState(reply, { defaults });
  const label = (field: string) => t(`sections.${section}.${field === "title" ? "title_field" : field}`);
  return (
    <Form method="post" noValidate encType={section === "banners" ? "multipart/form-data" : undefined} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value={editing ? "update" : "add"} />
      {editing ? <input type="hidden" name="entry_id" value={editing} /> : null}
      <FormErrors errors={form.formErrors} />
      <kit.Fields form={form} label={label} idPrefix={section} />
      <div className="flex flex-wrap justify-end gap-2">
        {editing ? <Link to={cancelTo} preventScrollReset className={buttonClass("secondary")}>{t("sections.cancel")}</Link> : null}
        <SubmitButton>{editing ? t("sections.save") : t("sections.add")}</SubmitButton>
      </div>
    </Form>
  );
}
