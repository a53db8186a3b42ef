/** Unknown pages: "This page could not be found" with status 404 and a link home, in both languages. */
import fs from "node:fs";
import { expect, test } from "./fixtures.ts";

const id = JSON.parse(fs.readFileSync("locales/id/common.json", "utf8"));

test("an unknown page answers 404 in English @core", async ({ page, checkA11y }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  await checkA11y();
});

test("an unknown page answers 404 in Indonesian @core", async ({ page, checkA11y }) => {
  const res = await page.goto("/id/halaman-yang-tidak-ada");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: id.errors.not_found })).toBeVisible();
  await expect(page.getByRole("link", { name: id.errors.go_home })).toHaveAttribute("href", "/id");
  await expect(page.locator("html")).toHaveAttribute("lang", "id");
  await checkA11y();
});

test("an unknown API path answers the API's envelope, not the web's page", async ({ request }) => {
  for (const path of ["/api/v9.9.9/nothing", "/api/", "/api/v0.0.0/orders/x/y/z"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect(await res.json()).toEqual({ code: 404, message: "Route not found" });
  }
});
