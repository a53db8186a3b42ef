/**
 * /erp/inventory/mutation/:id: one transfer — where from and to, its products, what to do next,
 * and its history (who, when). Each step is a POST form (app/lib/transfers.server.ts):
 * - draft: add a product by SKU or barcode (a scanner types there) or from a search (?q=, a GET
 *   form), change quantities, remove a product; Send (asks first: stock leaves the source now),
 *   Cancel transfer (asks first);
 * - in transit: Receive with a quantity per product (default: all still on the way), "more is
 *   still coming" to keep it in transit, else what is short becomes a discrepancy (asks first);
 * - with discrepancy: resolve each short line as lost (then a note is required) or returned to
 *   the source (asks first).
 * Without JavaScript each ask is the server-rendered confirm step (?confirm=<intent>&<fields>).
 * Create-like forms (add, receive) carry the one-time token, so a double submit adds once.
 */
import { Form, Link } from "react-router";
import { useLocale, useTranslation } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/detail";
import { getTransfer, searchTransferVariants, type TransferDetail } from "#core/stock/transfers.ts";
import { parseLocationKey } from "#core/stock/locations.ts";
import { translator } from "#core/i18n.ts";
import { formatDateTime, formatNumber } from "#core/lib/format.ts";
import { buttonClass, inputClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError, FormErrors, formState, TextArea, TextInput, type FormReply } from "#app/components/form.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { ConfirmPanel, type ConfirmText } from "#app/components/list/confirm-dialog.tsx";
import { ConfirmForm, TransferStatusBadge } from "#app/components/transfer-parts.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked } from "#app/lib/confirm.server.ts";
import { getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { transferAction } from "#app/lib/transfers.server.ts";

const load = (args: { context: Route.LoaderArgs["context"]; params: { id: string } }) =>
  getTransfer(getScope(args.context), Number(args.params.id));

export async function loader(args: Route.LoaderArgs) {
  const t = translator(getLocale(args.context));
  const transfer = await load(args);
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const results = transfer.status === "draft" && q
    ? await searchTransferVariants(getScope(args.context), q, parseLocationKey(transfer.source.key)!)
    : [];
  return { title: `${transfer.number} | ${t("transfer:title")} | ${t("common:app_name")}`, transfer, q, results, confirm: confirmAsked(url)?.fields ?? null };
}

export async function action(args: Route.ActionArgs) {
  return transferAction(args, () => load(args));
}
type Reply = FormReply & { initialValue?: Record<string, unknown> };

export default function TransferDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { transfer: d, q, results, confirm } = loaderData;
  const { t } = useTranslation("transfer");
  const locale = useLocale();
  const here = localePath(locale, `/erp/inventory/mutation/${d.transfer_id}`);
  const replyOf = (intent: string) => {
    const r = actionData as Reply | undefined;
    return r && r.initialValue?.intent === intent ? r : undefined;
  };
  const short = d.lines.reduce((s, l) => s + l.in_transit, 0);
  const texts: Record<string, ConfirmText> = {
    send: { title: t("send.title", { number: d.number }), body: t("send.body", { source: d.source.name, destination: d.destination.name }), confirmLabel: t("send.confirm") },
    cancel: { title: t("cancel.title", { number: d.number }), body: t("cancel.body"), confirmLabel: t("cancel.confirm"), tone: "danger" },
    receive: { title: t("receive.confirm_title", { destination: d.destination.name }), body: t("receive.confirm_body", { destination: d.destination.name }), confirmLabel: t("receive.confirm") },
    resolve: { title: t("resolve.confirm_title", { number: d.number }), body: t("resolve.confirm_body"), confirmLabel: t("resolve.confirm"), tone: "danger" },
  };
  const asked = confirm && !actionData && texts[confirm.intent] ? confirm : null;
  const topErrors = formState(replyOf("send") ?? replyOf("cancel") ?? replyOf("save_lines")).formErrors;

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Link to={localePath(locale, "/erp/inventory/mutation")} className="text-sm font-medium text-brand-700 hover:underline">← {t("back_to_list")}</Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold text-slate-900">{d.number}</h1>
          <TransferStatusBadge status={d.status} />
        </div>
        <a href={`${here}/print`} className={buttonClass("secondary")}>{t("detail.print")}</a>
      </div>

      {asked ? (
        <ConfirmPanel text={texts[asked.intent]} fields={Object.fromEntries(Object.entries(asked).filter(([k]) => k !== "confirmed"))} cancelTo={here} />
      ) : null}
      <FormErrors errors={topErrors} />

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-3">
          <Info label={t("detail.from")}>
            <Link to={localePath(locale, `/erp/inventory/${d.source.key}/mutation`)} className="text-brand-700 hover:underline">{d.source.name}</Link>{" "}
            <span className="text-slate-500">({t(`kinds.${d.source.kind}`)})</span>
          </Info>
          <Info label={t("detail.to")}>
            <Link to={localePath(locale, `/erp/inventory/${d.destination.key}/mutation`)} className="text-brand-700 hover:underline">{d.destination.name}</Link>{" "}
            <span className="text-slate-500">({t(`kinds.${d.destination.kind}`)})</span>
          </Info>
          <Info label={t("detail.created")}>{formatDateTime(d.time_created)}</Info>
          <Info label={t("detail.sent")}>{formatDateTime(d.time_sent)}</Info>
          <Info label={t("detail.received")}>{formatDateTime(d.time_received)}</Info>
          {d.note ? <Info label={t("detail.note")}>{d.note}</Info> : null}
        </dl>
      </section>

      {d.status === "draft" ? <DraftSection d={d} q={q} results={results} replyOf={replyOf} texts={texts} /> : null}
      {d.status === "in_transit" ? <ReceiveSection d={d} reply={replyOf("receive")} text={texts.receive} /> : null}
      {d.status === "discrepancy" ? <ResolveSection d={d} short={short} reply={replyOf("resolve")} text={texts.resolve} /> : null}
      {d.status !== "draft" && d.status !== "in_transit" ? <LinesTable d={d} /> : null}

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold text-slate-900">{t("detail.history")}</h2>
        <ol className="space-y-2 text-sm">
          {d.history.map((h, i) => (
            <li key={i} className="flex flex-wrap gap-x-2">
              <span className="font-medium text-slate-900">{t(`history.${h.action}`)}</span>
              <span className="text-slate-600">{t("detail.by", { name: h.user_name, time: formatDateTime(h.time) })}</span>
              {h.note ? <span className="w-full text-slate-700">“{h.note}”</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

function ProductCell({ l }: { l: TransferDetail["lines"][number] }) {
  return (
    <td className="px-3 py-2">
      <p className="font-medium text-slate-900">{l.product_name}</p>
      <p className="text-xs text-slate-600">{[l.variant_name, l.sku, l.barcode].filter(Boolean).join(" · ")}</p>
    </td>
  );
}

const th = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-600";
const num = "px-3 py-2 text-right tabular-nums";

function LinesTable({ d }: { d: TransferDetail }) {
  const { t } = useTranslation("transfer");
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 font-semibold text-slate-900">{t("detail.products")}</h2>
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead>
            <tr>
              <th scope="col" className={th}>{t("lines.product")}</th>
              <th scope="col" className={`${th} text-right`}>{t("lines.sent")}</th>
              <th scope="col" className={`${th} text-right`}>{t("lines.received")}</th>
              <th scope="col" className={`${th} text-right`}>{t("lines.lost")}</th>
              <th scope="col" className={`${th} text-right`}>{t("lines.returned")}</th>
              <th scope="col" className={`${th} text-right`}>{t("lines.in_transit")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {d.lines.map((l) => (
              <tr key={l.line_id}>
                <ProductCell l={l} />
                <td className={num}>{formatNumber(d.status === "cancelled" ? l.quantity : l.sent)}</td>
                <td className={num}>{formatNumber(l.received)}</td>
                <td className={num}>{formatNumber(l.lost)}</td>
                <td className={num}>{formatNumber(l.returned)}</td>
                <td className={num}>{formatNumber(l.in_transit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function DraftSection({ d, q, results, replyOf, texts }: {
  d: TransferDetail; q: string; results: Awaited<ReturnType<typeof searchTransferVariants>>;
  replyOf: (intent: string) => Reply | undefined; texts: Record<string, ConfirmText>;
}) {
  const { t } = useTranslation("transfer");
  const add = formState(replyOf("add_line"), { id: "add", defaults: { quantity: "1" } });
  const lines = formState(replyOf("save_lines"), {
    id: "lines", defaults: Object.fromEntries(d.lines.map((l, i) => [`lines[${i}].quantity`, String(l.quantity)])),
  });
  return (
    <>
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-3 font-semibold text-slate-900">{t("add_line.title")}</h2>
        <Form method="post" noValidate className="flex flex-wrap items-start gap-3">
          <FormToken />
          <input type="hidden" name="intent" value="add_line" />
          <div className="min-w-[12rem] flex-1">
            <TextInput form={add} name="sku" label={t("add_line.sku")} hint={t("add_line.sku_hint")} maxLength={100} autoComplete="off" autoFocus={!!replyOf("add_line")} />
          </div>
          <div className="w-28">
            <TextInput form={add} name="quantity" label={t("add_line.quantity")} inputMode="numeric" autoComplete="off" />
          </div>
          <div className="pt-6"><SubmitButton>{t("add_line.submit")}</SubmitButton></div>
        </Form>
        <FormErrors errors={add.formErrors} />

        <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
          <div className="min-w-[12rem] flex-1">
            <label htmlFor="transfer-q" className="mb-1 block text-sm font-medium text-slate-700">{t("add_line.search")}</label>
            <input id="transfer-q" name="q" type="search" defaultValue={q} placeholder={t("add_line.search_placeholder")} className={inputClass} maxLength={100} />
          </div>
          <button type="submit" className={buttonClass("secondary")}>{t("add_line.search_submit")}</button>
        </Form>
        {q ? (
          results.length ? (
            <ul className="mt-3 divide-y divide-slate-100" aria-label={t("add_line.search")}>
              {results.map((r) => (
                <li key={r.variant_id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                  <div className="text-sm">
                    <p className="font-medium text-slate-900">{r.product_name}{r.variant_name ? ` · ${r.variant_name}` : ""}</p>
                    <p className="text-xs text-slate-600">{[r.sku, r.barcode].filter(Boolean).join(" · ")} — {t("add_line.available", { count: r.available })}</p>
                  </div>
                  <Form method="post" className="flex items-center gap-2">
                    <FormToken />
                    <input type="hidden" name="intent" value="add_line" />
                    <input type="hidden" name="sku" value={r.sku} />
                    <label className="sr-only" htmlFor={`q-${r.variant_id}`}>{t("add_line.quantity")}</label>
                    <input id={`q-${r.variant_id}`} name="quantity" defaultValue="1" inputMode="numeric" className={`${inputClass} w-20`} />
                    <button type="submit" className={buttonClass("secondary")}>{t("add_line.submit")}</button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : <p className="mt-3 text-sm text-slate-600">{t("add_line.no_results", { search: q })}</p>
        ) : null}
      </section>

      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold text-slate-900">{t("detail.products")}</h2>
        {d.lines.length ? (
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="save_lines" />
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead>
                  <tr>
                    <th scope="col" className={th}>{t("lines.product")}</th>
                    <th scope="col" className={th}>{t("lines.quantity")}</th>
                    <th scope="col" className={th}><span className="sr-only">{t("lines.remove")}</span></th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {d.lines.map((l, i) => {
                    const name = `lines[${i}].quantity`;
                    const errors = lines.errors(name);
                    return (
                      <tr key={l.line_id}>
                        <ProductCell l={l} />
                        <td className="px-3 py-2 align-top">
                          <input type="hidden" name={`lines[${i}].line_id`} value={l.line_id} />
                          <input name={name} id={`line-${l.line_id}`} aria-label={`${t("lines.quantity")} ${l.sku}`} defaultValue={lines.value(name)} inputMode="numeric"
                            autoComplete="off" aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `line-${l.line_id}-error` : undefined}
                            className={`${inputClass} w-24`} />
                          <FieldError id={`line-${l.line_id}-error`} errors={errors} />
                        </td>
                        <td className="px-3 py-2 text-right align-top">
                          <button type="submit" name="remove_line" value={l.line_id} className={buttonClass("ghost")} aria-label={t("lines.remove_label", { sku: l.sku })}>{t("lines.remove")}</button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="mt-3 flex justify-end"><SubmitButton variant="secondary">{t("lines.save")}</SubmitButton></div>
          </Form>
        ) : <p className="text-sm text-slate-600">{t("detail.no_lines")}</p>}
      </section>

      <div className="flex flex-wrap justify-end gap-2">
        <ConfirmForm intent="cancel" text={texts.cancel}>
          <button type="submit" className={buttonClass("danger")}>{t("cancel.button")}</button>
        </ConfirmForm>
        <ConfirmForm intent="send" text={texts.send}>
          <button type="submit" className={buttonClass("primary")} disabled={!d.lines.length}>{t("send.button")}</button>
        </ConfirmForm>
      </div>
    </>
  );
}

function ReceiveSection({ d, reply, text }: { d: TransferDetail; reply?: Reply; text: ConfirmText }) {
  const { t } = useTranslation("transfer");
  const form = formState(reply, { id: "receive", defaults: Object.fromEntries(d.lines.map((l, i) => [`lines[${i}].received`, String(l.in_transit)])) });
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-slate-900">{t("receive.title")}</h2>
      <p className="mb-3 mt-1 text-sm text-slate-600">{t("receive.hint")}</p>
      <ConfirmForm intent="receive" text={text} className="space-y-4">
        <FormToken />
        <FormErrors errors={form.formErrors} />
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead>
              <tr>
                <th scope="col" className={th}>{t("lines.product")}</th>
                <th scope="col" className={`${th} text-right`}>{t("lines.sent")}</th>
                <th scope="col" className={`${th} text-right`}>{t("lines.received")}</th>
                <th scope="col" className={`${th} text-right`}>{t("lines.in_transit")}</th>
                <th scope="col" className={th}>{t("lines.received_now")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.lines.map((l, i) => {
                const name = `lines[${i}].received`;
                const errors = form.errors(name);
                return (
                  <tr key={l.line_id}>
                    <ProductCell l={l} />
                    <td className={num}>{formatNumber(l.sent)}</td>
                    <td className={num}>{formatNumber(l.received)}</td>
                    <td className={num}>{formatNumber(l.in_transit)}</td>
                    <td className="px-3 py-2 align-top">
                      <input type="hidden" name={`lines[${i}].line_id`} value={l.line_id} />
                      <input name={name} id={`recv-${l.line_id}`} aria-label={t("lines.received_now_label", { sku: l.sku })} defaultValue={form.value(name)}
                        inputMode="numeric" autoComplete="off" aria-invalid={errors?.length ? true : undefined}
                        aria-describedby={errors?.length ? `recv-${l.line_id}-error` : undefined} className={`${inputClass} w-24`} />
                      <FieldError id={`recv-${l.line_id}-error`} errors={errors} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="more_to_come" defaultChecked={form.checked("more_to_come")} className="h-4 w-4 rounded border-slate-300" />
          {t("receive.more_to_come")}
        </label>
        <TextArea form={form} name="note" label={t("receive.note")} rows={2} maxLength={500} />
        <div className="flex justify-end"><button type="submit" className={buttonClass("primary")}>{t("receive.button")}</button></div>
      </ConfirmForm>
    </section>
  );
}

function ResolveSection({ d, short, reply, text }: { d: TransferDetail; short: number; reply?: Reply; text: ConfirmText }) {
  const { t } = useTranslation("transfer");
  const form = formState(reply, { id: "resolve" });
  const shortLines = d.lines.filter((l) => l.in_transit > 0);
  return (
    <>
      <LinesTable d={d} />
      <section className="rounded-lg border border-amber-300 bg-amber-50 p-4">
        <h2 className="font-semibold text-slate-900">{t("resolve.title")}</h2>
        <p className="mb-3 mt-1 text-sm text-slate-700">{t("resolve.hint", { count: short })}</p>
        <ConfirmForm intent="resolve" text={text} className="space-y-4">
          <FormErrors errors={form.formErrors} />
          <FieldError id="resolve-resolution-error" errors={form.errors("resolution")} />
          <ul className="space-y-3">
            {shortLines.map((l, i) => {
              const name = `lines[${i}].resolution`;
              const errors = form.errors(name);
              const id = `resolve-${l.line_id}`;
              return (
                <li key={l.line_id} className="grid gap-2 sm:grid-cols-2 sm:items-start">
                  <div className="text-sm">
                    <p className="font-medium text-slate-900">{l.product_name}</p>
                    <p className="text-xs text-slate-600">{[l.variant_name, l.sku].filter(Boolean).join(" · ")} — {t("resolve.short")}: {formatNumber(l.in_transit)}</p>
                  </div>
                  <div>
                    <input type="hidden" name={`lines[${i}].line_id`} value={l.line_id} />
                    <label htmlFor={id} className="sr-only">{t("resolve.line_label", { count: l.in_transit, sku: l.sku })}</label>
                    <select id={id} name={name} defaultValue={form.value(name)} aria-invalid={errors?.length ? true : undefined}
                      aria-describedby={errors?.length ? `${id}-error` : undefined} className={inputClass}>
                      <option value="">{t("resolve.choose")}</option>
                      <option value="returned">{t("resolve.option_returned", { source: d.source.name })}</option>
                      <option value="lost">{t("resolve.option_lost")}</option>
                    </select>
                    <FieldError id={`${id}-error`} errors={errors} />
                  </div>
                </li>
              );
            })}
          </ul>
          <TextArea form={form} name="note" label={t("resolve.note")} rows={2} maxLength={500} />
          <div className="flex justify-end"><button type="submit" className={buttonClass("primary")}>{t("resolve.button")}</button></div>
        </ConfirmForm>
      </section>
    </>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
