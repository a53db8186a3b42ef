/**
 * /reseller/add and /reseller/edit/:id — and the same for /supplier and /partner: one route
 * module for adding and editing a trading partner of any kind (the kind is the URL's first
 * segment, the id the :id param when editing). On success the detail page opens with a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { useTranslation, useLocale } from "#app/lib/i18n-react.tsx";
import type { Route } from "./+types/form";
import { kindOfPath } from "#core/partners/partner-kinds.ts";
import { createPartner, getPartner, partnerBody, partnerChoices, updatePartner, type PartnerJson } from "#core/partners/trading-partners.ts";
import { referenceBanks } from "#core/business/banks.ts";
import { listCities } from "#core/utilities/places.ts";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { FormPage } from "#app/components/form-page.tsx";
import { StatusBadge } from "#app/components/list/status-badge.tsx";
import { PinPointField } from "#app/components/map/pin-point-lazy.tsx";
import { PartnerForm } from "#app/components/partner-form.tsx";
import { getScope } from "#app/lib/auth.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { localePath } from "#app/lib/i18n.ts";
import { idFromSlug } from "#app/lib/params.ts";
import { flashToast } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/meta.ts";

/** The saved partner as the form's values. */
function defaultsOf(p: PartnerJson) {
  return {
    name: p.name, note: p.note ?? "",
    contacts: p.contacts.map((c) => ({ name: c.name, role: c.role ?? "", phone: c.phone ?? "", email: c.email ?? "" })),
    address: p.address ?? "", city_id: p.city_id ? String(p.city_id) : "", postcode: p.postcode ?? "",
    latitude: p.latitude !== null ? String(p.latitude) : "", longitude: p.longitude !== null ? String(p.longitude) : "",
    bank_code: p.bank?.bank_code ?? "", bank_account_name: p.bank?.account_name ?? "", bank_account_no: p.bank?.account_no ?? "",
    payment_days: String(p.payment_days), credit_limit: String(p.credit_limit),
    store_ids: p.store_datas.map((s) => String(s.store_branch_id)), brand_ids: p.brand_datas.map((b) => String(b.brand_id)),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const kind = kindOfPath(new URL(args.request.url).pathname);
  const scope = getScope(args.context);
  const id = args.params.id !== undefined ? idFromSlug(args.params.id) : null;
  const [partner, choices, banks, cities] = await Promise.all([
    id ? getPartner(scope, kind, id) : null,
    partnerChoices(scope),
    referenceBanks(),
    listCities(scope),
    PinPointField.ready(), // the map picker is an island (pin-point-lazy.tsx)
  ]);
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  const heading = t(partner ? `trading-partner:${kind}.edit` : `trading-partner:${kind}.add`);
  return {
    title: `${heading}${partner ? ` · ${partner.name}` : ""} | ${t("common:app_name")}`,
    kind, partner,
    choices: { ...choices, banks: banks.map((b) => ({ bank_code: b.bank_code, name: b.name })), cities },
  };
}

export async function action(args: Route.ActionArgs) {
  const locale = getLocale(args.context);
  const kind = kindOfPath(new URL(args.request.url).pathname);
  const scope = getScope(args.context);
  const id = args.params.id !== undefined ? idFromSlug(args.params.id) : null;
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: partnerBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  let saved: PartnerJson;
  try {
    saved = id ? await updatePartner(scope, kind, id, submission.value) : await createPartner(scope, kind, submission.value);
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  const t = getI18n(args.context).getFixedT(locale);
  flashToast(args.context, "success", t(`trading-partner:api.${kind}.${id ? "updated" : "created"}`));
  throw redirect(localePath(locale, `/${kind}/data-detail/${saved.partner_id}`));
}

export default function PartnerFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, partner, choices } = loaderData;
  const { t } = useTranslation("trading-partner");
  const lang = useLocale();
  const list = localePath(lang, `/${kind}/data`);
  const back = partner ? localePath(lang, `/${kind}/data-detail/${partner.partner_id}`) : list;
  return (
    <FormPage back={{ href: list, label: t(`${kind}.back_to_list`) }} title={t(partner ? `${kind}.edit` : `${kind}.add`)}
      badge={partner ? <StatusBadge tone={partner.status === 1 ? "success" : "neutral"}>{partner.status_name}</StatusBadge> : undefined}>
      <PartnerForm kind={kind} reply={actionData} defaults={partner ? defaultsOf(partner) : { payment_days: "0", credit_limit: "0" }}
        choices={choices} submitLabel={t("common:actions.save")} cancelTo={back} />
    </FormPage>
  );
}

export const meta = pageTitle;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
