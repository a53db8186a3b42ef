/**
 * Signs in once per run, through the real form, as the accounts whose sessions the journeys reuse
 * (see fixtures.ts). Runs before the "js" and "no-js" projects.
 */
import { test as setup } from "@playwright/test";
import { authFile, DEMO, signIn } from "./fixtures.ts";

for (const who of ["seller", "staff"] as const) {
  setup(`sign in as ${who}`, async ({ page }) => {
    await signIn(page, DEMO[who]);
    await page.context().storageState({ path: authFile(who) });
  });
}
