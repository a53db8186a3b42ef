/** Indonesian numbers (default region ID) in E.164: 0812…, 62812…, +62812…, 812… → +62812… */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return digits;
  if (digits.startsWith("62")) return `+${digits}`;
  if (digits.startsWith("0")) return `+62${digits.slice(1)}`;
  return `+62${digits}`;
}

export const isPhoneLike = (v: string) => /^\+?[\d\s().-]{8,20}$/.test(v.trim());
