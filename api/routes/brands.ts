/**
 * Brands (spec section 7 "Brands") and the product category pickers (section 7 "Utilities":
 * categories, categories/tree).
 *
 * Calls:
 *   GET  /v0.0.0/utilities/categories            flat list; search, level (1-3), parent_id
 *   GET  /v0.0.0/utilities/categories/tree       three levels: name, product_category_id (and id), childs
 *   GET  /v0.0.0/brands, /v0.0.1/brands           owned + partnered brands; status, ownership, search, sort, page, limit
 *   GET  /v0.0.0/brands/mixed                     picker (core/profile/brands.ts)
 *   POST /v0.0.1/brands/create                    an owned brand
 *   POST /v0.0.0/brands/create-partnership        ask to partner with another business's brand ({ brand_id })
 *   GET  /v0.0.0/brands/partnerships              partnership requests: direction incoming | outgoing, status, brand_id
 *   PUT  /v0.0.0/brands/partnerships/{id}/{action} approve | decline | cancel | disconnect | approve-disconnect
 *                                                 | decline-disconnect | request (core/profile/partnerships.ts)
 *   GET  /v0.0.0/brands/{id}, /v0.0.1/brands/{id}
 *   PUT  /v0.0.3/brands/{id}                      update an owned brand (whole form)
 *   PUT  /v0.0.0/brands/{id}/{activate|inactivate}
 *   GET  /v0.0.0/brands/{id}/update-history
 *   POST /v0.0.0/brands/{id}/documents            add a document (multipart type + file, or JSON type + url of an upload)
 *   DELETE /v0.0.0/brands/{id}/documents?url=…    remove one
 *   GET, POST /v0.0.{0,1,2}/brands/{id}/{section}; PUT, DELETE /v0.0.{0,1,2}/brands/{id}/{section}/{entryId}
 *     sections: social-media, banners, pickup-lines, notes, response, holiday (shapes: core/profile/brand-schema.ts)
 * Export kind "brand" (POST /v0.0.0/exports/brand) with the list's filters.
 *
 * A brand the business does not see answers 404 before its body is read; a partner brand's
 * changes answer 422 "brand:api.partner_read_only". The rules and queries are core/profile/brands*.ts
 * (their headers hold the decisions where the spec is silent); this file is the REST adapter over them.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { brandBody, partnershipBody, SECTION_SCHEMAS } from "#core/profile/brand-schema.ts";
import { brandHistory, brandListQuery, getBrand, listBrands, mixedBrands, mixedBrandsQuery } from "#core/profile/brands.ts";
import { categoriesQuery, categoryPicker, categoryTreeQuery, listCategories } from "#core/profile/brands-categories.ts";
import { addBrandDocument, documentFileBody, documentUrlBody, removeBrandDocument } from "#core/profile/brands-documents.ts";
import {
  actOnBrandPartnership, ANSWER_ACTIONS, listBrandPartnerships, partnershipsQuery, requestBrandPartnership, type PartnershipAction,
} from "#core/profile/brands-partnerships.ts";
import { brandStatusMessage, createBrand, setBrandStatus, updateBrand } from "#core/profile/brands-save.ts";
import { addBrandEntry, checkSection, listBrandEntries, removeBrandEntry, updateBrandEntry } from "#core/profile/brands-sections.ts";
import { BRAND_SECTIONS, type BrandSection } from "#core/profile/profile-enums.ts";
import { listQuery } from "#core/lib/list-query.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { input, list, ok, whole } from "#api/lib/http.ts";

export const brandRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller] as const;
const idParam = (c: Context<ApiEnv>, name = "id") => Number(c.req.param(name));
const pageQuery = listQuery.pick({ page: true, limit: true });

// Product categories (reference data)
brandRoutes.get("/v0.0.0/utilities/categories", requireAuth, async (c) =>
  whole(c, await listCategories(c.var.scope, await input(c, categoriesQuery, "query"))));

brandRoutes.get("/v0.0.0/utilities/categories/tree", requireAuth, async (c) =>
  whole(c, await categoryPicker(c.var.scope, await input(c, categoryTreeQuery, "query"))));

// List, picker, create
async function listAll(c: Context<ApiEnv>) {
  const q = await input(c, brandListQuery, "query");
  const { rows, total } = await listBrands(c.var.scope, q);
  return list(c, rows, total, q.limit);
}
brandRoutes.get("/v0.0.0/brands", ...seller, listAll);
brandRoutes.get("/v0.0.1/brands", ...seller, listAll);

brandRoutes.get("/v0.0.0/brands/mixed", ...seller, async (c) => {
  const q = await input(c, mixedBrandsQuery, "query");
  const { rows, total } = await mixedBrands(c.var.scope, q);
  return list(c, rows as unknown[], total, q.limit);
});

brandRoutes.post("/v0.0.1/brands/create", ...seller, async (c) =>
  ok(c, await createBrand(c.var.scope, await input(c, brandBody)), "brand:api.created"));

brandRoutes.post("/v0.0.0/brands/create-partnership", ...seller, async (c) =>
  ok(c, await requestBrandPartnership(c.var.scope, await input(c, partnershipBody)), "brand:api.partnership_requested"));

// Partnerships: requests in and out, and their answers
brandRoutes.get("/v0.0.0/brands/partnerships", ...seller, async (c) => {
  const q = await input(c, partnershipsQuery, "query");
  const { rows, total } = await listBrandPartnerships(c.var.scope, q);
  return list(c, rows, total, q.limit);
});

// Longest first: the router's pattern takes the first alternative that fits ("decline" of "decline-disconnect").
const ACTION_PATTERN = [...ANSWER_ACTIONS].sort((a, b) => b.length - a.length).join("|");
brandRoutes.put(`/v0.0.0/brands/partnerships/:id{[0-9]+}/:action{${ACTION_PATTERN}}`, ...seller, async (c) => {
  const action = c.req.param("action") as PartnershipAction;
  return ok(c, await actOnBrandPartnership(c.var.scope, idParam(c), action), `brand:partnership.done.${action}`);
});

// One brand: read, update, toggle, history, documents
async function getOne(c: Context<ApiEnv>) {
  return ok(c, await getBrand(c.var.scope, idParam(c)));
}
brandRoutes.get("/v0.0.0/brands/:id{[0-9]+}", ...seller, getOne);
brandRoutes.get("/v0.0.1/brands/:id{[0-9]+}", ...seller, getOne);

brandRoutes.put("/v0.0.3/brands/:id{[0-9]+}", ...seller, async (c) => {
  const id = idParam(c);
  await getBrand(c.var.scope, id, { owned: true }); // 404 / read-only before the body is read
  return ok(c, await updateBrand(c.var.scope, id, await input(c, brandBody)), "brand:api.updated");
});

brandRoutes.put("/v0.0.0/brands/:id{[0-9]+}/:action{activate|inactivate}", ...seller, async (c) => {
  const activate = c.req.param("action") === "activate";
  return ok(c, await setBrandStatus(c.var.scope, idParam(c), activate), brandStatusMessage(activate));
});

brandRoutes.get("/v0.0.0/brands/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const id = idParam(c);
  await getBrand(c.var.scope, id); // 404 before the query is read
  const q = await input(c, pageQuery, "query");
  const { rows, total } = await brandHistory(c.var.scope, id, q);
  return list(c, rows, total, q.limit);
});

/**
 * One document: multipart `type` + `file` (png, jpeg or pdf up to 2048 KB, stored private), or JSON
 * `type` + `url` naming a file the caller uploaded before.
 */
