/**
 * The store fee form on /profile/store-fee (add: ?add=1, edit: ?edit=<id>), on the plain form kit
 * (form.tsx: no Conform client, for the first-load budget). The schema is
 * core/profile/store-fees.ts storeFeeForm, checked by the action and again by the API. The percentage is typed as text ("2,5" or "2.5", at most two decimals) and the
 * fixed amount as rupiah ("1.000"); the server parses both exactly into basis points and rupiah.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass, SubmitButton } from "./button.tsx";
import { FormErrors, formState, Select, TextArea, UnitInput, type FormReply } from "./form.tsx";
import { FormToken } from "./form-token.tsx";

export type StoreFeeChoices = {
  stores: { store_branch_id: number; name: string; type: number; type_name: string; status: number }[];
  channels: { channel_id: number; name: string; code: string; type: number; type_name: string; status: number }[];
};

export function StoreFeeForm({ id, title, reply, defaults, choices, cancelTo }: {
  /** The fee being edited, or null for a new one. */
  id: number | null;
  title: string;
  reply?: FormReply;
  defaults?: Record<string, string>;
  choices: StoreFeeChoices;
  cancelTo: string;
}) {
  const { t } = useTranslation("site");
  const form = formState(reply, { defaults });
  const p = "store-fee";
  const inactive = (status: number) => (status === 1 ? "" : ` (${t("status.0")})`);
  const byType = new Map<string, StoreFeeChoices["channels"]>();
  for (const ch of choices.channels) byType.set(ch.type_name, [...(byType.get(ch.type_name) ?? []), ch]);
  return (
    <section aria-labelledby="store-fee-form-title" className="rounded-lg border border-brand-100 bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-6">
      <h2 id="store-fee-form-title" className="mb-1 text-base font-semibold text-slate-900">{title}</h2>
      <p className="mb-4 text-sm text-slate-500">{t("store_fee.hints.model")}</p>
      <Form method="post" noValidate preventScrollReset className="space-y-4">
        <FormToken />
        <FormErrors errors={form.formErrors} />
        {id ? <input type="hidden" name="store_fee_id" value={id} /> : null}
        <div className="grid gap-4 md:grid-cols-2">
          <Select form={form} idPrefix={p} name="store_id" label={t("store_fee.fields.store")} required>
            <option value="">{t("store_fee.placeholders.store")}</option>
            {choices.stores.map((s) => <option key={s.store_branch_id} value={s.store_branch_id}>{`${s.name} · ${s.type_name}${inactive(s.status)}`}</option>)}
          </Select>
          <Select form={form} idPrefix={p} name="channel_id" label={t("store_fee.fields.channel")} hint={t("store_fee.hints.channel")}>
            <option value="">{t("store_fee.all_channels_option")}</option>
            {[...byType].map(([type, list]) => (
              <optgroup key={type} label={type}>
                {list.map((ch) => <option key={ch.channel_id} value={ch.channel_id}>{`${ch.name}${inactive(ch.status)}`}</option>)}
              </optgroup>
            ))}
          </Select>
          <UnitInput form={form} idPrefix="store-fee" name="percent" label={t("store_fee.fields.percent")} unit="%" side="after" inputMode="decimal"
            placeholder={t("store_fee.placeholders.percent")} hint={t("store_fee.hints.percent")} maxLength={10} />
          <UnitInput form={form} idPrefix="store-fee" name="fixed_amount" label={t("store_fee.fields.fixed_amount")} unit="Rp" side="before" inputMode="numeric"
            placeholder="1.000" hint={t("store_fee.hints.fixed_amount")} maxLength={20} />
          <div className="md:col-span-2">
            <TextArea form={form} idPrefix={p} name="note" label={`${t("store_fee.fields.note")} (${t("hints.optional")})`} rows={2} maxLength={500} />
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={cancelTo} preventScrollReset className={buttonClass("secondary")}>{t("common:actions.cancel")}</Link>
          <SubmitButton name="intent" value="save">{t("common:actions.save")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
