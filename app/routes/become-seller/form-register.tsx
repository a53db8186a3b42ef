/**
 * /become-seller/form-register: the company form plus its legal documents, registered through
 * core/business/sellers.ts (the same call as POST /v0.0.0/sellers/register). The company then
 * waits in moderation.
 *
 * Decisions where the spec is silent:
 * - Three document rows to start (founder ID card, tax ID, deed of establishment suggested), up to
 *   ten with JavaScript's "Add another document"; a row without a file is ignored; at least one
 *   file is needed. Files are checked in the browser (type, ≤ 2048 KB) and again by their bytes
 *   on the server, with the spec's messages.
 * - A browser cannot refill a file input, so after a server-side refusal the files must be chosen
 *   again; every typed field is kept.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/form-register";
import { CompanyForm, type CompanyFields } from "#app/components/company-form.tsx";
import { BUSINESS_STATUS, DOCUMENT_MIME_TYPES, DOCUMENT_TYPES, MAX_DOCUMENTS, MAX_UPLOAD_BYTES } from "#db/schema/company-enums.ts";
import { companyBody } from "#core/business/company-schema.ts";
import { registerSeller } from "#core/business/sellers.ts";
import { Refused, type FieldMessages } from "#core/errors.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError } from "#app/components/form-error.tsx";
import { buttonClass, inputClass } from "#app/components/button.tsx";
import { getMe, getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { loadPlaces } from "#app/lib/places.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FIRST_ROWS = ["founder_id_card", "tax_id", "deed_of_establishment"];

const documents = z
  .array(z.object({ type: z.enum(DOCUMENT_TYPES).optional(), file: z.instanceof(File).optional() }))
  .max(MAX_DOCUMENTS, "seller:errors.too_many_documents")
  .default([])
  .superRefine((rows, ctx) => {
    if (!rows.some((r) => r.file)) ctx.addIssue({ code: "custom", path: [], message: "seller:errors.documents_required" });
    rows.forEach((r, i) => {
      if (!r.file) return;
      if (!r.type) ctx.addIssue({ code: "custom", path: [i, "type"], message: "seller:errors.document_type" });
      if (r.file.size > MAX_UPLOAD_BYTES) ctx.addIssue({ code: "custom", path: [i, "file"], message: "seller:errors.too_big" });
      else if (!DOCUMENT_MIME_TYPES.includes(r.file.type)) ctx.addIssue({ code: "custom", path: [i, "file"], message: "seller:errors.wrong_type" });
    });
  });
const schema = companyBody.extend({ documents });

export async function loader(args: Route.LoaderArgs) {
  const locale = getLocale(args.context);
  if (getMe(args.context).pending_business?.status === BUSINESS_STATUS.moderation) throw redirect(localePath(locale, "/become-seller/moderation"));
  const t = getI18n(args.context).getFixedT(locale);
  return {
    title: `${t("seller:title")} | ${t("common:app_name")}`,
    constraint: getZodConstraint(schema),
    ...(await loadPlaces(args, null)),
  };
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { documents: rows, ...fields } = submission.value;
  // Core names a bad file by its place among the files given ("documents.0"); the form by its row.
  const rowOfFile: number[] = [];
  const files = rows.flatMap((d, row) => {
    if (!d.file || !d.type) return [];
    rowOfFile.push(row);
    return [{ file: d.file, type: d.type }];
  });
  try {
    await registerSeller(getScope(args.context), { fields, files });
  } catch (e) {
    return replyRefused(args, submission, e instanceof Refused && e.fields ? new Refused(e.message, byRow(e.fields, rowOfFile), e.vars) : e);
  }
  const locale = getLocale(args.context);
  flashToast(args.context, "success", getI18n(args.context).getFixedT(locale)("seller:api.registered"));
  throw redirect(localePath(locale, "/become-seller/moderation"));
}

/** "documents.<n>" (the n-th file given) as the field of its row's file input. */
function byRow(fields: FieldMessages, rowOfFile: number[]): FieldMessages {
  return Object.fromEntries(Object.entries(fields).map(([key, messages]) => {
    const n = key.match(/^documents\.(\d+)$/)?.[1];
    return [n === undefined ? key : `documents[${rowOfFile[Number(n)]}].file`, messages];
  }));
}

export default function FormRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("seller");
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="mb-4 text-base font-semibold text-slate-900">{t("form_title")}</h2>
        <CompanyForm
          constraint={loaderData.constraint}
          lastResult={actionData}
          places={loaderData}
          submitLabel={t("submit")}
          multipart
        >
          {(form) => <DocumentRows form={form} />}
        </CompanyForm>
      </section>
    </div>
  );
}

function DocumentRows({ form }: { form: CompanyFields }) {
  const { t } = useTranslation("seller");
  const [rows, setRows] = useState(FIRST_ROWS.length);
  const hydrated = useHydrated();
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("documents.title")}</legend>
      <p className="text-xs text-slate-500">{t("documents.hint")}</p>
      <FieldError errors={form.errors("documents")} />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="grid gap-3 sm:grid-cols-2" role="group" aria-label={t("documents.row", { n: i + 1 })}>
          <div>
            <label htmlFor={`document-type-${i}`} className="mb-1 block text-sm font-medium text-slate-700">
              {t("documents.type")} {i + 1}
            </label>
            <select id={`document-type-${i}`} name={`documents[${i}].type`} defaultValue={form.submitted ? form.value(`documents[${i}].type`) : (FIRST_ROWS[i] ?? "")} className={inputClass}
              aria-invalid={form.errors(`documents[${i}].type`) ? true : undefined}>
              <option value="">{t("documents.type")}</option>
              {DOCUMENT_TYPES.map((d) => <option key={d} value={d}>{t(`utilities:documents.${d}`)}</option>)}
            </select>
            <FieldError errors={form.errors(`documents[${i}].type`)} />
          </div>
          <div>
            <label htmlFor={`document-file-${i}`} className="mb-1 block text-sm font-medium text-slate-700">
              {t("documents.file")} {i + 1}
            </label>
            <input id={`document-file-${i}`} type="file" name={`documents[${i}].file`} accept={`.png,.jpg,.jpeg,.pdf,${DOCUMENT_MIME_TYPES.join(",")}`}
              aria-invalid={form.errors(`documents[${i}].file`) ? true : undefined}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700" />
            <FieldError errors={form.errors(`documents[${i}].file`)} />
          </div>
        </div>
      ))}
      {hydrated && rows < MAX_DOCUMENTS ? (
        // A JavaScript extra: without it the first three rows are there.
        <button type="button" onClick={() => setRows(rows + 1)} className={buttonClass("ghost")}>
          + {t("documents.add")}
        </button>
      ) : null}
    </fieldset>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
