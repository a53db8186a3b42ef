/**
 * The pin point of a store or warehouse form (spec: Leaflet, default centre central Jakarta, zoom
 * 16 in the picker, 300 px; Set/Change Pin Point; reverse geocoding, falling back to typing).
 *
 *   <PinPointField latName="latitude" lngName="longitude" defaultValue={{ lat, lng } | null}
 *     addressFieldName="address" errors={[...(fields.latitude.errors ?? []), ...(fields.longitude.errors ?? [])]} />
 *
 * It posts `latName` and `lngName` (numbers with 6 decimals, or empty for no pin).
 * - Without JavaScript: two number inputs with hints; the address stays a plain field of the form.
 * - With JavaScript, two states. Inactive: the pin (a small map) or "No pin point yet", and a
 *   "Set Pin Point" / "Change Pin Point" button. Active: a place search box and the Leaflet map
 *   (pin-point-picker.tsx, fetched only now with Leaflet): click the map to put the pin, drag it,
 *   then click the pin (or "Confirm pin
 *   point") to confirm. Confirming asks OUR API for the address at the pin
 *   (/api/v0.0.0/utilities/geocode/reverse, which asks the configured geocoder): when it answers,
 *   "Use this address" fills the form's `addressFieldName` field; when it cannot, a note says to
 *   type the address. The search box hides itself when the geocoder cannot be reached.
 */
