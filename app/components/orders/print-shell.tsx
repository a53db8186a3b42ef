/**
 * The frame of every order print page: the paper's CSS, and a toolbar that is never printed (back,
 * Print, the paper, what was marked printed). The Print button needs JavaScript; without it the
 * browser's own Print does the same, which the hint says.
 *
 * Papers (app/lib/order-print.ts): documents (invoices, picklists) flow over as many pages as they
 * need, one order or picklist starting on a new page; shipping labels are fixed boxes of
 * 100 × 150 mm, one per label page, or four per A4 sheet (A6 quarters, dashed cut lines).
 */
import { Link } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import { localePath } from "#app/lib/i18n.ts";
import { PAPERS, printQuery, type Paper, type PrintBase, type PrintView } from "#app/lib/order-print.ts";
import { buttonClass } from "#app/components/button.tsx";

const DOCUMENT_CSS: Record<Paper, string> = {
  a4: `@page { size: A4; margin: 12mm }
.sheet { width: 210mm; min-height: 297mm; padding: 12mm; }`,
  label: `@page { size: 100mm 150mm; margin: 4mm }
.sheet { width: 100mm; min-height: 150mm; padding: 4mm; }`,
};
const LABEL_CSS: Record<Paper, string> = {
  a4: `@page { size: A4; margin: 0 }
.sheet { width: 210mm; height: 297mm; display: grid; grid-template-columns: repeat(2, 105mm); grid-template-rows: repeat(2, 148.5mm); place-items: center; }
.ship-label { width: 100mm; height: 143mm; outline: 0.2mm dashed #94a3b8; }`,
  label: `@page { size: 100mm 150mm; margin: 0 }
.sheet { width: 100mm; height: 150mm; }
.ship-label { width: 100mm; height: 150mm; }`,
};
const COMMON_CSS = `.sheet { background: white; color: black; box-sizing: border-box; overflow: hidden; }
.sheet + .sheet { break-before: page; }
.ship-label { box-sizing: border-box; overflow: hidden; }
@media screen { .sheet { margin: 0 auto 8mm; box-shadow: 0 1px 4px rgb(0 0 0 / 0.25); } }
@media print {
  html, body { background: white !important; }
  .sheet { margin: 0; box-shadow: none; }
  .sheet.flow { width: auto; min-height: 0; padding: 0; overflow: visible; }
  thead { display: table-header-group; }
  tr, .keep { break-inside: avoid; }
}`;

/** The CSS of the view's paper: labels are fixed boxes, the rest flows. */
export function paperCss(view: PrintView, paper: Paper) {
  return (view === "print-label" ? LABEL_CSS : DOCUMENT_CSS)[paper] + COMMON_CSS;
}

export function PrintShell({ base, backTo, children }: { base: PrintBase; backTo?: { id: number; code: string }; children: React.ReactNode }) {
  const { t } = useTranslation("order-print");
  const lang = useLocale();
  const { view, params, problem, mark } = base;
  const here = localePath(lang, `/orders/${view}`);
  const back = backTo ? localePath(lang, `/orders/${backTo.id}`) : localePath(lang, "/orders");
  return (
    <div className="min-h-full bg-slate-200 pb-8 print:bg-white print:pb-0">
      <style>{paperCss(view, params.paper)}</style>
      <header aria-label={t("toolbar.label")}
        className="sticky top-0 z-10 mb-6 flex flex-wrap items-center gap-3 border-b border-slate-300 bg-white px-4 py-3 print:hidden">
        <Link to={back} className={buttonClass("secondary")}>{backTo ? t("toolbar.back_order", { code: backTo.code }) : t("toolbar.back")}</Link>
        {problem ? null : <button type="button" onClick={() => window.print()} className={buttonClass("primary")}>{t("toolbar.print")}</button>}
        <h1 className="text-base font-semibold text-slate-900">
          {t(`titles.${view}`)}
          {problem ? null : ` · ${t("count", { count: params.ids.length })}`}
        </h1>
        {problem ? null : (
          <nav aria-label={t("toolbar.paper")} className="flex items-center gap-1 text-sm">
            <span className="mr-1 text-slate-600">{t("toolbar.paper")}:</span>
            {PAPERS.map((p) => (
              <Link key={p} to={`${here}?${printQuery(view, { ...params, paper: p })}`} aria-current={p === params.paper ? "page" : undefined}
                className={`rounded-md border px-2 py-1 ${p === params.paper ? "border-brand-600 bg-brand-50 font-semibold text-brand-700" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}>
                {t(`toolbar.paper_${p}`)}
              </Link>
            ))}
          </nav>
        )}
        {problem ? null : <p className="basis-full text-xs text-slate-600">{t("toolbar.hint")}</p>}
        {mark?.ok ? <p role="status" className="basis-full text-xs text-emerald-700">{t("toolbar.marked")}</p> : null}
        {mark && !mark.ok ? <p role="alert" className="basis-full text-sm text-red-700">{t("toolbar.not_marked", { message: mark.message })}</p> : null}
      </header>
      {problem ? (
        <main className="mx-auto max-w-lg rounded-lg bg-white p-6 text-center shadow">
          <h2 className="text-lg font-semibold">{problem.key === "empty" ? t("empty.title") : t("too_many", { max: problem.max, count: problem.count })}</h2>
          {problem.key === "empty" ? <p className="mt-2 text-sm text-slate-600">{t("empty.text")}</p> : null}
        </main>
      ) : (
        <main aria-label={t(`titles.${view}`)}>{children}</main>
      )}
    </div>
  );
}
