import { useSyncExternalStore } from "react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass } from "./button.tsx";

function subscribe(callback: () => void) {
  window.addEventListener("online", callback);
  window.addEventListener("offline", callback);
  return () => {
    window.removeEventListener("online", callback);
    window.removeEventListener("offline", callback);
  };
}

/** navigator.onLine, live; the server always renders as online. */
export function useOnline() {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

export function OfflineScreen() {
  const { t } = useTranslation("common");
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-24 text-center">
      <svg aria-hidden viewBox="0 0 24 24" className="h-12 w-12 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M3 3l18 18M8.5 16.5a5 5 0 017 0M5 13a10 10 0 015.2-2.8M19 13a10 10 0 00-3-2.1M2 9.5a15 15 0 014.5-2.9M22 9.5A15 15 0 0011.5 6" strokeLinecap="round" />
      </svg>
      <h1 className="text-lg font-semibold">{t("errors.offline_title")}</h1>
      <p className="text-slate-600">{t("errors.offline_body")}</p>
      <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
        {t("actions.refresh")}
      </button>
    </div>
  );
}