import { lazy, Suspense, useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { MAP_HEIGHT, MAP_ZOOM_CARD } from "#core/profile/profile-enums.ts";
import { buttonClass, inputClass } from "#app/components/button.tsx";
import { FieldError } from "#app/components/form-error.tsx";
import { geocodeApi, type ReverseAnswer } from "./geocode.ts";
import { StaticMap } from "./pin-point-map.tsx";
import { formatLatLng, toLatLng, type LatLng } from "./tiles.ts";

const loadPicker = () => import("./pin-point-picker.tsx");
const PinPointPicker = lazy(loadPicker);

export type PinPointFieldProps = {
  latName?: string;
  lngName?: string;
  /** The saved pin, or after a failed submission what was sent (strings are read as numbers). */
  defaultValue?: { lat: number | string | null; lng: number | string | null } | null;
  /** The name of the form's address field that "Use this address" fills. */
  addressFieldName?: string;
  /** Legend of the group (default "Pin Point"). */
  label?: string;
  /** Errors of the latitude/longitude fields (the first is shown). */
  errors?: string[];
};

type Lookup = { state: "idle" } | { state: "loading" } | ({ state: "found" } & ReverseAnswer) | { state: "none"; message: string };

const six = (n: number) => String(Math.round(n * 1e6) / 1e6);

export function PinPointField({ latName = "latitude", lngName = "longitude", defaultValue, addressFieldName, label, errors }: PinPointFieldProps) {
  const { t, i18n } = useTranslation("widgets");
  const id = useId();
  const group = useRef<HTMLFieldSetElement>(null);
  const initial = toLatLng(defaultValue?.lat, defaultValue?.lng);

  const hydrated = useHydrated();
  const [pin, setPin] = useState<LatLng | null>(initial);
  const [active, setActive] = useState(false);
  const [lookup, setLookup] = useState<Lookup>({ state: "idle" });
  const [used, setUsed] = useState(false);
  const activateButton = useRef<HTMLButtonElement>(null);

  // A failed submission sends back what was posted: follow it.
  const initialKey = initial ? formatLatLng(initial) : "";
  const [seen, setSeen] = useState(initialKey);
  if (seen !== initialKey) {
    setSeen(initialKey);
    setPin(initial);
  }

  const addressField = () => {
    const el = addressFieldName ? group.current?.form?.elements.namedItem(addressFieldName) : null;
    return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el : null;
  };

  async function lookUp(p: LatLng) {
    setLookup({ state: "loading" });
    setUsed(false);
    try {
      const res = await geocodeApi<ReverseAnswer>("reverse", { lat: p.lat.toFixed(6), lng: p.lng.toFixed(6) }, i18n.language);
      if (res.status === 200 && res.data?.address) setLookup({ state: "found", ...res.data });
      else setLookup({ state: "none", message: res.message || t("geocode.unavailable") });
    } catch {
      setLookup({ state: "none", message: t("geocode.unavailable") });
    }
  }

  const back = () => requestAnimationFrame(() => activateButton.current?.focus());

  function confirm(p: LatLng) {
    setPin(p);
    setActive(false);
    if (addressFieldName) void lookUp(p);
    back();
  }

  function useAddress() {
    const el = addressField();
    if (!el || lookup.state !== "found") return;
    // The native setter + an input event, so form libraries (Conform) see the change.
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, lookup.address);
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
    setUsed(true);
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  const legend = label ?? t("map.pin_point");

  return (
    <fieldset ref={group} className="space-y-3 rounded-lg border border-slate-200 p-4" aria-describedby={invalid ? errorId : undefined}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      {!hydrated ? (
        // No JavaScript (and the first paint): coordinates typed by hand.
        <>
          <p id={hintId} className="text-xs text-slate-500">{t("map.manual_hint")}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-lat`} className="mb-1 block text-sm font-medium text-slate-700">{t("map.latitude")}</label>
              <input id={`${id}-lat`} type="number" name={latName} step="any" min={-90} max={90} inputMode="decimal"
                defaultValue={initial ? six(initial.lat) : ""} aria-describedby={`${id}-lat-hint ${hintId}`} aria-invalid={invalid || undefined} className={inputClass} />
              <p id={`${id}-lat-hint`} className="mt-1 text-xs text-slate-500">{t("map.latitude_hint")}</p>
            </div>
            <div>
              <label htmlFor={`${id}-lng`} className="mb-1 block text-sm font-medium text-slate-700">{t("map.longitude")}</label>
              <input id={`${id}-lng`} type="number" name={lngName} step="any" min={-180} max={180} inputMode="decimal"
                defaultValue={initial ? six(initial.lng) : ""} aria-describedby={`${id}-lng-hint ${hintId}`} aria-invalid={invalid || undefined} className={inputClass} />
              <p id={`${id}-lng-hint`} className="mt-1 text-xs text-slate-500">{t("map.longitude_hint")}</p>
            </div>
          </div>
        </>
      ) : (
        <>
          <input type="hidden" name={latName} value={pin ? six(pin.lat) : ""} />
          <input type="hidden" name={lngName} value={pin ? six(pin.lng) : ""} />
          {!active ? (
            <div className="space-y-3">
              {pin ? (
                <>
                  <StaticMap pin={pin} zoom={MAP_ZOOM_CARD} height={Math.round(MAP_HEIGHT / 2)} interactive={false} label={t("map.card_label", { coords: formatLatLng(pin) })} />
                  <p className="text-sm text-slate-700">{t("map.coordinates", { coords: formatLatLng(pin) })}</p>
                </>
              ) : (
                <p className="text-sm text-slate-500">{t("map.no_pin")}</p>
              )}
              <div className="flex flex-wrap gap-2">
                <button ref={activateButton} type="button" className={buttonClass("secondary")} onClick={() => setActive(true)} onPointerEnter={() => void loadPicker()} onFocus={() => void loadPicker()}>
                  {pin ? t("map.change") : t("map.set")}
                </button>
                {pin ? (
                  <button type="button" className={buttonClass("ghost")} onClick={() => { setPin(null); setLookup({ state: "idle" }); }}>
                    {t("map.remove")}
                  </button>
                ) : null}
              </div>
              <div aria-live="polite" className="text-sm">
                {lookup.state === "loading" ? <p className="text-slate-500">{t("map.looking_up")}</p> : null}
                {lookup.state === "found" ? (
                  <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
                    <p className="text-slate-600">{t("map.address_found")}</p>
                    <p className="mt-1 font-medium text-slate-800">{lookup.address}</p>
                    {lookup.city_name || lookup.postcode ? (
                      <p className="text-xs text-slate-500">{[lookup.city_name, lookup.postcode].filter(Boolean).join(" · ")}</p>
                    ) : null}
                    {addressField() ? (
                      used ? <p className="mt-2 text-emerald-700">{t("map.address_used")}</p> : (
                        <button type="button" className={`${buttonClass("secondary")} mt-2`} onClick={useAddress}>{t("map.use_address")}</button>
                      )
                    ) : null}
                  </div>
                ) : null}
                {lookup.state === "none" ? <p className="text-slate-600">{lookup.message}</p> : null}
              </div>
            </div>
          ) : (
            <Suspense fallback={<p className="text-sm text-slate-500">{t("map.loading")}</p>}>
              <PinPointPicker
                start={pin}
                onConfirm={confirm}
                onCancel={() => {
                  setActive(false);
                  back();
                }}
              />
            </Suspense>
          )}
        </>
      )}
      {invalid ? <FieldError id={errorId} errors={errors} /> : null}
    </fieldset>
  );
}
