/**
 * /erp/inventory/opname/new: start a stock count of one location — all items, a category, a
 * brand, or a picked list (start empty and scan) — optionally locking the location while it runs.
 * The same schema and core call as POST …/inventories/opname/create (core/stock/opname.ts). The
 * category and brand fields are always there (no JavaScript needed); each is read only for its
 * scope. On success the count opens, ready for scanning.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/new";
import { createOpname, opnameBody, opnameFormOptions } from "#core/stock/opname.ts";
import { OPNAME_SCOPES } from "#core/stock/opname-lifecycle.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { Checkbox, FormErrors, formState, Select, TextArea } from "#app/components/form.tsx";
import { SubmitButton } from "#app/components/button.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { Form } from "react-router";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const options = await opnameFormOptions(getScope(args.context));
  const asked = new URL(args.request.url).searchParams.get("location");
  return {
    title: `${t("opname:new.title")} | ${t("common:app_name")}`,
    options,
    location: options.locations.some((l) => l.key === asked) ? asked : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: opnameBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let id: number;
  try {
    id = (await createOpname(getScope(args.context), submission.value)).opname_id;
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  const locale = getLocale(args.context);
  flashToast(args.context, "success", getI18n(args.context).getFixedT(locale)("api-opname:created"));
  throw redirect(localePath(locale, `/erp/inventory/opname/${id}`));
}

export default function NewOpname({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("opname");
  const lp = useLocalePath();
  const { options } = loaderData;
  const form = formState(actionData, { defaults: { location: loaderData.location ?? "", scope: "picked" }, id: "opname-new" });
  return (
    <FormPage back={{ href: lp("/erp/inventory/opname"), label: t("new.back") }} title={t("new.title")}>
      <Form method="post" noValidate className="space-y-4">
        <FormToken />
        <FormErrors errors={form.formErrors} />
        <Select form={form} name="location" label={t("new.location")} placeholder={t("new.location_pick")}
          options={options.locations.map((l) => ({ value: l.key, label: l.name }))} />
        <Select form={form} name="scope" label={t("new.scope")} hint={t("new.scope_hint")}
          options={OPNAME_SCOPES.map((s) => ({ value: s, label: t(`scope_long.${s}`) }))} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select form={form} name="category_id" label={t("new.category")} hint={t("new.category_hint")} placeholder="-"
            options={options.categories.map((c) => ({ value: c.id, label: c.name }))} />
          <Select form={form} name="brand_id" label={t("new.brand")} hint={t("new.brand_hint")} placeholder="-"
            options={options.brands.map((b) => ({ value: b.id, label: b.name }))} />
        </div>
        <Checkbox form={form} name="lock" label={t("new.lock")} hint={t("new.lock_hint")} />
        <TextArea form={form} name="note" label={t("new.note")} maxLength={500} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton>{t("new.submit")}</SubmitButton>
        </div>
      </Form>
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
