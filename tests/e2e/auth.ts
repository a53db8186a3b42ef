/**
 * Signing in the way a person does: the real /auth form. Kept apart from fixtures.ts (which needs
 * the Playwright test runner) so the bench can sign in with it too.
 */
import type { Page } from "@playwright/test";

import { DEMO } from "#tests/demo-accounts.ts";

export { DEMO };

/** Opens /auth and signs in; resolves once the browser has left the sign-in page. */
export async function signIn(page: Page, email: string, password: string = DEMO.password) {
  await page.goto("/auth");
  await submitSignIn(page, email, password);
}

/** Fills and submits the English sign-in form already on screen (e.g. after a redirect to /auth). */
export async function submitSignIn(page: Page, email: string, password: string = DEMO.password) {
  await page.getByLabel("Email or phone number").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await Promise.all([
    page.waitForURL((url) => !/^(\/id)?\/auth\/?$/.test(url.pathname)),
    page.getByRole("button", { name: "Sign in", exact: true }).click(),
  ]);
}
