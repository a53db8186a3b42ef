/**
 * An owned brand's documents (the company document types, utilities:documents): add one, remove
 * one. A brand with 3 or more is verified (is_verified, brands.ts).
 *
 * Decisions where the spec is silent:
 * - A document is a file sent with it (png, jpeg or pdf up to 2048 KB, stored private) or a file
 *   the actor uploaded before (its URL; made private then). Another user's upload is refused under
 *   `url`; the same file twice is kept once.
 * - A partner sees which documents the owner holds (type and name), not the files; only the owner
 *   changes them (a partner brand is Refused "brand:api.partner_read_only").
 * - Each change writes a history row naming the type and the file's name.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { brands, uploads } from "#db/schema/index.ts";
import { isDocumentType, MAX_DOCUMENTS } from "#db/schema/company-enums.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { DOCUMENT_KINDS, storeUpload } from "#core/lib/uploads.ts";
import { brandAnswer, brandOf, findBrand } from "./brands.ts";

const documentType = z.string({ error: "required" }).trim().min(1, { error: "required", abort: true }).refine(isDocumentType, "brand:errors.document_type");

/** A document sent as a file (multipart; the web's form). */
export const documentFileBody = z.object({
  type: documentType,
  file: z.custom<File>((v) => v instanceof File && v.size > 0, { error: "required" }),
});

/** A document that is an earlier upload of the actor's, by its URL (JSON). */
export const documentUrlBody = z.object({
  type: documentType,
  url: z.string({ error: "required" }).trim().min(1, "required"),
});

export type DocumentBody = z.infer<typeof documentFileBody> | z.infer<typeof documentUrlBody>;

export async function addBrandDocument(scope: Scope, id: number, body: DocumentBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const t = actor.t;
  await brandOf(db, actor, id, { owned: true });
  const file = "file" in body ? body.file : null;
  let url: string | null = null;
  if (!file && "url" in body) {
    const name = body.url.replace(/^\/uploads\//, "");
    const [own] = await db.select({ name: uploads.name }).from(uploads)
      .where(and(eq(uploads.name, name), eq(uploads.userId, actor.user.id))).limit(1);
    if (!own) throw new Refused("api:errors.validation", { url: ["brand:errors.document_unknown"] });
    url = `/uploads/${own.name}`;
    await db.update(uploads).set({ private: true }).where(eq(uploads.name, own.name));
  }
  const after = await db.transaction(async (tx) => {
    const brand = await brandOf(tx, actor, id, { owned: true, lock: true });
    const documents = brand.documents ?? [];
    if (documents.length >= MAX_DOCUMENTS) throw new Refused("api:errors.validation", { file: ["brand:errors.too_many_documents"] });
    let name: string;
    if (file) {
      url = await storeUpload(file, actor.user.id, DOCUMENT_KINDS, "file", { private: true, tx });
      name = file.name.slice(0, 120) || t(`utilities:documents.${body.type}`);
    } else {
      const [u] = await tx.select({ originalName: uploads.originalName }).from(uploads).where(eq(uploads.name, url!.slice(9))).limit(1);
      name = u?.originalName ?? url!.slice(9);
    }
    if (documents.some((d) => d.url === url)) return brand;
    await tx.update(brands).set({ documents: [...documents, { type: body.type, url: url!, name }], timeModified: new Date() }).where(eq(brands.id, id));
    await recordHistory(tx, {
      businessId: me, refType: "brand", refId: id, userId: actor.user.id, action: "document_add",
      changes: { documents: { from: null, to: `${t(`utilities:documents.${body.type}`)} · ${name}` } },
    });
    return (await findBrand(me, id, tx))!;
  });
  return brandAnswer(after, actor);
}

/** Removes the document at `url` (NotFound when the brand has none there). */
export async function removeBrandDocument(scope: Scope, id: number, url: string) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  const after = await db.transaction(async (tx) => {
    const brand = await brandOf(tx, actor, id, { owned: true, lock: true });
    const documents = brand.documents ?? [];
    const gone = documents.find((d) => d.url === url);
    if (!gone) throw new NotFound();
    await tx.update(brands).set({ documents: documents.filter((d) => d !== gone), timeModified: new Date() }).where(eq(brands.id, brand.id));
    await recordHistory(tx, {
      businessId: me, refType: "brand", refId: brand.id, userId: actor.user.id, action: "document_remove",
      changes: { documents: { from: `${actor.t(`utilities:documents.${gone.type}`)} · ${gone.name}`, to: null } },
    });
    return (await findBrand(me, brand.id, tx))!;
  });
  return brandAnswer(after, actor);
}
