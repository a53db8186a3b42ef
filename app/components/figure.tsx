/** One figure of a page's summary (a card: its label, the value, an optional note under it). A long amount wraps, never cut. */
export function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-xs text-slate-500">{label}</p>
      <p className="break-words text-lg font-semibold tabular-nums text-slate-900" data-testid={testId}>{value}</p>
      {note ? <p className="text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}
