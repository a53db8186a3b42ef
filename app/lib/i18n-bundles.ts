/**
 * Translation bundles by URL. A page's strings are not inlined in its HTML (every page would
 * carry ~10 KB gz of them again): the root loader names the bundle of the page's language and
 * area (`/i18n/<lng>.<area>.<hash>.json`, immutable, cached by the browser across pages), the
 * server renders with it from memory, and the browser fetches it once before hydrating (and
 * before showing a page of another area). Without JavaScript nothing is fetched: the HTML is
 * already in the page's language.
 */
import type { Resources } from "./i18n-react.tsx";

const bundles = new Map<string, Resources>();
const pending = new Map<string, Promise<Resources>>();

/** The bundle at `href` if this process (server) or page (browser) has it. */
export const bundleAt = (href: string | undefined) => (href ? bundles.get(href) : undefined);

/** Server: the bundle the root loader named, kept in memory for rendering. */
export function keepBundle(href: string, resources: Resources) {
  bundles.set(href, resources);
}

/** Browser: fetches the bundle once (shared by concurrent callers). */
export function loadBundle(href: string): Promise<Resources> {
  const have = bundles.get(href);
  if (have) return Promise.resolve(have);
  let p = pending.get(href);
  if (!p) {
    p = fetch(href, { credentials: "same-origin" }).then(async (res) => {
      if (!res.ok) throw new Error(`translations ${href}: ${res.status}`);
      const json = (await res.json()) as Resources;
      bundles.set(href, json);
      return json;
    });
    p.catch(() => pending.delete(href));
    pending.set(href, p);
  }
  return p;
}
