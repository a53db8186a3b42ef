/**
 * The server side of a StatusSwitch (app/components/list/status-switch.tsx), for any list:
 * - a POST without confirmed=1 (JavaScript off) goes to the list's confirm step:
 *   the same URL plus ?confirm=toggle&id=…&action=…, which the loader reads with confirmStep();
 * - a confirmed POST calls the API, shows a refusal as a danger toast, and goes back to the list
 *   (replace, so the POST is not a history entry and the switch shows the status the API kept).
 */
import { replace, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { callApi } from "./api.server.ts";
import { pushToast, sessionContext } from "./session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const toggleForm = z.object({
  id: z.coerce.number().int().positive(),
  action: z.enum(["activate", "inactivate"]),
  confirmed: z.literal("1").optional(),
});

/** `idField` names the form field holding the record id; `apiPath` builds the API call. */
export async function toggleAction(
  args: Args,
  form: FormData,
  opts: { idField: string; apiPath: (id: number, action: "activate" | "inactivate") => string; listUrl: string },
): Promise<never> {
  const parsed = toggleForm.safeParse({ id: form.get(opts.idField), action: form.get("action"), confirmed: form.get("confirmed") ?? undefined });
  if (!parsed.success) throw replace(opts.listUrl);
  const { id, action, confirmed } = parsed.data;
  if (!confirmed) {
    const url = new URL(opts.listUrl, "http://x");
    url.searchParams.set("confirm", "toggle");
    url.searchParams.set("id", String(id));
    url.searchParams.set("action", action);
    throw redirect(url.pathname + url.search);
  }
  const res = await callApi(args, "PUT", opts.apiPath(id, action));
  // 422 (a rule refused it) carries no field to show it next to: it becomes the notice.
  if (!res.ok && res.code === 422) pushToast(args.context.get(sessionContext), { type: "danger", message: res.message });
  throw replace(opts.listUrl);
}

/** The confirm step asked for in the URL, if any: { id, action }. */
export function confirmStep(url: URL) {
  if (url.searchParams.get("confirm") !== "toggle") return null;
  const parsed = toggleForm.omit({ confirmed: true }).safeParse({ id: url.searchParams.get("id"), action: url.searchParams.get("action") });
  return parsed.success ? parsed.data : null;
}
