/**
 * Uploads are checked by their content (magic bytes), not by their name, and stored under a
 * server-made random name. The spec's limits: images png/jpeg up to 2048 KB.
 *
 * Images (product photos, logos) are public: anyone with the URL sees them. Company and brand documents
 * (legal ID scans, tax ids) are private: only the user who uploaded one, or a member of a business
 * whose documents list it and who may see that business's profile, gets it. A file that a business
 * lists as a document is private even when it was uploaded as a public image first (a registration
 * may link an earlier upload), so the rule holds whatever way a document arrived.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { db, type Tx } from "#db/client.ts";
import { brands, businesses, businessMembers, uploads } from "#db/schema/index.ts";
import { canAccess } from "#core/auth/privileges.ts";
import { findToken } from "#core/auth/tokens.ts";
import { MAX_UPLOAD_BYTES } from "#db/schema/company-enums.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";
import { Refused } from "#core/errors.ts";

const KINDS = {
  png: { type: "image/png", ext: "png", test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  jpeg: { type: "image/jpeg", ext: "jpg", test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  pdf: { type: "application/pdf", ext: "pdf", test: (b: Buffer) => b.subarray(0, 5).toString("latin1") === "%PDF-" },
} as const;
export type UploadKind = keyof typeof KINDS;

export const IMAGE_KINDS: UploadKind[] = ["png", "jpeg"];
export const DOCUMENT_KINDS: UploadKind[] = ["png", "jpeg", "pdf"];
// The limit is shared with the web's file checks (db/schema/company-enums.ts).
export { MAX_UPLOAD_BYTES };

export function sniff(data: Buffer, allowed: UploadKind[]) {
  return allowed.map((k) => KINDS[k]).find((k) => k.test(data));
}

/**
 * Checks and stores one file; answers its URL. Field errors are 422 on `field`. Given `tx`, the file
 * is stored in that transaction, so it is gone again if the transaction fails.
 */
export async function storeUpload(
  file: File, userId: number, allowed: UploadKind[], field = "file", opts: { private?: boolean; tx?: Tx } = {},
) {
  if (file.size > MAX_UPLOAD_BYTES) throw new Refused("api:upload.too_big", { [field]: ["api:upload.too_big"] });
  const data = Buffer.from(await file.arrayBuffer());
  const kind = sniff(data, allowed);
  if (!kind) throw new Refused("api:upload.wrong_type", { [field]: ["api:upload.wrong_type"] });
  const name = `${randomBytes(16).toString("hex")}.${kind.ext}`;
  await (opts.tx ?? db).insert(uploads).values({
    name, userId, contentType: kind.type, originalName: file.name.slice(0, 200) || name, size: data.length, data,
    private: opts.private ?? false,
  });
  return `/uploads/${name}`;
}

/**
 * The file for a viewer holding `token` (a bearer token, or none), or null when there is no such
 * file or the viewer may not see it: both are the same 404, so a private file's existence is not told.
 */
export async function serveUpload(name: string, token?: string): Promise<Response | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  if (!row) return null;
  const listed = listedBy(name);
  const isPrivate = row.private || (await db.execute(sql`SELECT 1 FROM ${listed} AS l LIMIT 1`)).rows.length > 0;
  if (isPrivate && !(await maySee(row.userId, listed, token))) return null;
  const pdf = row.contentType === "application/pdf";
  return new Response(new Uint8Array(row.data), {
    headers: {
      "Content-Type": row.contentType,
      // A private file is not kept by the browser (a shared computer) nor by any proxy.
      "Cache-Control": isPrivate ? "private, no-store" : "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": pdf ? `inline; filename="${encodeURIComponent(row.originalName)}"` : "inline",
      // Chrome's built-in PDF viewer does not render under `default-src 'none'` (crbug.com/271452),
      // so a PDF is only kept out of frames; nosniff keeps it a PDF, never a page of ours.
      // Every other file gets the app's "load nothing" policy (server/app.ts).
      ...(pdf ? { "Content-Security-Policy": "frame-ancestors 'none'" } : {}),
    },
  });
}

/** The ids of the businesses whose own documents, or whose brands' documents, list the file. */
function listedBy(name: string): SQL {
  const doc = JSON.stringify([{ url: `/uploads/${name}` }]);
  return sql`(SELECT ${businesses.id} AS business_id FROM ${businesses} WHERE ${businesses.documents} @> ${doc}::jsonb
    UNION SELECT ${brands.businessId} FROM ${brands} WHERE ${brands.documents} @> ${doc}::jsonb)`;
}

/** The uploader, or a member of a business listing the file who may open that business's profile. */
async function maySee(uploaderId: number, listed: SQL, token: string | undefined) {
  const viewer = token ? (await findToken(token))?.user.id : undefined;
  if (viewer === undefined) return false;
  if (viewer === uploaderId) return true;
  const members = await db
    .select({ role: businessMembers.role, privileges: businessMembers.privileges })
    .from(businessMembers)
    .where(and(
      sql`${businessMembers.businessId} IN (SELECT business_id FROM ${listed} AS l)`, eq(businessMembers.userId, viewer),
      eq(businessMembers.status, MEMBER_STATUS.active),
    ));
  return members.some((m) => canAccess(m, "profile"));
}
