/**
 * What every journey shares: the demo accounts, signing in through the real form, signed-in
 * sessions saved once per run by accounts.setup.ts (the API allows 10 sign-ins per account per
 * 15 minutes, so journeys that are not about signing in reuse them), and the accessibility check.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import path from "node:path";
import { E2E_OUTPUT_DIR } from "./env.ts";

export { DEMO, signIn, submitSignIn } from "./auth.ts";
export { expect };

/** Where accounts.setup.ts keeps a signed-in browser state for an account. */
export const authFile = (who: "seller" | "staff") => path.join(E2E_OUTPUT_DIR, ".auth", `${who}.json`);

export const test = base.extend<{ checkA11y: (page?: Page) => Promise<void> }>({
  /** axe-core on the page as it is now; fails on serious or critical violations. */
  checkA11y: async ({ page: defaultPage, javaScriptEnabled }, use) => {
    await use(async (page = defaultPage) => {
      // axe runs as a script inside the page; with JavaScript off the same markup was checked by
      // the "js" project already.
      if (javaScriptEnabled === false) return;
      await page.waitForLoadState("load");
      // The pointer stays where the last click was; a hover state under it would make the result
      // depend on the layout of the previous page.
      await page.mouse.move(0, 0);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      const bad = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}  ${n.failureSummary?.split("\n").join(" ")}`).join("\n")}`);
      expect(bad, `axe on ${new URL(page.url()).pathname}`).toEqual([]);
    });
  },
});

/** The page's path with its query, e.g. "/profile/company?status=1". */
export const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
