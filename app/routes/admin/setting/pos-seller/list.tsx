/**
 * /setting/pos-seller: the business's staff (issue 13) on the list shell — name and role, e-mail /
 * phone, status (Active, Suspended, Resign), privileges; search, status filter, sort and page
 * size in the URL — and the pending invitations below. An owner invites (Add), edits, suspends or
 * reactivates and removes, resends and cancels invitations; a staff member with the "setting"
 * privilege sees the same without the buttons (core/team/staff.ts: only owners manage staff).
 *
 * The changes ask first: ConfirmDialog with JavaScript, without it ?confirm=<intent>&user_id=…
 * (or &invitation_id=…) and the confirm panel above the list (app/lib/staff-actions.server.ts).
 */
import { redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { listInvitations, resendInvitation } from "#core/team/invitations.ts";
import { listStaff } from "#core/team/staff.ts";
import { staffListQuery, type StaffJson } from "#core/team/staff-schema.ts";
import { MEMBER_STATUS_FILTERS, memberStatusName } from "#db/schema/team-enums.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { SortSelect } from "#app/components/list/sort-select.tsx";
import { InvitationList, StaffTable, useStaffConfirm } from "#app/components/staff-table.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { getMe, getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listHref } from "#app/lib/list-params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { cancelInvitationAction, isMemberIntent, memberAction, staffAsked } from "#app/lib/staff-actions.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FILTERS = { status: MEMBER_STATUS_FILTERS.map(String) };

const SPEC: ListPageSpec<StaffJson, typeof FILTERS> = {
  list: (scope, q) => listStaff(scope, staffListQuery.parse(q)),
  filters: FILTERS,
  idField: "user_id",
  titleKey: "team:title_count",
};

export async function loader(args: Route.LoaderArgs) {
  const scope = getScope(args.context);
  const me = getMe(args.context);
  const [page, invitations] = await Promise.all([loadListPage(args, SPEC), listInvitations(scope)]);
  return {
    ...page,
    invitations,
    asking: await staffAsked(scope, new URL(args.request.url), invitations),
    canManage: me.member_role === "owner",
    businessName: me.business_name ?? "",
  };
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, SPEC, async (intent, form, { listUrl }) => {
    if (isMemberIntent(intent)) return memberAction(args, form, intent, listUrl);
    if (intent === "cancel_invitation") return cancelInvitationAction(args, form, listUrl);
    if (intent === "resend") {
      const id = Number(form.get("invitation_id"));
      if (!Number.isInteger(id) || id <= 0) throw redirect(listUrl);
      const sent = await resendInvitation(getScope(args.context), id);
      const t = getI18n(args.context).getFixedT(getLocale(args.context));
      flashToast(args.context, sent.sent ? "success" : "danger", t(sent.sent ? "team:api.invited_to" : "team:api.not_sent", { target: sent.target }));
      throw redirect(listUrl);
    }
    return undefined;
  });
}

export default function StaffList({ loaderData }: Route.ComponentProps) {
  const { params, asking, canManage, invitations } = loaderData;
  const { t } = useTranslation("team");
  const locale = useLocale();
  const confirmText = useStaffConfirm();
  const here = localePath(locale, "/setting/pos-seller");
  return (
    <div className="space-y-4">
      {asking && canManage ? (
        <ConfirmPanel text={confirmText(asking.intent, asking.name)} fields={asking.fields} cancelTo={here + listHref(params)} />
      ) : null}
      <ListPage
        data={loaderData}
        title={t("title_count", { total: formatNumber(loaderData.list.pagination.total_record) })}
        intro={<>{t("intro", { business: loaderData.businessName })}{canManage ? null : <> {t("read_only")}</>}</>}
        add={canManage ? { href: localePath(locale, "/setting/pos-seller/user/add"), label: t("add") } : undefined}
        filters={<>
          <SearchBox value={params.search} placeholder={t("placeholders.search")} />
          <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("list:filter.all")}
            options={FILTERS.status.map((v) => ({ value: v, label: t(`status.${memberStatusName(Number(v))}`) }))} />
          <SortSelect value={params.sort} />
          <PageSizeSelect value={params.limit} />
        </>}
      >
        {(rows) => <StaffTable rows={rows} canManage={canManage} editHref={(m) => localePath(locale, `/setting/pos-seller/user/${m.user_id}`)} />}
      </ListPage>
      <InvitationList invitations={invitations} canManage={canManage} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
