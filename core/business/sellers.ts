/**
 * Becoming a seller (spec section 7 "POST /v0.0.0/sellers/register" and the become-seller pages):
 * a signed-in user registers their company with its legal documents; it waits in Moderation
 * until the platform approves it, and then the user is its owner and a seller.
 *
 * Decisions where the spec is silent:
 * - Documents come as files (the web's form, the API's multipart: documents[] with
 *   document_types[] beside them, in the same order) or as { type, url } naming files the user
 *   uploaded before through utilities/upload (the API's JSON).
 * - At least one document, at most 10; png, jpeg or pdf by their bytes, each ≤ 2048 KB. All fields
 *   and files are checked before anything is stored, and every problem is refused at once, per
 *   field ("documents", or "documents.<n>" for the n-th file given).
 * - Refused for a user who is already a seller or whose company is still in moderation; a
 *   rejected company does not block a new registration.
 * - Approval: `node --import tsx scripts/approve-business.ts <email>` (an admin command), or in demo
 *   mode, from the server's own machine (isDemoFor, core/lib/demo.ts), by the owner themselves
 *   (approveDemoBusiness: the demo button of /become-seller/moderation and
 *   POST /v0.0.0/demo/businesses/{id}/approve). The actor's token then works in the approved company.
 */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { apiTokens, BUSINESS_STATUS, businesses, uploads } from "#db/schema/index.ts";
import { isDocumentType, MAX_DOCUMENTS } from "#db/schema/company-enums.ts";
import type { Scope } from "#core/actor.ts";
import { memberships } from "#core/auth/tokens.ts";
import { fieldMessages, NotFound, pgErrorCode, Refused, type FieldMessages } from "#core/errors.ts";
import { isDemoFor, type Peer } from "#core/lib/demo.ts";
import { recordHistory } from "#core/lib/history.ts";
import { unix } from "#core/lib/time.ts";
import { DOCUMENT_KINDS, MAX_UPLOAD_BYTES, sniff, storeUpload } from "#core/lib/uploads.ts";
import { approveBusiness } from "./business.ts";
import { checkPlaces, companyValues } from "./companies.ts";
import { companyBody } from "./company-schema.ts";

const linkedDocuments = z.array(z.object({ type: z.string(), url: z.string() })).max(MAX_DOCUMENTS, "seller:errors.too_many_documents");

export type Registration = {
  /** The company's fields, as typed (companyBody checks them). */
  fields: Record<string, unknown>;
  /** Document files with their types, in the order given ("documents.<n>" names the n-th). */
  files?: { file: File; type: string | undefined }[];
  /** Documents as [{ type, url }] of the user's earlier uploads (JSON callers). */
  linked?: unknown;
};

/** Registers the actor's company with its documents; it waits in Moderation. */
export async function registerSeller(scope: Scope, input: Registration) {
  const { db, actor } = scope;
  const user = actor.user;
  if ((await memberships(user.id)).length) throw new Refused("seller:api.already_seller");
  const [pending] = await db.select({ id: businesses.id }).from(businesses)
    .where(and(eq(businesses.ownerUserId, user.id), eq(businesses.status, BUSINESS_STATUS.moderation))).limit(1);
  if (pending) throw new Refused("seller:api.already_pending");

  const files = input.files ?? [];
  const docs = linkedDocuments.safeParse(input.linked ?? []);
  const linked = docs.success ? docs.data : [];
  const parsed = companyBody.safeParse(input.fields);
  const errors: FieldMessages = parsed.success ? {} : fieldMessages(parsed.error.issues);
  const add = (field: string, key: string) => (errors[field] ??= []).push(key);

  // Documents: check every one before storing any.
  const count = files.length + linked.length;
  if (!docs.success || count > MAX_DOCUMENTS) add("documents", "seller:errors.too_many_documents");
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
  await checkPlaces(db, body);
  // The files are stored in the business's transaction: a registration that loses a race (or
  // fails in any other way) leaves none of its files behind.
  const business = await db.transaction(async (tx) => {
    const stored = [];
    for (const [i, { file, type }] of files.entries()) {
      const url = await storeUpload(file, user.id, DOCUMENT_KINDS, `documents.${i}`, { private: true, tx });
      stored.push({ type: type!, url, name: file.name.slice(0, 200) || type! });
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
  return {
    business_id: business.id,
    name: business.name,
    status: business.status,
    status_name: actor.t("common:status.moderation"),
    time_created: unix(business.timeCreated),
  };
}

/**
 * Demo mode only, asked from the server's own machine (`peer`, core/lib/demo.ts isDemoFor): the
 * owner approves their own company in moderation and becomes a seller; the actor's token (the web
 * session's too) now works in that company. Anything else is NotFound.
 */
export async function approveDemoBusiness(scope: Scope, businessId: number, peer: Peer) {
  const { db, actor } = scope;
  if (!isDemoFor(peer)) throw new NotFound();
  const [own] = await db.select({ id: businesses.id }).from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.ownerUserId, actor.user.id), eq(businesses.status, BUSINESS_STATUS.moderation)))
    .limit(1);
  if (!own) throw new NotFound();
  const approved = await approveBusiness(businessId, actor.user.id, db);
  if (!approved) throw new NotFound();
  await db.update(apiTokens).set({ businessId }).where(eq(apiTokens.id, actor.tokenId));
  return { business_id: businessId, is_seller: true };
}
