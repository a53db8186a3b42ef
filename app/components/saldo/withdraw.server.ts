/**
 * The withdraw form's POST, the same for the saldo and the deposit page: the amount is read (a
 * typo is said before the question), the house's one confirm step asks (app/lib/confirm.server.ts),
 * then core/money/payouts.ts takes it from `source`. Done, the seller lands on `done` with a
 * notice naming the withdrawal (the saldo page's Withdrawals tab lists every withdrawal, whatever
 * its source, and follows its status).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { formatRupiah } from "#core/lib/format.ts";
import { requestWithdrawal, withdrawBody } from "#core/money/payouts.ts";
import type { PayoutSource } from "#core/money/payout-options.ts";
import { getScope } from "#app/lib/auth.server.ts";
import { requireConfirmed } from "#app/lib/confirm.server.ts";
import { replyRefused } from "#app/lib/forms.server.ts";
import { getI18n, getLocale } from "#app/lib/i18n.server.ts";
import { flashToast } from "#app/lib/session.server.ts";

export async function withdrawAction(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  form: FormData,
  { source, page, done }: { source: PayoutSource; page: string; done: string },
) {
  const submission = parseWithZod(form, { schema: withdrawBody });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  requireConfirmed(args.request, form, "withdraw", page);
  let payout;
  try {
    payout = await requestWithdrawal(getScope(args.context), { amount: submission.value.amount, source });
  } catch (e) {
    return replyRefused(args, submission, e);
  }
  const t = getI18n(args.context).getFixedT(getLocale(args.context));
  flashToast(args.context, "success", t("saldo:withdraw.done", { number: payout.number, amount: formatRupiah(payout.amount) }));
  throw redirect(done);
}