brandRoutes.post("/v0.0.0/brands/:id{[0-9]+}/documents", ...seller, async (c) => {
  const id = idParam(c);
  await getBrand(c.var.scope, id, { owned: true });
  const multipart = (c.req.header("content-type") ?? "").includes("multipart/form-data");
  const body = multipart ? await input(c, documentFileBody) : await input(c, documentUrlBody);
  return ok(c, await addBrandDocument(c.var.scope, id, body), "brand:api.document_added");
});

brandRoutes.delete("/v0.0.0/brands/:id{[0-9]+}/documents", ...seller, async (c) => {
  const { url } = await input(c, z.object({ url: z.string({ error: "required" }).min(1, "required") }), "query");
  return ok(c, await removeBrandDocument(c.var.scope, idParam(c), url), "brand:api.document_removed");
});

// Sections: GET, POST /brands/{id}/{section}; PUT, DELETE /brands/{id}/{section}/{entryId}
const SECTION = `:section{${BRAND_SECTIONS.join("|")}}`;
const sectionOf = (c: Context<ApiEnv>) => c.req.param("section") as BrandSection;
/** The section's body, once the brand is known to be the caller's to change (404 / 422 first). */
async function sectionBody(c: Context<ApiEnv>, section: BrandSection) {
  await checkSection(c.var.scope, idParam(c), section, { write: true });
  return (await input(c, SECTION_SCHEMAS[section] as z.ZodType)) as Record<string, unknown>;
}

for (const v of ["v0.0.0", "v0.0.1", "v0.0.2"]) {
  const base = `/${v}/brands/:id{[0-9]+}/${SECTION}`;
  const one = `${base}/:entryId{[0-9]+}`;

  brandRoutes.get(base, ...seller, async (c) => whole(c, await listBrandEntries(c.var.scope, idParam(c), sectionOf(c))));

  brandRoutes.post(base, ...seller, async (c) => {
    const section = sectionOf(c);
    const data = await sectionBody(c, section);
    return ok(c, await addBrandEntry(c.var.scope, idParam(c), section, data), "brand:api.entry_added");
  });

  brandRoutes.put(one, ...seller, async (c) => {
    const section = sectionOf(c);
    const data = await sectionBody(c, section);
    return ok(c, await updateBrandEntry(c.var.scope, idParam(c), section, idParam(c, "entryId"), data), "brand:api.entry_updated");
  });

  brandRoutes.delete(one, ...seller, async (c) =>
    ok(c, await removeBrandEntry(c.var.scope, idParam(c), sectionOf(c), idParam(c, "entryId")), "brand:api.entry_removed"));
}
