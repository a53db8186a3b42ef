import type { RouterContextProvider } from "react-router";
import { listCities, listVillages } from "#core/utilities/places.ts";
import { getScope } from "./auth.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * What a form with an address needs: every city (grouped by province in the select) and the
 * villages of one city. A page's loader answers ?location_id=… with that city's villages, which
 * is how the form loads them when the city changes (app/components/company-form.tsx).
 */
export async function loadPlaces(args: Args, cityId: number | null | undefined) {
  const scope = getScope(args.context);
  const asked = Number(new URL(args.request.url).searchParams.get("location_id"));
  const wanted = (Number.isInteger(asked) && asked > 0 && asked <= 2_147_483_647 ? asked : null) || cityId || null;
  const [locations, villages] = await Promise.all([listCities(scope), wanted ? listVillages(scope, wanted) : null]);
  return { locations, villages: villages ?? [], villagesCity: wanted };
}
