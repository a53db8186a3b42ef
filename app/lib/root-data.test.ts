import { describe, expect, it, vi } from "vitest";
import { data } from "react-router";
import { rootData } from "./root-data.ts";

describe("the root's data on a client navigation", () => {
  it("is the server's when it came", async () => {
    const load = vi.fn();
    expect(await rootData(async () => ({ locale: "en" }), "http://x/orders", load)).toEqual({ locale: "en" });
    expect(load).not.toHaveBeenCalled();
  });

  it("loads the page as a document when a layout below refused and left the root no result (the 403 page)", async () => {
    const load = vi.fn();
    const pending = rootData(async () => { throw new Error('No result found for routeId "root"'); }, "http://x/products/listing", load);
    await new Promise((r) => setTimeout(r, 0));
    expect(load).toHaveBeenCalledWith("http://x/products/listing");
    expect(await Promise.race([pending.then(() => "settled"), new Promise((r) => setTimeout(() => r("waiting"), 10))])).toBe("waiting");
  });

  it("lets redirects, route errors and other failures (offline) through", async () => {
    const load = vi.fn();
    const redirect = new Response(null, { status: 302, headers: { Location: "/auth" } });
    await expect(rootData(async () => { throw redirect; }, "u", load)).rejects.toBe(redirect);
    const forbidden = data("no", { status: 403 });
    await expect(rootData(async () => { throw forbidden; }, "u", load)).rejects.toBe(forbidden);
    await expect(rootData(async () => { throw new TypeError("Failed to fetch"); }, "u", load)).rejects.toThrow("Failed to fetch");
    expect(load).not.toHaveBeenCalled();
  });
});
