/**
 * The pin-point map of a store or warehouse card (spec: Leaflet, zoom 15, 300 px high).
 *
 *   <PinPointMap lat={store.latitude} lng={store.longitude} />
 *
 * Without JavaScript it is drawn from the same map tiles, laid out around the pin (a CSS pin in
 * the middle), with the coordinates and a link to the place on OpenStreetMap under it. When the
 * tiles cannot be loaded the box stays grey with the coordinates in it: nothing looks broken. With
 * JavaScript, once the map scrolls into view (a closed <details> card waits until it is opened),
 * Leaflet takes over the same box: drag to look around, zoom buttons. No pin: "No pin point yet".
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { MAP_HEIGHT, MAP_ZOOM_CARD } from "#core/profile/profile-enums.ts";
import { formatLatLng, osmLink, PIN_SIZE, PIN_SVG, tileSrc, tilesAround, toLatLng, useMapSettings, type LatLng } from "./tiles.ts";

const LeafletMap = lazy(() => import("./leaflet-map.tsx"));

/** Widest a card map can be (static tiles are laid out around the centre up to this). */
const MAX_HALF_WIDTH = 700;

export type PinPointMapProps = {
  lat: number | string | null | undefined;
  lng: number | string | null | undefined;
  /** Map height in px (default the spec's 300). */
  height?: number;
  zoom?: number;
  /** Leaflet on scroll-into-view with JavaScript (default true); false keeps the static picture. */
  interactive?: boolean;
};

export function PinPointMap({ lat, lng, height = MAP_HEIGHT, zoom = MAP_ZOOM_CARD, interactive = true }: PinPointMapProps) {
  const { t } = useTranslation("widgets");
  const pin = toLatLng(lat, lng);
  if (!pin) return <p className="text-sm text-slate-500">{t("map.no_pin")}</p>;
  return (
    <figure className="space-y-1">
      <StaticMap pin={pin} zoom={zoom} height={height} interactive={interactive} label={t("map.card_label", { coords: formatLatLng(pin) })} />
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span>{t("map.coordinates", { coords: formatLatLng(pin) })}</span>
        <a href={osmLink(pin, zoom)} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline">
          {t("map.open_osm")}
        </a>
      </figcaption>
    </figure>
  );
}

/** The map box: static tiles + CSS pin, and Leaflet over them once visible (JavaScript). */
export function StaticMap({ pin, zoom, height, interactive, label }: { pin: LatLng; zoom: number; height: number; interactive: boolean; label: string }) {
  const { t } = useTranslation("widgets");
  const settings = useMapSettings();
  const box = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!interactive || live || !box.current || typeof IntersectionObserver === "undefined") return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setLive(true);
        seen.disconnect();
      }
    }, { rootMargin: "200px" });
    seen.observe(box.current);
    return () => seen.disconnect();
  }, [interactive, live]);

  const tiles = tilesAround(pin, zoom, MAX_HALF_WIDTH, height / 2);
  return (
    <div ref={box} className="relative isolate overflow-hidden rounded-md border border-slate-200 bg-slate-200" style={{ height }}>
      {/* Under the tiles: seen only when they cannot be loaded. */}
      <p className="absolute inset-x-0 bottom-3 text-center text-xs text-slate-600">{t("map.tiles_unavailable", { coords: formatLatLng(pin) })}</p>
      <div aria-hidden className="absolute left-1/2 top-1/2">
        {tiles.map((tile) => (
          // Backgrounds, not <img>s: a tile that cannot be loaded leaves no broken-image icon.
          <div
            key={tile.key}
            className="absolute h-64 w-64 bg-no-repeat"
            style={{ left: tile.left, top: tile.top, backgroundImage: `url("${tileSrc(settings.tileUrl, zoom, tile.x, tile.y)}")` }}
          />
        ))}
      </div>
      {live ? (
        <Suspense fallback={null}>
          <LeafletMap mode="view" center={pin} zoom={zoom} pin={pin} tileUrl={settings.tileUrl} attribution={settings.attribution} label={label} />
        </Suspense>
      ) : (
        <>
          <span
            aria-hidden
            className="absolute left-1/2 top-1/2 z-10"
            style={{ marginLeft: -PIN_SIZE.width / 2, marginTop: -PIN_SIZE.height, width: PIN_SIZE.width, height: PIN_SIZE.height }}
            dangerouslySetInnerHTML={{ __html: PIN_SVG }}
          />
          <span role="img" aria-label={label} className="absolute inset-0" />
          {settings.attribution ? (
            <span className="absolute bottom-0 right-0 z-10 bg-white/80 px-1 text-[10px] text-slate-700">{settings.attribution}</span>
          ) : null}
        </>
      )}
    </div>
  );
}
