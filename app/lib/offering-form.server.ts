/**
 * The action every offering add/edit form shares: the image (uploaded first, like every image
 * form), the API's own Zod schema checked here (what was typed comes back with the messages),
 * then the API call; a refusal shows the API's messages next to the fields, success goes to the
 * list with the API's message as a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { callApi } from "./api.server.ts";
import { replyWithApiError } from "./forms.server.ts";
import { getLocale } from "./i18n.server.ts";
import { localePath } from "./i18n.ts";
import { imageFromForm } from "./uploads.server.ts";

type Args = Parameters<typeof callApi>[0];

export async function submitOffering<S extends z.ZodType>(args: Args, opts: {
  schema: S;
  method: "POST" | "PUT";
  path: string;
  /** The list to go back to ("/products/service"). */
  listPath: string;
  formData?: FormData;
  /** The parsed value as the API's body (default: as parsed). */
  payload?: (value: z.infer<S>) => Record<string, unknown>;
  image?: boolean;
}) {
  const formData = opts.formData ?? (await args.request.formData());
  const image = opts.image === false ? { url: null } as { url: null; error?: string } : await imageFromForm(args, formData, "image");
  const submission = parseWithZod(formData, { schema: opts.schema });
  if (submission.status !== "success" || image.error) {
    return data(submission.reply(image.error ? { fieldErrors: { image: [image.error] } } : undefined), { status: 400 });
  }
  const body = opts.payload ? opts.payload(submission.value) : (submission.value as Record<string, unknown>);
  const res = await callApi(args, opts.method, opts.path, { body });
  if (!res.ok) return replyWithApiError(submission, res);
  throw redirect(localePath(getLocale(args.context), opts.listPath));
}
