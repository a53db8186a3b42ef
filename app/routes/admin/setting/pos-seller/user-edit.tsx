/**
 * /setting/pos-seller/user/:id (id = the member's user id): an owner changes a member's role,
 * privileges and default page (core/team/staff.ts updateStaff, the API's PUT …/users/{id}), and
 * under Access suspends, reactivates or removes them, each after a confirm step (with JavaScript a
 * dialog; without, ?confirm=<intent>&user_id=… and the panel here). A change applies to the
 * member's very next request. Owners only; another business's member is the not-found page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/user-edit";
import { getStaff, staffManager, updateStaff } from "#core/team/staff.ts";
import { memberBody } from "#core/team/staff-schema.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { MemberForm } from "#app/components/staff-form.tsx";
import { MemberButtons, statusTone, useStaffConfirm } from "#app/components/staff-table.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { isMemberIntent, memberAction, staffAsked } from "#app/lib/staff-actions.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.id);
  const scope = staffManager(getScope(args.context));
  const [member, asking] = await Promise.all([getStaff(scope, id), staffAsked(scope, new URL(args.request.url))]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${t("team:edit_title")} · ${member.name} | ${t("common:app_name")}`, member, asking };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.id);
  const locale = getLocale(args.context);
  const here = localePath(locale, `/setting/pos-seller/user/${id}`);
  const list = localePath(locale, "/setting/pos-seller");
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (isMemberIntent(intent)) return memberAction(args, form, intent, here, list);
  const submission = parseWithZod(form, { schema: memberBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await updateStaff(getScope(args.context), id, submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  flashToast(args.context, "success", getI18n(args.context).getFixedT(locale)("team:api.updated"));
  throw redirect(list);
}

export default function EditStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { member: m, asking } = loaderData;
  const { t } = useTranslation("team");
  const locale = useLocale();
  const list = localePath(locale, "/setting/pos-seller");
  const here = localePath(locale, `/setting/pos-seller/user/${m.user_id}`);
  const confirmText = useStaffConfirm();
  const resigned = m.status === MEMBER_STATUS.resign;
  return (
    <FormPage back={{ href: list, label: t("back_to_list") }} title={`${t("edit_title")} · ${m.name}`}
      badge={<StatusBadge tone={statusTone(m.status)}>{m.status_name}</StatusBadge>}>
      <div className="space-y-6">
        <p className="text-sm text-slate-600">{[m.email, m.phone].filter(Boolean).join(" · ")}</p>
        {resigned ? null : (
          <MemberForm reply={actionData} cancelTo={list} defaults={{ role: m.role, privileges: m.privileges, default_route: m.default_route }} />
        )}
        <section aria-labelledby="access-title" className="space-y-3 border-t border-slate-200 pt-4">
          <h2 id="access-title" className="text-base font-semibold text-slate-900">{t("access")}</h2>
          {asking ? <ConfirmPanel text={confirmText(asking.intent, asking.name)} fields={asking.fields} cancelTo={here} /> : null}
          {m.is_self ? <p className="text-sm text-slate-600">{t("access_self")}</p> : null}
          {resigned ? <p className="text-sm text-slate-600">{t("access_resigned", { name: m.name })}</p> : null}
          <div className="flex flex-wrap gap-2"><MemberButtons member={m} /></div>
        </section>
      </div>
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
