/**
 * /income-balance/commissions (issue 15 item 1): the channel commission table — what each sales
 * channel platform takes of a sale, which every settlement deducts. One POST form: a rate per
 * platform, typed as a percent ("5", "2,5"), its default beside it; saving sets them all at once
 * (core/money/commissions.ts, the same call as PUT /v0.0.1/balances/income/commissions). Works
 * without JavaScript; a refused rate comes back under its field with everything typed kept.
 *
 * Where the spec is silent: the rates are the business's own (a marketplace's fee differs by
 * seller tier), a page of their own beside Income and Settlements; a change applies to orders
 * that finish after it, never to settlements already made (they keep the rate they were made with).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/commissions";
import { commissionBody, commissionRates, setCommissionRates } from "#core/money/commissions.ts";
import { SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormErrors, formState, UnitInput, type FormReply } from "#app/components/form.tsx";
import { IncomeTabs } from "#app/components/income/parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import { pageTitle } from "#app/lib/meta.ts";
import { flashToast } from "#app/lib/session.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("income:commissions.title")} | ${t("common:app_name")}`, rates: await commissionRates(getScope(args.context)) };
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: commissionBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await setCommissionRates(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  flashToast(args.context, "success", t("income:messages.commissions_saved"));
  throw redirect(new URL(args.request.url).pathname);
}

/** 250 basis points → "2.5" (English) or "2,5" (Indonesian): what the seller would type. */
const percentText = (bp: number, locale: string) =>
  (bp / 100).toLocaleString(locale === "id" ? "id-ID" : "en-US", { maximumFractionDigits: 2, useGrouping: false });

export default function Commissions({ loaderData, actionData }: Route.ComponentProps) {
  const { rates } = loaderData;
  const { t } = useTranslation("income");
  const locale = useLocale();
  const form = formState(actionData as FormReply, {
    id: "commissions", defaults: { rates: rates.map((r) => ({ platform_code: r.platform_code, rate_percent: percentText(r.rate_bp, locale) })) },
  });
  return (
    <div className="space-y-4">
      <IncomeTabs active="commissions" />
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t("commissions.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("commissions.intro")}</p>
      </div>
      <Form method="post" noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <FormErrors errors={form.formErrors} />
        <ul aria-label={t("commissions.list_label")} className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {rates.map((r, i) => (
            <li key={r.platform_code}>
              <input type="hidden" name={`rates[${i}].platform_code`} value={r.platform_code} />
              <UnitInput form={form} name={`rates[${i}].rate_percent`} unit="%" side="after" inputMode="decimal"
                label={t("commissions.rate_label", { name: r.name })}
                hint={[r.custom ? t("commissions.custom") : null, t("commissions.default_hint", { rate: percentText(r.default_bp, locale) })].filter(Boolean).join(" · ")} />
            </li>
          ))}
        </ul>
        <SubmitButton>{t("commissions.save")}</SubmitButton>
      </Form>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
