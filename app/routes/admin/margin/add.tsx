/**
 * /margin/add/:slug (slug: reseller, reseller-brand, store, brand, category) and /margin/default:
 * one route module setting the margin rule of a target (core/partners/margins.ts setMarginRule:
 * a target that has a rule gets its value replaced, so this is also the rule's edit page — the
 * rules tables link here with the target in the query: ?partner_id=…&brand_id=…). Percent (up to
 * two decimals) or whole rupiah off the sell price. Back to where it came from with a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { listMarginRules, marginChoices, marginRuleBody, setMarginRule } from "#core/partners/margins.ts";
import { MARGIN_SCOPES, type MarginScope } from "#core/partners/margin-pricing.ts";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError, FormErrors, formState, Select, TextInput } from "#app/components/form.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

/** The scope of the page: /margin/default, or the slug (reseller-brand → reseller_brand). */
function scopeOf(slug: string | undefined): MarginScope {
  if (slug === undefined) return "default";
  const scope = slug.replace("-", "_");
  if (!(MARGIN_SCOPES as readonly string[]).includes(scope) || scope === "default") throw new Response("Not Found", { status: 404 });
  return scope as MarginScope;
}

/** Where the page goes back to: the edit page of its scope. */
const backOf = (scope: MarginScope) => (scope === "reseller" || scope === "reseller_brand" ? "/margin/other" : scope === "store" ? "/margin/store-margin" : "/margin");

export async function loader(args: Route.LoaderArgs) {
  const scope = scopeOf(args.params.slug);
  const s = getScope(args.context);
  const url = new URL(args.request.url);
  const [choices, rules] = await Promise.all([marginChoices(s), listMarginRules(s, { scope })]);
  const want = (k: string) => Number(url.searchParams.get(k)) || null;
  // The rule of the target the query names (or the default): its value is the form's.
  const existing = rules.find((r) => scope === "default" || (
    (r.partner_data?.partner_id ?? null) === want("partner_id") && (r.store_data?.store_branch_id ?? null) === want("store_id")
    && (r.brand_data?.brand_id ?? null) === want("brand_id") && (r.category_data?.category_id ?? null) === want("category_id")));
  const defaults: Record<string, string> = {
    partner_id: url.searchParams.get("partner_id") ?? "", store_id: url.searchParams.get("store_id") ?? "",
    brand_id: url.searchParams.get("brand_id") ?? "", category_id: url.searchParams.get("category_id") ?? "",
    type: existing?.type ?? "percent", value: existing ? String(existing.value) : "",
  };
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t(`margin:form.${scope}`)} | ${t("common:app_name")}`, scope, choices, defaults, editing: !!existing };
}

export async function action(args: Route.ActionArgs) {
  const scope = scopeOf(args.params.slug);
  const locale = getLocale(args.context);
  const formData = await args.request.formData();
  formData.set("scope", scope);
  const submission = parseWithZod(formData, { schema: marginRuleBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await setMarginRule(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(locale)("margin:api.saved"));
  throw redirect(localePath(locale, backOf(scope)));
}

export default function MarginRuleForm({ loaderData, actionData }: Route.ComponentProps) {
  const { scope, choices, defaults, editing } = loaderData;
  const { t } = useTranslation("margin");
  const locale = useLocale();
  const back = localePath(locale, backOf(scope));
  const form = formState(actionData, { defaults, id: "margin" });
  const type = form.value("type") || "percent";
  const needs = {
    partner_id: scope === "reseller" || scope === "reseller_brand", store_id: scope === "store",
    brand_id: scope === "brand" || scope === "reseller_brand", category_id: scope === "category",
  };
  return (
    <FormPage back={{ href: back, label: t("back") }} title={t(`form.${scope}`)}>
      <Form method="post" noValidate className="space-y-5">
        <FormErrors errors={form.formErrors} />
        {editing ? <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{t("form.editing")}</p> : null}
        {needs.partner_id ? (
          <Select form={form} name="partner_id" label={t("fields.reseller")} placeholder={t("placeholders.reseller")} required
            options={choices.resellers.map((r) => ({ value: r.partner_id, label: r.name }))} />
        ) : null}
        {needs.store_id ? (
          <Select form={form} name="store_id" label={t("fields.store")} placeholder={t("placeholders.store")} required
            options={choices.stores.map((s) => ({ value: s.store_branch_id, label: s.name }))} />
        ) : null}
        {needs.brand_id ? (
          <Select form={form} name="brand_id" label={t("fields.brand")} placeholder={t("placeholders.brand")} required
            options={choices.brands.map((b) => ({ value: b.brand_id, label: b.name }))} />
        ) : null}
        {needs.category_id ? (
          <Select form={form} name="category_id" label={t("fields.category")} placeholder={t("placeholders.category")} required
            options={choices.categories.map((c) => ({ value: c.category_id, label: c.name }))} />
        ) : null}
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-700">{t("fields.type")}</legend>
          <div className="flex flex-wrap gap-4 text-sm text-slate-700">
            {(["percent", "amount"] as const).map((v) => (
              <label key={v} className="flex items-center gap-2">
                <input type="radio" name="type" value={v} defaultChecked={type === v} className="h-4 w-4 border-slate-300 text-brand-600" />
                {t(`type.${v}`)}
              </label>
            ))}
          </div>
          <FieldError id="margin-type-error" errors={form.errors("type")} />
        </fieldset>
        <TextInput form={form} name="value" label={t("fields.value")} hint={t("hints.value")} inputMode="decimal" required maxLength={16} autoComplete="off" />
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={back} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
          <SubmitButton>{t("common:actions.save")}</SubmitButton>
        </div>
      </Form>
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
