/**
 * A list's rows: a table on wide screens; on a phone every row becomes a card whose cells show
 * their column name beside the value (data-label), so nothing scrolls sideways.
 */
export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => React.ReactNode;
  className?: string;
  /** Shown as the card's title on a phone (no label before it). */
  primary?: boolean;
};

export function DataTable<T>({ caption, columns, rows, rowKey, busy }: {
  caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string | number; busy?: boolean;
}) {
  return (
    <div className={`overflow-hidden rounded-lg border border-slate-200 bg-white transition-opacity ${busy ? "opacity-60" : ""}`} aria-busy={busy}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500 md:table-header-group">
          <tr>
            {columns.map((c) => <th key={c.key} scope="col" className={`px-4 py-3 ${c.className ?? ""}`}>{c.header}</th>)}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="block p-4 md:table-row md:p-0">
              {columns.map((c) => (
                <td
                  key={c.key}
                  data-label={c.primary ? undefined : c.header}
                  className={`flex items-start justify-between gap-4 py-1 md:table-cell md:px-4 md:py-3 md:align-middle ${
                    c.primary ? "pb-2 text-base md:text-sm" : "before:shrink-0 before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none"
                  } ${c.className ?? ""}`}
                >
                  <div className={c.primary ? "min-w-0" : "min-w-0 text-right md:text-left"}>{c.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
