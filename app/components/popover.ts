/**
 * A <details> used as a popover (the user menu, Export History) opens without JavaScript; with it,
 * it also closes the way people expect a popup to: Escape closes it and gives the focus back to its
 * button, and a click or a tap outside it closes it. (Not a focus moving elsewhere: the page moves
 * the focus itself after an action, and a popup it opened on purpose — Export History after an
 * export — must stay open.)
 *
 *   const ref = usePopover(); <details ref={ref}>…</details>
 */
import { useEffect, useRef } from "react";

export function usePopover() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (focusButton: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focusButton) details.querySelector("summary")?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && details.open) {
        e.preventDefault();
        close(true);
      }
    };
    const onOutside = (e: Event) => {
      if (!details.contains(e.target as Node)) close(false);
    };
    details.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onOutside);
    return () => {
      details.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
    };
  }, []);
  return ref;
}
