/**
 * The saldo page's withdraw form: the amount as a seller types it ("250.000", "Rp 250.000"; the
 * server reads it with core/lib/money.ts), where it goes, the one-time form token. Asking first is
 * the house's one confirm step (app/lib/confirm.server.ts): with JavaScript a dialog naming the
 * amount and the account, then the POST with confirmed=1; without, the POST comes back as the
 * server-rendered ConfirmPanel (the route shows it). The password step, when the business asks for
 * it, is the admin layout's (app/lib/reauth.server.ts).
 */
import { useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { readRupiah } from "#core/lib/money.ts";
import { formatRupiah } from "#core/lib/format.ts";
import { inputClass, SubmitButton } from "#app/components/button.tsx";
import { FieldError } from "#app/components/form-error.tsx";
import { FormToken } from "#app/components/form-token.tsx";
import { ConfirmDialog, ConfirmPanel, preloadConfirmDialog, type ConfirmText } from "#app/components/list/confirm-dialog.tsx";
import { useLocalePath, useTranslation } from "#app/lib/i18n-react.tsx";
import type { PayoutSource } from "#core/money/payout-options.ts";

export type Destination = { bank_name: string; account_no: string; account_name: string };
export type WithdrawReply = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | undefined;

/** The confirm text for an amount as typed (unread: a general sentence; the server refuses it with its message). */
export function useWithdrawText(destination: Destination, source: PayoutSource = "saldo") {
  const { t } = useTranslation("saldo");
  return (typed: string): ConfirmText => {
    const r = readRupiah(typed);
    const vars = { bank: destination.bank_name, account_no: destination.account_no, account_name: destination.account_name, source: t(`withdraw.from.${source}`) };
    const amount = "value" in r ? formatRupiah(r.value) : null;
    return {
      title: amount ? t("withdraw.confirm_title", { amount }) : t("withdraw.title"),
      body: amount ? t("withdraw.confirm_body", { amount, ...vars }) : t("withdraw.confirm_body_unread", vars),
      confirmLabel: t("withdraw.confirm"),
      tone: "primary",
    };
  };
}

/** `source`: the balance the money leaves (the saldo page's form, the deposit page's). */
export function WithdrawForm({ destination, reply, source = "saldo" }: { destination: Destination; reply: WithdrawReply; source?: PayoutSource }) {
  const { t } = useTranslation("saldo");
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const text = useWithdrawText(destination, source);
  const errors = reply?.error ?? {};
  const amountErrors = errors.amount ?? undefined;
  const formErrors = errors[""] ?? undefined;
  const typed = typeof reply?.initialValue?.amount === "string" ? reply.initialValue.amount : "";
  return (
    <Form
      ref={form}
      method="post"
      className="max-w-md space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setAsking(String(new FormData(e.currentTarget).get("amount") ?? ""));
      }}
    >
      <FormToken />
      <input type="hidden" name="intent" value="withdraw" />
      {formErrors?.length ? <FieldError id="withdraw-form-error" errors={formErrors} /> : null}
      <div>
        <label htmlFor={`withdraw-amount-${source}`} className="mb-1 block text-sm font-medium text-slate-700">{t("withdraw.amount")}</label>
        <input
          id={`withdraw-amount-${source}`} name="amount" type="text" inputMode="numeric" autoComplete="off" defaultValue={typed} key={typed}
          placeholder="250.000" className={inputClass}
          aria-invalid={amountErrors?.length ? true : undefined}
          aria-describedby={amountErrors?.length ? "withdraw-amount-error" : "withdraw-amount-hint"}
        />
        {amountErrors?.length
          ? <FieldError id="withdraw-amount-error" errors={amountErrors} />
          : <p id="withdraw-amount-hint" className="mt-1 text-xs text-slate-500">{t("withdraw.amount_hint")}</p>}
      </div>
      <p className="text-sm text-slate-700">
        <span className="text-slate-500">{t("withdraw.destination")}: </span>
        <span className="font-medium">{t("withdraw.destination_value", { bank: destination.bank_name, account_no: destination.account_no, account_name: destination.account_name })}</span>
      </p>
      <SubmitButton onPointerEnter={preloadConfirmDialog} onFocus={preloadConfirmDialog} disabled={busy}>{t("withdraw.submit")}</SubmitButton>
      <ConfirmDialog
        open={asking !== null}
        text={text(asking ?? "")}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const data = new FormData(form.current!);
          data.set("confirmed", "1");
          setAsking(null);
          void submit(data, { method: "post", preventScrollReset: true });
        }}
      />
    </Form>
  );
}

/**
 * A withdraw card's body, the same on the saldo and the deposit page: the form, the server's
 * confirm step (without JavaScript: `asked`, the fields the POST came back with), or why there is
 * no form — no Withdraw privilege, no disbursement service, no default bank account.
 */
export function WithdrawPart({ destination, allowed, on, asked, reply, source, back }: {
  destination: Destination | null; allowed: boolean; on: boolean; asked: Record<string, string> | null;
  reply: WithdrawReply; source: PayoutSource; back: string;
}) {
  const { t } = useTranslation("saldo");
  const lp = useLocalePath();
  const text = useWithdrawText(destination ?? { bank_name: "", account_no: "", account_name: "" }, source);
  if (!allowed) return <p className="text-sm text-slate-600">{t("withdraw.no_privilege")}</p>;
  if (!on) return <p className="text-sm text-amber-800">{t("withdraw.off")}</p>;
  if (!destination) {
    return (
      <p className="text-sm text-slate-700">
        {t("withdraw.no_bank")} <Link to={lp("/profile/store")} className="font-medium text-brand-700 underline">{t("withdraw.add_bank")}</Link>
      </p>
    );
  }
  if (asked) {
    const fields = Object.fromEntries(Object.entries(asked).filter(([k]) => k === "intent" || k === "amount" || k === "_once"));
    return <ConfirmPanel text={text(asked.amount ?? "")} fields={fields} cancelTo={back} />;
  }
  return <WithdrawForm destination={destination} reply={reply} source={source} />;
}
