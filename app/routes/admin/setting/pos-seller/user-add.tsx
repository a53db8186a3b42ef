/**
 * /setting/pos-seller/user/add: invite a person by e-mail or phone with their privileges and
 * default page (core/team/invitations.ts inviteStaff, the API's POST …/accounts/seller/users).
 * The link goes out through the notifier; back on the list the notice says whether it was sent.
 * Owners only (anyone else: the 403 page). Inviting the same person again refreshes their
 * invitation; the form is sent once (<FormToken />).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/user-add";
import { inviteStaff } from "#core/team/invitations.ts";
import { staffManager } from "#core/team/staff.ts";
import { inviteBody } from "#core/team/staff-schema.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { InviteForm } from "#app/components/staff-form.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export function loader(args: Route.LoaderArgs) {
  staffManager(getScope(args.context));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("team:invite_title")} | ${t("common:app_name")}` };
}

export async function action(args: Route.ActionArgs) {
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const submission = parseWithZod(await args.request.formData(), { schema: inviteBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let sent;
  try {
    sent = await inviteStaff(getScope(args.context), submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, sent.sent ? "success" : "danger", t(sent.sent ? "team:api.invited_to" : "team:api.not_sent", { target: sent.target }));
  throw redirect(localePath(getLocale(args.context), "/setting/pos-seller"));
}

export default function InviteStaff({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("team");
  const list = localePath(useLocale(), "/setting/pos-seller");
  return (
    <FormPage back={{ href: list, label: t("back_to_list") }} title={t("invite_title")}>
      <InviteForm reply={actionData} cancelTo={list} />
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
