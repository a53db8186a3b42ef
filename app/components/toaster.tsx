import { useEffect, useRef, useState } from "react";
import type { Toast } from "#app/lib/session.server.ts";

const STYLE: Record<Toast["type"], string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  danger: "border-red-200 bg-red-50 text-red-900",
  info: "border-brand-100 bg-brand-50 text-brand-700",
};

/**
 * Toasts arrive with the root loader (flash cookie), so they show with and without JavaScript.
 * They fade after 5 s (CSS, .toast in app.css, so also without JavaScript) and never take a click.
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const [visible, setVisible] = useState(toasts);
  // A new batch gets new elements, so its fade-out (CSS) starts from the beginning.
  const [batch, setBatch] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    // A reload that brings no news (e.g. the orders list refreshed by a realtime event) leaves
    // what is shown until its 5 s are up.
    if (!toasts.length) return;
    setVisible(toasts);
    setBatch((b) => b + 1);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible([]), 5000);
  }, [toasts]);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!visible.length) return null;
  return (
    // At the bottom of a phone (the header with the menu stays usable), at the top of a desktop.
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-3 no-print sm:bottom-auto sm:top-3" role="status" aria-live="polite">
      {visible.map((toast, i) => (
        <div key={`${batch}.${i}`} className={`toast w-full max-w-md rounded-md border px-4 py-3 text-sm shadow ${STYLE[toast.type]}`}>
          {toast.message}
        </div>
      ))}
    </div>
  );
}
