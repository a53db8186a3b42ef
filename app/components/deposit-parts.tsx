/** Small pieces the deposit pages share (app/routes/admin/income-balance/deposit/*, app/routes/admin/print/deposit-*). */
import { formatRupiah } from "#core/lib/format.ts";
import { StatusBadge, type Tone } from "./list/status-badge.tsx";

const INVOICE_TONE: Record<string, Tone> = { paid: "success", unpaid: "warning", overdue: "danger" };
const PAYMENT_TONE: Record<string, Tone> = { paid: "success", pending: "info", failed: "danger", expired: "neutral" };

export function InvoiceStatus({ status, name }: { status: string; name: string }) {
  return <StatusBadge tone={INVOICE_TONE[status] ?? "neutral"}>{name}</StatusBadge>;
}

export function PaymentStatus({ status, name }: { status: string; name: string }) {
  return <StatusBadge tone={PAYMENT_TONE[status] ?? "neutral"}>{name}</StatusBadge>;
}

/** A signed movement: +Rp 50.000 in green, −Rp 20.000 in red. */
export function Movement({ amount }: { amount: number }) {
  return (
    <span className={`font-semibold tabular-nums ${amount > 0 ? "text-emerald-700" : "text-red-700"}`}>
      {amount > 0 ? "+" : "−"}{formatRupiah(Math.abs(amount))}
    </span>
  );
}
