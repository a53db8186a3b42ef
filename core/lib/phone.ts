/**
 * Indonesian numbers (default region ID) in E.164: 0812…, 62812…, +62812…, 812…, 0062812…,
 * +62 (0)812… → +62812…; spaces, dashes, dots and brackets are dropped.
 */
export function normalizePhone(raw: string): string {
  let digits = raw.replace(/[^\d+]/g, "");
  if (digits.startsWith("00")) digits = `+${digits.slice(2)}`; // the international call prefix
  if (digits.startsWith("+62") || (digits.startsWith("62") && !digits.startsWith("+"))) {
    // "+62 (0)812…": the trunk 0 written after the country code.
    const rest = digits.replace(/^\+?62/, "").replace(/^0/, "");
    return `+62${rest}`;
  }
  if (digits.startsWith("+")) return digits;
  if (digits.startsWith("0")) return `+62${digits.slice(1)}`;
  return `+62${digits}`;
}

export const isPhoneLike = (v: string) => /^\+?[\d\s().-]{8,20}$/.test(v.trim());

/**
 * What a phone typed into a search starts with in the stored E.164 form (0812… / 62812… / +62812…
 * → +62812…); null when the text is no phone (fewer than 2 digits, or letters): search it as a name.
 */
export function phoneSearchPrefix(typed: string): string | null {
  const t = typed.trim();
  if (!/^\+?[\d\s().-]+$/.test(t) || t.replace(/\D/g, "").length < 2) return null;
  return normalizePhone(t);
}
