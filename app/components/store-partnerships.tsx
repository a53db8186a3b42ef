/**
 * Partnerships with other companies' stores, on /profile/store: a <details> (works without
 * JavaScript) with the partnership requests the company received or sent — each with the answers
 * the partnership rules allow now (core/profile/partnerships.ts), as plain POST buttons — and a GET
 * search for another company's active stores, each with "Request partnership". Once the owner
 * approves, the store is listed above as a Reseller store of this company.
 */
import { Form } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import type { PartnerCandidateJson, StorePartnershipJson } from "#core/profile/stores-partnerships.ts";
import { buttonClass, inputClass, SubmitButton } from "./button.tsx";
import { StatusBadge } from "./list/status-badge.tsx";
import { StoreImage } from "./store-image.tsx";

export type StorePartnership = StorePartnershipJson;
export type PartnerCandidate = PartnerCandidateJson;

export function StorePartnerships({ requests, candidates, search, open, keep }: {
  requests: StorePartnership[];
  /** null: no search was made. */
  candidates: PartnerCandidate[] | null;
  search: string;
  open: boolean;
  /** The list's own params, kept by the search form. */
  keep: Record<string, string>;
}) {
  const { t } = useTranslation("store");
  const waiting = requests.filter((r) => r.is_waiting_for_me).length;
  return (
    <details id="partnerships" open={open || waiting > 0} className="group scroll-mt-4 rounded-lg border border-slate-200 bg-white">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span className="flex flex-wrap items-center gap-2">
          {t("partnership.title")}
          {waiting ? <StatusBadge tone="warning">{waiting}</StatusBadge> : null}
        </span>
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 transition-transform group-open:rotate-180" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <div className="space-y-5 border-t border-slate-100 px-4 pb-4 pt-3">
        <p className="text-sm text-slate-600">{t("partnership.intro")}</p>

        <section aria-labelledby="partnership-requests">
          <h3 id="partnership-requests" className="mb-2 text-sm font-semibold text-slate-800">{t("partnership.requests")}</h3>
          {requests.length ? (
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-100">
              {requests.map((r) => (
                <li key={r.partnership_id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                  <StoreImage src={r.store_data.image} name={r.store_data.name} size={32} decorative />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-800">
                      {r.is_owner
                        ? t("partnership.incoming", { company: r.partner_business_data.name, store: r.store_data.name })
                        : t("partnership.outgoing", { company: r.owner_business_data.name, store: r.store_data.name })}
                    </p>
                    <p className="text-xs text-slate-500">{r.store_data.type_name} · {r.store_data.city}</p>
                  </div>
                  <StatusBadge tone={r.status === 1 ? "success" : r.is_waiting_for_me ? "warning" : "neutral"}>{r.status_name}</StatusBadge>
                  {r.actions.length ? (
                    <Form method="post" className="flex flex-wrap gap-2">
                      <input type="hidden" name="intent" value="partnership" />
                      <input type="hidden" name="partnership_id" value={r.partnership_id} />
                      {r.actions.map((a) => (
                        <SubmitButton key={a} name="action" value={a} variant={a.startsWith("decline") || a === "disconnect" ? "secondary" : "primary"} className="!px-3 !py-1.5">
                          {t(`partnership.actions.${a}`)}
                          <span className="sr-only"> — {r.store_data.name}</span>
                        </SubmitButton>
                      ))}
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{t("partnership.no_requests")}</p>
          )}
        </section>

        <section aria-labelledby="partnership-find">
          <h3 id="partnership-find" className="mb-2 text-sm font-semibold text-slate-800">{t("partnership.find")}</h3>
          <Form method="get" role="search" aria-labelledby="partnership-find" className="flex flex-wrap items-end gap-2" preventScrollReset>
            {Object.entries(keep).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
            <input type="hidden" name="partners" value="1" />
            <div className="min-w-[14rem] flex-1">
              <label htmlFor="partner-search" className="mb-1 block text-xs font-medium text-slate-600">{t("partnership.search")}</label>
              <input id="partner-search" type="search" name="partner_search" defaultValue={search} key={search} maxLength={100} className={inputClass} />
            </div>
            <button type="submit" className={buttonClass("secondary")}>{t("partnership.search_button")}</button>
          </Form>
          {candidates ? (
            candidates.length ? (
              <ul className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-100">
                {candidates.map((c) => (
                  <li key={c.store_branch_id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                    <StoreImage src={c.image} name={c.name} size={32} decorative />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-800">{c.name}</p>
                      <p className="text-xs text-slate-500">{c.business_data.name} · {c.type_name} · {c.city}</p>
                    </div>
                    {c.partnership_status_name ? <StatusBadge tone="neutral">{c.partnership_status_name}</StatusBadge> : null}
                    {c.is_requestable ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="request-partnership" />
                        <input type="hidden" name="store_branch_id" value={c.store_branch_id} />
                        <SubmitButton name="request" value={String(c.store_branch_id)} variant="secondary" className="!px-3 !py-1.5">
                          {t("partnership.request")}
                          <span className="sr-only"> — {c.name}</span>
                        </SubmitButton>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-500">{t("partnership.none")}</p>
            )
          ) : null}
        </section>
      </div>
    </details>
  );
}
