/**
 * /products/gift-voucher/:slug/view: one gift voucher (value, price, validity, codes used) and its
 * codes, searchable (with or without the dashes), filtered by redeemed / not redeemed and paged,
 * all in the URL. A code is redeemed with a POST (intent=redeem, code_id) that asks first: a
 * dialog with JavaScript, the web's one confirm step (confirm.server.ts: ?confirm=redeem&code_id=…)
 * without. Success and refusals (already redeemed, outside the validity) come back as a toast.
 */
import { data, Link, redirect, useLocation } from "react-router";
import { useTranslation, useLocalePath } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/view";
import { codeListQuery, getGiftVoucher, listGiftVoucherCodes, redeemGiftVoucherCode } from "#core/catalog/gift-vouchers.ts";
import { parseInput, Refused } from "#core/errors.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { FilterBar, FilterSelect } from "#app/components/list/filter-bar.tsx";
import { Pagination } from "#app/components/list/pagination.tsx";
import { SearchBox } from "#app/components/list/search-box.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { Validity } from "#app/components/offering-parts.tsx";
import { ConfirmSubmitButton } from "#app/components/warehouse-confirm-button.tsx";
import { buttonClass } from "#app/components/button.tsx";
import { formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { refusalMessage } from "#app/lib/errors.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { listCallQuery } from "#app/lib/list-page.server.ts";
import { listHref, parseListParams } from "#app/lib/list-params.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const FILTERS = { redeemed: ["0", "1"] as const };

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const scope = getScope(args.context);
  const url = new URL(args.request.url);
  const params = parseListParams(url, FILTERS);
  const [voucher, list] = await Promise.all([
    getGiftVoucher(scope, id),
    listGiftVoucherCodes(scope, id, parseInput(codeListQuery, listCallQuery(params))),
  ]);
  if (!list.rows.length && params.page > 1) throw redirect(url.pathname + listHref({ ...params, page: 1 }));
  const codes = { rows: list.rows, pagination: { total_page: Math.ceil(list.total / params.limit), total_record: list.total } };
  // The no-JavaScript confirm step names a code of this page that is still to be redeemed.
  const asked = confirmAsked(url, "redeem");
  const confirming = asked ? list.rows.find((c) => String(c.gift_voucher_code_id) === asked.fields.code_id && !c.is_redeemed) ?? null : null;
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  return { title: `${voucher.name} | ${t("common:app_name")}`, voucher, codes, params, confirming };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  const url = new URL(args.request.url);
  const form = await args.request.formData();
  const codeId = Number(form.get("code_id"));
  const back = url.pathname + listHref(parseListParams(url, FILTERS));
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  if (form.get("intent") !== "redeem" || !Number.isInteger(codeId) || codeId <= 0) {
    throw data(t("common:errors.unknown_action"), { status: 400 });
  }
  requireConfirmed(args.request, form, "redeem", back);
  try {
    await redeemGiftVoucherCode(getScope(args.context), id, codeId, {});
  } catch (e) {
    // Already redeemed, outside the validity: said as a toast, back to the codes (not to the confirm step).
    if (!(e instanceof Refused)) throw e;
    flashToast(args.context, "danger", refusalMessage(args.context, e));
    throw redirect(back);
  }
  flashToast(args.context, "success", t("api-offering:gift_voucher.redeemed"));
  throw redirect(back);
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export default function ViewGiftVoucher({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("offering");
  const path = useLocalePath();
  const location = useLocation();
  const { voucher: g, codes, params, confirming } = loaderData;
  const redeemText = (code: string) => ({
    title: t("gift_voucher.redeem_title"), body: t("gift_voucher.redeem_body", { code }), confirmLabel: t("gift_voucher.redeem_confirm"), tone: "danger" as const,
  });
  const here = location.pathname + listHref(params);
  return (
    <div className="space-y-4">
      <Link to={path("/products/gift-voucher")} className="text-sm font-medium text-brand-700 hover:underline">← {t("gift_voucher.back_to_list")}</Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold text-slate-900">{g.name}</h1>
          <StatusBadge tone={g.status === 1 ? "success" : "neutral"}>{g.status_name}</StatusBadge>
        </div>
        <Link to={path(`/products/gift-voucher/${g.gift_voucher_id}/edit`)} className={buttonClass("secondary")}>{t("actions.edit")}</Link>
      </div>

      <section aria-label={t("gift_voucher.view")} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <div className="flex flex-wrap gap-6">
          {g.image ? <img src={g.image} alt="" width={120} height={120} className="h-28 w-28 rounded-md border border-slate-200 object-cover" /> : null}
          <dl className="grid flex-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Fact label={t("gift_voucher.fields.value")}>{formatRupiah(g.value)}</Fact>
            <Fact label={t("gift_voucher.fields.price")}>{formatRupiah(g.price)}</Fact>
            <Fact label={t("gift_voucher.fields.codes")}>{t("gift_voucher.codes_count", { redeemed: formatNumber(g.redeemed_count), quantity: formatNumber(g.quantity) })}</Fact>
            <Fact label={t("fields.validity")}><Validity from={g.valid_from} until={g.valid_until} state={g.validity} label={g.validity_name} /></Fact>
            {g.description ? <div className="sm:col-span-2"><Fact label={t("fields.description")}><span className="whitespace-pre-line">{g.description}</span></Fact></div> : null}
          </dl>
        </div>
      </section>

      <h2 className="text-lg font-semibold text-slate-900">{t("gift_voucher.codes_title")}</h2>
      <FilterBar resetTo={location.pathname}>
        <SearchBox value={params.search} placeholder={t("gift_voucher.placeholders.code_search")} />
        <FilterSelect name="redeemed" label={t("gift_voucher.filter.redeemed")} value={params.filters.redeemed} allLabel={t("list:filter.all")}
          options={FILTERS.redeemed.map((v) => ({ value: v, label: t(`gift_voucher.filter.redeemed_${v}`) }))} />
      </FilterBar>

      {confirming ? (
        <ConfirmPanel text={redeemText(confirming.code)} fields={{ intent: "redeem", code_id: confirming.gift_voucher_code_id }} cancelTo={here} />
      ) : null}

      {codes.rows.length ? (
        <DataTable
          caption={t("gift_voucher.codes_title")}
          rows={codes.rows}
          rowKey={(c) => c.gift_voucher_code_id}
          columns={[
            { key: "code", header: t("gift_voucher.fields.code"), primary: true, cell: (c) => <span className="font-mono text-base tracking-wide">{c.code}</span> },
            {
              key: "status", header: t("fields.status"),
              cell: (c) => (c.is_redeemed
                ? <StatusBadge tone="neutral">{t("gift_voucher.filter.redeemed_1")}</StatusBadge>
                : <StatusBadge tone="success">{t("gift_voucher.not_redeemed")}</StatusBadge>),
            },
            { key: "time", header: t("gift_voucher.fields.time_redeemed"), cell: (c) => formatDateTime(c.time_redeemed) },
            { key: "reference", header: t("gift_voucher.fields.reference"), cell: (c) => c.reference ?? "-" },
            {
              key: "actions", header: t("fields.actions"),
              cell: (c) => (c.is_redeemed ? null : (
                <ConfirmSubmitButton fields={{ intent: "redeem", code_id: c.gift_voucher_code_id }} text={redeemText(c.code)} variant="secondary" className="!px-3 !py-1.5">
                  {t("gift_voucher.redeem")}<span className="sr-only"> {c.code}</span>
                </ConfirmSubmitButton>
              )),
            },
          ]}
        />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-500">{t("gift_voucher.no_codes")}</p>
      )}
      <Pagination params={params} totalPage={codes.pagination.total_page} totalRecord={codes.pagination.total_record} />
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
