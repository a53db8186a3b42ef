import type { Location, Village } from "#app/components/company-form.tsx";
import { getList } from "./api.server.ts";

type Args = Parameters<typeof getList>[0];

/**
 * What a form with an address needs: every city (grouped by province in the select) and the
 * villages of one city. A page's loader answers ?location_id=… with that city's villages, which
 * is how the form loads them when the city changes (app/components/company-form.tsx).
 */
export async function loadPlaces(args: Args, cityId: number | null | undefined) {
  const wanted = Number(new URL(args.request.url).searchParams.get("location_id")) || cityId || null;
  const [locations, villages] = await Promise.all([
    getList<Location>(args, "/v0.0.0/utilities/locations"),
    wanted ? getList<Village>(args, "/v0.0.0/utilities/villages", { location_id: wanted }) : null,
  ]);
  return { locations: locations.rows, villages: villages?.rows ?? [], villagesCity: wanted };
}
