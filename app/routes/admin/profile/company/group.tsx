/**
 * /profile/company/group (spec section 2 "Group Company"): the business groups the user made, each
 * with its companies, over the existing core (core/business/company-groups.ts) and API
 * (/v0.0.0/business/groups…). Create a group; rename one (?rename=<id> opens its form); put one of
 * the user's own companies in a group (join: the company and the group, both chosen from lists —
 * core joins by group id, among the user's own groups); take a company out (leave) and delete a
 * group, each after the one confirm step (?confirm=unjoin&business_id=…, ?confirm=delete&group_id=…
 * without JavaScript; docs/decisions/0010). Deleting a group leaves its companies ungrouped.
 *
 * Every change is a POST form with `intent` (create, rename, join, unjoin, delete); a refused name
 * comes back under its field in the form that sent it. The companies that may join are the ones
 * the user owns (core refuses the others).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/group";
import { companyListQuery, listCompanies } from "#core/business/companies.ts";
import { createGroup, deleteGroup, groupBody, joinGroup, joinGroupBody, listGroups, renameGroup, unjoinGroup, unjoinGroupBody } from "#core/business/company-groups.ts";
import { buttonClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError, formState, Select, TextInput, type FormReply } from "#app/components/form.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { ConfirmPanel, type ConfirmText } from "#app/components/list/confirm-dialog.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { ConfirmSubmitButton } from "#app/components/warehouse-confirm-button.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { recordId } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const [groups, owned] = await Promise.all([
    listGroups(scope),
    listCompanies(scope, companyListQuery.parse({ ownership: 1, limit: 150, sort: 5 })),
  ]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const asked = confirmAsked(url);
  const groupAsked = asked?.intent === "delete" ? groups.find((g) => g.group_id === recordId(asked.fields.group_id)) : undefined;
  const companyAsked = asked?.intent === "unjoin" ? owned.rows.find((c) => c.business_id === recordId(asked.fields.business_id) && c.group) : undefined;
  return {
    title: `${t("company:groups.title")} | ${t("common:app_name")}`,
    groups,
    companies: owned.rows.map((c) => ({ business_id: c.business_id, name: c.name, group: c.group })),
    renaming: recordId(url.searchParams.get("rename")),
    confirm: groupAsked
      ? { intent: "delete" as const, id: groupAsked.group_id, name: groupAsked.name }
      : companyAsked ? { intent: "unjoin" as const, id: companyAsked.business_id, name: companyAsked.name, group: companyAsked.group?.name ?? "" } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const here = localePath(getLocale(args.context), "/profile/company/group");
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const done = (key: string) => {
    flashToast(args.context, "success", t(key));
    return redirect(here);
  };
  switch (intent) {
    case "create":
    case "rename": {
      const submission = parseWithZod(form, { schema: groupBody });
      const id = recordId(form.get("group_id"));
      if (submission.status !== "success") return data({ intent, id, reply: submission.reply() }, { status: 400 });
      try {
        if (intent === "rename" && id) await renameGroup(scope, id, submission.value);
        else await createGroup(scope, submission.value);
      } catch (e) {
        return data({ intent, id, reply: replyRefused(args, submission, e).data }, { status: 422 });
      }
      throw done(intent === "create" ? "company:api.group_created" : "company:api.group_updated");
    }
    case "join": {
      const submission = parseWithZod(form, { schema: joinGroupBody });
      if (submission.status !== "success") return data({ intent, id: null, reply: submission.reply() }, { status: 400 });
      await joinGroup(scope, submission.value);
      throw done("company:api.joined");
    }
    case "unjoin": {
      const submission = parseWithZod(form, { schema: unjoinGroupBody });
      if (submission.status !== "success") throw redirect(here);
      requireConfirmed(args.request, form, "unjoin", here);
      await unjoinGroup(scope, submission.value);
      throw done("company:api.unjoined");
    }
    case "delete": {
      const id = recordId(form.get("group_id"));
      if (!id) throw redirect(here);
      requireConfirmed(args.request, form, "delete", here);
      await deleteGroup(scope, id);
      throw done("company:api.group_deleted");
    }
  }
  throw data(t("common:errors.unknown_action"), { status: 400 });
}

type Answer = { intent: string; id: number | null; reply: FormReply } | undefined;

export default function CompanyGroups({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, companies, renaming, confirm } = loaderData;
  const { t } = useTranslation("company");
  const locale = useLocale();
  const location = useLocation();
  const here = location.pathname;
  const answer = actionData as Answer;
  const replyFor = (intent: string, id: number | null = null) => (answer && answer.intent === intent && answer.id === id ? answer.reply : undefined);
  const deleteText = (name: string): ConfirmText => ({ title: t("groups.delete.title"), body: t("groups.delete.body", { name }), confirmLabel: t("groups.delete.confirm"), tone: "danger" });
  const leaveText = (name: string, group: string): ConfirmText => ({ title: t("groups.leave.title"), body: t("groups.leave.body", { name, group }), confirmLabel: t("groups.leave.confirm"), tone: "danger" });
  const create = formState(replyFor("create"), { id: "group-create" });
  const join = formState(replyFor("join"), { id: "group-join" });
  const joinable = companies;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{t("groups.title")}</h1>
          <p className="text-sm text-slate-600">{t("groups.intro")}</p>
        </div>
        <Link to={localePath(locale, "/list")} className="text-sm font-medium text-brand-700 hover:underline">{t("groups.all_businesses")}</Link>
      </div>

      {confirm ? (
        <ConfirmPanel
          text={confirm.intent === "delete" ? deleteText(confirm.name) : leaveText(confirm.name, confirm.group)}
          fields={confirm.intent === "delete" ? { intent: "delete", group_id: confirm.id } : { intent: "unjoin", business_id: confirm.id }}
          cancelTo={here}
        />
      ) : null}

      <SectionCard title={t("groups.create")}>
        <Form method="post" noValidate className="flex flex-wrap items-end gap-2">
          <FormToken />
          <input type="hidden" name="intent" value="create" />
          <div className="min-w-[14rem] flex-1">
            <TextInput form={create} name="name" label={t("groups.fields.name")} placeholder={t("groups.placeholders.name")} maxLength={100} autoComplete="off" />
          </div>
          <SubmitButton>{t("groups.create_button")}</SubmitButton>
        </Form>
      </SectionCard>

      {groups.length ? (
        <SectionCard title={t("groups.join")}>
          {joinable.length ? (
            <Form method="post" noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <input type="hidden" name="intent" value="join" />
              <Select form={join} name="business_id" label={t("groups.fields.company")} placeholder={t("groups.placeholders.choose")}
                options={joinable.map((c) => ({ value: c.business_id, label: c.group ? `${c.name} (${c.group.name})` : c.name }))} />
              <Select form={join} name="group_id" label={t("groups.fields.group")} placeholder={t("groups.placeholders.choose")}
                options={groups.map((g) => ({ value: g.group_id, label: g.name }))} />
              <SubmitButton>{t("groups.join_button")}</SubmitButton>
            </Form>
          ) : <p className="text-sm text-slate-600">{t("groups.no_owned")}</p>}
        </SectionCard>
      ) : null}

      {groups.length ? (
        <ul className="space-y-3" aria-label={t("groups.title")}>
          {groups.map((g) => {
            const rename = formState(replyFor("rename", g.group_id), { id: `group-rename-${g.group_id}`, defaults: { name: g.name } });
            const open = renaming === g.group_id || replyFor("rename", g.group_id) !== undefined;
            return (
              <li key={g.group_id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="font-semibold text-slate-900">{g.name} <span className="text-sm font-normal text-slate-500">· {t("groups.count", { count: g.business_datas.length })}</span></h2>
                  <div className="flex flex-wrap items-center gap-3">
                    <Link to={`${here}?rename=${g.group_id}`} className="text-sm font-medium text-brand-700 hover:underline">
                      {t("groups.rename")}<span className="sr-only"> {g.name}</span>
                    </Link>
                    <ConfirmSubmitButton fields={{ intent: "delete", group_id: g.group_id }} text={deleteText(g.name)} variant="ghost" className="!px-2 !py-1 !text-red-700 hover:!bg-red-50">
                      {t("groups.delete.button")}<span className="sr-only"> {g.name}</span>
                    </ConfirmSubmitButton>
                  </div>
                </div>
                {open ? (
                  <Form method="post" noValidate className="mt-3 flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="group_id" value={g.group_id} />
                    <div className="min-w-[14rem] flex-1">
                      <TextInput form={rename} name="name" label={t("groups.fields.name")} maxLength={100} autoComplete="off" />
                    </div>
                    <SubmitButton>{t("common:actions.save")}</SubmitButton>
                    <Link to={here} className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
                  </Form>
                ) : null}
                {g.business_datas.length ? (
                  <ul className="mt-3 divide-y divide-slate-100">
                    {g.business_datas.map((b) => (
                      <li key={b.business_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                        <span className="text-slate-800">{b.name}</span>
                        <ConfirmSubmitButton fields={{ intent: "unjoin", business_id: b.business_id }} text={leaveText(b.name, g.name)} variant="ghost" className="!px-2 !py-1 !text-red-700 hover:!bg-red-50">
                          {t("groups.leave.button")}<span className="sr-only"> {b.name}</span>
                        </ConfirmSubmitButton>
                      </li>
                    ))}
                  </ul>
                ) : <p className="mt-2 text-sm text-slate-500">{t("groups.empty_group")}</p>}
              </li>
            );
          })}
        </ul>
      ) : <EmptyState title={t("groups.empty_title")} subtitle={t("groups.empty_body")} />}
      <FieldError id="group-join-errors" errors={join.formErrors} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
