/** Signing in and out, the way back to the page asked for, and what a staff account may open. */
import { queryOne } from "./db.ts";
import { DEMO, expect, here, signIn, submitSignIn, test } from "./fixtures.ts";

test("a seller signs in and sees the dashboard of Toko Demo with its real figures @core", async ({ page, checkA11y }) => {
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await checkA11y();
  await submitSignIn(page, DEMO.seller);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Business", exact: true }).locator("option:checked")).toHaveText("Toko Demo");

  // The figures are the database's, not placeholders.
  const { products, orders } = await queryOne<{ products: string; orders: string }>(
    `SELECT (SELECT count(*) FROM products p WHERE p.business_id = b.id) AS products,
            (SELECT count(*) FROM orders o WHERE o.business_id = b.id) AS orders
       FROM businesses b WHERE b.name = 'Toko Demo'`,
  );
  expect(Number(products)).toBeGreaterThan(0);
  const productsCard = page.getByRole("region", { name: "Today at a glance" }).getByText("Products", { exact: true }).locator("..");
  await expect(productsCard).toContainText(new Intl.NumberFormat("id-ID").format(Number(products)));
  await expect(page.getByRole("heading", { name: `Orders by status (${new Intl.NumberFormat("id-ID").format(Number(orders))})` })).toBeVisible();
  await checkA11y();
});

test("a page opened signed out asks to sign in, then opens that page @core", async ({ page, checkA11y }) => {
  await page.goto("/profile/company");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile%2Fcompany$/);
  await checkA11y();
  await submitSignIn(page, DEMO.seller);
  expect(here(page)).toBe("/profile/company");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Company");
});

test("staff land on orders, cannot open the dashboard, and sign out @core", async ({ page, checkA11y }) => {
  await signIn(page, DEMO.staff);
  expect(here(page)).toBe("/orders");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Orders");
  await checkA11y();

  // The dashboard is not in staff's access list: the 403 page says so and links their start page.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "You can't open this page" })).toBeVisible();
  await page.getByRole("link", { name: "Your start page" }).click();
  await expect(page).toHaveURL(/\/orders$/);

  await page.locator("summary", { hasText: "User menu" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  // Signed out for real: the orders page asks to sign in again.
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Forders$/);
});
