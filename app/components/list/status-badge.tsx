/**
 * A status chip. Tones: success (Active), neutral (Inactive), warning (Moderation), danger (Suspend, Reject).
 * A company status's tone is companyTone (company-tone.ts), apart, so other pages load no company codes.
 */
export type Tone = "success" | "neutral" | "warning" | "danger" | "info";

const TONES: Record<Tone, string> = {
  success: "bg-green-50 text-green-700 ring-green-600/20",
  neutral: "bg-slate-100 text-slate-600 ring-slate-500/20",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/20",
  danger: "bg-red-50 text-red-700 ring-red-600/20",
  info: "bg-brand-50 text-brand-700 ring-brand-600/20",
};

export function StatusBadge({ tone, children }: { tone: Tone; children: React.ReactNode }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>
      {children}
    </span>
  );
}
