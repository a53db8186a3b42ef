/**
 * /profile/store: the offline stores as the spec's collapsible Store cards (app/components/store-card.tsx),
 * with the filter widget (store type, store category, status, search, sort, page size), the title
 * with the total, Add, export and export history, the empty state and pagination.
 *
 * Every change is a POST form that works without JavaScript (actions.server.ts): the status switch,
 * each channel's connect switch and "Connect all" ask first — a dialog with JavaScript, a
 * server-rendered confirm step without — and the card of the changed store comes back open.
 *
 * Decisions where the spec is silent:
 * - The store type filter shows the names of spec section 9 (Dept Store, Mall Shop, …); the cards
 *   show each store's type name (Dept Store, Mall Store, …), both as the spec writes them.
 * - ?open=<id> opens that store's card (after a change, or from the branch table); ?history=<id>
 *   opens its update history; ?history=open the export history.
 * - /profile/branch (branch.tsx) is the same stores as a compact table.
 * - Partnerships with other companies' stores (request, approve, …) sit under the list in their own
 *   collapsible section (app/components/store-partnerships.tsx); ?partners=1 opens it,
 *   ?partner_search=… searches other companies' stores.
 */
import { data, Link, redirect, useLocation, useNavigation, useParams } from "react-router";
import { useTranslation } from "~/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { buttonClass } from "../../../../components/button.tsx";
import type { ConfirmText } from "../../../../components/list/confirm-dialog.tsx";
import { GeneralErrorBoundary } from "../../../../components/error-boundary.tsx";
import { EmptyState } from "../../../../components/list/empty-state.tsx";
import { ExportButton, ExportHistory, type ExportJob } from "../../../../components/list/export-history.tsx";
import { Pagination } from "../../../../components/list/pagination.tsx";
import { StoreCard, StoreCardBody, type Store } from "../../../../components/store-card.tsx";
import type { PartnerCandidate, StorePartnership } from "../../../../components/store-partnerships.tsx";
import { StoreHistoryModal, UpdateHistoryModal } from "../../../../components/store-history.tsx";
import { island } from "../../../../components/store-lazy.tsx";
import { STORE_FILTERS, StoreConfirmPanel, StoreFilterBar } from "../../../../components/store-list-parts.tsx";
import { callApi, getList } from "../../../../lib/api.server.ts";
import { formatNumber } from "../../../../lib/format.ts";
import { loadHistory } from "../../../../lib/history.server.ts";
import { getI18n, getLocale } from "../../../../lib/i18n.server.ts";
import { localePath } from "../../../../lib/i18n.ts";
import { apiQuery, listHref, parseListParams } from "../../../../lib/list-params.ts";
import { confirmAsked, loadConfirm, partnershipAction, storeCardAction, withParams } from "./actions.server.ts";


