/**
 * The main pages as a seller sees them on a phone (390 px) and a desktop (1366 px), signed in as
 * the demo seller (issue 12): nothing sticks out past the screen's edge (unless it sits in a row
 * that scrolls sideways on purpose: tabs, wide tables), no label lies over its field, no text is
 * squeezed into a one-word column, and axe finds nothing serious or critical. With JavaScript on:
 * the same markup is served without it, and the journeys run the core pages again without it.
 */
import type { Page } from "@playwright/test";
import { authFile, expect, test } from "./fixtures.ts";
import { hydrated } from "./orders.ts";

test.use({ storageState: authFile("seller") });
// Every test here only reads a page: they spread over both workers instead of queuing in one
// (run as a file in order this spec alone took ~10 min, the suite's longest tail).
test.describe.configure({ mode: "parallel" });

const PAGES = [
  "/dashboard", "/orders", "/orders?tab=process", "/products/listing", "/products/add/single",
  "/profile/company", "/profile/brand", "/profile/store", "/profile/channel", "/profile/warehouse",
  "/profile/factory", "/profile/store-fee", "/profile/factory/add", "/setting/pos-seller", "/setting/pos-seller/user/add",
  "/setting/security", "/setting/account", "/setting/chat", "/setting/partner", "/setting/notification", "/setting/audit",
  "/notification", "/id/orders", "/id/setting/account",
];

/** What on the page breaks the layout, described for the failure message; [] when nothing does. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const visible = (el: Element) => {
      if (el.closest("details:not([open]) > :not(summary)")) return false; // a closed popup's content
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 1 && r.height > 1 && style.visibility !== "hidden" && style.display !== "none";
    };
    // Inside a box that scrolls or clips sideways, being wider than the screen is that box's design.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === "auto" || x === "scroll" || x === "hidden" || x === "clip") return true;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > width + 1) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of document.querySelectorAll("main *")) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      if ((r.right > width + 1 || r.left < -1) && !clipped(el)) problems.push(`past the edge (${Math.round(r.left)}–${Math.round(r.right)} of ${width}): ${name(el)}`);
    }
    for (const label of document.querySelectorAll<HTMLLabelElement>("main label[for]")) {
      const field = document.getElementById(label.htmlFor);
      if (!field || !visible(label) || !visible(field) || label.contains(field)) continue;
      const a = label.getBoundingClientRect();
      const b = field.getBoundingClientRect();
      const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
      if (overlap) problems.push(`label over its field: ${name(label)}`);
    }
    // A name or a heading squeezed into a column a word wide ("Tok / o / De / mo").
    for (const el of document.querySelectorAll("main h1, main h2, main h3, main dd, main td")) {
      if (!visible(el)) continue;
      const text = (el.textContent ?? "").trim();
      const r = el.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
      if (text.length >= 8 && r.width < 72 && r.height > lineHeight * 2.5) problems.push(`squeezed (${Math.round(r.width)} px wide): ${name(el)}`);
    }
    return problems.slice(0, 10);
  });
}

for (const width of [390, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 768 } });

    // One test a page: they spread over the workers, and a failure names its page.
    for (const path of PAGES) {
      test(`${path} fits the screen, and axe finds nothing serious`, async ({ page, checkA11y, javaScriptEnabled }) => {
        test.skip(javaScriptEnabled === false, "the same markup: checked with JavaScript on");
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await expect(page.locator("main h1").first()).toBeVisible();
        expect(await layoutProblems(page), `${path} at ${width} px`).toEqual([]);
        await checkA11y();
      });
    }
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu closes after a link in it is followed", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled === false, "without JavaScript every link loads a page, which starts with the menu shut");
    await page.goto("/dashboard");
    await page.locator("header label[for=sidebar-toggle]").click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(menu).toBeHidden();
  });
});

test.describe("at 1366 px", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("a sidebar link to another area opens in the app: its route was learnt after the page loaded", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled === false, "without JavaScript every link loads a page");
    // Route discovery "lazy" (react-router.config.ts): the page knows its own routes, and asks
    // /__manifest once for those its links lead to — answered by the whole route table.
    const learnt = page.waitForResponse((r) => new URL(r.url()).pathname === "/__manifest" && r.url().includes("%2Fdashboard"));
    await page.goto("/orders");
    expect((await learnt).status()).toBe(200);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("every order tab is in view, Returned too", async ({ page }) => {
    await page.goto("/orders");
    const returned = page.getByRole("navigation", { name: "Order status" }).getByRole("link", { name: /^Returned/ });
    await expect(returned).toBeInViewport();
  });

  test("Export History closes with Escape and gives the focus back to its button", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled === false, "Escape on a popup is a JavaScript nicety; without it the button closes it");
    await page.goto("/profile/factory");
    await page.waitForLoadState("networkidle"); // the popup is an island: it comes after the first load
    const button = page.locator("summary", { hasText: "Export History" });
    await button.click();
    await expect(page.getByRole("heading", { name: "Export History" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("heading", { name: "Export History" })).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("a search keeps the keyboard in the search field", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled === false, "without JavaScript a search loads a new page");
    await page.goto("/profile/factory");
    // Before hydration Enter sends the plain GET form: a new page, rightly without the focus.
    await hydrated(page, true);
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill("Konveksi");
    await search.press("Enter");
    await expect(page).toHaveURL(/search=Konveksi/);
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("Konveksi");
  });
});
