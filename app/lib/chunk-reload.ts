const KEY = "chunk-reload-at";
const GUARD_MS = 60_000;

export function isChunkLoadError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(message);
}

/**
 * Reloads the page after a failed chunk load, at most once per 60 s (spec section 9). Not while
 * the browser is offline: the fetch failed because the connection dropped (say, just as the page's
 * realtime code was loading), and a reload would trade the page and its offline screen for the
 * browser's own error page. The offline screen's Refresh button reloads once the connection is back.
 */
export function reloadAfterChunkError(): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return false;
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < GUARD_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Storage blocked (private mode): still reload once for this page load.
  }
  window.location.reload();
  return true;
}
