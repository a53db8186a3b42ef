/**
 * Becoming a seller (spec section 7 "POST /v0.0.0/sellers/register" and the become-seller pages):
 * a signed-in user registers their company with its legal documents; it waits in Moderation
 * until the platform approves it, and then the user is its owner and a seller.
 *
 * Decisions where the spec is silent:
 * - Multipart (documents[] files with document_types[] beside them, in the same order) or JSON
 *   (documents: [{ type, url }] naming files the caller uploaded before through utilities/upload).
 * - At least one document, at most 10; png, jpeg or pdf by their bytes, each ≤ 2048 KB. All fields
 *   and files are checked before anything is stored, and every problem is answered at once (422).
 * - Refused (422) for a user who is already a seller or whose company is still in moderation; a
 *   rejected company does not block a new registration.
 * - Approval: `node --import tsx scripts/approve-business.ts <email>` (an admin command), or in demo
 *   mode (isDemo(), core/lib/demo.ts) POST /v0.0.0/demo/businesses/{id}/approve by the owner themselves.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.ts";
import { apiTokens, BUSINESS_STATUS, businesses, uploads } from "#db/schema/index.ts";
import { approveBusiness } from "#core/business/business.ts";
import { isDocumentType, MAX_DOCUMENTS } from "#db/schema/company-enums.ts";
import { companyBody } from "#core/business/company-schema.ts";
import { requireAuth } from "#api/lib/auth.ts";
import { memberships } from "#core/auth/tokens.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { recordHistory } from "#core/lib/history.ts";
import { fieldErrors, ok } from "#api/lib/http.ts";
import { unix } from "#core/lib/time.ts";
import { DOCUMENT_KINDS, MAX_UPLOAD_BYTES, sniff, storeUpload } from "#core/lib/uploads.ts";
import { isDemo } from "#core/lib/demo.ts";
import { checkPlaces, companyValues } from "./business.ts";
import { NotFound, Refused, pgErrorCode } from "#core/errors.ts";

export const sellerRoutes = new Hono<ApiEnv>();

const jsonDocuments = z.array(z.object({ type: z.string(), url: z.string() })).max(MAX_DOCUMENTS, "seller:errors.too_many_documents");

/** The fields, and the documents as files (multipart) or as URLs of earlier uploads (JSON). */
async function readRegistration(c: Context<ApiEnv>) {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    const form = await c.req.formData();
    const fields: Record<string, unknown> = {};
    for (const [k, v] of form) if (typeof v === "string" && !k.endsWith("[]")) fields[k] = v;
    const types = form.getAll("document_types[]").map(String);
    const files = form.getAll("documents[]").flatMap((f, i) => (f instanceof File && f.size > 0 ? [{ file: f, type: types[i] }] : []));
    return { fields, files, linked: [] as { type: string; url: string }[], badLinked: false };
  }
  const json = ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  const docs = jsonDocuments.safeParse(json.documents ?? []);
  return { fields: json, files: [], linked: docs.success ? docs.data : [], badLinked: !docs.success };
}

