/**
 * Uploads are checked by their content (magic bytes), not by their name, and stored under a
 * server-made random name. The spec's limits: images png/jpeg up to 2048 KB.
 */
import { eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { db } from "../../db/client.ts";
import { uploads } from "../../db/schema/index.ts";
import { ApiError } from "./http.ts";

const KINDS = {
  png: { type: "image/png", ext: "png", test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  jpeg: { type: "image/jpeg", ext: "jpg", test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  pdf: { type: "application/pdf", ext: "pdf", test: (b: Buffer) => b.subarray(0, 5).toString("latin1") === "%PDF-" },
} as const;
export type UploadKind = keyof typeof KINDS;

export const IMAGE_KINDS: UploadKind[] = ["png", "jpeg"];
export const DOCUMENT_KINDS: UploadKind[] = ["png", "jpeg", "pdf"];
export const MAX_UPLOAD_BYTES = 2048 * 1024;

export function sniff(data: Buffer, allowed: UploadKind[]) {
  return allowed.map((k) => KINDS[k]).find((k) => k.test(data));
}

/** Checks and stores one file; answers its URL. Field errors are 422 on `field`. */
export async function storeUpload(file: File, userId: number, allowed: UploadKind[], field = "file") {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(422, "api:upload.too_big", { [field]: ["api:upload.too_big"] });
  const data = Buffer.from(await file.arrayBuffer());
  const kind = sniff(data, allowed);
  if (!kind) throw new ApiError(422, "api:upload.wrong_type", { [field]: ["api:upload.wrong_type"] });
  const name = `${randomBytes(16).toString("hex")}.${kind.ext}`;
  await db.insert(uploads).values({
    name, userId, contentType: kind.type, originalName: file.name.slice(0, 200) || name, size: data.length, data,
  });
  return `/uploads/${name}`;
}

export async function serveUpload(name: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  if (!row) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(row.data), {
    headers: {
      "Content-Type": row.contentType,
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": row.contentType === "application/pdf" ? `inline; filename="${encodeURIComponent(row.originalName)}"` : "inline",
    },
  });
}
