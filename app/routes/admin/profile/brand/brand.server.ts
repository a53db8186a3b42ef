/**
 * What the brand pages share on the server: the category tree for the forms, the API body of the
 * owned-brand form, the owned-brand form's parsing (image first, then the schema), the no-JS
 * confirm step of ConfirmButton (app/components/brand-confirm.tsx), and the section tabs' loader
 * and action.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { brandBody, SECTION_SCHEMAS, type BrandBody } from "#core/profile/brand-schema.ts";
import { BRAND_SECTIONS, type BrandSection } from "#core/profile/profile-enums.ts";
import type { Brand } from "#app/components/brand-card.tsx";
import type { CategoryNode } from "#app/components/brand-form.tsx";
import { entryDefaults, entryName, type SectionEntry, type SectionPageData } from "#app/components/brand-section.tsx";
import { callApi, getList, getOrThrow } from "#app/lib/api.server.ts";
import { replyWithApiError } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { imageFromForm } from "#app/lib/uploads.server.ts";

type Ctx = Parameters<typeof getList>[0];

export async function loadCategoryTree(args: Ctx) {
  return (await getList<CategoryNode>(args, "/v0.0.0/utilities/categories/tree", { sort: 8 })).rows;
}

/** The API body of the owned-brand form (empty optionals sent as "" so an update clears them). */
export function brandPayload(v: BrandBody) {
  return { name: v.name, image: v.image ?? "", product_category_id: v.product_category_id, description: v.description ?? "" };
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

/** The confirm step a ConfirmButton asks for, read from the URL: ?confirm=<kind>&target=…&do=… */
export type ConfirmAsk = { kind: string; target: string; do: string | null };

export function readConfirm(url: URL): ConfirmAsk | null {
  const kind = url.searchParams.get("confirm");
  const target = url.searchParams.get("target");
  if (!kind || kind === "toggle" || !target) return null;
  return { kind, target, do: url.searchParams.get("do") };
}

/** The page's URL without its confirm step (where Cancel and a done change go back to). */
export function withoutConfirm(url: URL) {
  const q = new URLSearchParams(url.search);
  // "index" is React Router's marker of a POST to an index route, not part of the page's URL.
  for (const k of ["confirm", "target", "do", "id", "action", "index"]) q.delete(k);
  const s = q.toString();
  return url.pathname + (s ? `?${s}` : "");
}

/**
 * A change posted without confirmed=1 (JavaScript off): go to the page's confirm step instead.
 * Returns normally when the change was confirmed.
 */
export function askFirst(url: URL, form: FormData, ask: ConfirmAsk) {
  if (form.get("confirmed") === "1") return;
  const q = new URLSearchParams(withoutConfirm(url).split("?")[1] ?? "");
  q.set("confirm", ask.kind);
  q.set("target", ask.target);
  if (ask.do) q.set("do", ask.do);
  throw redirect(`${url.pathname}?${q.toString()}`);
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
  const brand = (await getOrThrow<Brand>(args, `/v0.0.0/brands/${id}`)).data;
  if (brand.is_partner && section !== "holiday") throw data("Not found", { status: 404 });
  const entries = (await getList<SectionEntry>(args, `/v0.0.0/brands/${id}/${section}`)).rows;
  const editId = Number(url.searchParams.get("edit")) || null;
  const editing = brand.is_partner ? null : (entries.find((e) => e.id === editId) ?? null);
  const asked = readConfirm(url);
  const deleting = asked?.kind === "delete" && !brand.is_partner ? entries.find((e) => String(e.id) === asked.target) : undefined;
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
  // Done: the tab without its edit or confirm step.
  const done = new URL(withoutConfirm(url), url);
  done.searchParams.delete("edit");
  const doneUrl = done.pathname + done.search;
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const entryId = Number(formData.get("entry_id"));
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
      const res = intent === "add"
        ? await callApi(args, "POST", `/v0.0.0/brands/${id}/${section}`, { body })
        : await callApi(args, "PUT", `/v0.0.0/brands/${id}/${section}/${entryId}`, { body });
      if (!res.ok) return replyWithApiError(submission, res);
      throw redirect(doneUrl);
    }
    case "delete": {
      askFirst(url, formData, { kind: "delete", target: String(entryId), do: null });
      await callApi(args, "DELETE", `/v0.0.0/brands/${id}/${section}/${entryId}`);
      throw redirect(doneUrl);
    }
    default:
      throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
}
