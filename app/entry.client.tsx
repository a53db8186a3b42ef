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
// hydrating, so the first render matches the server's HTML. An error page may have none. When
// they cannot be had (the connection dropped), the page stays the server's HTML: every form and
// link works without JavaScript, which beats a page of translation keys.
const bundle = document.getElementById("i18n-bundle")?.getAttribute("href");
const strings = bundle ? await loadBundle(bundle).then(() => true, () => false) : true;

if (strings) startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
