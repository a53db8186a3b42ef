/**
 * The error page's <title> as React Router renders it (its <Meta /> and the page's error boundary,
 * in a route stub): one translated title, never the "undefined" a page's meta gave without its
 * loader's data. The maintenance page's title is in the page's language too.
 */
import fs from "node:fs";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, Outlet, type MetaFunction } from "react-router";
import { describe, expect, it, vi } from "vitest";
import * as orderDetail from "#app/routes/admin/orders/detail.tsx";
import * as maintenance from "#app/routes/error/maintenance.tsx";
import { I18nProvider } from "#app/lib/i18n-react.tsx";
import { runLoader } from "./harness.ts";

const common = (locale: string) => JSON.parse(fs.readFileSync(`locales/${locale}/common.json`, "utf8"));

/** The titles of the order page showing `error`, in `locale`. */
function titlesOf(error: unknown, locale: "en" | "id") {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      // As root.tsx's Layout and App: the route meta, then the page within the language's strings.
      Component: () => h("div", null, h(Meta), h(I18nProvider, { language: locale, resources: { common: common(locale) }, children: h(Outlet) })),
      children: [{ id: "order", path: "orders/:slug", Component: orderDetail.default, ErrorBoundary: orderDetail.ErrorBoundary, meta: orderDetail.meta as MetaFunction }],
    },
  ]);
  const html = renderToString(h(Stub, { initialEntries: ["/orders/INV-1"], hydrationData: { loaderData: { root: null }, errors: { order: error } } }));
  return [...html.matchAll(/<title>(.*?)<\/title>/g)].map((m) => m[1]);
}

const refusal = (status: number, data: string) => ({ status, statusText: "", internal: false, data });

describe("the error page's title", () => {
  it("is the error's, translated, with the app's name", () => {
    expect(titlesOf(refusal(404, "Not found"), "en")).toEqual(["404 · This page could not be found | Indie Seller"]);
    expect(titlesOf(refusal(404, "Not found"), "id")).toEqual(["404 · Halaman ini tidak dapat ditemukan | Indie Seller"]);
    expect(titlesOf(refusal(500, ""), "en")).toEqual(["500 · Error | Indie Seller"]);
    expect(titlesOf(refusal(500, ""), "id")).toEqual(["500 · Galat | Indie Seller"]);
  });

  it("says something went wrong for an unexpected error", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(titlesOf(new Error("boom"), "id")).toEqual(["Terjadi kesalahan! Silakan coba lagi. | Indie Seller"]);
  });
});

describe("the maintenance page's title", () => {
  it("is in the page's language", async () => {
    const title = async (url: string) => {
      const { data } = await runLoader(maintenance, { url, area: "public" });
      return (maintenance.meta({ loaderData: data } as never) as { title: string }[])[0].title;
    };
    expect(await title("/error/maintance")).toBe("We are doing some maintenance · Indie Seller");
    expect(await title("/id/error/maintance")).toBe("Kami sedang melakukan pemeliharaan · Indie Seller");
  });
});
