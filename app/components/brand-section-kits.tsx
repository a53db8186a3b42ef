/**
 * How the plain brand sections read and what their forms ask (brand-section.tsx SectionKit):
 * social media, pickup lines, notes, response, holiday. The banner's kit lives in the banners page.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { BrandSection } from "#core/profile/profile-enums.ts";
import { SOCIAL_MEDIA } from "#core/profile/profile-enums.ts";
import { Checkbox, Select, TextArea, TextInput } from "./form.tsx";
import { dmy, type SectionKit } from "./brand-section.tsx";
import { StatusBadge } from "./list/status-badge.tsx";

const title = "font-medium text-slate-900 break-words";

export const SECTION_KITS: Record<Exclude<BrandSection, "banners">, SectionKit> = {
  "social-media": {
    Body: function SocialMedia({ entry: e, labelId }) {
      const { t } = useTranslation("brand");
      return (
        <>
          <p id={labelId} className={title}>{t(`profile:social_media.${e.type}`)} · {String(e.username)}</p>
          <a href={String(e.url)} target="_blank" rel="noreferrer noopener" className="break-all text-sm text-brand-700 hover:underline">{String(e.url)}</a>
        </>
      );
    },
    Fields: function SocialMediaFields({ form, label, idPrefix }) {
      const { t } = useTranslation("brand");
      const f = { form, idPrefix };
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <Select {...f} name="type" label={label("type")} required>
            <option value="">{t("sections.social-media.type_placeholder")}</option>
            {Object.keys(SOCIAL_MEDIA).map((k) => <option key={k} value={k}>{t(`profile:social_media.${k}`)}</option>)}
          </Select>
          <TextInput {...f} name="username" label={label("username")} required maxLength={100} autoComplete="off" />
          <div className="sm:col-span-2"><TextInput {...f} name="url" type="url" label={label("url")} required maxLength={500} placeholder="https://" /></div>
        </div>
      );
    },
  },
  "pickup-lines": {
    Body: ({ entry: e, labelId }) => <p id={labelId} className={title}>“{String(e.text)}”</p>,
    Fields: ({ form, label, idPrefix }) => <TextInput form={form} idPrefix={idPrefix} name="text" label={label("text")} required maxLength={150} />,
  },
  notes: {
    Body: ({ entry: e, labelId }) => (
      <>
        <p id={labelId} className={title}>{String(e.title)}</p>
        <p className="whitespace-pre-line break-words text-sm text-slate-700">{String(e.content)}</p>
      </>
    ),
    Fields: ({ form, label, idPrefix }) => (
      <>
        <TextInput form={form} idPrefix={idPrefix} name="title" label={label("title")} required maxLength={100} />
        <TextArea form={form} idPrefix={idPrefix} name="content" label={label("content")} rows={5} required maxLength={2000} />
      </>
    ),
  },
  response: {
    Body: function Response({ entry: e, labelId }) {
      const { t } = useTranslation("brand");
      return (
        <>
          <p id={labelId} className={`${title} flex flex-wrap items-center gap-2`}>
            <span>{String(e.name)}</span>
            <StatusBadge tone={e.is_active ? "success" : "neutral"}>{t(e.is_active ? "sections.active" : "sections.inactive")}</StatusBadge>
          </p>
          <p className="whitespace-pre-line break-words text-sm text-slate-700">{String(e.message)}</p>
        </>
      );
    },
    Fields: ({ form, label, idPrefix }) => (
      <>
        <TextInput form={form} idPrefix={idPrefix} name="name" label={label("name")} required maxLength={100} />
        <TextArea form={form} idPrefix={idPrefix} name="message" label={label("message")} rows={4} required maxLength={1000} />
        <Checkbox form={form} idPrefix={idPrefix} name="is_active" label={label("is_active")} />
      </>
    ),
  },
  holiday: {
    Body: function Holiday({ entry: e, labelId }) {
      const { t } = useTranslation("brand");
      return (
        <>
          <p id={labelId} className={`${title} flex flex-wrap items-center gap-2`}>
            <span>{dmy(e.start_date)} – {dmy(e.end_date)}</span>
            {e.is_ongoing ? <StatusBadge tone="warning">{t("sections.ongoing")}</StatusBadge> : null}
          </p>
          <p className="break-words text-sm text-slate-700">{String(e.reason)}</p>
        </>
      );
    },
    Fields: ({ form, label, idPrefix }) => (
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput form={form} idPrefix={idPrefix} name="start_date" type="date" label={label("start_date")} required />
        <TextInput form={form} idPrefix={idPrefix} name="end_date" type="date" label={label("end_date")} required />
        <div className="sm:col-span-2"><TextInput form={form} idPrefix={idPrefix} name="reason" label={label("reason")} required maxLength={200} /></div>
      </div>
    ),
  },
};
