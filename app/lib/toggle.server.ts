/**
 * The server side of a StatusSwitch (app/components/list/status-switch.tsx), for any list: a POST
 * with intent=toggle, the record id in `idField` and action=activate|inactivate. It asks first
 * (confirm.server.ts: ?confirm=toggle&<idField>=…&action=…), then calls the resource's core
 * function; a refusal becomes a danger toast, and the browser goes back to the list (replace, so
 * the POST is no history entry and the switch shows the status the core kept).
 */
import { replace, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { DomainError, Forbidden, NotFound } from "#core/errors.ts";
import { confirmAsked, requireConfirmed } from "./confirm.server.ts";
import { refusalMessage } from "./errors.server.ts";
import { flashToast } from "./session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
export type Toggle = (id: number, activate: boolean) => Promise<unknown>;

const toggleForm = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  action: z.enum(["activate", "inactivate"]),
});

export async function toggleAction(args: Args, form: FormData, opts: { idField: string; toggle: Toggle; listUrl: string }): Promise<never> {
  const parsed = toggleForm.safeParse({ id: form.get(opts.idField), action: form.get("action") });
  if (!parsed.success) throw replace(opts.listUrl);
  requireConfirmed(args.request, form, "toggle", opts.listUrl);
  try {
    await opts.toggle(parsed.data.id, parsed.data.action === "activate");
  } catch (e) {
    if (!(e instanceof DomainError) || e instanceof NotFound || e instanceof Forbidden) throw e;
    flashToast(args.context, "danger", refusalMessage(args.context, e));
  }
  throw replace(opts.listUrl);
}

/** The switch's confirm step asked for in the URL, if any: { id, action }. */
export function toggleAsked(url: URL, idField: string) {
  const asked = confirmAsked(url, "toggle");
  if (!asked) return null;
  const parsed = toggleForm.safeParse({ id: asked.fields[idField], action: asked.fields.action });
  return parsed.success ? parsed.data : null;
}
