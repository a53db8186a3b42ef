import type { MetaDescriptor } from "react-router";

/**
 * A page's `meta`: the <title> its loader made (translated there). A page showing an error has no
 * loader data; it then gives no title at all, so the error screen's own translated <title>
 * (components/error-boundary.tsx) is the page's, not "undefined".
 */
export function pageTitle({ loaderData }: { loaderData?: { title: string } }): MetaDescriptor[] {
  return loaderData ? [{ title: loaderData.title }] : [];
}
