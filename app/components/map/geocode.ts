/**
 * The browser's calls to OUR geocoding API (never to the outside service; CSP connect-src 'self').
 * The web session stands in for the API token on these read-only paths (server/app.ts).
 */
export type ReverseAnswer = { address: string; postcode: string | null; city_name: string | null };
export type Place = { name: string; latitude: number; longitude: number };

export async function geocodeApi<T>(kind: "reverse" | "search", query: Record<string, string>, locale: string) {
  const res = await fetch(`/api/v0.0.0/utilities/geocode/${kind}?${new URLSearchParams(query)}`, {
    headers: { Accept: "application/json", "Accept-Language": locale },
    credentials: "same-origin",
  });
  const body = (await res.json().catch(() => null)) as { message?: string; data?: T } | null;
  return { status: res.status, message: body?.message ?? "", data: body?.data };
}
