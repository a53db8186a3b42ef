import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * While `active` (something the server is still doing: a withdrawal in progress, a day being
 * settled), the page loads its data again every `everyMs` while it is visible, for at most
 * `forMs`. Cheaper than a socket event per job; without JavaScript the seller reloads.
 */
export function useRevalidateWhile(active: boolean, everyMs = 4000, forMs = 5 * 60_000) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > forMs) return clearInterval(timer);
      const r = latest.current;
      if (r.state === "idle" && document.visibilityState === "visible") void r.revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, forMs]);
}
