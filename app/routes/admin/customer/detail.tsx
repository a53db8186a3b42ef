/**
 * /customer/:slug (spec section 2 "Customer centre", slug = the customer id; /customer alone opens
 * the list): one customer — lifetime value, orders, average order, first and last order, segment;
 * their phones and e-mails (each may be split off into a customer of its own, asked first), their
 * delivery addresses, a page of their orders linking to each order, the seller's note, tags and
 * opt-out (one form), and merging a duplicate found by name, phone or e-mail (asked first). Every
 * button works without JavaScript. Rules: core/customers/customers.ts.
 */
import { data, Form, Link, redirect, useActionData, useLocation } from "react-router";
import type { Route } from "./+types/detail";
import {
  customerUpdate, getCustomer, listCustomers, mergeBody, mergeCustomers, splitBody, splitCustomer, updateCustomer,
} from "#core/customers/customers.ts";
import { NotFound } from "#core/errors.ts";
import { formatDate, formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { buttonClass, inputClass } from "#app/components/button.tsx";
import { ConfirmButton } from "#app/components/brand-confirm.tsx";
import { SegmentBadge } from "#app/components/customers/segment-badge.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Figure } from "#app/components/figure.tsx";
import { Checkbox, FormErrors, formState, TextArea, TextInput, type FormReply } from "#app/components/form.tsx";
import { ConfirmPanel } from "#app/components/list/confirm-dialog.tsx";
import { DataTable } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { submitForm } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { pageTitle } from "#app/lib/meta.ts";
import { flashToast } from "#app/lib/session.server.ts";

function idOf(raw: string | undefined) {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw ?? "") || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new NotFound("customer:errors.not_found");
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  const locale = getLocale(args.context);
  if (!args.params.slug) throw redirect(localePath(locale, "/customer/data"));
  const id = idOf(args.params.slug);
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const page = Math.min(Math.max(1, Number(url.searchParams.get("page")) || 1), 100_000);
  const mergeSearch = (url.searchParams.get("merge_search") ?? "").trim().slice(0, 100);
  const asked = confirmAsked(url);
  const askedMerge = asked?.intent === "merge" ? Number(asked.fields.customer_ids) : null;
  const [customer, candidates, mergeOther] = await Promise.all([
    getCustomer(scope, id, { page, limit: 10 }),
    mergeSearch.length >= 2 ? listCustomers(scope, customerQueryOf(mergeSearch)) : null,
    askedMerge && Number.isInteger(askedMerge) && askedMerge > 0 ? getCustomer(scope, askedMerge).catch(() => null) : null,
  ]);
  const t = getI18n(args.context).getFixedT(locale);
  return {
    title: `${customer.name} | ${t("customer:title")} | ${t("common:app_name")}`,
    customer, page, mergeSearch,
    candidates: candidates?.rows.filter((c) => c.customer_id !== id).slice(0, 5) ?? null,
    confirm: asked?.intent === "split" && customer.keys.some((k) => k.key === asked.fields.key)
      ? { intent: "split" as const, key: asked.fields.key, value: asked.fields.key.slice(2) }
      : asked?.intent === "merge" && mergeOther ? { intent: "merge" as const, id: mergeOther.customer_id, name: mergeOther.name } : null,
  };
}

const customerQueryOf = (search: string) => ({ search, order_by: "recent" as const, page: 1, limit: 6 });

export async function action(args: Route.ActionArgs) {
  const id = idOf(args.params.slug);
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const scope = getScope(args.context);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = localePath(locale, `/customer/${id}`);
  const done = (key: string, to = here) => {
    flashToast(args.context, "success", t(key));
    return redirect(to);
  };
  if (intent === "save") {
    const r = await submitForm(args, form, customerUpdate, (v) => updateCustomer(scope, id, v));
    return r.ok ? done("customer:saved") : data({ intent, reply: r.reply.data }, r.reply.init ?? undefined);
  }
  if (intent === "split" || intent === "merge") {
    requireConfirmed(args.request, form, intent, here);
    if (intent === "split") {
      const r = await submitForm(args, form, splitBody, (v) => splitCustomer(scope, id, v));
      return r.ok ? done("customer:split_done", localePath(locale, `/customer/${r.value.customer_id}`)) : data({ intent, reply: r.reply.data }, r.reply.init ?? undefined);
    }
    const r = await submitForm(args, form, mergeBody, (v) => mergeCustomers(scope, id, v));
    return r.ok ? done("customer:merged") : data({ intent, reply: r.reply.data }, r.reply.init ?? undefined);
  }
  throw data(t("common:errors.unknown_action"), { status: 400 });
}


