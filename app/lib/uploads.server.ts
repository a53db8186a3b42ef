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
 * A new file is sent to POST /v0.0.0/utilities/upload with purpose=image through the one API client,
 * which answers the URL of the 800×800 JPEG (cropped to the box, or the whole picture fitted without
 * one). No new file: the current URL is kept (or dropped when `image_remove` is ticked). A refused
 * file keeps the current URL and says why.
 */
import { callApi } from "./api.server.ts";

type Ctx = Parameters<typeof callApi>[0];

export async function imageFromForm(args: Ctx, formData: FormData, name: string): Promise<{ url: string | null; error?: string }> {
  const current = formData.get(name);
  const file = formData.get(`${name}_file`);
  const crop = formData.get(`${name}_crop`);
  const remove = formData.get(`${name}_remove`);
  for (const extra of ["_file", "_crop", "_remove"]) formData.delete(`${name}${extra}`);
  let url = typeof current === "string" && current.trim() && !remove ? current.trim() : null;
  let error: string | undefined;

  if (file instanceof File && file.size > 0) {
    const body = new FormData();
    body.set("purpose", "image");
    body.set("file", file, file.name || "image");
    if (typeof crop === "string" && crop.trim()) body.set("crop", crop.trim());
    const res = await callApi<string>(args, "POST", "/v0.0.0/utilities/upload", { body, quiet: true });
    if (res.ok) url = res.data;
    else {
      error = res.fieldErrors?.file?.[0] ?? res.fieldErrors?.crop?.[0] ?? res.message;
      if (typeof current === "string" && current.trim()) url = current.trim();
    }
  }

  formData.set(name, url ?? "");
  return error ? { url, error } : { url };
}
