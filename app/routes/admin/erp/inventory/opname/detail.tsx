/**
 * /erp/inventory/opname/:id: one stock count (core/stock/opname.ts). Its summary (counted, surplus,
 * shortage, net value, the largest %), its lines with expected (the snapshot), counted and the
 * variance with its rupiah value, and what its status allows (core/stock/opname-lifecycle.ts):
 * - scan: a text input a barcode scanner types into (each code + Enter adds 1 to its line; several
 *   codes at once, separated by spaces, count each). Without JavaScript it is a POST form and the
 *   page comes back with the input focused for the next scan; with JavaScript scans are queued and
 *   sent one request at a time while the input keeps the focus, so a burst is never lost;
 * - type counts: the page's lines are one form (products[i].variant_id / stock), "Save counts";
 * - import counts from .xlsx (sku or barcode + counted), with the count's own sheet to fill in;
 * - remove a line, adjust, approve / reject (erp.approve), cancel: each a POST; adjust, approve,
 *   cancel and remove ask first (the one confirm step, app/lib/confirm.server.ts).
 * Lines are filtered (all / counted / not counted / with variance) and searched in the URL, 50 a page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/detail";
import {
  addOpnameProducts, adjustOpname, cancelOpname, getOpname, importOpnameCounts, opnameAddBody, opnameCountsBody,
  opnameProducts, opnameProductsQuery, opnameRejectBody, opnameRemoveBody, rejectOpname, removeOpnameProducts, updateOpnameProducts, type OpnameLineJson,
} from "#core/stock/opname.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { LINE_FILTERS } from "#core/stock/opname-lifecycle.ts";
import { formatDateTime, formatNumber, formatRupiah } from "#core/lib/format.ts";
import { ConfirmButton } from "#app/components/brand-confirm.tsx";
import { buttonClass, inputClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError, FormErrors, formState, type FormReply } from "#app/components/form.tsx";
import { ConfirmPanel, type ConfirmText } from "#app/components/list/confirm-dialog.tsx";
import { DataTable, type Column } from "#app/components/list/data-table.tsx";
import { EmptyState } from "#app/components/list/empty-state.tsx";
import { TabBar } from "#app/components/list/tab-bar.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { Figure, OpnameStatus, Pager, Signed } from "#app/components/opname/parts.tsx";
import { can, getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { replyRefused, submitForm } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import { lenientQuery } from "#app/lib/opname-pages.server.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

const idOf = (p: string | undefined) => {
  if (!p || !/^[1-9]\d{0,8}$/.test(p)) throw new NotFound("api-opname:errors.not_found");
  return Number(p);
};

export async function loader(args: Route.LoaderArgs) {
  const id = idOf(args.params.id);
  const scope = getScope(args.context);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const url = new URL(args.request.url);
  const opname = await getOpname(scope, id);
  const q = lenientQuery(opnameProductsQuery, url, { limit: "50" });
  const lines = await opnameProducts(scope, id, q);
  return {
    title: `${opname.code} | ${t("opname:list.title")} | ${t("common:app_name")}`,
    opname,
    lines: lines.rows,
    total: lines.total,
    q,
    canApprove: can(args.context, "erp.approve"),
    asked: confirmAsked(url),
  };
}

const INTENTS = ["scan", "counts", "import", "remove", "adjust", "approve", "reject", "cancel"] as const;
type Intent = (typeof INTENTS)[number];
export type DetailReply = { form: Intent; reply?: FormReply; scanned?: { code: string; counted: number }[] };

export async function action(args: Route.ActionArgs) {
  const id = idOf(args.params.id);
  const scope = getScope(args.context);
  const locale = getLocale(args.context);
  const t = getI18n(args.context).getFixedT(locale);
  const formData = await args.request.formData();
  const intent = formData.get("intent") as Intent;
  if (!INTENTS.includes(intent)) throw data(t("common:errors.unknown_action"), { status: 400 });
  const url = new URL(args.request.url);
  const back = () => redirect(url.pathname + url.search);
  const done = (key: string, vars?: Record<string, unknown>) => {
    flashToast(args.context, "success", t(key, vars));
    return back();
  };
  const fail = (r: { reply: Response | ReturnType<typeof data> }) => {
    const reply = r.reply as ReturnType<typeof data<FormReply>>;
    return data({ form: intent, reply: reply.data } satisfies DetailReply, reply.init ?? { status: 400 });
  };

  switch (intent) {
    case "scan": {
      const r = await submitForm(args, formData, opnameAddBody, (v) => addOpnameProducts(scope, id, v));
      if (!r.ok) return fail(r);
      const scanned = r.value.scanned.map((s) => ({ code: s.code, counted: s.counted }));
      // With JavaScript the scan box stays where it is (no navigation); without, the page comes back focused.
      if (formData.get("js") === "1") return data({ form: intent, scanned } satisfies DetailReply);
      return done("api-opname:scanned", { code: scanned.map((s) => s.code).join(", "), counted: scanned.map((s) => s.counted).join(", ") });
    }
    case "counts": {
      const r = await submitForm(args, formData, opnameCountsBody, (v) => updateOpnameProducts(scope, id, v));
      if (!r.ok) return fail(r);
      return done("api-opname:counts_saved");
    }
    case "import": {
      const file = formData.get("file");
      const buffer = file instanceof File && file.size ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
      const submission = parseWithZod(new FormData(), { schema: opnameRejectBody });
      try {
        const r = await importOpnameCounts(scope, id, buffer);
        return done("api-opname:imported", { count: r.imported });
      } catch (e) {
        if (!(e instanceof Refused)) throw e;
        return fail({ reply: replyRefused(args, submission, e) });
      }
    }
    case "remove": {
      requireConfirmed(args.request, formData, "remove");
      const r = await submitForm(args, formData, opnameRemoveBody, (v) => removeOpnameProducts(scope, id, v));
      if (!r.ok) return fail(r);
      return redirect(url.pathname + stripConfirm(url));
    }
    case "adjust":
    case "approve": {
      requireConfirmed(args.request, formData, intent);
      const o = await adjustOpname(scope, id, { approve: intent === "approve" });
      flashToast(args.context, "success", t(o.status === "adjusted" ? "api-opname:adjusted" : "api-opname:sent_for_approval"));
      return redirect(url.pathname + stripConfirm(url));
    }
    case "reject": {
      const r = await submitForm(args, formData, opnameRejectBody, (v) => rejectOpname(scope, id, v));
      if (!r.ok) return fail(r);
      return done("api-opname:rejected");
    }
    case "cancel": {
      requireConfirmed(args.request, formData, "cancel");
      await cancelOpname(scope, id);
      flashToast(args.context, "success", t("api-opname:cancelled"));
      return redirect(url.pathname + stripConfirm(url));
    }
  }
}

/** The page's own filters without the confirm step's fields. */
function stripConfirm(url: URL) {
  const p = new URLSearchParams();
  for (const k of ["filter", "search", "page"]) {
    const v = url.searchParams.get(k);
    if (v) p.set(k, v);
  }
  return p.size ? `?${p}` : "";
}

