/**
 * /profile/holiday/add: a new holiday session (core/profile/holidays.ts holidayBody, the API's own
 * schema); on success the list opens with a toast. ?store_id=… / ?brand_id=… (from a filtered
 * list) ticks that store or brand with the scope "selected".
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/add";
import { createHoliday, holidayBody, holidayChoices } from "#core/profile/holidays.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { HolidayForm } from "#app/components/holiday-form.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { recordId } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const choices = await holidayChoices(getScope(args.context));
  const url = new URL(args.request.url);
  const store = recordId(url.searchParams.get("store_id"));
  const brand = recordId(url.searchParams.get("brand_id"));
  const defaults = {
    scope: store || brand ? "selected" : "business",
    store_ids: choices.stores.some((s) => s.store_branch_id === store) ? [String(store)] : [],
    brand_ids: choices.brands.some((b) => b.brand_id === brand) ? [String(brand)] : [],
  };
  return { title: `${t("holiday:add")} | ${t("common:app_name")}`, choices, defaults };
}

export async function action(args: Route.ActionArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const submission = parseWithZod(await args.request.formData(), { schema: holidayBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await createHoliday(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", t("holiday:api.created"));
  throw redirect(localePath(getLocale(args.context), "/profile/holiday"));
}

export default function AddHoliday({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("holiday");
  const list = localePath(useLocale(), "/profile/holiday");
  return (
    <FormPage back={{ href: list, label: t("back_to_list") }} title={t("add")}>
      <HolidayForm reply={actionData} defaults={loaderData.defaults} choices={loaderData.choices} submitLabel={t("common:actions.save")} cancelTo={list} />
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
