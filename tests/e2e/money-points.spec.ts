/**
 * The balances in Chromium (issue 15), with JavaScript and without (@core): the sidebar's Credits
 * Balance group leads to each balance page, the dashboard's balances panel to the points page, and
 * the points page shows a posting made on the seller's business (Toko Demo) — its order's code
 * linking to the order, the balance after it, the type filter; then once in Indonesian.
 *
 * The posting is written as core/money/ledger.ts writes one (accounts locked, the entries summing
 * to zero, the balances moved with them) in the e2e database: the pages that earn points (an order
 * finishing) are another journey's. Journeys run side by side on Toko Demo, so each finds its own
 * row by the note it wrote, never by totals.
 */
import pg from "pg";
import { queryOne } from "./db.ts";
import { e2eDatabaseUrl } from "./env.ts";
import { authFile, expect, test } from "./fixtures.ts";
import { hydrated, uid } from "./orders.ts";

test.use({ storageState: authFile("seller") });

/** Points earned on one of Toko Demo's orders, posted the ledger's way; answers the order and the note. */
async function earnPoints(points: number) {
  const note = `E2E ${uid()}`;
  const order = await queryOne<{ id: number; code: string; business_id: number }>(`
    SELECT o.id, o.order_code AS code, o.business_id FROM orders o JOIN businesses b ON b.id = o.business_id
     WHERE b.name = 'Toko Demo' ORDER BY o.id LIMIT 1`);
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(`INSERT INTO ledger_accounts (business_id, code, unit) VALUES ($1, 'points', 'point'), ($1, 'points_issued', 'point')
      ON CONFLICT (business_id, code) DO NOTHING`, [order.business_id]);
    const { rows: accounts } = await client.query<{ id: number; code: string; balance: string }>(`
      SELECT id, code, balance FROM ledger_accounts WHERE business_id = $1 AND code IN ('points', 'points_issued') ORDER BY id FOR UPDATE`, [order.business_id]);
    const { rows: [tx] } = await client.query<{ id: number }>(`
      INSERT INTO ledger_transactions (business_id, kind, key, ref_type, ref_id, memo) VALUES ($1, 'points_earned', $2, 'order', $3, $4) RETURNING id`,
    [order.business_id, `e2e:${note}`, order.id, JSON.stringify({ note })]);
    const legs = accounts.map((a) => ({ ...a, amount: a.code === "points" ? points : -points }));
    await client.query(`
      INSERT INTO ledger_entries (transaction_id, business_id, account_id, unit, amount, balance_after)
      SELECT $1, $2, a, 'point', x, b FROM unnest($3::int[], $4::bigint[], $5::bigint[]) AS v(a, x, b)`,
    [tx.id, order.business_id, legs.map((l) => l.id), legs.map((l) => l.amount), legs.map((l) => Number(l.balance) + l.amount)]);
    for (const l of legs) await client.query("UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1", [l.id, l.amount]);
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
  return { order, note };
}

const sidebar = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main menu" });

test("the sidebar's Credits Balance leads to the points page, which shows a posting on the seller's business @core", async ({ page, javaScriptEnabled: js, checkA11y }) => {
  test.setTimeout(90_000);
  const { order, note } = await earnPoints(7);
  await page.goto("/dashboard");
  // The group's four pages are links now; the group opens without JavaScript (a <details>).
  await sidebar(page).getByText("Credits Balance").click();
  for (const [name, path] of [["Income", "/income-balance/income"], ["Saldo", "/income-balance/saldo"], ["Deposit", "/income-balance/deposit"], ["Points", "/income-balance/points"]]) {
    await expect(sidebar(page).getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
  }
  await sidebar(page).getByRole("link", { name: "Points", exact: true }).click();
  await expect(page).toHaveURL(/\/income-balance\/points$/);
  await expect(page.getByRole("heading", { level: 1, name: "Points" })).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Points", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("How points work")).toBeVisible();
  await expect(page.getByText("You earn 1 point for every full Rp. 10.000 of sales in an order.", { exact: false })).toBeVisible();

  const table = page.getByRole("table", { name: "Points history" });
  const row = table.getByRole("row").filter({ hasText: note });
  await expect(row).toContainText("Points earned");
  await expect(row).toContainText("+7");
  await expect(row.getByRole("link", { name: order.code })).toHaveAttribute("href", `/orders/${order.id}`);
  await checkA11y();

  // The type filter: spent hides it, earned shows it (a GET form: Apply without JavaScript).
  await hydrated(page, js);
  await page.getByLabel("Type").selectOption("points_spent");
  if (!js) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/kind=points_spent/);
  await expect(page.getByText(note)).toHaveCount(0);
  await page.getByLabel("Type").selectOption("points_earned");
  if (!js) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/kind=points_earned/);
  await expect(page.getByText(note)).toBeVisible();

  // On a 390 px phone: rows become cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(note)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the dashboard's balances panel opens the points page; /income-balance opens the first balance page @core", async ({ page }) => {
  await page.goto("/dashboard");
  const panel = page.getByRole("region", { name: "Balances" });
  await expect(panel.getByRole("link", { name: /^Saldo/ })).toHaveAttribute("href", "/income-balance/saldo");
  await expect(panel.getByRole("link", { name: /^Deposit/ })).toHaveAttribute("href", "/income-balance/deposit");
  await panel.getByRole("link", { name: /^Points/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Points" })).toBeVisible();
  const response = await page.request.get("/income-balance", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/income-balance/income");
});

test("each balance page opens from the sidebar (income, saldo, deposit: built in the other branches of issue 15)", async ({ page }) => {
  for (const [name, path] of [["Income", "/income-balance/income"], ["Saldo", "/income-balance/saldo"], ["Deposit", "/income-balance/deposit"]]) {
    await page.goto("/dashboard");
    await sidebar(page).getByText("Credits Balance").click();
    await sidebar(page).getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(sidebar(page).getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("This page could not be found")).toHaveCount(0);
  }
});

test("the points page in Indonesian", async ({ page }) => {
  const { order, note } = await earnPoints(3);
  await page.goto("/id/income-balance/points?kind=points_earned");
  await expect(page.getByRole("heading", { level: 1, name: "Poin" })).toBeVisible();
  await expect(page.getByText("Cara kerja poin")).toBeVisible();
  const row = page.getByRole("table", { name: "Riwayat poin" }).getByRole("row").filter({ hasText: note });
  await expect(row).toContainText("Poin didapat");
  await expect(row.getByRole("link", { name: order.code })).toHaveAttribute("href", `/id/orders/${order.id}`);
});
