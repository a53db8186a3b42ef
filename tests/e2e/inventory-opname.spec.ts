/**
 * Stock counts (issue 14 item 2): a staff member counts Toko Demo's default warehouse by scanning
 * three barcodes, sees the variance, adjusts — above the business's threshold, without erp.approve,
 * it waits for approval — and the owner approves it; the ledger holds one "opname" movement per
 * line with the count's reference. With JavaScript and without it (@core); the list once under /id.
 * Both projects count their own new count (picked items) of their own three items (the js run the
 * first three, the no-js run the next three), so parallel runs do not collide; the
 * threshold (0: any variance needs approval) and the staff member's "erp" privilege are set here.
 */
import type { Browser, Page } from "@playwright/test";
import { authFile, expect, test } from "./fixtures.ts";
import { query, queryOne } from "./db.ts";

type Fixture = { warehouse: string; barcodes: string[]; staffId: number; businessId: number };
let fx: Fixture;

test.beforeAll(async () => {
  const w = await queryOne<{ id: number; name: string; business_id: number }>(`
    SELECT w.id, w.name, w.business_id FROM warehouses w JOIN businesses b ON b.id = w.business_id
     WHERE b.name = 'Toko Demo' AND w.is_default ORDER BY w.id LIMIT 1`);
  const rows = await query<{ barcode: string }>(`
    SELECT v.barcode FROM stock_levels sl JOIN product_variants v ON v.id = sl.variant_id
     WHERE sl.warehouse_id = $1 AND sl.partition_id IS NULL AND sl.on_hand - sl.reserved > 2 AND v.barcode IS NOT NULL
     ORDER BY v.id LIMIT 6`, [w.id]);
  const staff = await queryOne<{ id: number }>(`SELECT id FROM users WHERE email = 'staff@indie.test'`);
  await query(`UPDATE business_members SET privileges = ARRAY['orders','products','erp'] WHERE user_id = $1 AND business_id = $2`, [staff.id, w.business_id]);
  await query(`INSERT INTO inventory_settings (business_id, count_value_threshold) VALUES ($1, 0)
               ON CONFLICT (business_id) DO UPDATE SET count_value_threshold = 0`, [w.business_id]);
  fx = { warehouse: w.name, barcodes: rows.map((r) => r.barcode), staffId: staff.id, businessId: w.business_id };
  expect(fx.barcodes).toHaveLength(6);
});

/** With JavaScript: waits until React has taken over the page (a click before would be a plain post). */
async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.waitForFunction(() => {
    const form = document.querySelector("form[method=post]");
    return Boolean(form && Object.keys(form).some((k) => k.startsWith("__react")));
  });
}

async function confirm(page: Page, button: string, javaScriptEnabled: boolean) {
  await page.getByRole("button", { name: button, exact: true }).first().click();
  // With JavaScript the dialog asks; without, the page comes back with the confirm panel.
  const asking = javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("alertdialog");
  await expect(asking).toBeVisible();
  await asking.getByRole("button", { name: button, exact: true }).click();
}

