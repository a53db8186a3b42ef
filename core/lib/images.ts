/**
 * Square product/brand images (spec section 5: the cropper's output is 800×800, square, white fill).
 *
 * An image upload (POST /v0.0.0/utilities/upload with purpose=image, api/routes/utilities.ts) is a
 * png or jpeg by its bytes that sharp can decode; it becomes an 800×800 JPEG on white:
 * - the picture is turned upright first (EXIF orientation), transparency becomes white;
 * - with a crop box ({x, y, width, height} in pixels of the upright picture, what the browser's
 *   cropper reports), that square is the output: any part of it outside the picture is white (the
 *   cropper lets the seller zoom out). A box that is not square is widened to a square around its
 *   centre (the longer side), so nothing is ever stretched;
 * - without a crop box (no JavaScript), the whole picture is fitted into the square ("contain"),
 *   centred on white.
 * Decisions: JPEG quality 85 (mozjpeg), metadata stripped; at most 64 megapixels in (a 2 MB file
 * can still unpack to a huge bitmap); a crop box that misses the picture entirely, or is more than
 * ten times its size, is refused as invalid rather than giving a blank white square.
 */
import sharp from "sharp";

export const IMAGE_SIZE = 800;
export const MAX_INPUT_PIXELS = 64_000_000;
const MAX_CROP_FACTOR = 10;
const WHITE = { r: 255, g: 255, b: 255 };

export type CropBox = { x: number; y: number; width: number; height: number };
type Rect = { left: number; top: number; width: number; height: number };

/** How an upright picture of w×h becomes the square: which part to take, its size in the square, where. */
export type CropPlan = { extract: Rect; resize: { width: number; height: number }; place: { left: number; top: number } };

/** The crop field as sent (JSON text); undefined when absent or empty, null when it is not a crop box. */
export function parseCrop(value: unknown): CropBox | undefined | null {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || value.length > 500) return null;
  let box: unknown;
  try {
    box = JSON.parse(value);
  } catch {
    return null;
  }
  if (!box || typeof box !== "object") return null;
  const { x, y, width, height } = box as Record<string, unknown>;
  const nums = [x, y, width, height];
  if (!nums.every((n) => typeof n === "number" && Number.isFinite(n))) return null;
  if ((width as number) <= 0 || (height as number) <= 0) return null;
  return { x: x as number, y: y as number, width: width as number, height: height as number };
}

/**
 * The plan for a picture of w×h (upright) and a crop box, or for "contain" without one; null when
 * the box does not touch the picture or is unreasonably large. Pure, so it is tested alone.
 */
export function cropPlan(w: number, h: number, crop?: CropBox, size = IMAGE_SIZE): CropPlan | null {
  // The square taken from the picture's plane, in source pixels: the crop box made square around its
  // centre, or (contain) the square around the whole picture.
  const side = crop ? Math.max(crop.width, crop.height) : Math.max(w, h);
  const cx = crop ? crop.x + crop.width / 2 : w / 2;
  const cy = crop ? crop.y + crop.height / 2 : h / 2;
  if (crop && side > MAX_CROP_FACTOR * Math.max(w, h)) return null;
  const sx = cx - side / 2;
  const sy = cy - side / 2;
  // The part of the square that is picture (the rest is white).
  const left = Math.max(0, Math.floor(sx));
  const top = Math.max(0, Math.floor(sy));
  const right = Math.min(w, Math.ceil(sx + side));
  const bottom = Math.min(h, Math.ceil(sy + side));
  if (right - left < 1 || bottom - top < 1) return null;
  const scale = size / side;
  const place = { left: clamp(Math.round((left - sx) * scale), 0, size - 1), top: clamp(Math.round((top - sy) * scale), 0, size - 1) };
  const resize = {
    width: clamp(Math.round((right - left) * scale), 1, size - place.left),
    height: clamp(Math.round((bottom - top) * scale), 1, size - place.top),
  };
  return { extract: { left, top, width: right - left, height: bottom - top }, resize, place };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

export class ImageError extends Error {
  constructor(public reason: "undecodable" | "crop") {
    super(reason);
  }
}

/**
 * The square JPEG for an uploaded png/jpeg. Throws ImageError("undecodable") when sharp cannot read
 * the picture (corrupt, truncated, too many pixels) and ImageError("crop") for a box that misses it.
 */
export async function squareImage(data: Buffer, crop?: CropBox, size = IMAGE_SIZE): Promise<Buffer> {
  const input = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" });
  let upright: { width: number; height: number };
  try {
    const meta = await input().metadata();
    upright = meta.autoOrient ?? { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    throw new ImageError("undecodable");
  }
  if (!upright.width || !upright.height) throw new ImageError("undecodable");
  const plan = cropPlan(upright.width, upright.height, crop, size);
  if (!plan) throw new ImageError("crop");
  try {
    return await input()
      .autoOrient()
      .flatten({ background: WHITE })
      .extract(plan.extract)
      .resize(plan.resize.width, plan.resize.height, { fit: "fill" })
      .extend({
        top: plan.place.top,
        left: plan.place.left,
        bottom: size - plan.place.top - plan.resize.height,
        right: size - plan.place.left - plan.resize.width,
        background: WHITE,
      })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new ImageError("undecodable");
  }
}
