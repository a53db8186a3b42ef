/**
 * A list's rows: a table on wide screens; on a phone every row becomes a card whose cells show
 * their column name beside the value (data-label), so nothing scrolls sideways. Links in the cells
 * may be plain `<a href>`: the table follows them in the app (app/lib/use-app-links.ts), which
 * spares each row's `<Link>` its server-side work.
 */
import { useAppLinks } from "#app/lib/use-app-links.ts";

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
  const followLink = useAppLinks();
  return (
    <div className={`overflow-hidden rounded-lg border border-slate-200 bg-white transition-opacity ${busy ? "opacity-60" : ""}`} aria-busy={busy}>
      {/* Rows and cells are styled by .data-table in app.css (once, not per cell). */}
      <table onClick={followLink} className="data-table w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500 md:table-header-group">
          <tr>
            {columns.map((c) => <th key={c.key} scope="col" className={`px-4 py-3 ${c.className ?? ""}`}>{c.header}</th>)}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} data-label={c.primary ? undefined : c.header} className={c.className}>
                  <div>{c.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