type Answer = { intent: string; reply: FormReply } | undefined;

export default function CustomerDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("customer");
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const { customer: c, confirm, candidates, mergeSearch } = loaderData;
  const answer = useActionData() as Answer;
  const reply = (intent: string) => (answer?.intent === intent ? answer.reply : undefined);
  const notes = formState(reply("save"), { id: "notes", defaults: { note: c.note ?? "", tags: c.tags.join(", "), opt_out: c.opt_out } });
  const pages = c.orders_pagination;
  return (
    <div className="space-y-4">
      <Link to={lp("/customer/data")} className="text-sm text-brand-700 hover:underline">← {t("detail.back")}</Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{c.name}</h1>
        <SegmentBadge segment={c.segment} />
      </div>
      <p className="break-all text-sm text-slate-600">{[c.phone, c.email, c.city, c.channels.join(", ")].filter(Boolean).join(" · ")}</p>

      {confirm ? (
        <ConfirmPanel
          text={confirm.intent === "split"
            ? { title: t("detail.split_title", { value: confirm.value }), body: t("detail.split_body", { value: confirm.value }), confirmLabel: t("detail.split"), tone: "danger" }
            : { title: t("detail.merge_confirm_title", { name: confirm.name, into: c.name }), body: t("detail.merge_confirm_body", { name: confirm.name, into: c.name }), confirmLabel: t("detail.merge"), tone: "danger" }}
          fields={confirm.intent === "split" ? { intent: "split", key: confirm.key } : { intent: "merge", customer_ids: confirm.id }}
          cancelTo={pathname}
        />
      ) : null}
      <FormErrors errors={formState(reply("split") ?? reply("merge")).formErrors} />

      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <Figure label={t("detail.lifetime")} value={formatRupiah(c.total_spent)} />
        <Figure label={t("detail.orders")} value={formatNumber(c.orders_count)} note={c.cancelled_count ? t("detail.cancelled", { count: c.cancelled_count }) : undefined} />
        <Figure label={t("detail.average")} value={formatRupiah(c.average_order)} />
        <Figure label={t("detail.first")} value={c.first_order_time ? formatDate(c.first_order_time) : "—"} />
        <Figure label={t("detail.last")} value={c.last_order_time ? formatDate(c.last_order_time) : "—"} />
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <SectionCard title={t("detail.orders_title")}>
            {c.orders.length ? (
              <DataTable
                caption={t("detail.orders_title")}
                rows={c.orders}
                rowKey={(o) => o.order_id}
                columns={[
                  { key: "code", header: t("detail.orders_title"), primary: true, cell: (o) => <a href={lp(`/orders/${o.order_id}`)} className="font-medium text-brand-700 hover:underline">{o.order_code}</a> },
                  { key: "channel", header: t("filter.channel"), cell: (o) => o.channel_name },
                  { key: "status", header: t("fields.status"), cell: (o) => <span className="text-xs">{o.status_name}</span> },
                  { key: "total", header: t("fields.total"), cell: (o) => <span className="tabular-nums">{formatRupiah(o.total_amount)}</span> },
                  { key: "time", header: t("fields.ordered_at"), cell: (o) => <span className="tabular-nums">{formatDateTime(o.time_created)}</span> },
                ]}
              />
            ) : <EmptyState title={t("detail.no_orders")} />}
            {pages.total_page > 1 ? (
              <nav className="mt-3 flex items-center justify-between text-sm" aria-label={t("detail.orders_title")}>
                {loaderData.page > 1 ? <Link to={`?page=${loaderData.page - 1}`} className={buttonClass("secondary")}>←</Link> : <span />}
                <span className="text-slate-600">{loaderData.page} / {pages.total_page}</span>
                {loaderData.page < pages.total_page ? <Link to={`?page=${loaderData.page + 1}`} className={buttonClass("secondary")}>→</Link> : <span />}
              </nav>
            ) : null}
          </SectionCard>

          <SectionCard title={t("detail.addresses")}>
            {c.addresses.length ? (
              <ul className="divide-y divide-slate-100 text-sm">
                {c.addresses.map((a, i) => (
                  <li key={i} className="py-2">
                    <p className="text-slate-900">{a.address}</p>
                    <p className="text-slate-600">{[a.city, a.province, a.postcode].filter(Boolean).join(", ")}</p>
                    {a.recipient ? <p className="text-xs text-slate-500">{t("detail.recipient", { name: a.recipient })}</p> : null}
                  </li>
                ))}
              </ul>
            ) : <p className="text-sm text-slate-600">{t("detail.no_addresses")}</p>}
          </SectionCard>
        </div>

        <div className="space-y-4">
          <SectionCard title={t("detail.contact")} hint={t("detail.contact_hint")}>
            <ul className="space-y-2 text-sm">
              {c.keys.map((k) => (
                <li key={k.key} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="break-all">{t(`fields.${k.kind}`)}: {k.value}</span>
                  {c.keys.length > 1 ? (
                    <ConfirmButton fields={{ intent: "split", key: k.key }} label={t("detail.split")} variant="secondary"
                      text={{ title: t("detail.split_title", { value: k.value }), body: t("detail.split_body", { value: k.value }), confirmLabel: t("detail.split"), tone: "danger" }} />
                  ) : null}
                </li>
              ))}
              {!c.keys.length ? <li className="text-slate-600">—</li> : null}
            </ul>
          </SectionCard>

          <SectionCard title={t("detail.notes_title")}>
            <Form method="post" noValidate className="space-y-3">
              <input type="hidden" name="intent" value="save" />
              <FormErrors errors={notes.formErrors} />
              <TextArea form={notes} name="note" label={t("fields.note")} rows={3} maxLength={1000} defaultValue={notes.value("note")} />
              <TextInput form={notes} name="tags" label={t("fields.tags")} hint={t("detail.tags_hint")} defaultValue={notes.value("tags")} />
              <Checkbox form={notes} name="opt_out" label={t("fields.opt_out")} hint={t("detail.opt_out_hint")} defaultChecked={notes.checked("opt_out")} />
              <button type="submit" className={buttonClass("primary")}>{t("detail.save")}</button>
            </Form>
          </SectionCard>

          <SectionCard title={t("detail.merge_title")} hint={t("detail.merge_hint")}>
            <Form method="get" className="flex gap-2">
              <label htmlFor="merge-search" className="sr-only">{t("detail.merge_search")}</label>
              <input id="merge-search" type="search" name="merge_search" defaultValue={mergeSearch} placeholder={t("detail.merge_search")} maxLength={100} className={inputClass} />
              <button type="submit" className={buttonClass("secondary")}>{t("detail.merge_find")}</button>
            </Form>
            {candidates ? (
              candidates.length ? (
                <ul className="mt-3 space-y-2 text-sm">
                  {candidates.map((o) => (
                    <li key={o.customer_id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 p-2">
                      <span className="min-w-0">
                        <span className="block font-medium">{o.name}</span>
                        <span className="block break-all text-xs text-slate-500">{[o.phone, o.email].filter(Boolean).join(" · ")} · {formatRupiah(o.total_spent)}</span>
                      </span>
                      <ConfirmButton fields={{ intent: "merge", customer_ids: o.customer_id }} label={t("detail.merge")} variant="secondary"
                        text={{ title: t("detail.merge_confirm_title", { name: o.name, into: c.name }), body: t("detail.merge_confirm_body", { name: o.name, into: c.name }), confirmLabel: t("detail.merge"), tone: "danger" }} />
                    </li>
                  ))}
                </ul>
              ) : <p className="mt-3 text-sm text-slate-600">{t("detail.merge_none")}</p>
            ) : null}
          </SectionCard>
        </div>
      </div>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