test.describe("stock count", () => {
  test.use({ storageState: authFile("staff") });

  test("count a warehouse by scanning three barcodes, see the variance, adjust with approval @core", async ({ page, browser, javaScriptEnabled, checkA11y }) => {
    // A long journey (several pages, axe on each): 15–20 s alone, past 30 s beside another worker on two cores.
    test.slow();
    await page.goto("/erp/inventory/opname");
    await expect(page.getByRole("heading", { name: "Stock counts (opname)", level: 1 })).toBeVisible();
    await checkA11y();
    await page.getByRole("link", { name: "New count" }).first().click();
    await expect(page.getByRole("heading", { name: "New stock count" })).toBeVisible();
    await hydrated(page, javaScriptEnabled);
    await page.getByLabel("Location", { exact: true }).selectOption({ label: fx.warehouse });
    await page.getByLabel("Items to count").selectOption("picked");
    await expect(page.getByLabel("Location", { exact: true })).toHaveValue(/^warehouse-\d+$/);
    await page.getByRole("button", { name: "Start counting" }).click();
    await expect(page).toHaveURL(/\/erp\/inventory\/opname\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await expect(page.getByRole("heading", { name: `OPN-${id}`, level: 1 })).toBeVisible();
    await checkA11y();
    await hydrated(page, javaScriptEnabled);

    // Three scans, one after the other, as a scanner types them (code + Enter).
    const scan = page.getByLabel("Barcode or SKU");
    const mine = javaScriptEnabled ? fx.barcodes.slice(0, 3) : fx.barcodes.slice(3);
    for (const code of mine) {
      await expect(scan).toBeFocused();
      await scan.fill(code);
      await scan.press("Enter");
      await expect(page.getByText(`${code}: counted 1`).first()).toBeVisible();
    }
    if (javaScriptEnabled) {
      // A scanner's burst: three scans of the same code without waiting; the queue sends each once.
      for (let i = 0; i < 3; i++) {
        await scan.fill(mine[0]);
        await scan.press("Enter");
      }
      await expect(page.getByText(`${mine[0]}: counted 4`).first()).toBeVisible();
      await page.reload();
    }

    // Each line: counted 1 against the stock at the start; the variance and its value show.
    const lines = await query<{ snapshot_on_hand: number; counted: number; unit_value: string }>(
      `SELECT snapshot_on_hand, counted, unit_value FROM stock_opname_lines WHERE opname_id = $1 ORDER BY variant_id`, [id]);
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.counted)).toEqual(javaScriptEnabled ? [4, 1, 1] : [1, 1, 1]);
    const table = page.getByRole("table", { name: `Items of OPN-${id}` });
    await expect(table.getByRole("row")).toHaveCount(4);
    const variance = lines[1].snapshot_on_hand - 1;
    await expect(table).toContainText(variance ? `−${variance}` : "0");
    await expect(page.getByText("Net variance value")).toBeVisible();

    // The staff member may not approve: the count waits for approval.
    await confirm(page, "Adjust stock", javaScriptEnabled);
    await expect(page.getByText("Awaiting approval").first()).toBeVisible();
    await expect(page.getByText("Waiting for someone allowed to approve stock corrections.")).toBeVisible();
    expect((await queryOne<{ n: number }>(`SELECT count(*)::int AS n FROM stock_movements WHERE reference = $1`, [`OPN-${id}`])).n).toBe(0);

    // The owner approves.
    const owner = await ownerPage(browser, javaScriptEnabled);
    await owner.goto(`/erp/inventory/opname/${id}`);
    await hydrated(owner, javaScriptEnabled);
    await confirm(owner, "Approve", javaScriptEnabled);
    await expect(owner.getByText("Adjusted on")).toBeVisible();
    const moves = await query<{ reason: string; on_hand_after: number; on_hand_before: number }>(
      `SELECT reason, on_hand_before, on_hand_after FROM stock_movements WHERE reference = $1 ORDER BY id`, [`OPN-${id}`]);
    expect(moves).toHaveLength(3);
    expect(moves.every((m) => m.reason === "opname")).toBe(true);
    await owner.context().close();
  });
});

test("the counts list in Indonesian", async ({ browser }) => {
  const page = await ownerPage(browser, true);
  await page.goto("/id/erp/inventory/opname");
  await expect(page.getByRole("heading", { name: "Stok opname", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Batas persetujuan" })).toBeVisible();
  await page.goto("/id/erp/inventory/adjustment");
  await expect(page.getByRole("heading", { name: "Penyesuaian stok", level: 1 })).toBeVisible();
  await page.context().close();
});

test("the pages fit a 390 px phone", async ({ browser }) => {
  const page = await ownerPage(browser, true);
  await page.setViewportSize({ width: 390, height: 844 });
  const last = await queryOne<{ id: number }>(`SELECT max(id) AS id FROM stock_opnames`);
  for (const path of ["/erp/inventory/opname", "/erp/inventory/opname/new", "/erp/inventory/adjustment", "/omnichannel/pos-report/inventory/opname-adjustment",
    ...(last?.id ? [`/erp/inventory/opname/${last.id}`] : [])]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, path).toBeLessThanOrEqual(390);
  }
  await page.context().close();
});

async function ownerPage(browser: Browser, javaScriptEnabled: boolean) {
  const ctx = await browser.newContext({ storageState: authFile("seller"), javaScriptEnabled, locale: "en-US", timezoneId: "Asia/Jakarta" });
  return ctx.newPage();
}
