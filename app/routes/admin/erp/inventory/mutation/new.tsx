/**
 * /erp/inventory/mutation/new: a new transfer — from, to, a note — created as a draft; its
 * products are then added on the draft's page by SKU or barcode (a scanner types into that field),
 * which works as plain forms without JavaScript. Only active locations are offered. The same
 * location twice is refused with the spec's 'Transfer to same store is not allowed' under "To";
 * the choices stay as they were (the house keeps what was typed). Sent once (<FormToken />).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/new";
import { listLocations } from "#core/stock/locations.ts";
import { createTransfer, transferCreateBody } from "#core/stock/transfers.ts";
import { translator } from "#core/i18n.ts";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormErrors, formState, Select, TextArea } from "#app/components/form.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { flashToast } from "#app/lib/session.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = translator(getLocale(args.context));
  const locations = (await listLocations(getScope(args.context))).filter((l) => l.active);
  const from = new URL(args.request.url).searchParams.get("from") ?? "";
  return {
    title: `${t("transfer:new.title")} | ${t("common:app_name")}`,
    locations: locations.map(({ key, name, kind }) => ({ key, name, kind })),
    from: locations.some((l) => l.key === from) ? from : "",
  };
}

export async function action(args: Route.ActionArgs) {
  const t = translator(getLocale(args.context));
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: transferCreateBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let created;
  try {
    created = await createTransfer(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", t("api-transfer:messages.created", { number: created.number }));
  throw redirect(localePath(getLocale(args.context), `/erp/inventory/mutation/${created.transfer_id}`));
}

export default function NewTransfer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("transfer");
  const locale = useLocale();
  const list = localePath(locale, "/erp/inventory/mutation");
  const form = formState(actionData, { defaults: { source: loaderData.from } });
  const options = loaderData.locations.map((l) => ({ value: l.key, label: `${l.name} (${t(`kinds.${l.kind}`)})` }));
  return (
    <FormPage back={{ href: list, label: t("back_to_list") }} title={t("new.title")}>
      {options.length < 2 ? (
        <p className="text-sm text-slate-700">{t("new.no_locations")}</p>
      ) : (
        <Form method="post" noValidate className="space-y-5">
          <FormToken />
          <FormErrors errors={form.formErrors} />
          <p className="text-sm text-slate-600">{t("new.hint")}</p>
          <div className="grid gap-4 md:grid-cols-2">
            <Select form={form} idPrefix="transfer" name="source" label={t("new.source")} options={options} placeholder={t("new.choose")} required />
            <Select form={form} idPrefix="transfer" name="destination" label={t("new.destination")} options={options} placeholder={t("new.choose")} required />
            <div className="md:col-span-2">
              <TextArea form={form} idPrefix="transfer" name="note" label={t("new.note")} rows={2} maxLength={500} />
            </div>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Link to={list} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
            <SubmitButton>{t("new.submit")}</SubmitButton>
          </div>
        </Form>
      )}
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
