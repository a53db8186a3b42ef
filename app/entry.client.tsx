import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reloadAfterChunkError } from "./lib/chunk-reload.ts";
import { loadBundle } from "./lib/i18n-bundles.ts";

// A deploy replaces the hashed chunks: a page holding old links fails to load them. Reload once.
window.addEventListener("vite:preloadError", (event) => {
  event.preventDefault();
  reloadAfterChunkError();
});

// The page's strings (named by the root loader, preloaded by a <link> in the head) before
// hydrating, so the first render matches the server's HTML. An error page may have none.
const bundle = document.getElementById("i18n-bundle")?.getAttribute("href");
if (bundle) await loadBundle(bundle).catch(() => undefined);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