sellerRoutes.post(
  "/v0.0.0/sellers/register",
  requireAuth,
  bodyLimit({ maxSize: MAX_DOCUMENTS * (MAX_UPLOAD_BYTES + 64 * 1024), onError: () => { throw new Refused("api:upload.too_big"); } }),
  async (c) => {
    const user = c.var.user;
    if ((await memberships(user.id)).length) throw new Refused("seller:api.already_seller");
    const [pending] = await db.select({ id: businesses.id }).from(businesses)
      .where(and(eq(businesses.ownerUserId, user.id), eq(businesses.status, BUSINESS_STATUS.moderation))).limit(1);
    if (pending) throw new Refused("seller:api.already_pending");

    const { fields, files, linked, badLinked } = await readRegistration(c);
    const parsed = companyBody.safeParse(fields);
    const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error, c.var.t);
    const add = (field: string, key: string) => (errors[field] ??= []).push(c.var.t(key));

    // Documents: check every one before storing any.
    const count = files.length + linked.length;
    if (badLinked || count > MAX_DOCUMENTS) add("documents", "seller:errors.too_many_documents");
    else if (count === 0) add("documents", "seller:errors.documents_required");
    files.forEach(({ file, type }, i) => {
      if (!isDocumentType(type)) add(`documents.${i}`, "seller:errors.document_type");
      else if (file.size > MAX_UPLOAD_BYTES) add(`documents.${i}`, "api:upload.too_big");
    });
    const checked = await Promise.all(files.map(async ({ file }) => sniff(Buffer.from(await file.arrayBuffer()), DOCUMENT_KINDS)));
    checked.forEach((kind, i) => { if (!kind && !errors[`documents.${i}`]) add(`documents.${i}`, "api:upload.wrong_type"); });
    const own = linked.length
      ? await db.select({ name: uploads.name, originalName: uploads.originalName }).from(uploads)
        .where(and(eq(uploads.userId, user.id), inArray(uploads.name, linked.map((d) => d.url.replace(/^\/uploads\//, "")))))
      : [];
    linked.forEach((d, i) => {
      if (!isDocumentType(d.type)) add(`documents.${i}`, "seller:errors.document_type");
      else if (!own.some((u) => `/uploads/${u.name}` === d.url)) add(`documents.${i}`, "seller:errors.document_unknown");
    });
    if (!parsed.success || Object.keys(errors).length) throw new Refused("api:errors.validation", errors);

    const body = parsed.data;
    await checkPlaces(body);
    // The files are stored in the business's transaction: a registration that loses a race (or
    // fails in any other way) leaves none of its files behind.
    const business = await db.transaction(async (tx) => {
      const stored = [];
      for (const [i, { file, type }] of files.entries()) {
        const url = await storeUpload(file, user.id, DOCUMENT_KINDS, `documents.${i}`, { private: true, tx });
        stored.push({ type, url, name: file.name.slice(0, 200) || type });
      }
      const documents = [
        ...stored,
        ...linked.map((d) => ({ type: d.type, url: d.url, name: own.find((u) => `/uploads/${u.name}` === d.url)!.originalName })),
      ];
      const [b] = await tx
        .insert(businesses)
        .values({ ...companyValues(body), status: BUSINESS_STATUS.moderation, ownerUserId: user.id, documents })
        .returning();
      await recordHistory(tx, { businessId: b.id, refType: "business", refId: b.id, userId: user.id, action: "register" });
      return b;
    }).catch((e: unknown) => {
      // A double submit passes the check above twice; the one-in-moderation index stops the second.
      throw pgErrorCode(e) === "23505" ? new Refused("seller:api.already_pending") : e;
    });
    return ok(c, {
      business_id: business.id,
      name: business.name,
      status: business.status,
      status_name: c.var.t("common:status.moderation"),
      time_created: unix(business.timeCreated),
    }, "seller:api.registered");
  },
);

/** Demo mode only: the owner approves their own company in moderation and becomes a seller. */
sellerRoutes.post("/v0.0.0/demo/businesses/:id{[0-9]+}/approve", requireAuth, async (c) => {
  if (!isDemo()) throw new NotFound();
  const id = Number(c.req.param("id"));
  const [own] = await db.select({ id: businesses.id }).from(businesses)
    .where(and(eq(businesses.id, id), eq(businesses.ownerUserId, c.var.user.id), eq(businesses.status, BUSINESS_STATUS.moderation))).limit(1);
  if (!own) throw new NotFound();
  const approved = await approveBusiness(id, c.var.user.id);
  if (!approved) throw new NotFound();
  // The token now works in the approved company.
  await db.update(apiTokens).set({ businessId: id }).where(eq(apiTokens.id, c.var.tokenId));
  return ok(c, { business_id: id, is_seller: true }, "seller:api.approved");
});
