/**
 * Input that nothing behind the server can take, found before the API or a page runs, so that
 * server/app.ts refuses it once for both (400) and no handler, parser or query meets it:
 *   - a NUL (PostgreSQL's text and jsonb cannot hold one) or a lone UTF-16 surrogate (not text:
 *     JSON can carry "\ud800", jsonb refuses it) in the URL or in any string of the body — a
 *     form's fields, names and file names, a JSON body's keys and values, whatever its declared type;
 *   - a URL path segment that does not percent-decode (`%FF`, `%ED%A0%80`: not UTF-8), which a
 *     router can only guess at (React Router matched some other route and logged it twice);
 *   - a form body (multipart or URL-encoded) that does not parse;
 *   - a write to a page whose body is not a form: every page action reads `request.formData()`.
 * A JSON body that does not parse is not refused here: its handler answers it (`input()` with the
 * fields it needs, a webhook with "not JSON" after its signature).
 */

// With the u flag a surrogate pair is one code point, so only a lone surrogate is in this range.
const UNSTORABLE = /[\0\uD800-\uDFFF]/u;

/** Whether any string in `value` (keys included) is one PostgreSQL cannot store. Iterative: JSON may nest deeper than the stack. */
function holdsUnstorable(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (UNSTORABLE.test(v)) return true;
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) stack.push(k, x);
    }
  }
  return false;
}

/** The URL's path segments as a router decodes them, and the query's names and values; null when a segment does not decode. */
function urlStrings(url: URL): string[] | null {
  const segments: string[] = [];
  for (const s of url.pathname.split("/")) {
    try {
      segments.push(decodeURIComponent(s));
    } catch {
      return null;
    }
  }
  return [...segments, ...[...url.searchParams].flat()];
}

const FORMS = ["multipart/form-data", "application/x-www-form-urlencoded"];

/** Whether `request` is unreadable (above); `page` for a request to the web, not the API. Reads a clone of the body. */
export async function unreadable(request: Request, page: boolean): Promise<boolean> {
  const inUrl = urlStrings(new URL(request.url));
  if (!inUrl || holdsUnstorable(inUrl)) return true;
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (FORMS.includes(type)) {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return true;
    }
    return holdsUnstorable([...form].map(([name, v]) => [name, typeof v === "string" ? v : v.name]));
  }
  if (page) return true;
  const text = await request.clone().text();
  if (UNSTORABLE.test(text)) return true;
  try {
    return holdsUnstorable(JSON.parse(text));
  } catch {
    return false;
  }
}
