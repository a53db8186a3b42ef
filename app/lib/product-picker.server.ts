/**
 * The product picker's server half: what <ProductPicker> shows, read from the API.
 *
 *   const state = readPickerForm(url.searchParams);           // or the action's formData
 *   const picker = await loadPicker(args, state);              // → <ProductPicker data={picker} />
 *
 * The search results are one page of GET /v0.0.0/products/filter (10 a page, the first page of
 * the whole catalogue when nothing is typed, so a seller sees something to pick at once); the
 * selection's names, SKUs and images come from the same call with `variant_ids`. A selected id
 * the API does not know (deleted since, or never this business's) is dropped.
 */
import { callApi, getList } from "./api.server.ts";
import type { PickerData, PickerItem, PickerLine, PickerState } from "./product-picker.ts";

export type { PickerData, PickerItem };

type Args = Parameters<typeof callApi>[0];

/** Reads the selected variants (by id, in the selection's order). */
export async function pickedItems(args: Args, lines: PickerLine[], filters: Record<string, string> = {}) {
  if (!lines.length) return [];
  const res = await getList<PickerItem>(args, "/v0.0.0/products/filter", { ...filters, variant_ids: lines.map((l) => l.variant_id).join(","), limit: 100 });
  const byId = new Map(res.rows.map((r) => [r.variant_id, r]));
  return lines.flatMap((l) => (byId.has(l.variant_id) ? [{ ...l, item: byId.get(l.variant_id)! }] : []));
}

/**
 * The picker's data for a state. `filters` narrows both lists the same way (e.g. a package picks
 * only `{ status: "published" }` variants).
 */
export async function loadPicker(args: Args, state: PickerState, filters: Record<string, string> = {}): Promise<PickerData> {
  const search = async (page: number) =>
    getList<PickerItem>(args, "/v0.0.0/products/filter", { ...filters, search: state.search || undefined, page, limit: 10 });
  const [first, selected] = await Promise.all([search(state.page), pickedItems(args, state.lines, filters)]);
  // A page past the end (the search got narrower) shows the first page instead.
  const results = !first.rows.length && state.page > 1 ? await search(1) : first;
  return {
    search: state.search,
    page: results === first ? state.page : 1,
    totalPage: results.pagination.total_page,
    totalRecord: results.pagination.total_record,
    results: results.rows,
    selected,
    pending: state.pending,
  };
}
