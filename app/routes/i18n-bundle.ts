/**
 * GET /i18n/<lng>.<area>.<hash>.json: a page's translations (app/lib/i18n-bundles.ts). Public
 * (sign-in pages need them too) and immutable: a change of any string makes a new name.
 */
import { data } from "react-router";
import type { Route } from "./+types/i18n-bundle";
import { bundleNamed } from "#app/lib/i18n.server.ts";

export function loader({ params }: Route.LoaderArgs) {
  const name = params.bundle.replace(/\.json$/, "");
  const bundle = bundleNamed(name);
  if (!bundle) throw data("Not found", { status: 404 });
  return new Response(JSON.stringify(bundle.resources), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": bundle.current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
