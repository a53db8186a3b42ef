/**
 * What every order print page does on the server: read the chosen orders and the paper from the
 * URL, read what the view prints from core/orders (the order, the picklist: what the REST API
 * answers too), and mark the orders printed.
 *
 * When is an order "printed"? When its print view is opened (the loader, after the documents were
 * fetched). That is the only moment we know of both with and without JavaScript: the browser's own
 * Print menu (the no-JS way, and Ctrl+P with JS) tells the server nothing, and the `afterprint`
 * event also fires when the print dialog is cancelled. Opening the view means "I am printing these
 * now", which is what the mark is for (the list tells "not printed yet" apart from "printed"); core
 * keeps the first time, so reopening moves nothing. A failed mark is shown on the page rather
 * than hidden, and the documents still print. A link prefetch (`Sec-Purpose`/`Purpose: prefetch`)
 * is not an opening and marks nothing.
 */
import { data, type RouterContextProvider } from "react-router";
import { DomainError } from "#core/errors.ts";
import { orderDetail } from "#core/orders/detail.ts";
import { markPrinted as markOrdersPrinted } from "#core/orders/marks.ts";
import { picklist } from "#core/orders/picklist.ts";
import { getMe, getScope } from "./auth.server.ts";
import { refusalMessage } from "./errors.server.ts";
import { getI18n, getLocale } from "./i18n.server.ts";
import {
  KIND_OF, MAX_PRINT_ORDERS, readPrintParams, type Picklist, type PrintBase, type PrintMark, type PrintOrder, type PrintView,
} from "./order-print.ts";

type Ctx = { request: Request; context: Readonly<RouterContextProvider> };

/** How many order reads run at once: the database pool is shared with everyone else's requests. */
const PARALLEL = 4;

/** The URL read and checked; a problem (nothing or too much chosen) is shown instead of documents. */
export function printBase(ctx: Ctx, view: PrintView): PrintBase {
  const params = readPrintParams(new URL(ctx.request.url).searchParams, view);
  const t = getI18n(ctx.context).getFixedT(getLocale(ctx.context));
  const count = params.ids.length;
  const problem = !count ? "empty" : count > MAX_PRINT_ORDERS ? "too_many" : null;
  return {
    view,
    params,
    title: `${t(`order-print:titles.${view}`)} | ${t("common:app_name")}`,
    businessName: getMe(ctx.context).business_name ?? "",
    now: Math.floor(Date.now() / 1000),
    problem: problem ? { key: problem, count, max: MAX_PRINT_ORDERS } : null,
    mark: null,
  };
}

/** Each order's detail, in the order asked; any order that is not the business's makes the page 404. */
export async function printOrders(ctx: Ctx, ids: number[]): Promise<PrintOrder[]> {
  const scope = getScope(ctx.context);
  const out: PrintOrder[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i += PARALLEL) {
    const batch = ids.slice(i, i + PARALLEL);
    const got = await Promise.all(batch.map((id) => orderDetail(scope, id)));
    got.forEach((order, k) => (out[i + k] = order));
  }
  return out;
}

/** The picklist of the orders (grouped by location, then SKU), in one call. */
export async function printPicklist(ctx: Ctx, ids: number[]): Promise<Picklist> {
  return picklist(getScope(ctx.context), { order_ids: ids });
}

const isPrefetch = (request: Request) =>
  [request.headers.get("Sec-Purpose"), request.headers.get("Purpose")].some((v) => v?.includes("prefetch"));

/** Marks the orders printed for the view's kind (see the header for why on opening). */
export async function markPrinted(ctx: Ctx, view: PrintView, ids: number[]): Promise<PrintMark> {
  if (isPrefetch(ctx.request)) return null;
  try {
    await markOrdersPrinted(getScope(ctx.context), { order_ids: ids, kind: KIND_OF[view] });
    return { ok: true };
  } catch (e) {
    // The documents are read already: a refusal to mark is said on the page, which still prints.
    if (!(e instanceof DomainError)) throw e;
    return { ok: false, message: refusalMessage(ctx.context, e) };
  }
}

/** A page answer with the status a problem deserves (400: nothing printable was asked for). */
export function printAnswer<T extends PrintBase>(page: T) {
  return data(page, { status: page.problem ? 400 : 200 });
}
