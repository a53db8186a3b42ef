/**
 * The spec's "Brand card" (section 2, Profile cards): image, name (with the verified check at 3 or
 * more documents), product category name, brand category (Partner Brand or Owned Brand), company
 * based, register date, status switch, Manage Brand button and Holiday link. Manage goes to the
 * brand's info tab (slug = brand id), Holiday to its holiday tab.
 *
 * Partner brands: the switch shows the owner's status and is disabled (only the owner switches a
 * brand, spec section 4); a partnership that is not Connected shows its status as a chip. Owned
 * brands with requests waiting for an answer say so, linking to where they are answered.
 */
import { Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { BrandJson } from "#core/profile/brands.ts";
import { BRAND_STATUS, PARTNERSHIP_STATUS } from "#core/profile/profile-enums.ts";
import { formatDate } from "#core/lib/format.ts";
import { buttonClass } from "./button.tsx";
import { BrandLogo, partnershipTone, VerifiedIcon } from "./brand-logo.tsx";
import type { ConfirmText } from "./list/confirm-dialog.tsx";
import { StatusBadge } from "./list/status-badge.tsx";
import { StatusSwitch } from "./list/status-switch.tsx";

export type Brand = BrandJson;

export function BrandCard({ brand: b, manageHref, holidayHref, promotionsHref, confirmFor }: {
  brand: Brand;
  manageHref: string;
  holidayHref: string;
  /** The brand's promotions (/promotions/brand-<id>/listing), for staff who may see promotions. */
  promotionsHref?: string;
  confirmFor: (activate: boolean) => ConfirmText;
}) {
  const { t } = useTranslation("brand");
  const headingId = `brand-${b.brand_id}-name`;
  const pending = b.partnership_data && b.partnership_data.status !== PARTNERSHIP_STATUS.connected ? b.partnership_data : null;
  return (
    <article aria-labelledby={headingId} className="flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex items-start gap-3 p-4">
        <BrandLogo url={b.image} name={b.name} />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={headingId} className="flex items-center gap-1 break-words text-base font-semibold text-slate-900">
            <span className="min-w-0 break-words">{b.name}</span>
            {b.is_verified ? <VerifiedIcon /> : null}
          </h2>
          <p className="text-sm text-slate-600" title={b.product_category_data.path}>{b.product_category_data.name}</p>
          <div className="flex flex-wrap gap-1.5">
            <StatusBadge tone={b.is_partner ? "warning" : "info"}>{b.brand_category_name}</StatusBadge>
            {pending ? <StatusBadge tone={partnershipTone(pending.status)}>{pending.status_name}</StatusBadge> : null}
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 border-t border-slate-100 px-4 py-3 text-sm">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{t("company_based")}</dt>
          <dd className="break-words text-slate-800">{b.company_data.name}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{t("register_date")}</dt>
          <dd className="text-slate-800">{formatDate(b.time_created)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs font-medium text-slate-500">{t("fields.status")}</dt>
          <dd className="mt-1">
            <StatusSwitch
              checked={b.status === BRAND_STATUS.active}
              disabled={b.is_partner}
              label={t("toggle.label", { name: b.name })}
              fields={{ intent: "toggle", brand_id: b.brand_id }}
              confirmFor={confirmFor}
            />
            {b.is_partner ? <p className="mt-1 text-xs text-slate-500">{t("toggle.partner_hint")}</p> : null}
          </dd>
        </div>
      </dl>
      {!b.is_partner && b.total_partner_request > 0 ? (
        <p className="mx-4 mb-3 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
          <Link to={manageHref} className="font-medium underline">{t("card.requests", { count: b.total_partner_request })}</Link>
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3">
        <Link to={manageHref} className={buttonClass("primary")} aria-describedby={headingId}>{t("manage")}</Link>
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          {promotionsHref ? <Link to={promotionsHref} className="text-sm font-medium text-brand-700 hover:underline" aria-describedby={headingId}>{t("promotions")}</Link> : null}
          <Link to={holidayHref} className="text-sm font-medium text-brand-700 hover:underline" aria-describedby={headingId}>{t("holiday")}</Link>
        </span>
      </div>
    </article>
  );
}
