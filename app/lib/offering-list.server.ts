/**
 * The server half of an offering's list page (app/components/offering-list.tsx): the list-page
 * spec (list-page.server.ts) over the kind's core service (core/catalog/offering-crud.ts). The
 * URL's list state is checked with the kind's own list query, the same one the API reads; the
 * switch's success says so with the toast the API answers with ("Service deactivated").
 */
import type { z } from "zod";
import type { OfferingService } from "#core/catalog/offering-crud.ts";
import { parseInput } from "#core/errors.ts";
import type { ListPageSpec } from "./list-page.server.ts";
import type { FilterSpec } from "./list-params.ts";

export function offeringListSpec<J, Q, F extends FilterSpec>(
  offering: OfferingService<J, never, Q>,
  opts: { listQuery: z.ZodType<Q>; filters: F; idField: string; titleKey: string; exportKind?: string },
): ListPageSpec<J, F> {
  return {
    list: (scope, q) => offering.list(scope, parseInput(opts.listQuery, q)),
    filters: opts.filters,
    idField: opts.idField,
    titleKey: opts.titleKey,
    exportKind: opts.exportKind,
    record: offering.get,
    toggle: offering.setStatus,
    toggled: (activate, rows) => ({ key: offering.messages.status(activate, rows.length), vars: { count: rows.length } }),
    history: offering.history,
  };
}
