/**
 * A path a user handed us (a redirectTo field or query) that is safe to redirect to: one of our
 * own pages, else `fallback`. Browsers forgive a lot in a Location header — they drop tabs and
 * newlines ("/\t/evil.com" becomes "//evil.com") and read "\" as "/" ("/\evil.com") — so anything
 * with control characters, whitespace or a backslash is refused outright, then the path must start
 * with exactly one "/" and still resolve to our own origin. An empty segment ("//") anywhere in the
 * path is refused too: taking the locale off "/id//evil.com" (localePath) would leave "//evil.com".
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || !to) return fallback;
  if (/[\s\\\p{Cc}]/u.test(to)) return fallback;
  if (!to.startsWith("/") || to.split(/[?#]/)[0].includes("//")) return fallback;
  try {
    return new URL(to, "http://x").origin === "http://x" ? to : fallback;
  } catch {
    return fallback;
  }
}
