/**
 * What the brand pages share on the server: the category tree for the forms, the owned-brand
 * form's parsing (image first, then the schema), the page's URL without its confirm step, the
 * success notices, and the section tabs' loader and action. Every page calls core/profile/brands*.ts,
 * the functions the REST API calls.
 *
 * Confirm steps (ConfirmButton, app/components/brand-confirm.tsx, and the status switch) use the
 * web's one vocabulary (app/lib/confirm.server.ts): a change posted without confirmed=1 goes to
 * `?confirm=<intent>&<its fields>` (delete&entry_id=…, document_remove&url=…,
 * partnership_action&partnership_id=…&do=…, toggle&brand_id=…&action=…), which the loader shows as
 * a ConfirmPanel posting the same fields with confirmed=1.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { DomainError, Forbidden, NotFound } from "#core/errors.ts";
import { brandBody, SECTION_SCHEMAS } from "#core/profile/brand-schema.ts";
import { getBrand } from "#core/profile/brands.ts";
import { categoryPicker } from "#core/profile/brands-categories.ts";
import { actOnBrandPartnership, ANSWER_ACTIONS } from "#core/profile/brands-partnerships.ts";
import { addBrandEntry, listBrandEntries, removeBrandEntry, updateBrandEntry } from "#core/profile/brands-sections.ts";
import { BRAND_SECTIONS, type BrandSection } from "#core/profile/profile-enums.ts";
import { entryDefaults, entryName, type SectionEntry, type SectionPageData } from "#app/components/brand-section.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromForm, idFromSlug } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { imageFromForm } from "#app/lib/uploads.server.ts";

type Ctx = { request: Request; context: Readonly<RouterContextProvider> };

export async function loadCategoryTree(args: Ctx) {
  return categoryPicker(getScope(args.context), { sort: 8 });
}

/** A success notice in the page's language (the same keys the API answers with). */
export function notice(args: Ctx, key: string) {
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))(key));
}

/**
 * The owned-brand form: its image goes to the upload first (a refused file is a field error, the
 * rest of the form is still checked), then the schema. Answers the submission, or the 400 reply.
 */
export async function parseBrandForm(args: Ctx, formData: FormData) {
  const image = await imageFromForm(args, formData, "image");
  const submission = parseWithZod(formData, { schema: brandBody });
  if (image.error) {
    const fieldErrors = { ...(submission.status === "error" ? submission.error : {}), image: [image.error] };
    return { reply: data(submission.reply({ fieldErrors: fieldErrors as Record<string, string[]> }), { status: 400 }) };
  }
  if (submission.status !== "success") return { reply: data(submission.reply(), { status: 400 }) };
  return { submission };
}

/**
 * One step on a brand partnership (intent=partnership_action: partnership_id, do), confirmed. Done:
 * its notice, and the partnership as it is now; refused (the other side moved first): the reason
 * as a danger notice, and null. The page then goes back to itself without the confirm step.
 */
export async function answerPartnership(args: Ctx, id: number, action: string) {
  const known = (ANSWER_ACTIONS as readonly string[]).includes(action);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || !known) throw new NotFound();
  try {
    const row = await actOnBrandPartnership(getScope(args.context), id, action as (typeof ANSWER_ACTIONS)[number]);
    notice(args, `brand:partnership.done.${action}`);
    return row;
  } catch (e) {
    if (!(e instanceof DomainError) || e instanceof NotFound || e instanceof Forbidden) throw e;
    flashToast(args.context, "danger", refusalMessage(args.context, e));
    return null;
  }
}

/** The fields a brand page's confirm steps carry (and "index", React Router's marker of an index route's POST). */
const STEP_FIELDS = ["confirm", "entry_id", "url", "partnership_id", "do", "brand_id", "action", "index"];

/** The page's URL without its confirm step (where Cancel and a done change go back to). */
export function withoutConfirm(url: URL) {
  const q = new URLSearchParams(url.search);
  for (const k of STEP_FIELDS) q.delete(k);
  const s = q.toString();
  return url.pathname + (s ? `?${s}` : "");
}

