/**
 * Product photos (spec sections 3 "Media upload form", 5 "product images PNG/JPG/JPEG 762x1100 max
 * 2MB"). A file is checked by its bytes (png or jpeg, at most 2048 KB), turned upright (EXIF),
 * put on white, and shrunk (never enlarged) to fit 762×1100 as a JPEG: a phone's 2 MB photo becomes
 * ~100 KB, which the listing and a slow connection can carry. Unlike logos, product photos are not
 * cut square (the hint is portrait, 762×1100). The original file name, cut to 30 characters, is
 * the image's name (spec section 9).
 *
 * The service below adds, replaces, reorders and removes a product's images (POST
 * /v0.0.0/products/media, PUT …/images/{id}/main, DELETE …/images/{id}; the editor's own photo
 * upload is the same call without a product).
 *
 * Decisions where the spec is silent:
 * - An upload without product_id only stores the photo and answers {name, url} for a product body
 *   still being written (the editor uploads before the product exists); with product_id the photo
 *   is added to the product (at most 8), or replaces media_id's photo in its place.
 * - Images are not required to publish (product-schema.ts): any image can be removed.
 */
import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import type { Db, Tx } from "#db/client.ts";
import { db } from "#db/client.ts";
import { productImages, products, uploads } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { recordHistory } from "#core/lib/history.ts";
import { IMAGE_KINDS, MAX_UPLOAD_BYTES, sniff } from "#core/lib/uploads.ts";
import { MAX_INPUT_PIXELS } from "#core/lib/images.ts";
import { cutText, PRODUCT_IMAGE } from "./product-enums.ts";
import { HISTORY_REF, productRow } from "./products.ts";
import { NotFound, Refused } from "#core/errors.ts";

const WHITE = { r: 255, g: 255, b: 255 };

/** The stored photo's URL and name; 422 on `field` for a file that is too big or not a picture. */
export async function storeProductImage(file: File, userId: number, field = "file", tx?: Db | Tx) {
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

// ---------------------------------------------------------------------------------------------
// The service (privilege "products"; another business's product or image is NotFound)
// ---------------------------------------------------------------------------------------------
const optionalId = z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "invalid" }).int().positive("invalid").optional());
export const mediaBody = z.object({
  product_id: optionalId,
  media_id: optionalId,
  type: z.enum(["image"], { error: "invalid" }).default("image"),
  file: z.instanceof(File, { message: "required" }),
});
export type MediaBody = z.infer<typeof mediaBody>;

type ImageRow = typeof productImages.$inferSelect;
const imageJson = (i: ImageRow) => ({ image_id: i.id, name: i.name, url: i.url, image: i.url, is_primary: i.isPrimary, variant: i.variantName });
export type ProductImageJson = ReturnType<typeof imageJson>;

/** A photo for a product being written ({url, name}), or added to / replacing one of a product's images. */
export async function uploadProductMedia(scope: Scope, body: MediaBody) {
  const { db, actor } = sellerScope(scope, "products");
  if (!body.product_id) {
    if (body.media_id) throw new Refused("api:errors.validation", { product_id: ["validation:required"] });
    return storeProductImage(body.file, actor.user.id, "file", db);
  }
  const businessId = actor.member.businessId;
  const productId = body.product_id;
  const row = await db.transaction(async (tx) => {
    if (!(await productRow(businessId, productId, tx, true))) throw new NotFound();
    const images = await tx.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position));
    const replaced = body.media_id ? images.find((i) => i.id === body.media_id) : undefined;
    if (body.media_id && !replaced) throw new NotFound();
    if (!replaced && images.length >= PRODUCT_IMAGE.maxCount) {
      throw new Refused("api-product:errors.too_many_images", { file: ["api-product:errors.too_many_images"] });
    }
    const stored = await storeProductImage(body.file, actor.user.id, "file", tx);
    const [img] = replaced
      ? await tx.update(productImages).set({ url: stored.url, name: stored.name }).where(eq(productImages.id, replaced.id)).returning()
      : await tx.insert(productImages).values({
        businessId, productId, url: stored.url, name: stored.name, position: images.length, isPrimary: images.length === 0,
      }).returning();
    await tx.update(products).set({ timeModified: new Date() }).where(eq(products.id, productId));
    await recordHistory(tx, {
      businessId, refType: HISTORY_REF, refId: productId, userId: actor.user.id, action: replaced ? "image_replace" : "image_add",
      changes: { image: { from: replaced?.name ?? null, to: stored.name } },
    });
    return img;
  });
  return imageJson(row);
}

/** The product (locked) with its images and the one asked for; NotFound when either is not the business's. */
async function imagesFor(tx: Tx, businessId: number, productId: number, imageId: number) {
  const product = await productRow(businessId, productId, tx, true);
  if (!product) throw new NotFound();
  const images = await tx.select().from(productImages).where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  const image = images.find((i) => i.id === imageId);
  if (!image) throw new NotFound();
  return { product, images, image };
}

async function renumber(tx: Tx, order: ImageRow[]) {
  for (const [n, i] of order.entries()) await tx.update(productImages).set({ position: n, isPrimary: n === 0 }).where(eq(productImages.id, i.id));
}

/** Makes the image the main one (moved first); answers the product's images in their new order. */
export async function setMainProductImage(scope: Scope, productId: number, imageId: number) {
  const { db, actor } = sellerScope(scope, "products");
  const businessId = actor.member.businessId;
  const rows = await db.transaction(async (tx) => {
    const { product, images, image } = await imagesFor(tx, businessId, productId, imageId);
    await renumber(tx, [image, ...images.filter((i) => i.id !== image.id)]);
    if (images[0]?.id !== image.id) {
      await recordHistory(tx, {
        businessId, refType: HISTORY_REF, refId: product.id, userId: actor.user.id, action: "image_main",
        changes: { main_image: { from: images[0]?.name ?? null, to: image.name } },
      });
    }
    return tx.select().from(productImages).where(eq(productImages.productId, product.id)).orderBy(asc(productImages.position));
  });
  return rows.map(imageJson);
}

/** Removes the image; answers the product's remaining images. */
export async function removeProductImage(scope: Scope, productId: number, imageId: number) {
  const { db, actor } = sellerScope(scope, "products");
  const businessId = actor.member.businessId;
  const rows = await db.transaction(async (tx) => {
    const { product, images, image } = await imagesFor(tx, businessId, productId, imageId);
    await tx.delete(productImages).where(eq(productImages.id, image.id));
    await renumber(tx, images.filter((i) => i.id !== image.id));
    await recordHistory(tx, {
      businessId, refType: HISTORY_REF, refId: product.id, userId: actor.user.id, action: "image_remove",
      changes: { image: { from: image.name, to: null } },
    });
    return tx.select().from(productImages).where(eq(productImages.productId, product.id)).orderBy(asc(productImages.position));
  });
  return rows.map(imageJson);
}
