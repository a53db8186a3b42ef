/**
 * The server half of <ImageField name="image" …> (app/components/image-field.tsx): a form posts
 * `image` (the current URL, hidden), `image_file` (a newly chosen file, maybe empty) and
 * `image_crop` (the cropper's box as JSON, only with JavaScript). In the action, BEFORE parseWithZod:
 *
 *   const formData = await request.formData();
 *   const image = await imageFromForm(args, formData, "image");
 *   // formData now holds image=<url or "">, and no image_file / image_crop
 *   const submission = parseWithZod(formData, { schema });
 *   if (image.error) → reply with { fieldErrors: { image: [image.error] } } (the text is translated)
 *
 * A new file is stored by core (core/utilities/upload.ts, purpose image: the 800×800 JPEG cropped
 * to the box, or the whole picture fitted without one). No new file: the current URL is kept (or
 * dropped when `image_remove` is ticked). A refused file keeps the current URL and says why.
 */
import type { RouterContextProvider } from "react-router";
import { Refused } from "#core/errors.ts";
import { uploadFile } from "#core/utilities/upload.ts";
import { getScope } from "./auth.server.ts";
import { refusalMessage } from "./errors.server.ts";

export async function imageFromForm(
  args: { context: Readonly<RouterContextProvider> },
  formData: FormData,
  name: string,
): Promise<{ url: string | null; error?: string }> {
  const current = formData.get(name);
  const file = formData.get(`${name}_file`);
  const crop = formData.get(`${name}_crop`);
  const remove = formData.get(`${name}_remove`);
  for (const extra of ["_file", "_crop", "_remove"]) formData.delete(`${name}${extra}`);
  let url = typeof current === "string" && current.trim() && !remove ? current.trim() : null;
  let error: string | undefined;

  if (file instanceof File && file.size > 0) {
    try {
      url = await uploadFile(getScope(args.context), { purpose: "image", file, crop: typeof crop === "string" && crop.trim() ? crop.trim() : undefined });
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      const t = (key: string) => refusalMessage(args.context, new Refused(key, undefined, e.vars));
      const key = e.fields?.file?.[0] ?? e.fields?.crop?.[0];
      error = key ? t(key) : refusalMessage(args.context, e);
      if (typeof current === "string" && current.trim()) url = current.trim();
    }
  }

  formData.set(name, url ?? "");
  return error ? { url, error } : { url };
}
