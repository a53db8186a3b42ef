/**
 * /setting/notification (spec 2 "Settings"; issue 13 item 4): which events reach the signed-in
 * member in the active business, and by which channel — in the app, e-mail, SMS. One plain form
 * of checkboxes (`<event>.<channel>`), the same body as PUT …/settings/business/{id}/notification
 * (core/notifications/settings.ts); only the events the member's privileges cover are listed.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/notification";
import { NOTIFICATION_CHANNELS } from "#core/notifications/events.ts";
import { getNotificationSettings, notificationSettingsBody, setNotificationSettings } from "#core/notifications/settings.ts";
import { SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { getMe, getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { flashToast } from "#app/lib/session.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const me = getMe(args.context);
  const settings = await getNotificationSettings(getScope(args.context), me.business_id!);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("notification:settings.title")} | ${t("common:app_name")}`, settings, businessName: me.business_name ?? "" };
}

export async function action(args: Route.ActionArgs) {
  const locale = getLocale(args.context);
  const form = await args.request.formData();
  const submission = parseWithZod(form, { schema: notificationSettingsBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await setNotificationSettings(getScope(args.context), getMe(args.context).business_id!, submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(locale)("notification:settings_saved"));
  throw redirect(localePath(locale, "/setting/notification"));
}

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const { t } = useTranslation("notification");
  const locale = useLocale();
  const invalid = actionData && "status" in actionData && actionData.status === "error";
  return (
    <FormPage back={{ href: localePath(locale, "/notification"), label: t("title") }} title={t("settings.title")}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600">{t("settings.intro", { business: loaderData.businessName })}</p>
        {invalid ? <p role="alert" className="text-sm text-red-700">{t("validation:invalid")}</p> : null}
        {settings.events.length ? (
          <Form method="post" className="space-y-4">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                  <th scope="col" className="py-2 pr-3 font-medium">{t("settings.event")}</th>
                  {NOTIFICATION_CHANNELS.map((c) => <th key={c} scope="col" className="px-2 py-2 text-center font-medium">{t(`channel.${c}`)}</th>)}
                </tr>
              </thead>
              <tbody>
                {settings.events.map((e) => (
                  <tr key={e.event} className="border-b border-slate-100">
                    <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-800">{t(`event_name.${e.event}`)}</th>
                    {NOTIFICATION_CHANNELS.map((c) => (
                      <td key={c} className="px-2 py-2 text-center">
                        <input type="checkbox" name={`${e.event}.${c}`} defaultChecked={e[c]} className="h-4 w-4"
                          aria-label={`${t(`event_name.${e.event}`)}: ${t(`channel.${c}`)}`} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="space-y-1 text-xs text-slate-500">
              {settings.email ? null : <li>{t("settings.no_email")}</li>}
              {settings.phone ? null : <li>{t("settings.no_phone")}</li>}
              {settings.email || settings.phone
                ? <li>{t("settings.sends_to", { email: settings.email ?? t("settings.none"), phone: settings.phone ?? t("settings.none") })}</li>
                : null}
            </ul>
            <SubmitButton>{t("settings.save")}</SubmitButton>
          </Form>
        ) : <p className="text-sm text-slate-600">{t("settings.nothing")}</p>}
      </div>
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
