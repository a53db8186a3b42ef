/**
 * The maps as islands (store-lazy.tsx): fetched after the first load, rendered completely by the
 * server (the page's loader awaits `.ready()`), working without JavaScript until then.
 * - PinPointField: the form's map picker; until it is live, the server's latitude/longitude
 *   inputs work on their own.
 * - PinPointMap: a card's map (static tiles and a pin; Leaflet once it is live and in view).
 */
import { island } from "#app/components/store-lazy.tsx";

export const PinPointField = island(() => import("./pin-point-field.tsx").then((m) => m.PinPointField));
export const PinPointMap = island(() => import("./pin-point-map.tsx").then((m) => m.PinPointMap));