// Collapsed under the list: fetched after the first load (store-lazy.tsx), rendered by the server.
const StorePartnerships = island(() => import("../../../../components/store-partnerships.tsx").then((m) => m.StorePartnerships));

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, STORE_FILTERS);
  const partnerSearch = (url.searchParams.get("partner_search") ?? "").trim().slice(0, 100);
  // The parts the browser fetches after the first load are rendered here in full.
  await Promise.all([StoreCardBody.ready(), UpdateHistoryModal.ready(), StorePartnerships.ready()]);
  const [stores, history, confirm, updates, incoming, outgoing, candidates] = await Promise.all([
    getList<Store>(args, "/v0.0.1/stores", apiQuery(params)),
    getList<ExportJob>(args, "/v0.0.0/exports", { kind: "store", limit: 10 }),
    loadConfirm(args, confirmAsked(url)),
    loadHistory(args, (id) => `/v0.0.0/stores/${id}/update-history`),
    getList<StorePartnership>(args, "/v0.0.0/stores/partnerships", { direction: "incoming", limit: 50 }),
    getList<StorePartnership>(args, "/v0.0.0/stores/partnerships", { direction: "outgoing", limit: 50 }),
    partnerSearch ? getList<PartnerCandidate>(args, "/v0.0.0/stores/partner-candidates", { search: partnerSearch, limit: 20 }) : null,
  ]);
  if (!stores.rows.length && params.page > 1) throw redirect(url.pathname + listHref({ ...params, page: 1 }));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const open = Number(url.searchParams.get("open")) || null;
  return {
    title: `${t("store:title_count", { total: formatNumber(stores.pagination.total_record) })} | ${t("common:app_name")}`,
    params,
    stores,
    exports: history.rows,
    historyOpen: url.searchParams.get("history") === "open",
    confirm,
    open,
    updates,
    partners: {
      requests: [...incoming.rows, ...outgoing.rows],
      candidates: candidates?.rows ?? null,
      search: partnerSearch,
      open: url.searchParams.get("partners") === "1" || Boolean(partnerSearch),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const params = parseListParams(url, STORE_FILTERS);
  const listUrl = url.pathname + listHref(params);
  const form = await args.request.formData();
  await storeCardAction(args, form, listUrl);
  await partnershipAction(args, form, withParams(listUrl, { partners: 1, partner_search: url.searchParams.get("partner_search") || null }, "partnerships"));
  if (form.get("intent") === "export") {
    await callApi(args, "POST", "/v0.0.0/exports/store", { body: { search: params.search || undefined, sort: params.sort, ...params.filters } });
    throw redirect(url.pathname + listHref(params, { history: "open" }));
  }
  throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
}

export default function StoreList({ loaderData }: Route.ComponentProps) {
  const { params, stores, exports, historyOpen, confirm, open, updates, partners } = loaderData;
  const { rows, pagination } = stores;
  const { t } = useTranslation("store");
  const { lang } = useParams();
  const locale = lang ?? "en";
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const listUrl = location.pathname + listHref(params);
  const addHref = localePath(locale, "/profile/store/add");

  const toggleText = (activate: boolean, name: string): ConfirmText => ({
    title: t(activate ? "toggle.activate_title" : "toggle.inactivate_title"),
    body: t(activate ? "toggle.activate_body" : "toggle.inactivate_body", { name }),
    confirmLabel: t(activate ? "toggle.activate" : "toggle.inactivate"),
    tone: activate ? "primary" : "danger",
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{t("title_count", { total: formatNumber(pagination.total_record) })}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={localePath(locale, "/profile/branch")} className={buttonClass("ghost")}>{t("branch.title")}</Link>
          <ExportHistory jobs={exports} open={historyOpen} />
          <ExportButton />
          <Link to={addHref} className={buttonClass("primary")}>{t("add")}</Link>
        </div>
      </div>

      <StoreFilterBar params={params} resetTo={location.pathname} />

      {confirm ? <StoreConfirmPanel confirm={confirm} listUrl={listUrl} toggleText={toggleText} /> : null}

      {rows.length ? (
        <ul className={`space-y-3 ${busy ? "opacity-60" : ""}`} aria-busy={busy} aria-label={t("title")}>
          {rows.map((s) => (
            <li key={s.store_branch_id}>
              <StoreCard
                store={s}
                open={open === s.store_branch_id}
                editHref={localePath(locale, `/profile/store/${s.store_branch_id}`)}
                branchHref={localePath(locale, "/profile/branch")}
                confirmFor={(activate) => toggleText(activate, s.name)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState action={<Link to={addHref} className={buttonClass("primary")}>{t("add")}</Link>} />
      )}

      <Pagination params={params} totalPage={pagination.total_page} totalRecord={pagination.total_record} />

      <StorePartnerships
        requests={partners.requests}
        candidates={partners.candidates}
        search={partners.search}
        open={partners.open}
        keep={Object.fromEntries(new URLSearchParams(listHref(params)))}
      />

      <StoreHistoryModal history={updates} title={rows.find((s) => s.store_branch_id === updates?.id)?.name} />
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
