/**
 * /profile/brand/:slug, tab "Brand Detail": the brand's details with its status switch (owned; the
 * no-JavaScript confirm step is ?confirm=toggle&brand_id=…&action=…), View Update History (the shared
 * modal, ?history=<brand id>), and
 * - for an owned brand: Edit Brand (edit.tsx: logo, name, category, description; its own page so
 *   this one stays light), its documents (add a file, remove one; 3 or more show the verified
 *   check) and its partners: the businesses that
 *   sell it and their requests, with approve / decline / disconnect … (?partners=ended lists the
 *   disconnected ones, which can be asked to reconnect);
 * - for a partner brand: who owns it, and the partnership's status with what this business can do
 *   (disconnect, withdraw a request, answer the owner's request).
 * Every change that ends something asks first (ConfirmButton; without JavaScript the web's one
 * confirm step, app/lib/confirm.server.ts: ?confirm=document_remove&url=…,
 * ?confirm=partnership_action&partnership_id=…&do=…).
 * The page calls core/profile/brands*.ts, the functions the REST API calls.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { useTranslation, type TFunction, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/info";
import { DOCUMENT_TYPES } from "#db/schema/company-enums.ts";
import { brandHistory, getBrand } from "#core/profile/brands.ts";
import { addBrandDocument, documentFileBody, removeBrandDocument } from "#core/profile/brands-documents.ts";
import { listBrandPartnerships } from "#core/profile/brands-partnerships.ts";
import { brandStatusMessage, setBrandStatus } from "#core/profile/brands-save.ts";
import { BRAND_STATUS, PARTNERSHIP_STATUS } from "#core/profile/profile-enums.ts";
import { partnershipTone, useBrandToggleText } from "#app/components/brand-logo.tsx";
import { ConfirmButton } from "#app/components/brand-confirm.tsx";
import { useBrandHistoryLabels } from "#app/components/brand-history.tsx";
import { PartnershipActions, PartnershipList, partnershipConfirm } from "#app/components/brand-partnership.tsx";
import { buttonClass, inputClass, SubmitButton } from "#app/components/button.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FieldError } from "#app/components/form-error.tsx";
import { ConfirmPanel, type ConfirmText } from "#app/components/list/confirm-dialog.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { StatusSwitch } from "#app/components/list/status-switch.tsx";
import { HistoryLink, UpdateHistoryModal } from "#app/components/update-history-lazy.tsx";
import { formatDate, formatDateTime } from "#core/lib/format.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { confirmAsked, requireConfirmed } from "#app/lib/confirm.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { loadHistory } from "#app/lib/history.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { toggleAction, toggleAsked } from "#app/lib/toggle.server.ts";
import { answerPartnership, notice, withoutConfirm } from "./brand.server.ts";
import { pageTitle } from "#app/lib/meta.ts";
import { FormToken } from "#app/components/form-token.tsx";

export async function loader(args: Route.LoaderArgs) {
  const id = idFromSlug(args.params.slug);
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const ended = url.searchParams.get("partners") === "ended";
  const brand = await getBrand(scope, id);
  const [partners, history] = await Promise.all([
    brand.is_partner
      ? null
      : listBrandPartnerships(scope, {
        direction: "incoming", brand_id: id, page: 1, limit: 100, status: ended ? PARTNERSHIP_STATUS.disconnected : undefined,
      }),
    loadHistory(args, (h, page) => brandHistory(scope, h, page), { allow: (h) => h === id }),
  ]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));

  // The no-JavaScript confirm steps, when the URL asks for one this page can still show.
  let confirm: { text: ConfirmText; fields: Record<string, string | number> } | null = null;
  const toggle = toggleAsked(url, "brand_id");
  if (toggle && toggle.id === id && !brand.is_partner) {
    const activate = toggle.action === "activate";
    confirm = {
      text: {
        title: t(activate ? "brand:toggle.activate_title" : "brand:toggle.inactivate_title"),
        body: t(activate ? "brand:toggle.activate_body" : "brand:toggle.inactivate_body", { name: brand.name }),
        confirmLabel: t(activate ? "brand:toggle.activate" : "brand:toggle.inactivate"),
        tone: activate ? "primary" : "danger",
      },
      fields: { intent: "toggle", brand_id: id, action: toggle.action },
    };
  }
  const answer = confirmAsked(url, "partnership_action");
  if (answer) {
    const target = answer.fields.partnership_id;
    const row = partners?.rows.find((p) => String(p.partnership_id) === target);
    const own = brand.partnership_data && String(brand.partnership_data.partnership_id) === target ? brand.partnership_data : null;
    const move = (row?.action_datas ?? own?.action_datas ?? []).find((m) => m.action === answer.fields.do);
    if (move && (row || own)) {
      const company = row ? row.partner_business_data.name : brand.company_data.name;
      confirm = {
        text: partnershipConfirm(t as unknown as TFunction, move, brand.name, company),
        fields: { intent: "partnership_action", partnership_id: target, do: move.action },
      };
    }
  }
  const removing = confirmAsked(url, "document_remove");
  if (removing && !brand.is_partner) {
    const doc = brand.document_datas.find((d) => d.url === removing.fields.url);
    if (doc?.url) confirm = { text: documentConfirm(t, doc.name, brand.name), fields: { intent: "document_remove", url: doc.url } };
  }

  return {
    title: `${t("brand:tabs.info")} · ${brand.name} | ${t("common:app_name")}`,
    brand,
    partners: partners?.rows ?? [],
    ended,
    history,
    confirm,
    back: withoutConfirm(url),
  };
}

function documentConfirm(t: (k: string, o?: Record<string, unknown>) => string, name: string, brand: string): ConfirmText {
  return {
    title: t("brand:sections.delete_title"),
    body: t("brand:sections.delete_body", { name, brand }),
    confirmLabel: t("brand:sections.delete_confirm"),
    tone: "danger",
  };
}

export async function action(args: Route.ActionArgs) {
  const id = idFromSlug(args.params.slug);
  const url = new URL(args.request.url);
  const scope = getScope(args.context);
  const back = withoutConfirm(url);
  const formData = await args.request.formData();
  switch (formData.get("intent")) {
    case "toggle":
      return toggleAction(args, formData, {
        idField: "brand_id",
        async toggle(brandId, activate) {
          await setBrandStatus(scope, brandId, activate);
          notice(args, brandStatusMessage(activate));
        },
        listUrl: back,
      });
    case "document_add": {
      const submission = parseWithZod(formData, { schema: documentFileBody });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      try {
        await addBrandDocument(scope, id, submission.value);
      } catch (e) {
        return replyRefused(args, submission, e);
      }
      notice(args, "brand:api.document_added");
      throw redirect(back);
    }
    case "document_remove": {
      requireConfirmed(args.request, formData, "document_remove", back);
      await removeBrandDocument(scope, id, String(formData.get("url") ?? ""));
      notice(args, "brand:api.document_removed");
      throw redirect(back);
    }
    case "partnership_action": {
      requireConfirmed(args.request, formData, "partnership_action", back);
      const row = await answerPartnership(args, Number(formData.get("partnership_id")), String(formData.get("do") ?? ""));
      // A partner that ended its partnership no longer sees the brand: back to the list.
      if (row && row.status === PARTNERSHIP_STATUS.disconnected && !row.is_owner) {
        throw redirect(back.replace(/\/\d+(\?.*)?$/, ""));
      }
      throw redirect(back);
    }
    default:
      throw data(getI18n(args.context).getFixedT(getLocale(args.context))("common:errors.unknown_action"), { status: 400 });
  }
}

export default function BrandInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { brand: b, partners, ended, history, confirm, back } = loaderData;
  const { t } = useTranslation("brand");
  const labels = useBrandHistoryLabels();
  const toggleText = useBrandToggleText();
  const location = useLocation();
  const lang = useLocale();
  const editHref = localePath(lang, `/profile/brand/${b.brand_id}/edit`);
  // The document form's reply (the only form of this page that answers instead of redirecting).
  const documentErrors = actionData?.error ?? undefined;
  const partnersToggle = new URLSearchParams(location.search);
  if (ended) partnersToggle.delete("partners");
  else partnersToggle.set("partners", "ended");
  const partnersHref = `${location.pathname}${partnersToggle.toString() ? `?${partnersToggle}` : ""}`;

  return (
    <div className="space-y-4">
      {confirm ? <ConfirmPanel text={confirm.text} fields={confirm.fields} cancelTo={back} /> : null}

      <Card
        title={t("detail.info")}
        action={(
          <div className="flex flex-wrap items-center gap-3">
            <HistoryLink id={b.brand_id}>{t("detail.history")}</HistoryLink>
            {!b.is_partner ? <Link to={editHref} className={buttonClass("secondary")}>{t("detail.edit")}</Link> : null}
          </div>
        )}
      >
        {b.is_partner ? <p className="mb-3 text-sm text-slate-600">{t("detail.partner_note", { company: b.company_data.name })}</p> : null}
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Item label={t("fields.name")}>{b.name}</Item>
          <Item label={t("fields.ownership")}>{b.brand_category_name}</Item>
          <Item label={t("fields.brand_category")}>{b.brand_category_data.name}</Item>
          <Item label={t("fields.category")}>{b.product_category_data.path}</Item>
          <Item label={t("fields.company")}>{b.company_data.name}</Item>
          <div>
            <dt className="text-xs font-medium text-slate-500">{t("fields.status")}</dt>
            <dd className="mt-1">
              {b.is_partner ? b.status_name : (
                <StatusSwitch
                  checked={b.status === BRAND_STATUS.active}
                  label={t("toggle.label", { name: b.name })}
                  fields={{ intent: "toggle", brand_id: b.brand_id }}
                  confirmFor={(activate) => toggleText(activate, b.name)}
                />
              )}
            </dd>
          </div>
          <Item label={t("fields.time_created")}>{formatDate(b.time_created)}</Item>
          <Item label={t("fields.time_modified")}>{formatDateTime(b.time_modified)}</Item>
          <Item label={t("fields.description")} wide>{b.description}</Item>
        </dl>
      </Card>

      {b.partnership_data ? (
        <Card title={t("detail.partnership")}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p id="partnership-status" className="flex items-center gap-2 text-sm text-slate-700">
              <StatusBadge tone={partnershipTone(b.partnership_data.status)}>{b.partnership_data.status_name}</StatusBadge>
              <span>{b.company_data.name}</span>
              <span className="text-slate-500">· {t(b.partnership_data.is_requester ? "detail.requested_by_you" : "detail.requested_by_them")}</span>
            </p>
            <PartnershipActions id={b.partnership_data.partnership_id} moves={b.partnership_data.action_datas} brand={b.name}
              company={b.company_data.name} describedBy="partnership-status" />
          </div>
        </Card>
      ) : null}

      {!b.is_partner ? (
        <Card title={t("detail.partners")} action={<Link to={partnersHref} preventScrollReset className="text-sm font-medium text-brand-700 hover:underline">{t(ended ? "detail.show_open" : "detail.show_disconnected")}</Link>}>
          <p className="mb-2 text-sm text-slate-600">{t("detail.partners_hint")}</p>
          {partners.length ? <PartnershipList rows={partners} view="partners" /> : <p className="text-sm text-slate-500">{t("detail.no_partners")}</p>}
        </Card>
      ) : null}

      <Card title={t("detail.documents")}>
        {b.document_datas.length ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {b.document_datas.map((d, i) => (
              <li key={`${d.url ?? d.name}-${i}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span id={`document-${i}`} className="min-w-0">
                  <span className="block font-medium text-slate-700">{d.type_name}</span>
                  {d.url ? (
                    <a href={d.url} target="_blank" rel="noreferrer" className="break-all text-brand-700 hover:underline">{d.name}</a>
                  ) : <span className="break-all text-slate-600">{d.name}</span>}
                </span>
                {!b.is_partner && d.url ? (
                  <ConfirmButton
                    fields={{ intent: "document_remove", url: d.url }}
                    label={t("detail.remove_document")}
                    describedBy={`document-${i}`}
                    text={{ title: t("sections.delete_title"), body: t("sections.delete_body", { name: d.name, brand: b.name }), confirmLabel: t("sections.delete_confirm"), tone: "danger" }}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{b.is_partner ? t("detail.no_documents_partner", { company: b.company_data.name }) : t("detail.no_documents")}</p>
        )}
        {!b.is_partner ? (
          <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <FormToken />
            <input type="hidden" name="intent" value="document_add" />
            <div>
              <label htmlFor="document-type" className="mb-1 block text-sm font-medium text-slate-700">{t("detail.document_type")}</label>
              <select id="document-type" name="type" required defaultValue="" className={inputClass}
                aria-invalid={documentErrors?.type ? true : undefined} aria-describedby={documentErrors?.type ? "document-type-error" : undefined}>
                <option value="">{t("placeholders.document_type")}</option>
                {DOCUMENT_TYPES.map((d) => <option key={d} value={d}>{t(`utilities:documents.${d}`)}</option>)}
              </select>
              <FieldError id="document-type-error" errors={documentErrors?.type} />
            </div>
            <div>
              <label htmlFor="document-file" className="mb-1 block text-sm font-medium text-slate-700">{t("detail.document_file")}</label>
              <input id="document-file" type="file" name="file" required accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
                aria-invalid={documentErrors?.file ? true : undefined} aria-describedby={documentErrors?.file ? "document-file-error" : undefined}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700" />
              <FieldError id="document-file-error" errors={documentErrors?.file ?? documentErrors?.[""]} />
            </div>
            <SubmitButton variant="secondary">{t("detail.add_document")}</SubmitButton>
          </Form>
        ) : null}
      </Card>

      <UpdateHistoryModal history={history} title={b.name} {...labels} />
    </div>
  );
}

function Card({ title, action, children }: { title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Item({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-slate-800">{children || "-"}</dd>
    </div>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
