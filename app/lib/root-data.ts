/**
 * The root's data on a client navigation (app/root.tsx clientLoader), browser-safe.
 *
 * The root has a clientLoader, so React Router asks the server for the root's data in a request of
 * its own. When a layout below refuses in its middleware — the admin guard's 403 page for an area
 * the member just lost, core refusals turned into pages — the server's answer holds that layout's
 * error and nothing for the root, and serverLoader throws "No result found for routeId "root"": a
 * plain Error, which the root's boundary would show as "Something went wrong" in place of the 403
 * page. The page is then loaded as a document instead, which the server renders right (the same
 * 403 page as without JavaScript). Redirects (sign in again) and route errors go on as they are.
 */
import { isRouteErrorResponse } from "react-router";

const NO_RESULT = /^No result found for routeId /;

export async function rootData<T>(serverLoader: () => Promise<T>, url: string, load: (url: string) => void = (u) => window.location.assign(u)): Promise<T> {
  try {
    return await serverLoader();
  } catch (e) {
    if (e instanceof Response || isRouteErrorResponse(e) || !(e instanceof Error) || !NO_RESULT.test(e.message)) throw e;
    load(url);
    return new Promise<never>(() => {});
  }
}
