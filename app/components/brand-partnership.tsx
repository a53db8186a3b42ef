/**
 * Partnership pieces of the brand pages: the actions a business may take on one partnership (each
 * a ConfirmButton that says what status it leads to, as the API's action_datas tell), and a list of
 * partnerships (the owner's partners of one brand, or a business's own requests).
 * The forms post intent=partnership_action, partnership_id and do=<action> to the page's action.
 */
import { useTranslation, type TFunction } from "#app/lib/i18n-react.tsx";
import { formatDate } from "#core/lib/format.ts";
import type { BrandPartnershipJson } from "#core/profile/brands-partnerships.ts";
import { BrandLogo, partnershipTone } from "./brand-logo.tsx";
import { ConfirmButton } from "./brand-confirm.tsx";
import type { ConfirmText } from "./list/confirm-dialog.tsx";
import { StatusBadge } from "./list/status-badge.tsx";

/** One step a business may take: the action and the status it leads to. */
export type PartnershipMove = { action: string; status: number; status_name: string };

/** A row of GET /v0.0.0/brands/partnerships (core/profile/brands-partnerships.ts). */
export type PartnershipRow = BrandPartnershipJson;

const DANGER = ["decline", "disconnect", "approve-disconnect", "cancel"];

/** The question before a step: "Approve? Nusantara Wear · Batik Sekar Jagad: the partnership will be “Connected”." */
export function partnershipConfirm(t: TFunction, move: PartnershipMove, brand: string, company: string): ConfirmText {
  const label = t(`brand:partnership.actions.${move.action}`);
  return {
    title: t("brand:partnership.confirm.title", { action: label }),
    body: move.action === "disconnect"
      ? t("brand:partnership.confirm.disconnect_body", { brand, company })
      : t("brand:partnership.confirm.body", { brand, company, status: move.status_name }),
    confirmLabel: label,
    tone: DANGER.includes(move.action) ? "danger" : "primary",
  };
}

/** The buttons of the steps a business may take on one partnership. */
export function PartnershipActions({ id, moves, brand, company, describedBy }: {
  id: number; moves: PartnershipMove[]; brand: string; company: string; describedBy?: string;
}) {
  const { t } = useTranslation("brand");
  if (!moves.length) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {moves.map((m) => (
        <ConfirmButton
          key={m.action}
          fields={{ intent: "partnership_action", partnership_id: id, do: m.action }}
          label={t(`partnership.actions.${m.action}`)}
          variant={m.action === "approve" || m.action === "request" ? "primary" : "secondary"}
          describedBy={describedBy}
          text={partnershipConfirm(t, m, brand, company)}
        />
      ))}
    </div>
  );
}

/**
 * Partnerships as a list. `view` "partners": the owner's view of one brand (the partner business
 * named); "requests": a business's own requests (the brand and its owner named).
 */
export function PartnershipList({ rows, view }: { rows: PartnershipRow[]; view: "partners" | "requests" }) {
  const { t } = useTranslation("brand");
  return (
    <ul className="divide-y divide-slate-100">
      {rows.map((r) => {
        const labelId = `partnership-${r.partnership_id}`;
        const other = view === "partners" ? r.partner_business_data.name : r.owner_business_data.name;
        return (
          <li key={r.partnership_id} className="flex flex-wrap items-center gap-3 py-3">
            {view === "requests" ? <BrandLogo url={r.brand_data.image} name={r.brand_data.name} size="sm" /> : null}
            <div className="min-w-0 flex-1">
              <p id={labelId} className="font-medium text-slate-900">{view === "partners" ? other : r.brand_data.name}</p>
              <p className="text-xs text-slate-600">
                {view === "requests" ? `${other} · ` : ""}
                {t(r.is_requester ? "detail.requested_by_you" : "detail.requested_by_them")}
                {" · "}
                {t("detail.since", { date: formatDate(r.time_modified) })}
              </p>
            </div>
            <StatusBadge tone={partnershipTone(r.status)}>{r.status_name}</StatusBadge>
            <PartnershipActions id={r.partnership_id} moves={r.action_datas} brand={r.brand_data.name} company={other} describedBy={labelId} />
          </li>
        );
      })}
    </ul>
  );
}
