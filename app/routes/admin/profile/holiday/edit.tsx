/** /profile/holiday/:slug (slug = holiday_id): edit a holiday session (its history opens from the list). */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/edit";
import { getHoliday, holidayBody, holidayChoices, updateHoliday } from "#core/profile/holidays.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { HolidayForm } from "#app/components/holiday-form.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const scope = getScope(args.context);
  const [holiday, choices] = await Promise.all([getHoliday(scope, id), holidayChoices(scope)]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("holiday:edit")} · ${holiday.name} | ${t("common:app_name")}`, holiday, choices };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  const submission = parseWithZod(await args.request.formData(), { schema: holidayBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await updateHoliday(getScope(args.context), id, submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))("holiday:api.updated"));
  throw redirect(localePath(getLocale(args.context), "/profile/holiday"));
}

export default function EditHoliday({ loaderData, actionData }: Route.ComponentProps) {
  const { holiday: h, choices } = loaderData;
  const { t } = useTranslation("holiday");
  const list = localePath(useLocale(), "/profile/holiday");
  return (
    <FormPage back={{ href: list, label: t("back_to_list") }} title={t("edit")}
      badge={<StatusBadge tone={h.status === 1 ? "success" : "neutral"}>{h.status_name}</StatusBadge>}>
      <HolidayForm
        reply={actionData}
        defaults={{
          name: h.name, scope: h.scope, store_ids: h.store_datas.map((s) => String(s.store_branch_id)),
          brand_ids: h.brand_datas.map((b) => String(b.brand_id)), start_date: h.start_date ?? "", end_date: h.end_date ?? "",
          weekdays: h.weekdays, note: h.note ?? "",
        }}
        choices={choices}
        submitLabel={t("common:actions.save")}
        cancelTo={list}
      />
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
