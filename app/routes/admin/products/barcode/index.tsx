/**
 * /products/barcode: pick variants and how many labels each (the product picker), choose the
 * barcode type, paper and whether to show the price, then print (the print page) or download the
 * label-printer file (CSV, GET /products/barcode/labels) or save it as an .xlsx in the export history
 * (export kind "barcode-printer", core/catalog/barcode-labels.ts).
 *
 * Decisions where the spec is silent:
 * - The whole page is one GET form: the selection and options live in the URL (items=12:3,15:1),
 *   so back/forward and reload work and a print run can be bookmarked. Any button of the form
 *   (search, add, remove, print) submits it; the loader applies the picker's change and redirects
 *   to the clean URL, so a reload never adds the same products twice. Works without JavaScript.
 * - Quantities typed wrong are kept and marked; nothing goes to print until they are fixed.
 * - Every product status can be printed (a draft gets its labels before it is published).
 */
import { data, Form, redirect, useLocation } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/index";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ExportHistory } from "#app/components/list/export-history.tsx";
import { ProductPicker } from "#app/components/product-picker.tsx";
import { Refused } from "#core/errors.ts";
import { queueExport } from "#core/jobs/export-history.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { loadExports } from "#app/lib/list-page.server.ts";
import { labelOptionParams, MAX_LABELS, readLabelOptions, type LabelOptions } from "#app/lib/barcode-labels.ts";
import { formatNumber } from "#core/lib/format.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { decodeLines, encodeLines, pickerValid, readPickerForm } from "#app/lib/product-picker.ts";
import { loadPicker } from "#app/lib/product-picker.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

/** The page's clean URL for a selection, picker page and options. */
function cleanQuery(items: string, search: string, page: number, options: LabelOptions, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({ ...(items ? { items } : {}), ...(search ? { picker_search: search } : {}), ...(page > 1 ? { picker_page: String(page) } : {}), ...labelOptionParams(options), ...extra });
  return `?${q}`;
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const q = url.searchParams;
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  // A submitted form carries the picker's fields; a clean URL carries items=12:3,15:1.
  const submitted = [...q.keys()].some((k) => k === "picker" || k === "intent" || k.startsWith("items["));
  const state = readPickerForm(q);
  if (!submitted) state.lines = decodeLines(q.get("items"));
  const options = readLabelOptions(q);
  const valid = pickerValid(state);
  const total = state.lines.reduce((s, l) => s + (l.qty ?? 0), 0);
  const items = encodeLines(state.lines);

  let error: string | null = submitted && !valid ? t("barcode:errors.qty") : null;
  if (submitted && valid) {
    if (q.get("intent") !== "print") throw redirect(url.pathname + cleanQuery(items, state.search, state.page, options));
    if (!state.lines.length) error = t("barcode:errors.empty");
    else if (total > MAX_LABELS) error = t("barcode:errors.too_many", { count: formatNumber(total) });
    else throw redirect(localePath(locale, "/products/barcode/print") + `?${new URLSearchParams({ items, ...labelOptionParams(options) })}`);
  }

  const [picker, exports] = await Promise.all([
    loadPicker(args, state),
    loadExports(args, "barcode-printer"),
  ]);
  return {
    title: `${t("barcode:title")} | ${t("common:app_name")}`,
    picker, options, error, total, items, valid,
    exports: exports.rows,
    exportsOpen: q.get("history") === "open",
    csvHref: items && valid ? `${localePath(locale, "/products/barcode/labels")}?${new URLSearchParams({ items, symbology: options.symbology })}` : null,
  };
}

/** intent=export: the selection as an .xlsx export job (the export history shows it). */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  if (form.get("intent") !== "export") throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  const items = String(form.get("items") ?? "");
  const options = readLabelOptions(new URLSearchParams([...form.entries()].map(([k, v]) => [k, String(v)])));
  try {
    await queueExport(getScope(args.context), "barcode-printer", { items, symbology: options.symbology });
  } catch (e) {
    // A selection refused (too many labels, a bad quantity): said next to the buttons.
    if (!(e instanceof Refused)) throw e;
    const t = getI18n(args.context).getFixedT(getLocale(args.context));
    return { exportError: t(Object.values(e.fields ?? {}).flat()[0] ?? e.message, e.vars) };
  }
  const url = new URL(args.request.url);
  throw redirect(url.pathname + cleanQuery(items, "", 1, options, { history: "open" }));
}

function LabelOptionsFields({ options }: { options: LabelOptions }) {
  const { t } = useTranslation("barcode");
  const radio = "h-4 w-4 border-slate-300";
  return (
    <section aria-labelledby="label-options-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="label-options-title" className="text-base font-semibold text-slate-800">{t("options.title")}</h2>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("options.symbology")}</legend>
        {(["auto", "code128"] as const).map((v) => (
          <label key={v} className="flex items-start gap-2 text-sm text-slate-700">
            <input type="radio" name="symbology" value={v} defaultChecked={options.symbology === v} className={radio} />
            <span>{t(`options.symbology_${v}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("options.layout")}</legend>
        {(["sheet", "roll"] as const).map((v) => (
          <label key={v} className="flex items-start gap-2 text-sm text-slate-700">
            <input type="radio" name="layout" value={v} defaultChecked={options.layout === v} className={radio} />
            <span>{t(`options.layout_${v}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="hidden" name="price" value="0" />
        <input type="checkbox" name="price" value="1" defaultChecked={options.price} className="h-4 w-4 rounded border-slate-300" />
        {t("options.price")}
      </label>
    </section>
  );
}

export default function BarcodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { picker, options, error, total, items, csvHref, exports, exportsOpen } = loaderData;
  const { t } = useTranslation("barcode");
  const { pathname } = useLocation();
  const message = error ?? actionData?.exportError ?? null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{t("title")}</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("intro")}</p>
        </div>
        <ExportHistory jobs={exports} open={exportsOpen} />
      </div>

      <Form method="get" action={pathname} noValidate className="space-y-4">
        <ProductPicker data={picker} />
        <LabelOptionsFields options={options} />
        {message ? <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">{message}</p> : null}
        <SubmitButton name="intent" value="print">
          {total ? t("actions.print", { count: total }) : t("actions.print_none")}
        </SubmitButton>
      </Form>

      {csvHref ? (
        <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap gap-2">
            <a href={csvHref} download className={buttonClass("secondary")}>{t("actions.download_csv")}</a>
            <Form method="post">
              <input type="hidden" name="items" value={items} />
              <input type="hidden" name="symbology" value={options.symbology} />
              <SubmitButton name="intent" value="export" variant="secondary">{t("actions.export")}</SubmitButton>
            </Form>
          </div>
          <p className="text-xs text-slate-500">{t("actions.download_hint")}</p>
        </section>
      ) : null}
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