export default function OpnameDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("opname");
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  const { opname: o, lines, q, asked } = loaderData;
  const answer = actionData as DetailReply | undefined;
  const replyOf = (f: Intent) => (answer?.form === f ? answer.reply : undefined);
  const draft = o.actions.includes("edit");
  const back = pathname + stripConfirmClient(search);

  const confirmText = (intent: string): ConfirmText => {
    switch (intent) {
      case "adjust":
        return {
          title: t("detail.confirm.adjust_title", { code: o.code }),
          body: t("detail.confirm.adjust_body", {
            surplus: formatNumber(o.surplus_qty), shortage: formatNumber(o.shortage_qty), not_counted: formatNumber(o.total_not_counted),
            value: formatRupiah(o.net_variance_value),
          }) + (o.needs_approval && !loaderData.canApprove ? ` ${t("detail.confirm.needs_approval")}` : ""),
          confirmLabel: t("detail.adjust"),
        };
      case "approve":
        return { title: t("detail.confirm.approve_title", { code: o.code }), body: t("detail.confirm.approve_body", { value: formatRupiah(o.net_variance_value) }), confirmLabel: t("detail.approve") };
      case "cancel":
        return { title: t("detail.confirm.cancel_title", { code: o.code }), body: t(o.is_locked ? "detail.confirm.cancel_body_locked" : "detail.confirm.cancel_body"), confirmLabel: t("detail.cancel"), tone: "danger" };
      default:
        return { title: t("detail.confirm.remove_title"), body: t("detail.confirm.remove_body"), confirmLabel: t("detail.remove"), tone: "danger" };
    }
  };

  const tabHref = (f: string) => {
    const p = new URLSearchParams(search);
    p.delete("page");
    p.delete("confirm");
    if (f === "all") p.delete("filter"); else p.set("filter", f);
    return `${pathname}${p.size ? `?${p}` : ""}`;
  };

  const columns: Column<OpnameLineJson & { i: number }>[] = [
    {
      key: "product", header: t("detail.column.product"), primary: true,
      cell: (l) => (
        <span>
          <span className="font-medium text-slate-900">{l.product_name}</span>
          {l.variant_name || l.size_name ? <span className="text-slate-600"> · {[l.variant_name, l.size_name].filter(Boolean).join(" · ")}</span> : null}
          <span className="block text-xs text-slate-500">{l.sku}{l.barcode ? ` · ${l.barcode}` : ""}</span>
        </span>
      ),
    },
    { key: "expected", header: t("detail.column.expected"), cell: (l) => <span className="tabular-nums">{formatNumber(l.snapshot_stock)}</span> },
    {
      key: "counted", header: t("detail.column.counted"),
      cell: (l) => draft ? (
        <>
          <input type="hidden" name={`products[${l.i}].variant_id`} value={l.variant_id} form="counts-form" />
          <label className="sr-only" htmlFor={`count-${l.variant_id}`}>{t("detail.count_of", { product: l.product_name, sku: l.sku })}</label>
          <input id={`count-${l.variant_id}`} form="counts-form" name={`products[${l.i}].stock`} inputMode="numeric" autoComplete="off"
            key={`${l.variant_id}:${l.opname_result?.stock ?? ""}`}
            defaultValue={countFieldValue(replyOf("counts"), l.i, l.opname_result?.stock)}
            placeholder={t("detail.not_counted")} className={`${inputClass} w-24`}
            aria-invalid={fieldErrors(replyOf("counts"), l.i) ? true : undefined} />
          <FieldError errors={fieldErrors(replyOf("counts"), l.i)} />
        </>
      ) : l.opname_result ? <span className="tabular-nums">{formatNumber(l.opname_result.stock)}</span> : <span className="text-slate-500">{t("detail.not_counted")}</span>,
    },
    { key: "variance", header: t("detail.column.variance"), cell: (l) => <Signed n={l.variance} /> },
    { key: "value", header: t("detail.column.value"), cell: (l) => <Signed n={l.variance_value} money /> },
    { key: "percent", header: t("detail.column.percent"), cell: (l) => (l.variance_percent === null ? "∞" : `${formatNumber(l.variance_percent)}%`) },
    ...(draft ? [{
      key: "remove", header: t("detail.column.actions"),
      cell: (l: OpnameLineJson) => (
        <ConfirmButton fields={{ intent: "remove", variant_ids: l.variant_id }} label={t("detail.remove")} text={confirmText("remove")} variant="ghost" />
      ),
    }] : []),
  ];

  return (
    <div className="space-y-4">
      <Link to={lp("/erp/inventory/opname")} className="text-sm font-medium text-brand-700 hover:underline">← {t("detail.back")}</Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-xl font-semibold text-slate-900">{o.code}</h1>
            <OpnameStatus status={o.status} label={o.status_name} />
            {o.is_locked ? <span className="rounded bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">🔒 {t("detail.locked")}</span> : null}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            <Link to={lp(`/erp/inventory/${o.location}/opname`)} className="text-brand-700 hover:underline">{o.location_name}</Link>
            {" · "}{o.scope_name ? `${t(`scope.${o.scope}`)}: ${o.scope_name}` : t(`scope.${o.scope}`)}
            {" · "}{t("detail.created", { who: o.created_by ?? "-", when: formatDateTime(o.time_created) })}
          </p>
          {o.note ? <p className="mt-1 text-sm text-slate-700">{o.note}</p> : null}
          {o.status === "awaiting_approval" ? <p className="mt-1 text-sm text-amber-800">{t("detail.awaiting", { who: o.submitted_by ?? "-" })}</p> : null}
          {o.status === "draft" && o.reject_note !== null ? <p className="mt-1 text-sm text-red-700">{t("detail.rejected_note", { who: o.decided_by ?? "-", note: o.reject_note || "-" })}</p> : null}
          {o.status === "adjusted" ? <p className="mt-1 text-sm text-green-700">{t("detail.adjusted_at", { when: formatDateTime(o.time_adjusted) })}{o.decided_by ? ` · ${t("detail.approved_by", { who: o.decided_by })}` : ""}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {o.actions.includes("adjust") ? <ConfirmButton fields={{ intent: "adjust" }} label={t("detail.adjust")} text={confirmText("adjust")} variant="primary" /> : null}
          {o.actions.includes("approve") ? <ConfirmButton fields={{ intent: "approve" }} label={t("detail.approve")} text={confirmText("approve")} variant="primary" /> : null}
          {o.actions.includes("cancel") ? <ConfirmButton fields={{ intent: "cancel" }} label={t("detail.cancel")} text={confirmText("cancel")} variant="danger" /> : null}
          {o.status === "awaiting_approval" && !loaderData.canApprove ? <p className="text-sm text-slate-600">{t("detail.approver_needed")}</p> : null}
        </div>
      </div>

      {asked ? <ConfirmPanel text={confirmText(asked.intent)} fields={asked.fields} cancelTo={back} /> : null}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure label={t("detail.summary.counted")}>{formatNumber(o.total_counted)} / {formatNumber(o.total_product)}</Figure>
        <Figure label={t("detail.summary.surplus")}><Signed n={o.surplus_qty} /> <span className="text-sm font-normal text-slate-500">({formatRupiah(o.surplus_value)})</span></Figure>
        <Figure label={t("detail.summary.shortage")}><Signed n={-o.shortage_qty} /> <span className="text-sm font-normal text-slate-500">({formatRupiah(o.shortage_value)})</span></Figure>
        <Figure label={t("detail.summary.net_value")}><Signed n={o.net_variance_value} money /></Figure>
        <Figure label={t("detail.summary.max_percent")}>{o.max_variance_percent === null ? "∞" : `${formatNumber(o.max_variance_percent)}%`}</Figure>
      </dl>
      {o.needs_approval && draft ? <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("detail.needs_approval")}</p> : null}
      {o.total_not_counted > 0 && draft ? <p className="text-sm text-slate-600">{t("detail.uncounted_hint", { count: o.total_not_counted })}</p> : null}

      {o.actions.includes("reject") ? (
        <SectionCard title={t("detail.reject_title")}>
          <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="reject" />
            <div className="min-w-[14rem] flex-1">
              <label htmlFor="reject-note" className="mb-1 block text-sm font-medium text-slate-700">{t("detail.reject_note")}</label>
              <input id="reject-note" name="note" maxLength={500} className={inputClass} defaultValue={formState(replyOf("reject")).value("note")} />
              <FieldError errors={formState(replyOf("reject")).errors("note")} />
            </div>
            <SubmitButton variant="danger">{t("detail.reject")}</SubmitButton>
          </Form>
        </SectionCard>
      ) : null}

      {draft ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <ScanBox reply={replyOf("scan")} scanned={answer?.form === "scan" ? answer.scanned : undefined} />
          <SectionCard title={t("detail.import_title")} hint={t("detail.import_hint")}>
            <Form method="post" encType="multipart/form-data" noValidate className="space-y-3">
              <input type="hidden" name="intent" value="import" />
              <FormErrors errors={formState(replyOf("import")).formErrors} />
              <div>
                <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-slate-700">{t("detail.import_file")}</label>
                <input id="import-file" name="file" type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className="block w-full text-sm" />
                <FieldError errors={formState(replyOf("import")).errors("file")} />
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <SubmitButton variant="secondary">{t("detail.import")}</SubmitButton>
                <a href={lp(`/erp/inventory/opname/${o.opname_id}/template`)} className="text-sm font-medium text-brand-700 hover:underline" download>{t("detail.template")}</a>
              </div>
            </Form>
          </SectionCard>
        </div>
      ) : null}

      <TabBar
        label={t("detail.filters")}
        tabs={LINE_FILTERS.map((f) => ({
          key: f, to: tabHref(f), label: t(`detail.filter.${f}`), active: q.filter === f,
          count: formatNumber({ all: o.total_product, counted: o.total_counted, uncounted: o.total_not_counted, variance: o.lines_with_variance }[f]),
        }))}
      />
      <Form method="get" role="search" aria-label={t("detail.search")} className="flex flex-wrap items-end gap-3">
        {q.filter !== "all" ? <input type="hidden" name="filter" value={q.filter} /> : null}
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="line-search" className="mb-1 block text-xs font-medium text-slate-600">{t("detail.search")}</label>
          <input id="line-search" name="search" type="search" key={q.search ?? ""} defaultValue={q.search ?? ""} placeholder={t("detail.search_placeholder")} className={inputClass} />
        </div>
        <SubmitButton variant="secondary">{t("list.apply")}</SubmitButton>
      </Form>

      {draft ? (
        <Form id="counts-form" method="post" noValidate>
          <input type="hidden" name="intent" value="counts" />
          <FormErrors errors={formState(replyOf("counts")).formErrors ?? formState(replyOf("counts")).errors("products")} />
        </Form>
      ) : null}
      {lines.length ? (
        <DataTable caption={t("detail.lines", { code: o.code })} columns={columns} rows={lines.map((l, i) => ({ ...l, i }))} rowKey={(l) => l.variant_id} />
      ) : (
        <EmptyState title={t("detail.empty")} subtitle={draft ? t("detail.empty_hint") : t("detail.empty_closed")} />
      )}
      {draft && lines.length ? (
        <div className="flex justify-end">
          <button type="submit" form="counts-form" className={buttonClass("primary")}>{t("detail.save_counts")}</button>
        </div>
      ) : null}
      <Pager page={q.page} totalPage={Math.ceil(loaderData.total / q.limit)} search={search} />
    </div>
  );
}

