/**
 * Which language a request gets (decision 20): a page's is its URL's; an unprefixed page sends
 * someone who wants Indonesian — by the `lng` cookie they chose, else by their browser's first
 * language — to its /id twin; the API and the refusals made before a page answer in the caller's
 * Accept-Language. Through the whole app, as server.ts serves it.
 */
import { describe, expect, it } from "vitest";
import { app } from "#server/app.ts";

const open = (path: string, headers: Record<string, string>) => app.request(path, { headers, redirect: "manual" });

describe("the language of an unprefixed page", () => {
  it.each([
    ["id-ID,id;q=0.9,en-US;q=0.8", "/id/auth"],
    ["id", "/id/auth"],
  ])("an Indonesian browser (%s) with no choice made opens the Indonesian page", async (accept, to) => {
    const res = await open("/auth?next=%2Forders", { "Accept-Language": accept });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${to}?next=%2Forders`);
  });

  it.each(["en-US,en;q=0.9,id;q=0.8", "fr-FR", "*", "", ";;q=x,,", "zz-ZZZZ-99"])(
    "any other browser (%j) stays on the English page",
    async (accept) => {
      const res = await open("/auth", { "Accept-Language": accept });
      expect(res.status).toBe(200);
      expect(res.headers.get("vary")).toContain("Accept-Language");
      expect(await res.text()).toContain('<html lang="en"');
    },
  );

  it("a choice made wins over the browser: English chosen stays English, Indonesian chosen goes to /id", async () => {
    const en = await open("/auth", { "Accept-Language": "id-ID", Cookie: "lng=ImVuIg%3D%3D" });
    expect(en.status).toBe(200);
    const id = await open("/auth", { "Accept-Language": "en-US", Cookie: "lng=ImlkIg%3D%3D" });
    expect(id.headers.get("location")).toBe("/id/auth");
  });

  it("an /id page stays Indonesian whatever the browser says", async () => {
    const res = await open("/id/auth", { "Accept-Language": "en-US" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="id"');
  });
});

describe("the API's language", () => {
  const message = async (accept: string) => {
    // Signed out: the refusal's message is translated.
    const res = await app.request("/api/v0.0.1/products", { headers: { "Accept-Language": accept } });
    expect(res.status).toBe(401);
    return ((await res.json()) as { message: string }).message;
  };

  it("answers in the caller's first language when it is one of ours, else in English", async () => {
    const english = await message("en");
    const indonesian = await message("id");
    expect(english).toBe("Please sign in first");
    expect(indonesian).not.toBe(english);
    expect(await message("id-ID,id;q=0.9,en;q=0.8")).toBe(indonesian);
    expect(await message("en-GB,id;q=0.9")).toBe(english);
    expect(await message("ja-JP")).toBe(english);
    expect(await message("garbage;;q=")).toBe(english);
  });
});
