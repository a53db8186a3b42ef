/**
 * The server half of the transfer pages (/erp/inventory/mutation…, issue 14 item 4): the list's
 * loader (all transfers, or one location's at /erp/inventory/:slug/mutation) and the detail page's
 * forms. Every form goes to core/stock/transfers.ts with its core schema; a step that moves stock
 * or closes the transfer asks first (the one confirm step, confirm.server.ts) after its input is
 * valid, so a bad quantity is said under its field before anything is asked.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { Conflict, NotFound, Refused } from "#core/errors.ts";
import { translator } from "#core/i18n.ts";
import { formatNumber } from "#core/lib/format.ts";
import { listLocations } from "#core/stock/locations.ts";
import {
  addTransferLines, cancelTransfer, listTransfers, receiveTransfer, removeTransferLines, resolveTransferShort, sendTransfer,
  TRANSFER_STATUSES, transferCancelBody, transferLineInput, transferReceiveBody, transferResolveBody, transferUpdateLinesBody,
  updateTransferLines, type TransferDetail,
} from "#core/stock/transfers.ts";
import { getScope } from "./auth.server.ts";
import { requireConfirmed } from "./confirm.server.ts";
import { replyRefused } from "./forms.server.ts";
import { getLocale } from "./i18n.server.ts";
import { localePath } from "./i18n.ts";
import { listHref, parseListParams } from "./list-params.ts";
import { flashToast } from "./session.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/** The list of all transfers, or of one location (`slug`, a location key) with its name in the title. */
export async function loadTransferList(args: Args, slug?: string) {
  const scope = getScope(args.context);
  const locale = getLocale(args.context);
  const t = translator(locale);
  const url = new URL(args.request.url);
  const locations = await listLocations(scope);
  const fixed = slug === undefined ? undefined : locations.find((l) => l.key === slug);
  if (slug !== undefined && !fixed) throw new NotFound("transfer:errors.unknown_location");
  const filters = { status: TRANSFER_STATUSES, location: locations.map((l) => l.key), direction: ["in", "out"] as const };
  const params = parseListParams(url, filters, [1, 2]);
  const location = fixed?.key ?? params.filters.location;
  const { rows, total, counts } = await listTransfers(scope, {
    page: params.page, limit: params.limit, sort: params.sort, search: params.search || undefined,
    status: params.filters.status, location, direction: location ? params.filters.direction : undefined,
  });
  const totalPage = Math.ceil(total / params.limit);
  if (params.page > 1 && params.page > totalPage) throw redirect(url.pathname + listHref(params, { page: null }));
  const heading = fixed
    ? t("transfer:location_title", { name: fixed.name, total: formatNumber(total) })
    : t("transfer:title_count", { total: formatNumber(total) });
  return {
    title: `${heading} | ${t("common:app_name")}`,
    heading,
    params,
    list: { rows, pagination: { total_page: totalPage, total_record: total } },
    counts,
    locations: locations.map(({ key, name, kind }) => ({ key, name, kind })),
    fixed: fixed ? { key: fixed.key, name: fixed.name } : null,
  };
}

/** The add-a-line form: one SKU or barcode and its quantity. */
export const addLineBody = transferLineInput;

const noInput = z.object({});

/** `lines.0.received` (core's field names) → `lines[0].received` (the form's). */
function formFields(e: unknown) {
  if (!(e instanceof Refused) || !e.fields) return e;
  const fields = Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k.replace(/\.(\d+)(?=\.|$)/g, "[$1]"), v]));
  return new Refused(e.message, fields, e.vars);
}

/** The detail page's forms, by `intent`. */
export async function transferAction(args: Args, transfer: () => Promise<TransferDetail>) {
  const { request, context } = args;
  const scope = getScope(context);
  const locale = getLocale(context);
  const t = translator(locale);
  const id = Number(args.params.id);
  const here = localePath(locale, `/erp/inventory/mutation/${args.params.id}`);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const removing = intent === "save_lines" && form.get("remove_line");

  const steps: Record<string, {
    schema: z.ZodType; confirm?: boolean; run: (v: never) => Promise<TransferDetail>; notice: (d: TransferDetail) => string;
    /** A refusal with no field on the form to show it under (a line removed meanwhile): a notice instead. */
    refusalAsNotice?: boolean;
  }> = {
    add_line: {
      schema: addLineBody,
      run: (v: z.infer<typeof addLineBody>) => addTransferLines(scope, id, { lines: [v] }, (_, f) => f),
      notice: (d) => t("api-transfer:messages.lines_added", { number: d.number }),
    },
    save_lines: removing
      ? {
        schema: noInput,
        run: () => removeTransferLines(scope, id, { line_ids: [Number(form.get("remove_line")) || 0] }),
        refusalAsNotice: true,
        notice: (d) => t("api-transfer:messages.lines_removed", { number: d.number }),
      }
      : {
        schema: transferUpdateLinesBody,
        run: (v: z.infer<typeof transferUpdateLinesBody>) => updateTransferLines(scope, id, v),
        notice: () => t("api-transfer:messages.lines_updated"),
      },
    send: { schema: noInput, confirm: true, run: () => sendTransfer(scope, id), notice: (d) => t("api-transfer:messages.sent", { number: d.number }) },
    cancel: {
      schema: transferCancelBody, confirm: true,
      run: (v: z.infer<typeof transferCancelBody>) => cancelTransfer(scope, id, v),
      notice: (d) => t("api-transfer:messages.cancelled", { number: d.number }),
    },
    receive: {
      schema: transferReceiveBody, confirm: true,
      run: (v: z.infer<typeof transferReceiveBody>) => receiveTransfer(scope, id, v),
      notice: (d) => t(d.status === "received" ? "api-transfer:messages.received" : d.status === "discrepancy" ? "api-transfer:messages.discrepancy" : "api-transfer:messages.received_partly", { number: d.number }),
    },
    resolve: {
      schema: transferResolveBody, confirm: true,
      run: (v: z.infer<typeof transferResolveBody>) => resolveTransferShort(scope, id, v),
      notice: (d) => t("api-transfer:messages.resolved", { number: d.number }),
    },
  };
  const step = Object.hasOwn(steps, intent) ? steps[intent] : undefined;
  if (!step) throw data({ message: t("api:errors.validation") }, { status: 400 });

  await transfer(); // another business's or no transfer: the 404 page, before anything else
  const submission = parseWithZod(form, { schema: step.schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (step.confirm) requireConfirmed(request, form, intent);
  let done: TransferDetail;
  try {
    done = await step.run(submission.value as never);
  } catch (e) {
    // Another tab moved it on first (sent, received, cancelled), or removed the line: the page as it is now, and why.
    if (e instanceof Conflict || (step.refusalAsNotice && e instanceof Refused)) {
      flashToast(context, "danger", t(e.message, e.vars));
      throw redirect(here);
    }
    return replyRefused(args, submission, formFields(e));
  }
  flashToast(context, "success", step.notice(done));
  throw redirect(here);
}
