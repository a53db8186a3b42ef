/**
 * The rows of /setting/pos-seller: the members (name with role, e-mail / phone, status badge,
 * privileges, actions) and the pending invitations (resend, cancel). The buttons that change
 * somebody ask first (ConfirmSubmitButton: a dialog with JavaScript, the page's confirm step
 * without); only an owner sees them, and nobody sees them on their own row.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { formatDateTime } from "#core/lib/format.ts";
import type { InvitationJson, StaffJson } from "#core/team/staff-schema.ts";
import { MEMBER_STATUS } from "#db/schema/team-enums.ts";
import { buttonClass, SubmitButton } from "./button.tsx";
import type { ConfirmText } from "./list/confirm-dialog.tsx";
import { DataTable, type Column } from "./list/data-table.tsx";
import { StatusBadge, type Tone } from "./list/status-badge.tsx";
import { ConfirmSubmitButton } from "./warehouse-confirm-button.tsx";

const TONE: Record<number, Tone> = { [MEMBER_STATUS.active]: "success", [MEMBER_STATUS.suspended]: "danger", [MEMBER_STATUS.resign]: "neutral" };
export const statusTone = (status: number): Tone => TONE[status] ?? "neutral";

/** The confirm text of a staff change (`confirm.<intent>_title|_body`, the button `actions.<intent>`). */
export function useStaffConfirm() {
  const { t } = useTranslation("team");
  return (intent: string, name: string): ConfirmText => ({
    title: t(`confirm.${intent === "cancel_invitation" ? "cancel" : intent}_title`, { name }),
    body: t(`confirm.${intent === "cancel_invitation" ? "cancel" : intent}_body`, { name }),
    confirmLabel: t(`actions.${intent}`),
    tone: intent === "reactivate" ? "primary" : "danger",
  });
}

/** Suspend or reactivate, and remove: the buttons of a member an owner may change. */
export function MemberButtons({ member }: { member: StaffJson }) {
  const { t } = useTranslation("team");
  const text = useStaffConfirm();
  if (member.is_self || member.status === MEMBER_STATUS.resign) return null;
  const toggle = member.status === MEMBER_STATUS.suspended ? "reactivate" : "suspend";
  return (
    <>
      <ConfirmSubmitButton fields={{ intent: toggle, user_id: member.user_id }} text={text(toggle, member.name)} variant="ghost">
        {t(`actions.${toggle}`)}
      </ConfirmSubmitButton>
      <ConfirmSubmitButton fields={{ intent: "remove", user_id: member.user_id }} text={text("remove", member.name)} variant="ghost" className="text-red-700">
        {t("actions.remove")}
      </ConfirmSubmitButton>
    </>
  );
}

export function StaffTable({ rows, canManage, editHref }: { rows: StaffJson[]; canManage: boolean; editHref: (m: StaffJson) => string }) {
  const { t } = useTranslation("team");
  const columns: Column<StaffJson>[] = [
    {
      key: "name",
      header: t("columns.name"),
      primary: true,
      cell: (m) => (
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {m.name} {m.is_self ? <span className="ml-1 text-xs font-normal text-slate-500">({t("you")})</span> : null}
          </p>
          <p className="text-xs text-slate-500">{m.role_name}</p>
        </div>
      ),
    },
    {
      key: "contact",
      header: t("columns.contact"),
      cell: (m) => <div className="break-all">{[m.email, m.phone].filter(Boolean).map((v) => <p key={v}>{v}</p>)}</div>,
    },
    { key: "status", header: t("columns.status"), cell: (m) => <StatusBadge tone={statusTone(m.status)}>{m.status_name}</StatusBadge> },
    {
      key: "privileges",
      header: t("columns.privileges"),
      cell: (m) => <span className="text-slate-700">{m.role === "owner" ? t("all_privileges") : m.privilege_datas.map((p) => p.name).join(", ")}</span>,
    },
  ];
  if (canManage) {
    columns.push({
      key: "actions",
      header: t("columns.actions"),
      cell: (m) => (
        <div className="flex flex-wrap items-center justify-end gap-1 md:justify-start">
          {m.status !== MEMBER_STATUS.resign ? <Link to={editHref(m)} className={buttonClass("ghost")}>{t("actions.edit")}</Link> : null}
          <MemberButtons member={m} />
        </div>
      ),
    });
  }
  return <DataTable caption={t("title")} columns={columns} rows={rows} rowKey={(m) => m.user_id} />;
}

export function InvitationList({ invitations, canManage }: { invitations: InvitationJson[]; canManage: boolean }) {
  const { t } = useTranslation("team");
  const text = useStaffConfirm();
  if (!invitations.length) return null;
  return (
    <section aria-labelledby="invitations-title" className="space-y-2">
      <h2 id="invitations-title" className="text-base font-semibold text-slate-900">{t("invitations.title")} ({invitations.length})</h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {invitations.map((inv) => (
          <li key={inv.invitation_id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="break-all font-medium text-slate-900">{inv.target}</p>
              <p className="text-sm text-slate-600">{inv.privilege_datas.map((p) => p.name).join(", ")}</p>
              <p className="text-xs text-slate-500">
                {inv.invited_by_name ? `${t("invitations.invited_by", { name: inv.invited_by_name })} · ` : ""}
                {inv.is_expired
                  ? <span className="text-red-700">{t("invitations.expired")}</span>
                  : t("invitations.valid_until", { date: `${formatDateTime(inv.expires_at)} WIB` })}
              </p>
            </div>
            {canManage ? (
              <div className="flex flex-wrap gap-1">
                <Form method="post" className="inline">
                  <input type="hidden" name="invitation_id" value={inv.invitation_id} />
                  <SubmitButton name="intent" value="resend" variant="secondary">{t("actions.resend")}</SubmitButton>
                </Form>
                <ConfirmSubmitButton fields={{ intent: "cancel_invitation", invitation_id: inv.invitation_id }} text={text("cancel_invitation", inv.target)} variant="ghost">
                  {t("actions.cancel_invitation")}
                </ConfirmSubmitButton>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
