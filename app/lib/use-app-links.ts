import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Plain `<a href>` links inside a container that still navigate in the app, as `<Link>` does: one
 * click handler on the container (the sidebar, a list's rows) instead of a `<Link>` per link. A
 * `<Link>` resolves its path and makes its handlers on every server render; the sidebar's ~40 and
 * a list's 50 rows were about 4 % of /orders' server CPU (bench/ssr.ts --profile). Anything but a
 * plain left click on a link of this site in this tab (a new tab, a download, another site) is
 * left to the browser, and without JavaScript the links are links.
 */
export function useAppLinks() {
  const navigate = useNavigate();
  return useCallback((e: MouseEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    const a = (e.target as Element).closest?.("a[href]");
    if (!(a instanceof HTMLAnchorElement) || !e.currentTarget.contains(a) || (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
    const url = new URL(a.href);
    if (url.origin !== window.location.origin) return;
    e.preventDefault();
    const to = url.pathname + url.search + url.hash;
    // As <Link>: the page it is already on is replaced, not stacked in the history.
    navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
  }, [navigate]);
}