function stripConfirmClient(search: string) {
  const url = new URL(`http://x/${search}`);
  return stripConfirm(url);
}

function fieldErrors(reply: FormReply, i: number) {
  const e = reply?.status === "error" ? reply.error : undefined;
  return e?.[`products[${i}].stock`] ?? e?.[`products[${i}].variant_id`] ?? undefined;
}

/** What the count field shows: what was typed when the save was refused, else the saved count. */
function countFieldValue(reply: FormReply, i: number, saved: number | undefined) {
  const typed = reply?.initialValue as { products?: { stock?: string }[] } | undefined;
  if (typed?.products?.[i]?.stock !== undefined) return String(typed.products[i].stock);
  return saved === undefined ? "" : String(saved);
}

/**
 * The scan input. Without JavaScript: a POST form (autofocus, so the next scan goes in after the
 * page comes back). With JavaScript: each Enter takes the code out of the input at once and queues
 * it; one request at a time carries everything queued (codes separated by spaces), so a scanner's
 * burst is neither lost nor sent twice; the input never loses the focus.
 */
function ScanBox({ reply, scanned }: { reply?: FormReply; scanned?: { code: string; counted: number }[] }) {
  const { t } = useTranslation("opname");
  const fetcher = useFetcher<DetailReply>();
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<string[]>([]);
  const [pending, setPending] = useState(0);
  const [log, setLog] = useState<string[]>([]);
  // In flight, as a ref: two Enters before React renders again both saw `fetcher.state` "idle" and
  // sent twice (the second submit aborts the first in the browser, not on the server).
  const busy = useRef(false);
  const send = () => {
    if (busy.current || !queue.current.length) return;
    busy.current = true;
    const codes = queue.current.splice(0);
    setPending(0);
    void fetcher.submit({ intent: "scan", js: "1", barcodes: codes.join(" ") }, { method: "post" });
  };
  useEffect(() => {
    if (fetcher.state !== "idle") return;
    busy.current = false;
    send();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state]);
  useEffect(() => {
    const d = fetcher.data;
    if (d?.scanned) setLog((l) => [...d.scanned!.map((s) => t("detail.scan_done", { code: s.code, counted: s.counted })), ...l].slice(0, 5));
  }, [fetcher.data, t]);
  const form = formState(fetcher.data?.reply ?? reply, { id: "scan" });
  const last = scanned?.map((s) => t("detail.scan_done", { code: s.code, counted: s.counted }));
  return (
    <SectionCard title={t("detail.scan_title")} hint={t("detail.scan_hint")}>
      <fetcher.Form
        method="post"
        noValidate
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          const v = input.current?.value.trim();
          if (!v) return;
          queue.current.push(v);
          setPending(queue.current.length);
          input.current!.value = "";
          input.current!.focus();
          send();
        }}
      >
        <input type="hidden" name="intent" value="scan" />
        <label htmlFor="scan-barcodes" className="block text-sm font-medium text-slate-700">{t("detail.scan_label")}</label>
        <div className="flex gap-2">
          <input ref={input} id="scan-barcodes" name="barcodes" autoFocus autoComplete="off" inputMode="text" enterKeyHint="send"
            aria-invalid={form.errors("barcodes") ? true : undefined} aria-describedby="scan-barcodes-error"
            defaultValue={form.submitted ? form.value("barcodes") : ""} className={inputClass} />
          <SubmitButton variant="secondary">{t("detail.scan")}</SubmitButton>
        </div>
        <FieldError id="scan-barcodes-error" errors={form.errors("barcodes")} />
        <p role="status" aria-live="polite" className="text-xs text-slate-600">
          {fetcher.state !== "idle" || pending ? t("detail.scan_sending", { count: pending + (fetcher.state !== "idle" ? 1 : 0) }) : null}
          {(log.length ? log : last ?? []).slice(0, 3).map((line) => <span key={line} className="block">{line}</span>)}
        </p>
      </fetcher.Form>
    </SectionCard>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
