/**
 * The product picker's server half: what <ProductPicker> shows, read through core
 * (core/catalog/product-picker.ts pickProducts, the same call as GET /v0.0.0/products/filter).
 *
 *   const state = readPickerForm(url.searchParams);           // or the action's formData
 *   const picker = await loadPicker(args, state);              // → <ProductPicker data={picker} />
 *
 * The search results are one page of 10 (the first page of the whole catalogue when nothing is
 * typed, so a seller sees something to pick at once); the selection's names, SKUs and images come
 * from the same call with `variant_ids`. A selected id core does not find (deleted since, or never
 * this business's) is dropped.
 */
import type { RouterContextProvider } from "react-router";
import { parseInput } from "#core/errors.ts";
import { pickerQuery, pickProducts } from "#core/catalog/product-picker.ts";
import { getScope } from "./auth.server.ts";
import type { PickerData, PickerItem, PickerLine, PickerState } from "./product-picker.ts";

export type { PickerData, PickerItem };

type Args = { context: Readonly<RouterContextProvider> };

type Privilege = Parameters<typeof pickProducts>[2];
const pick = (args: Args, q: Record<string, unknown>, privilege?: Privilege) => pickProducts(getScope(args.context), parseInput(pickerQuery, q), privilege);

/** Reads the selected variants (by id, in the selection's order). */
export async function pickedItems(args: Args, lines: PickerLine[], filters: Record<string, string> = {}, privilege?: Privilege) {
  if (!lines.length) return [];
  const { rows } = await pick(args, { ...filters, variant_ids: lines.map((l) => l.variant_id).join(","), limit: 100 }, privilege);
  const byId = new Map(rows.map((r) => [r.variant_id, r]));
  return lines.flatMap((l) => (byId.has(l.variant_id) ? [{ ...l, item: byId.get(l.variant_id)! }] : []));
}

/**
 * The picker's data for a state. `filters` narrows both lists the same way (e.g. a package picks
 * only `{ status: "published" }` variants); `privilege` is the picking feature's (pickProducts).
 */
export async function loadPicker(args: Args, state: PickerState, filters: Record<string, string> = {}, privilege?: Privilege): Promise<PickerData> {
  const search = (page: number) => pick(args, { ...filters, search: state.search || undefined, page, limit: 10 }, privilege);
  const [first, selected] = await Promise.all([search(state.page), pickedItems(args, state.lines, filters, privilege)]);
  // A page past the end (the search got narrower) shows the first page instead.
  const results = !first.rows.length && state.page > 1 ? await search(1) : first;
  return {
    search: state.search,
    page: results === first ? state.page : 1,
    totalPage: Math.ceil(results.total / 10),
    totalRecord: results.total,
    results: results.rows,
    selected,
    pending: state.pending,
  };
}
