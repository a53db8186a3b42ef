/**
 * The deposit (issue 15 item 3): a seller tops up with the in-process payment simulator (demo) and
 * sees the deposit rise once the payment's callback arrives; pays an invoice from the deposit
 * (asked first: the dialog with JavaScript, the server's confirm step without — @core runs both);
 * prints it; and the page in Indonesian at a phone's width. Each run issues its own invoice (as the
 * platform does) and reads the e2e database for the figures, so the two runs never share one.
 */
import type { Page } from "@playwright/test";
import { queryOne } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

const rupiah = (n: number) => `${n < 0 ? "-" : ""}Rp. ${Math.abs(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;

async function business() {
  return queryOne<{ id: number }>(`
    SELECT b.id FROM businesses b JOIN users u ON u.id = b.owner_user_id
     WHERE u.email = 'seller@indie.test' AND b.name = 'Toko Demo'`);
}
/** What the deposit's ledger lines referring to one payment or invoice add up to. */
const depositLine = async (businessId: number, refType: string, refId: number) =>
  Number((await queryOne<{ sum: string | null }>(`
    SELECT sum(e.amount) AS sum FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id AND a.code = 'deposit'
      JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE e.business_id = $1 AND t.ref_type = $2 AND t.ref_id = $3`, [businessId, refType, refId])).sum ?? 0);
const depositOf = async (businessId: number) =>
  Number((await queryOne<{ balance: string | null }>(`SELECT (SELECT balance FROM ledger_accounts WHERE business_id = $1 AND code = 'deposit') AS balance`, [businessId])).balance ?? 0);

async function confirm(page: Page, title: string | RegExp, button: string, javaScriptEnabled: boolean) {
  const ask = javaScriptEnabled ? page.getByRole("dialog", { name: title }) : page.getByRole("alertdialog", { name: title });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: button, exact: true }).click();
}

test("top up with the simulator, pay an invoice from the deposit, print it @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  test.setTimeout(300_000);
  const b = await business();
  await page.goto("/income-balance/deposit");
  await expect(page.getByRole("heading", { level: 1, name: "Deposit" })).toBeVisible({ timeout: 30_000 });
  await checkA11y();

  // Top up: the payment's page shows the virtual account, then Paid once the simulator calls back.
  const amount = javaScriptEnabled ? 50_000 : 60_000;
  await page.getByRole("region", { name: "Top up deposit" }).getByLabel("Amount").fill(amount.toLocaleString("id-ID"));
  await page.getByLabel("Payment method").selectOption({ label: "Virtual Account" });
  await page.getByRole("button", { name: "Top up", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deposit top-up" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("payment-code")).toHaveText(/^\d{10,}$/);
  await checkA11y();
  if (javaScriptEnabled) await expect(page.getByTestId("payment-status")).toHaveText("Paid", { timeout: 40_000 });
  else {
    // Without JavaScript the page looks again by itself (and "Check again" does the same).
    await expect(async () => {
      await page.getByRole("link", { name: "Check again" }).click({ timeout: 1_000 }).catch(() => {});
      await expect(page.getByTestId("payment-status")).toHaveText("Paid", { timeout: 1_000 });
    }).toPass({ timeout: 40_000 });
  }
  // Other journeys move Toko Demo's deposit side by side: this run checks its own ledger lines,
  // and that the page shows the balance as it is when the page is read.
  const paymentId = Number(page.url().match(/payments\/(\d+)/)![1]);
  expect(await depositLine(b.id, "payment", paymentId)).toBe(amount);
  await page.getByRole("link", { name: "Go to deposit" }).click();
  await expect(page).toHaveURL(/\/income-balance\/deposit$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("deposit-balance")).toHaveText(rupiah(await depositOf(b.id)), { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });

  // An invoice the platform issued to this business, found in the Unpaid tab and paid from the deposit.
  const number = `INV/DEP/E2E/${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}`;
  const inv = await queryOne<{ id: number }>(`
    INSERT INTO deposit_invoices (business_id, number, type, period_start, period_end, lines, amount, due_at)
    VALUES ($1, $2, 'sales_po', now(), now() + interval '1 day', $3, 12500, now() + interval '5 days') RETURNING id`,
  [b.id, number, JSON.stringify([{ description: "Kardus kemasan", qty: 50, price: 250 }])]);
  await page.getByRole("link", { name: /^Invoices/ }).click();
  await page.getByRole("navigation", { name: "Invoice status" }).getByRole("link", { name: /^Unpaid/ }).click();
  await expect(page).toHaveURL(/tab=invoices/);
  await checkA11y();
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("invoice-status")).toHaveText("Unpaid");
  await checkA11y();
  await page.getByRole("button", { name: "Pay from deposit" }).click();
  await confirm(page, `Pay invoice ${number}?`, "Pay", javaScriptEnabled);
  await expect(page.getByRole("status").filter({ hasText: "Invoice paid." })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
  const paid = await queryOne<{ status: string; paid_via: string }>("SELECT status, paid_via FROM deposit_invoices WHERE id = $1", [inv.id]);
  expect(paid).toEqual({ status: "paid", paid_via: "deposit" });
  expect(await depositLine(b.id, "invoice", inv.id)).toBe(-12_500);

  // Print it.
  await page.getByRole("link", { name: "Print invoice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deposit invoice" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(number)).toBeVisible();
  await expect(page.getByTestId("print-status")).toHaveText("Paid");
  await expect(page.getByRole("cell", { name: "Kardus kemasan" })).toBeVisible();
  await checkA11y();
});

test("the deposit in Indonesian on a phone: balance, top-up, invoices with the overdue sales PO", async ({ page, checkA11y }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/id/income-balance/deposit?tab=invoices&status=overdue");
  await expect(page.getByRole("heading", { level: 2, name: "Saldo deposit" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Isi ulang deposit" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Status tagihan" }).getByRole("link", { name: /^Jatuh tempo/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: /^INV\/DEP\// }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y();
  await page.getByRole("link", { name: /^INV\/DEP\// }).first().click();
  await expect(page.getByRole("button", { name: "Bayar dari deposit" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkA11y();
});
