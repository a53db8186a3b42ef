/**
 * Product photos (spec sections 3 "Media upload form", 5 "product images PNG/JPG/JPEG 762x1100 max
 * 2MB"). A file is checked by its bytes (png or jpeg, at most 2048 KB), turned upright (EXIF),
 * put on white, and shrunk (never enlarged) to fit 762×1100 as a JPEG: a phone's 2 MB photo becomes
 * ~100 KB, which the listing and a slow connection can carry. Unlike logos, product photos are not
 * cut square (the hint is portrait, 762×1100). The original file name, cut to 30 characters, is
 * the image's name (spec section 9).
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Tx } from "#db/client.ts";
import { db } from "#db/client.ts";
import { uploads } from "#db/schema/index.ts";
import { IMAGE_KINDS, MAX_UPLOAD_BYTES, sniff } from "#core/lib/uploads.ts";
import { MAX_INPUT_PIXELS } from "#core/lib/images.ts";
import { cutText, PRODUCT_IMAGE } from "./product-enums.ts";
import { Refused } from "#core/errors.ts";

const WHITE = { r: 255, g: 255, b: 255 };

/** The stored photo's URL and name; 422 on `field` for a file that is too big or not a picture. */
export async function storeProductImage(file: File, userId: number, field = "file", tx?: Tx) {
  if (file.size > Math.min(PRODUCT_IMAGE.maxBytes, MAX_UPLOAD_BYTES)) throw new Refused("api:upload.too_big", { [field]: ["api:upload.too_big"] });
  const input = Buffer.from(await file.arrayBuffer());
  if (!sniff(input, IMAGE_KINDS)) throw new Refused("api:upload.wrong_type", { [field]: ["api:upload.wrong_type"] });
  let data: Buffer;
  try {
    data = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" })
      .autoOrient()
      .flatten({ background: WHITE })
      .resize(PRODUCT_IMAGE.width, PRODUCT_IMAGE.height, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new Refused("api:upload.wrong_type", { [field]: ["api:upload.wrong_type"] });
  }
  const stored = `${randomBytes(16).toString("hex")}.jpg`;
  const name = cutText(file.name || stored, PRODUCT_IMAGE.nameMax);
  await (tx ?? db).insert(uploads).values({
    name: stored, userId, contentType: "image/jpeg", originalName: (file.name || stored).slice(0, 200), size: data.length, data,
  });
  return { url: `/uploads/${stored}`, name };
}
