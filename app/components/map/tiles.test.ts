/** The static card map's tile maths (Web Mercator, 256 px tiles), checked against known tiles. */
import { describe, expect, it } from "vitest";
import { tileSrc, tilesAround, toLatLng, worldPixel } from "./tiles.ts";

describe("map tiles", () => {
  it("find the tile of a point as every slippy map does", () => {
    // The OpenStreetMap wiki's formula: x = (lng+180)/360·2^z, y = (1 − asinh(tan φ)/π)/2·2^z.
    // Monas, Jakarta at zoom 15 is tile 26107/16947.
    const lat = -6.1754;
    const p = worldPixel({ lat, lng: 106.8272 }, 15);
    expect(Math.floor(p.x / 256)).toBe(26107);
    expect(Math.floor(p.y / 256)).toBe(Math.floor(((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * 2 ** 15));
    expect(Math.floor(p.y / 256)).toBe(16947);
    expect(worldPixel({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
  });

  it("lay out the tiles around the point so the point is at the centre", () => {
    const pin = { lat: -6.1754, lng: 106.8272 };
    const tiles = tilesAround(pin, 15, 300, 150);
    const c = worldPixel(pin, 15);
    const home = tiles.find((t) => t.x === Math.floor(c.x / 256) && t.y === Math.floor(c.y / 256))!;
    expect(home.left).toBeLessThanOrEqual(0);
    expect(home.left).toBeGreaterThan(-256);
    expect(home.left).toBe(Math.round(home.x * 256 - c.x));
    // Every tile needed, no more: 600×300 px needs 3–4 columns and 2–3 rows.
    expect(new Set(tiles.map((t) => t.x)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(tiles.map((t) => t.y)).size).toBeLessThanOrEqual(3);
  });

  it("fill the tile URL template and read coordinates", () => {
    expect(tileSrc("https://{s}.tile.example/{z}/{x}/{y}{r}.png", 15, 1, 2)).toBe("https://a.tile.example/15/1/2.png");
    expect(toLatLng("-6.2", "106.8")).toEqual({ lat: -6.2, lng: 106.8 });
    expect(toLatLng(null, 106.8)).toBeNull();
    expect(toLatLng("", "")).toBeNull();
    expect(toLatLng(95, 10)).toBeNull();
  });
});
