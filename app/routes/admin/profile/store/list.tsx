/**
 * /profile/store: the offline stores as the spec's collapsible Store cards (app/components/store-card.tsx),
 * with the filter widget (store type, store category, status, search, sort, page size), the title
 * with the total, Add, export and export history, the empty state and pagination.
 *
 * Every change is a POST form that works without JavaScript (actions.server.ts): the status switch,
 * each channel's connect switch and "Connect all" ask first — a dialog with JavaScript, a
 * server-rendered confirm step without — and the card of the changed store comes back open. The
 * loader and action call core/profile/stores-service.ts and stores-partnerships.ts.
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
import { Link, useLocation, useNavigation } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/list";
import { buttonClass } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { useToggleText } from "#app/components/list/confirm-dialog.tsx";
import { ListHeader } from "#app/components/list/list-header.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { StoreCard, StoreCardBody, type Store } from "#app/components/store-card.tsx";
import { StoreHistoryModal, UpdateHistoryModal } from "#app/components/store-history.tsx";
import { island } from "#app/components/store-lazy.tsx";
import { type STORE_FILTERS, StoreConfirmPanel, StoreFilterBar } from "#app/components/store-list-parts.tsx";
import { formatNumber } from "#core/lib/format.ts";
import { listStorePartnerships, partnerCandidates } from "#core/profile/stores-partnerships.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { listHref } from "#app/lib/list-params.ts";
import { listPageAction, loadListPage, type ListPageSpec } from "#app/lib/list-page.server.ts";
import { loadStoreConfirm, partnershipAction, storeCardAction, storeList, withParams } from "./actions.server.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { cardToggleHref } from "#app/components/list/card-details.tsx";


// Collapsed under the list: fetched after the first load (store-lazy.tsx), rendered by the server.
const StorePartnerships = island(() => import("#app/components/store-partnerships.tsx").then((m) => m.StorePartnerships));

const specFor = (context: Route.LoaderArgs["context"]): ListPageSpec<Store, typeof STORE_FILTERS> => ({
  ...storeList(context),
  titleKey: "store:title_count",
  exportKind: "store",
});

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const partnerSearch = (url.searchParams.get("partner_search") ?? "").trim().slice(0, 100);
  // The parts the browser fetches after the first load are rendered here in full.
  await Promise.all([StoreCardBody.ready(), UpdateHistoryModal.ready(), StorePartnerships.ready()]);
  const [page, confirm, requests, candidates] = await Promise.all([
    loadListPage(args, specFor(args.context)),
    loadStoreConfirm(args),
    // Received and sent in one list, those waiting for this business first.
    listStorePartnerships(scope, { direction: "both", page: 1, limit: 100 }),
    partnerSearch ? partnerCandidates(scope, { search: partnerSearch, page: 1, limit: 20 }) : null,
  ]);
  return {
    ...page,
    confirm,
    open: Number(url.searchParams.get("open")) || null,
    partners: {
      requests: requests.rows,
      candidates: candidates?.rows ?? null,
      search: partnerSearch,
      open: url.searchParams.get("partners") === "1" || Boolean(partnerSearch),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  return listPageAction(args, specFor(args.context), async (_intent, form, { url, listUrl }) => {
    await storeCardAction(args, form, listUrl);
    await partnershipAction(args, form, withParams(listUrl, { partners: 1, partner_search: url.searchParams.get("partner_search") || null }, "partnerships"));
    return undefined;
  });
}

export default function StoreList({ loaderData }: Route.ComponentProps) {
  const { params, list, exports, exportsOpen, confirm, open, history, historyOf, partners } = loaderData;
  const { rows, pagination } = list;
  const { t } = useTranslation("store");
  const locale = useLocale();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const listUrl = location.pathname + listHref(params);
  const addHref = localePath(locale, "/profile/store/add");

  const toggleText = useToggleText("store");

  return (
    <div className="space-y-4">
      <ListHeader title={t("title_count", { total: formatNumber(pagination.total_record) })} exports={exports} exportsOpen={exportsOpen} add={{ href: addHref, label: t("add") }}>
        <Link to={localePath(locale, "/profile/branch")} className={buttonClass("ghost")}>{t("branch.title")}</Link>
      </ListHeader>

      <StoreFilterBar params={params} resetTo={location.pathname} />

      {confirm ? <StoreConfirmPanel confirm={confirm} listUrl={listUrl} toggleText={toggleText} /> : null}

      {rows.length ? (
        <ul className={`space-y-3 ${busy ? "opacity-60" : ""}`} aria-busy={busy} aria-label={t("title")}>
          {rows.map((s) => (
            <li key={s.store_branch_id}>
              <StoreCard
                store={s}
                open={open === s.store_branch_id}
                toggleHref={cardToggleHref(location.pathname, location.search, s.store_branch_id, open === s.store_branch_id, `store-${s.store_branch_id}`)}
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

      <StoreHistoryModal history={history} title={historyOf} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
