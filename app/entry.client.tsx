import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reloadAfterChunkError } from "./lib/chunk-reload.ts";

// A deploy replaces the hashed chunks: a page holding old links fails to load them. Reload once.
window.addEventListener("vite:preloadError", (event) => {
  event.preventDefault();
  reloadAfterChunkError();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
