/**
 * The admin layout's offline screen (spec section 2): when the browser goes offline the page says so
 * with a Refresh button, and the page comes back when the connection does. (A browser event, so
 * this journey runs with JavaScript only.)
 */
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

test("going offline shows the offline screen, coming back shows the page again", async ({ page, context, checkA11y }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole("heading", { name: "Your connection appears offline" })).toBeVisible();
  await expect(page.getByText("Please check your connection")).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
  // The sidebar and header stay: only the page's content is replaced.
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await checkA11y();

  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});
