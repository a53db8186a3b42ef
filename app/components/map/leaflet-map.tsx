/**
 * The Leaflet map of the pin-point widgets, loaded on demand (React.lazy) so Leaflet and its CSS
 * are never in a page's first load. Two modes:
 * - "view" (cards): the pin, drag to look around, zoom buttons; the page scroll wheel is left alone.
 * - "pick" (forms): a click on the map (or Enter on it) puts the pin there, the pin can be dragged,
 *   and a click (or Enter) on the pin confirms it.
 * The pin is an inline-SVG divIcon (Leaflet's default marker images break under bundlers).
 */
import { useEffect, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { PIN_SIZE, PIN_SVG, type LatLng } from "./tiles.ts";

export type LeafletMapProps = {
  mode: "view" | "pick";
  center: LatLng;
  zoom: number;
  pin: LatLng | null;
  tileUrl: string;
  attribution: string;
  /** The map's accessible name. */
  label: string;
  /** Title of the pin (its accessible name in pick mode, where it is a button). */
  pinTitle?: string;
  /** pick: the pin was put or dragged here. */
  onPick?: (p: LatLng) => void;
  /** pick: the pin was clicked. */
  onConfirm?: () => void;
  /** The map's centre after each move (for "pin the centre"). */
  onMove?: (p: LatLng) => void;
  /** Tiles could not be loaded (offline, blocked, the tile server is down). */
  onTilesFailed?: () => void;
  /** Moves the map to this place (a search result) when it changes. */
  goTo?: LatLng | null;
};

const icon = () =>
  L.divIcon({
    html: PIN_SVG,
    className: "pin-point-icon",
    iconSize: [PIN_SIZE.width, PIN_SIZE.height],
    iconAnchor: [PIN_SIZE.width / 2, PIN_SIZE.height],
  });

export default function LeafletMap(props: LeafletMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  // The latest callbacks, for Leaflet's handlers bound once.
  const live = useRef(props);
  live.current = props;

  useEffect(() => {
    const { mode, center, zoom, tileUrl, attribution, label } = live.current;
    const m = L.map(box.current!, {
      center: [center.lat, center.lng],
      zoom,
      scrollWheelZoom: mode === "pick" ? "center" : false,
      attributionControl: true,
    });
    L.tileLayer(tileUrl, { attribution, maxZoom: 19, subdomains: "abc" })
      .once("tileerror", () => live.current.onTilesFailed?.())
      .addTo(m);
    const container = m.getContainer();
    container.setAttribute("role", "region");
    container.setAttribute("aria-label", label);
    container.style.background = "transparent";
    if (mode === "pick") {
      m.on("click", (e: L.LeafletMouseEvent) => live.current.onPick?.({ lat: e.latlng.lat, lng: e.latlng.lng }));
    }
    m.on("moveend", () => {
      const c = m.getCenter();
      live.current.onMove?.({ lat: c.lat, lng: c.lng });
    });
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
  }, []);

  // The pin follows the props.
  const { pin, mode, pinTitle } = props;
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!pin) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      const pick = mode === "pick";
      const mk = L.marker([pin.lat, pin.lng], { icon: icon(), draggable: pick, interactive: pick, keyboard: pick, title: pinTitle, autoPan: true });
      if (pick) {
        mk.on("click", () => live.current.onConfirm?.());
        mk.on("keypress", (e: L.LeafletKeyboardEvent) => {
          if (e.originalEvent.key === "Enter" || e.originalEvent.key === " ") live.current.onConfirm?.();
        });
        mk.on("dragend", () => {
          const p = mk.getLatLng();
          live.current.onPick?.({ lat: p.lat, lng: p.lng });
        });
      }
      marker.current = mk.addTo(m);
    } else {
      marker.current.setLatLng([pin.lat, pin.lng]);
    }
  }, [pin?.lat, pin?.lng, mode, pinTitle]);

  const { goTo } = props;
  useEffect(() => {
    if (goTo && map.current) map.current.setView([goTo.lat, goTo.lng], Math.max(map.current.getZoom(), props.zoom));
  }, [goTo?.lat, goTo?.lng]);

  return <div ref={box} className="absolute inset-0 z-0" />;
}