// ---------------------------------------------------------------------------------------------
// The section tabs (section.tsx for five of them, banners.tsx for the one with a picture)
// ---------------------------------------------------------------------------------------------
type RouteArgs = Ctx & { params: { slug?: string; section?: string } };

/** A tab's section from its URL: the info tab's own address redirects there; anything else is not found. */
export function sectionOf(args: RouteArgs, fixed?: BrandSection): BrandSection {
  if (fixed) return fixed;
  const { section, slug } = args.params;
  if (section === "info") throw redirect(localePath(getLocale(args.context), `/profile/brand/${idFromSlug(slug)}`));
  if (!section || !(BRAND_SECTIONS as readonly string[]).includes(section)) throw data("Not found", { status: 404 });
  return section as BrandSection;
}

/**
 * The tab's data: the brand (a partner brand has the Holiday tab only, read-only; its other tabs
 * are not found), its entries, the entry being edited (?edit=<id>) and the delete confirm step.
 */
export async function sectionLoader(args: RouteArgs, section: BrandSection): Promise<SectionPageData & { title: string }> {
  const id = idFromSlug(args.params.slug);
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const brand = await getBrand(scope, id);
  const entries = (await listBrandEntries(scope, id, section)) as SectionEntry[];
  const editId = Number(url.searchParams.get("edit")) || null;
  const editing = brand.is_partner ? null : (entries.find((e) => e.id === editId) ?? null);
  const asked = confirmAsked(url, "delete");
  const deleting = asked && !brand.is_partner ? entries.find((e) => String(e.id) === asked.fields.entry_id) : undefined;
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return {
    title: `${t(`brand:tabs.${section}`)} · ${brand.name} | ${t("common:app_name")}`,
    section,
    brand: { brand_id: brand.brand_id, name: brand.name, is_partner: brand.is_partner, company_data: { name: brand.company_data.name } },
    entries,
    editing: editing?.id ?? null,
    defaults: entryDefaults(section, editing),
    deleting: deleting ? { id: deleting.id, name: entryName(section, deleting) } : null,
    back: withoutConfirm(url),
  };
}

/** intent add | update (the section's schema; a banner's picture goes to the upload first) | delete (asks first). */
export async function sectionAction(args: RouteArgs, section: BrandSection) {
  const id = idFromSlug(args.params.slug);
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  // Done: the tab without its edit or confirm step.
  const done = new URL(withoutConfirm(url), url);
  done.searchParams.delete("edit");
  const doneUrl = done.pathname + done.search;
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  // The entry an update or a delete names; not an id: not found, before anything is read or asked.
  const entryId = intent === "update" || intent === "delete" ? idFromForm(formData, "entry_id") : 0;
  switch (intent) {
    case "add":
    case "update": {
      const image = section === "banners" ? await imageFromForm(args, formData, "image") : null;
      const submission = parseWithZod(formData, { schema: SECTION_SCHEMAS[section] });
      if (image?.error) {
        const fieldErrors = { ...(submission.status === "error" ? submission.error : {}), image: [image.error] };
        return data(submission.reply({ fieldErrors: fieldErrors as Record<string, string[]> }), { status: 400 });
      }
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const body = submission.value as Record<string, unknown>;
      try {
        if (intent === "add") await addBrandEntry(scope, id, section, body);
        else await updateBrandEntry(scope, id, section, entryId, body);
      } catch (e) {
        return replyRefused(args, submission, e);
      }
      notice(args, intent === "add" ? "brand:api.entry_added" : "brand:api.entry_updated");
      throw redirect(doneUrl);
    }
    case "delete": {
      requireConfirmed(args.request, formData, "delete", withoutConfirm(url));
      await removeBrandEntry(scope, id, section, entryId);
      notice(args, "brand:api.entry_removed");
      throw redirect(doneUrl);
    }
    default:
      throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
}
