import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isChunkLoadError, reloadAfterChunkError } from "./chunk-reload.ts";

describe("reloading after a failed chunk load", () => {
  const store = new Map<string, string>();
  const reload = vi.fn();
  beforeEach(() => {
    store.clear();
    reload.mockClear();
    vi.useFakeTimers();
    vi.stubGlobal("sessionStorage", { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
    vi.stubGlobal("window", { location: { reload } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("tells a failed chunk load from other errors", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/list-abc.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("reloads at most once per 60 seconds", () => {
    vi.setSystemTime(new Date("2026-11-21T10:00:00Z"));
    expect(reloadAfterChunkError()).toBe(true);
    vi.setSystemTime(new Date("2026-11-21T10:00:59Z"));
    expect(reloadAfterChunkError()).toBe(false);
    vi.setSystemTime(new Date("2026-11-21T10:01:01Z"));
    expect(reloadAfterChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload while the browser is offline (the page shows its offline screen instead)", () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect(reloadAfterChunkError()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    vi.stubGlobal("navigator", { onLine: true });
    expect(reloadAfterChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
