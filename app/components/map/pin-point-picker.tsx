/**
 * The active state of <PinPointField> (loaded on demand together with Leaflet, so neither is in a
 * page's first load): a place search box and the map at zoom 16, centred on the pin or on central
 * Jakarta. Click the map to put the pin, drag it, click the pin (or "Confirm pin point") to confirm;
 * "Put the pin at the map centre" does it from the keyboard. The search goes through our API to the
 * geocoder; when that cannot be reached the box hides itself and says so, the map still works.
 */
import { useId, useState } from "react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { MAP_HEIGHT, MAP_ZOOM_PICKER } from "#core/profile/profile-enums.ts";
import { buttonClass, inputClass } from "#app/components/button.tsx";
import { geocodeApi, type Place } from "./geocode.ts";
import LeafletMap from "./leaflet-map.tsx";
import { DEFAULT_CENTER, formatLatLng, useMapSettings, type LatLng } from "./tiles.ts";

export default function PinPointPicker({ start, onConfirm, onCancel }: {
  start: LatLng | null;
  onConfirm: (p: LatLng) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation("widgets");
  const settings = useMapSettings();
  const [draft, setDraft] = useState<LatLng | null>(start);
  const [centre, setCentre] = useState<LatLng>(start ?? DEFAULT_CENTER);
  const [goTo, setGoTo] = useState<LatLng | null>(null);
  const [query, setQuery] = useState("");
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [searchOff, setSearchOff] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);

  async function search() {
    const q = query.trim();
    if (q.length < 3) return setNote(t("map.search_min"));
    setNote(t("map.searching"));
    try {
      const res = await geocodeApi<Place[]>("search", { q }, i18n.language);
      if (res.status === 200 && Array.isArray(res.data)) {
        setPlaces(res.data);
        setNote(null);
      } else if (res.status === 404) {
        setPlaces([]);
        setNote(t("map.no_results"));
      } else if (res.status === 503) {
        setSearchOff(true);
        setNote(t("map.search_unavailable"));
      } else setNote(res.message || t("map.search_unavailable"));
    } catch {
      setSearchOff(true);
      setNote(t("map.search_unavailable"));
    }
  }

  const id = useId();
  return (
    <div className="space-y-3">
      {!searchOff ? (
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">{t("map.search_label")}</label>
          <div className="flex gap-2">
            <input
              id={id}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              onKeyDown={(e) => {
                // Enter searches here; it must not submit the whole form.
                if (e.key === "Enter") {
                  e.preventDefault();
                  void search();
                }
              }}
              placeholder={t("map.search_placeholder")}
              className={inputClass}
              autoComplete="off"
              autoFocus
            />
            <button type="button" className={buttonClass("secondary")} onClick={() => void search()}>{t("map.search")}</button>
          </div>
        </div>
      ) : null}
      <div aria-live="polite" className="text-sm">
        {note ? <p className="text-slate-600">{note}</p> : null}
        {places && places.length ? (
          <ul className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
            {places.map((p) => (
              <li key={`${p.latitude},${p.longitude}`}>
                <button
                  type="button"
                  className="w-full px-3 py-2 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
                  onClick={() => {
                    const at = { lat: p.latitude, lng: p.longitude };
                    setGoTo(at);
                    setDraft(at);
                    setPlaces(null);
                  }}
                >
                  {p.name}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="text-sm text-slate-600">{t("map.pick_help")}</p>
      <div className="relative overflow-hidden rounded-md border border-slate-200 bg-slate-200" style={{ height: MAP_HEIGHT }}>
        <LeafletMap
          mode="pick"
          center={start ?? DEFAULT_CENTER}
          zoom={MAP_ZOOM_PICKER}
          pin={draft}
          tileUrl={settings.tileUrl}
          attribution={settings.attribution}
          label={t("map.picker_label")}
          pinTitle={t("map.pin_title")}
          onPick={setDraft}
          onConfirm={() => draft && onConfirm(draft)}
          onMove={setCentre}
          onTilesFailed={() => setTilesFailed(true)}
          goTo={goTo}
        />
      </div>
      {tilesFailed ? <p className="text-sm text-slate-600">{t("map.tiles_failed")}</p> : null}
      <p className="text-xs text-slate-500">{draft ? t("map.coordinates", { coords: formatLatLng(draft) }) : t("map.no_pin")}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass("secondary")} onClick={() => setDraft(centre)}>{t("map.pin_centre")}</button>
        <button type="button" className={buttonClass("primary")} disabled={!draft} onClick={() => draft && onConfirm(draft)}>{t("map.confirm")}</button>
        <button type="button" className={buttonClass("ghost")} onClick={onCancel}>{t("map.cancel")}</button>
      </div>
    </div>
  );
}
