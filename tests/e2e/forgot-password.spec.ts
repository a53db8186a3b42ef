/**
 * Forgot password in demo mode: the code is read from the /outbox page, the new password works.
 * Uses seller2@indie.test only (resetting a password signs that account out everywhere) and runs
 * once per run: an address may receive at most 3 codes per 15 minutes.
 */
import { DEMO, expect, signIn, test } from "./fixtures.ts";

test("a seller resets a forgotten password with the code from the outbox", async ({ page, context, checkA11y }) => {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await checkA11y();

  await page.getByLabel("Email or phone number").fill(DEMO.seller2);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await checkA11y();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  await checkA11y();

  // Demo mode: the message is in the outbox, newest first.
  const outbox = await context.newPage();
  await outbox.goto("/outbox");
  await expect(outbox.getByRole("heading", { name: "Demo outbox" })).toBeVisible();
  const message = outbox.getByRole("listitem").filter({ hasText: `To ${DEMO.seller2}` }).first();
  await expect(message).toContainText("Your code to reset your Indie Seller password");
  const code = /code is (\d{6})/.exec((await message.textContent()) ?? "")?.[1];
  expect(code, "a 6-digit code in the outbox message").toBeTruthy();
  await checkA11y(outbox);
  await outbox.close();

  const newPassword = "sekar-jagad-2026";
  await page.getByLabel("6-digit code").fill(code!);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("status")).toContainText("Your password has been changed");

  await signIn(page, DEMO.seller2, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("combobox", { name: "Business", exact: true }).locator("option:checked")).toHaveText("Batik Sekar Jagad");
});
