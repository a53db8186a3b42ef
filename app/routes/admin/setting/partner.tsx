/**
 * /setting/partner: every brand and store partnership of the business in one place
 * (core/profile/partnerships-all.ts), on the list shell: search, kind, direction, status and page
 * size in the URL; each row with the answers the partnership rules allow now (approve, decline,
 * withdraw, ask to disconnect, …) as plain POST buttons, the same calls as the brand and store pages.
 * Privilege "profile" (the partnerships are the seller profile's; core/auth/privileges.ts).
 */
import { Form, Link, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/partner";
import { allPartnershipsQuery, answerAnyPartnership, listAllPartnerships, type AnyPartnershipJson } from "#core/profile/partnerships-all.ts";
import type { PARTNERSHIP_KINDS } from "#core/profile/partnerships-all.ts";
import { ANSWER_ACTIONS, type PartnershipAction } from "#core/profile/partnerships.ts";
import { partnershipDoneKey } from "#core/profile/stores-partnerships.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { FilterSelect } from "#app/components/list/filter-bar.tsx";
import { ListPage } from "#app/components/list/list-page.tsx";
import { PageSizeSelect } from "#app/components/list/page-size-select.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { recordId } from "#app/lib/params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

// The component reads FILTERS, so nothing here may come from a module that reaches the database
// (vite.config.ts serverOnly): the kinds are written out and checked against core's by type.
const KINDS: (typeof PARTNERSHIP_KINDS)[number][] = ["brand", "store"];
const FILTERS = { kind: KINDS, direction: ["incoming", "outgoing"], status: ["0", "1", "2", "3", "4"] };

const SPEC: ListPageSpec<AnyPartnershipJson, typeof FILTERS> = {
  list: (scope, q) => listAllPartnerships(scope, allPartnershipsQuery.parse(q)),
  filters: FILTERS,
  idField: "partnership_id",
  titleKey: "settings:partner.title_count",
};

export function loader(args: Route.LoaderArgs) {
  return loadListPage(args, SPEC);
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, SPEC, async (intent, form, { listUrl }) => {
    if (intent !== "partnership") return undefined;
    const act = String(form.get("action") ?? "");
    const id = recordId(form.get("partnership_id"));
    if (!id || !(ANSWER_ACTIONS as readonly string[]).includes(act)) return undefined;
    await answerAnyPartnership(getScope(args.context), id, act as PartnershipAction);
    flashToast(args.context, "success", getI18n(args.context).getFixedT(getLocale(args.context))(partnershipDoneKey(act as PartnershipAction)));
    throw redirect(listUrl);
  });
}

export default function Partners({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("settings");
  const lang = useLocale();
  const { params } = loaderData;
  const option = (group: string) => (v: string) => ({ value: v, label: t(`partner.${group}.${v}`) });
  return (
    <ListPage
      data={loaderData}
      title={t("partner.title_count", { total: formatNumber(loaderData.list.pagination.total_record) })}
      intro={t("partner.intro")}
      filters={<>
        <SearchBox value={params.search} placeholder={t("partner.search")} />
        <FilterSelect name="kind" label={t("partner.kind")} value={params.filters.kind} allLabel={t("list:filter.all")} options={FILTERS.kind.map(option("kinds"))} />
        <FilterSelect name="direction" label={t("partner.direction")} value={params.filters.direction} allLabel={t("list:filter.all")}
          options={FILTERS.direction.map(option("directions"))} />
        <FilterSelect name="status" label={t("list:filter.status")} value={params.filters.status} allLabel={t("partner.open_only")}
          options={FILTERS.status.map(option("statuses"))} />
        <PageSizeSelect value={params.limit} />
      </>}
      empty={<EmptyState title={t("partner.empty")} subtitle={t("partner.empty_hint")} action={
        <Link to={localePath(lang, "/profile/brand/add/partnership")} className="text-sm font-medium text-brand-700 hover:underline">{t("partner.find_brand")}</Link>
      } />}
    >
      {(rows) => (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label={t("partner.title")}>
          {rows.map((r) => <PartnershipRow key={r.partnership_id} row={r} />)}
        </ul>
      )}
    </ListPage>
  );
}

function PartnershipRow({ row: r }: { row: AnyPartnershipJson }) {
  const { t } = useTranslation("settings");
  const lang = useLocale();
  const href = r.kind === "brand" ? `/profile/brand/${r.object_data.id}` : `/profile/store`;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
      <div className="min-w-[12rem] flex-1">
        <p className="font-medium text-slate-900">
          <span className="mr-2 text-xs font-normal uppercase tracking-wide text-slate-500">{r.kind_name}</span>
          {r.direction === "incoming" || r.kind === "brand"
            ? <Link to={localePath(lang, href)} className="text-brand-700 hover:underline">{r.object_data.name}</Link>
            : r.object_data.name}
        </p>
        <p className="text-slate-600">
          {t(`partner.with_${r.direction}`, { company: r.other_business_data.name })}
          <span className="text-slate-500"> · {formatDateTime(r.time_modified)}</span>
        </p>
      </div>
      <StatusBadge tone={r.status === 1 ? "success" : r.is_waiting_for_me ? "warning" : "neutral"}>
        {r.is_waiting_for_me ? t("partner.waiting_for_you") : r.status_name}
      </StatusBadge>
      {r.actions.length ? (
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="partnership" />
          <input type="hidden" name="partnership_id" value={r.partnership_id} />
          {r.actions.map((a) => (
            <SubmitButton key={a} name="action" value={a} variant={a.startsWith("decline") || a === "disconnect" || a === "cancel" ? "secondary" : "primary"} className="!px-3 !py-1.5">
              {t(`partner.actions.${a}`)}
              <span className="sr-only"> — {r.object_data.name}, {r.other_business_data.name}</span>
            </SubmitButton>
          ))}
        </Form>
      ) : null}
    </li>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
