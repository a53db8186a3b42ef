/**
 * One uploaded file (png/jpeg by its bytes, ≤ 2048 KB) → its URL. Two purposes:
 * - `image` (every "image" of a brand, store, product …: the cropper uploader): the picture must
 *   also decode; it is stored as an 800×800 white-filled JPEG, cropped to the optional `crop` box
 *   (JSON {x, y, width, height} in pixels of the upright picture) or fitted whole without one
 *   (core/lib/images.ts).
 * - `file`: kept exactly as sent (scans named later by the seller registration as documents).
 */
import type { Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { ImageError, parseCrop, squareImage } from "#core/lib/images.ts";
import { IMAGE_KINDS, MAX_UPLOAD_BYTES, sniff, storeUpload } from "#core/lib/uploads.ts";

export const tooBig = () => new Refused("api:upload.too_big", { file: ["api:upload.too_big"] });
const wrongType = () => new Refused("api:upload.wrong_type", { file: ["api:upload.wrong_type"] });

export async function uploadFile({ actor }: Scope, input: { purpose?: unknown; file?: unknown; crop?: unknown }) {
  const purpose = input.purpose ?? "file";
  if (purpose !== "file" && purpose !== "image") throw new Refused("api:errors.validation", { purpose: ["validation:invalid"] });
  const file = input.file;
  if (!(file instanceof File) || file.size === 0) throw new Refused("api:errors.validation", { file: ["validation:required"] });
  if (purpose === "file") return storeUpload(file, actor.user.id, IMAGE_KINDS);

  if (file.size > MAX_UPLOAD_BYTES) throw tooBig();
  const crop = parseCrop(input.crop);
  if (crop === null) throw new Refused("api:errors.validation", { crop: ["validation:invalid"] });
  const data = Buffer.from(await file.arrayBuffer());
  if (!sniff(data, IMAGE_KINDS)) throw wrongType();
  let jpeg: Buffer;
  try {
    jpeg = await squareImage(data, crop);
  } catch (err) {
    if (err instanceof ImageError && err.reason === "crop") throw new Refused("api:errors.validation", { crop: ["validation:invalid"] });
    throw wrongType();
  }
  const name = `${(file.name.replace(/\.[^.]*$/, "") || "image").slice(0, 190)}.jpg`;
  return storeUpload(new File([new Uint8Array(jpeg)], name, { type: "image/jpeg" }), actor.user.id, ["jpeg"]);
}
