/**
 * The action every offering add/edit form shares: the image (uploaded first, like every image
 * form), the core's own Zod schema checked here (what was typed comes back with the messages),
 * then the core call (create or update); a refusal shows its messages next to the fields, success
 * goes to the list with the same message the API answers with as a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Scope } from "#core/actor.ts";
import { getScope } from "./auth.server.ts";
import { replyRefused } from "./forms.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import { localePath } from "./i18n.ts";
import { flashToast } from "./session.server.ts";
import { imageFromForm } from "./uploads.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function submitOffering<S extends z.ZodType>(args: Args, opts: {
  schema: S;
  /** The core call: createService(scope, value) or updateService(scope, id, value). */
  save: (scope: Scope, value: z.output<S>) => Promise<unknown>;
  /** The success toast's key (the API's message): "api-offering:service.created". */
  message: string;
  /** The list to go back to ("/products/service"). */
  listPath: string;
  /** false: the form has no image field. */
  image?: boolean;
}) {
  const formData = await args.request.formData();
  const image = opts.image === false ? {} as { error?: string } : await imageFromForm(args, formData, "image");
  const submission = parseWithZod(formData, { schema: opts.schema });
  if (submission.status !== "success" || image.error) {
    return data(submission.reply(image.error ? { fieldErrors: { image: [image.error] } } : undefined), { status: 400 });
  }
  try {
    await opts.save(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  flashToast(args.context, "success", t(opts.message));
  throw redirect(localePath(getLocale(args.context), opts.listPath));
}
