/**
 * Printing orders (issue 5): invoices, shipping labels with Code 128 barcodes a scanner reads, the
 * picklist of a batch grouped by location and SKU, a picklist per order — on their bare print pages,
 * with JavaScript and without it (@core), marking the orders printed; another business's order is
 * not found and nothing is marked; staff with the Orders privilege print too; Indonesian under /id.
 *
 * The demo's finished courier orders are used: no journey acts on them, so their lines and totals
 * hold still. The "js" and "no-js" projects run at the same time on one database, so each takes its
 * own orders, and each test clears the printed mark it checks before opening the page.
 */
import type { Locator, Page } from "@playwright/test";
import { CODE128_PATTERNS } from "#core/lib/barcode.ts";
import { formatRupiah } from "#core/lib/format.ts";
import { query } from "./db.ts";
import { authFile, expect, test } from "./fixtures.ts";

test.use({ storageState: authFile("seller") });

type Order = {
  id: number; order_code: string; customer_name: string; recipient_name: string; total_amount: string; tracking_number: string;
};

/** Four finished courier orders of a business, the project's own four (js: the first, no-js: the next). */
async function finished(js: boolean, business = "Toko Demo"): Promise<Order[]> {
  return query<Order>(
    `SELECT o.id, o.order_code, o.customer_name, o.recipient_name, o.total_amount, o.tracking_number
       FROM orders o JOIN businesses b ON b.id = o.business_id
      WHERE b.name = $1 AND o.status = 'finish' AND o.delivery_method = 'courier'
      ORDER BY o.id LIMIT 4 OFFSET $2`,
    [business, js ? 0 : 4],
  );
}

const COLUMN = { invoice: "invoice_printed_at", label: "label_printed_at", picklist: "picklist_printed_at" } as const;
type Kind = keyof typeof COLUMN;

async function clearPrinted(kind: Kind, ids: number[]) {
  await query(`UPDATE orders SET ${COLUMN[kind]} = NULL WHERE id = ANY($1)`, [ids]);
}
async function printedMarks(kind: Kind, ids: number[]) {
  const rows = await query<{ id: number; at: Date | null }>(`SELECT id, ${COLUMN[kind]} AS at FROM orders WHERE id = ANY($1) ORDER BY id`, [ids]);
  return rows.map((r) => r.at !== null);
}

/**
 * What a scanner reads from a Code 128 barcode drawn as one SVG path: the bar and space widths are
 * matched to the symbol table, the check symbol verified, and the data decoded in sets B and C.
 */
async function scan(barcode: Locator): Promise<string> {
  const d = (await barcode.locator("path").getAttribute("d")) ?? "";
  const bars = [...d.matchAll(/M(\d+) 0h(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  const widths: number[] = [];
  bars.forEach(([x, w], i) => {
    if (i > 0) widths.push(x - (bars[i - 1][0] + bars[i - 1][1]));
    widths.push(w);
  });
  const stop = widths.splice(-7).join("");
  expect(stop, "stop pattern").toBe(CODE128_PATTERNS[106]);
  const values: number[] = [];
  for (let i = 0; i < widths.length; i += 6) values.push(CODE128_PATTERNS.indexOf(widths.slice(i, i + 6).join("")));
  expect(values, "every symbol is a Code 128 symbol").not.toContain(-1);
  const [start, ...rest] = values;
  const check = rest.pop()!;
  expect((start + rest.reduce((s, v, i) => s + v * (i + 1), 0)) % 103, "check symbol").toBe(check);
  let set = start === 105 ? "C" : "B";
  expect(start === 104 || start === 105).toBe(true);
  let text = "";
  for (const v of rest) {
    if (set === "B") {
      if (v === 99) set = "C";
      else text += String.fromCharCode(v + 32);
    } else if (v === 100) set = "B";
    else text += String(v).padStart(2, "0");
  }
  return text;
}

const barcodeOf = (scope: Locator | Page, text: string) => scope.getByRole("img", { name: `Code 128 barcode of ${text}`, exact: true });

test("print the invoices of chosen orders, marked printed @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  const [a, b] = await finished(javaScriptEnabled !== false);
  await clearPrinted("invoice", [a.id, b.id]);
  if (javaScriptEnabled !== false) await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });

  // The list's tick boxes send repeated `id`s.
  await page.goto(`/orders/print-invoice?id=${a.id}&id=${b.id}`);
  await expect(page.getByRole("heading", { name: "Invoices · 2 orders", level: 1 })).toBeVisible();
  // A bare page: no sidebar, no admin header.
  await expect(page.getByRole("navigation", { name: "Paper" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  const invoices = page.getByRole("article");
  await expect(invoices).toHaveCount(2);
  for (const [i, o] of [a, b].entries()) {
    const invoice = page.getByRole("article", { name: `Invoice ${o.order_code}` });
    await expect(invoices.nth(i)).toHaveAccessibleName(`Invoice ${o.order_code}`);
    await expect(invoice).toContainText(o.customer_name);
    await expect(invoice.getByRole("definition").last()).toHaveText(formatRupiah(Number(o.total_amount)));
    // Every line's amount adds up to the subtotal shown.
    const lines = await query<{ sku: string; amount: string }>(
      "SELECT sku, price * quantity AS amount FROM order_items WHERE order_id = $1 AND cancelled_at IS NULL ORDER BY id", [o.id]);
    const rows = invoice.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(lines.length + 1);
    for (const [k, line] of lines.entries()) {
      await expect(rows.nth(k + 1)).toContainText(line.sku);
      await expect(rows.nth(k + 1).getByRole("cell").last()).toHaveText(formatRupiah(Number(line.amount)));
    }
  }
  await expect(page.getByRole("status").filter({ hasText: "Marked as printed on these orders." })).toBeVisible();
  expect(await printedMarks("invoice", [a.id, b.id])).toEqual([true, true]);
  await expect(page.getByText("If the Print button does nothing, use your browser's Print (Ctrl+P).", { exact: false })).toBeVisible();
  await checkA11y();

  if (javaScriptEnabled !== false) {
    await page.getByRole("button", { name: "Print", exact: true }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  }

  // The same invoices on 100 × 150 mm label paper.
  await page.getByRole("navigation", { name: "Paper" }).getByRole("link", { name: "Label 100 × 150 mm" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/print-invoice\\?ids=${a.id}%2C${b.id}&paper=label$`));
  await expect(page.getByRole("link", { name: "Label 100 × 150 mm" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Back to orders" })).toHaveAttribute("href", "/orders");
});

test("shipping labels carry the tracking number and the order code as scannable barcodes @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  const orders = await finished(javaScriptEnabled !== false);
  const [a, b] = orders;
  await clearPrinted("label", orders.map((o) => o.id));

  await page.goto(`/orders/print-label?ids=${a.id},${b.id}`);
  await expect(page.getByRole("heading", { name: "Shipping labels · 2 orders", level: 1 })).toBeVisible();
  // Label paper is the default for labels.
  await expect(page.getByRole("link", { name: "Label 100 × 150 mm" })).toHaveAttribute("aria-current", "page");
  for (const o of [a, b]) {
    const label = page.getByRole("article", { name: `Shipping label ${o.order_code}` });
    await expect(label).toContainText(o.recipient_name);
    await expect(label).toContainText("Toko Demo");
    expect(await scan(barcodeOf(label, o.tracking_number))).toBe(o.tracking_number);
    expect(await scan(barcodeOf(label, o.order_code))).toBe(o.order_code);
  }
  expect(await printedMarks("label", orders.map((o) => o.id))).toEqual([true, true, false, false]);
  await checkA11y();

  // One order: the way back leads to that order.
  await page.goto(`/orders/print-label?ids=${a.id}`);
  await expect(page.getByRole("link", { name: `Back to order ${a.order_code}` })).toHaveAttribute("href", `/orders/${a.id}`);

  // Four labels to an A4 sheet: five orders make two sheets. The fifth is the other project's
  // first order, which that project prints (and expects marked) anyway.
  const five = [...orders, ...(await finished(javaScriptEnabled === false))].slice(0, 5);
  await page.goto(`/orders/print-label?ids=${five.map((o) => o.id).join(",")}&paper=a4`);
  await expect(page.getByRole("article")).toHaveCount(5);
  await expect(page.locator("main > section")).toHaveCount(2);
  await expect(page.locator("main > section").first().getByRole("article")).toHaveCount(4);
});

test("the picklist of a batch groups its items by location and SKU @core", async ({ page, checkA11y, javaScriptEnabled }) => {
  const orders = (await finished(javaScriptEnabled !== false)).slice(0, 3);
  const ids = orders.map((o) => o.id);
  await clearPrinted("picklist", ids);
  // What the shelves must give: per location (where each line's stock was taken on accept), per SKU.
  const rows = await query<{ kind: string; name: string; sku: string; qty: string; codes: string }>(
    `SELECT CASE WHEN i.store_id IS NOT NULL THEN 'Store' ELSE 'Warehouse' END AS kind,
            coalesce(s.name, concat_ws(' › ', w.name, p.name)) AS name,
            i.sku, sum(i.quantity) AS qty, string_agg(o.order_code, ', ') AS codes
       FROM order_items i JOIN orders o ON o.id = i.order_id
       LEFT JOIN stores s ON s.id = i.store_id LEFT JOIN warehouses w ON w.id = i.warehouse_id
       LEFT JOIN warehouse_partitions p ON p.id = i.partition_id
      WHERE i.order_id = ANY($1) AND i.cancelled_at IS NULL
      GROUP BY 1, 2, 3`,
    [ids],
  );
  // Locations by name, SKUs within one alphabetically.
  const expected = rows
    .sort((x, y) => x.name.localeCompare(y.name) || x.sku.localeCompare(y.sku))
    .map((r) => ({ ...r, location: `${r.kind}: ${r.name}` }));

  await page.goto(`/orders/selected-picklist?ids=${ids.join(",")}`);
  await expect(page.getByRole("heading", { name: "Picklist of selected orders · 3 orders", level: 1 })).toBeVisible();
  const sheet = page.getByRole("article", { name: "Picklist" });
  for (const o of orders) await expect(sheet).toContainText(o.order_code);
  const locations = [...new Set(expected.map((e) => e.location))];
  await expect(sheet.getByRole("heading", { level: 3 })).toHaveText(locations);
  for (const e of expected) {
    const table = sheet.getByRole("table", { name: `Items to pick at ${e.location}` });
    const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: e.sku, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(3)).toHaveText(e.qty);
    for (const code of e.codes.split(", ")) await expect(row.getByRole("cell").nth(4)).toContainText(code);
  }
  const units = expected.reduce((n, e) => n + Number(e.qty), 0);
  await expect(sheet).toContainText(`Total to pick: ${units} pcs in ${expected.length} lines`);
  expect(await printedMarks("picklist", ids)).toEqual([true, true, true]);
  await checkA11y();
});

test("a picklist per order, each with its order's barcode @core", async ({ page, javaScriptEnabled }) => {
  const [a, b] = await finished(javaScriptEnabled !== false);
  // Chosen b first: the sheets follow the choice.
  await page.goto(`/orders/print-picklist?ids=${b.id},${a.id}`);
  await expect(page.getByRole("heading", { name: "Picklist per order · 2 orders", level: 1 })).toBeVisible();
  const sheets = page.getByRole("article");
  await expect(sheets).toHaveCount(2);
  await expect(sheets.nth(0)).toHaveAccessibleName(`Picklist ${b.order_code}`);
  await expect(sheets.nth(1)).toHaveAccessibleName(`Picklist ${a.order_code}`);
  for (const o of [a, b]) {
    const sheet = page.getByRole("article", { name: `Picklist ${o.order_code}` });
    expect(await scan(barcodeOf(sheet, o.order_code))).toBe(o.order_code);
    const skus = await query<{ sku: string; qty: string }>(
      "SELECT sku, sum(quantity) AS qty FROM order_items WHERE order_id = $1 AND cancelled_at IS NULL GROUP BY sku ORDER BY sku", [o.id]);
    // Only its own lines, each with its own quantity.
    await expect(sheet.getByRole("row")).toHaveCount(skus.length + (await sheet.getByRole("table").count()));
    for (const s of skus) {
      const row = sheet.getByRole("row").filter({ has: page.getByRole("cell", { name: s.sku, exact: true }) });
      await expect(row.getByRole("cell").nth(3)).toHaveText(s.qty);
    }
  }
});

test("another business's order is not found, and nothing is marked printed", async ({ page }) => {
  const [mine] = await finished(true);
  const [theirs] = await finished(true, "Batik Sekar Jagad");
  await clearPrinted("invoice", [mine.id]);
  const before = await query<{ at: Date | null }>("SELECT invoice_printed_at AS at FROM orders WHERE id = $1", [theirs.id]);
  const res = await page.goto(`/orders/print-invoice?ids=${mine.id},${theirs.id}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  expect(await printedMarks("invoice", [mine.id])).toEqual([false]);
  const after = await query<{ at: Date | null }>("SELECT invoice_printed_at AS at FROM orders WHERE id = $1", [theirs.id]);
  expect(after).toEqual(before);
});

test("with no orders chosen the page says so @core", async ({ page }) => {
  const res = await page.goto("/orders/print-picklist?ids=abc");
  expect(res?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "No orders chosen" })).toBeVisible();
  await expect(page.getByText("Tick orders in the order list, then choose what to print.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to orders" })).toBeVisible();
});

test("in Indonesian under /id", async ({ page }) => {
  const [a] = await finished(true);
  await page.goto(`/id/orders/print-invoice?ids=${a.id}`);
  await expect(page.getByRole("heading", { name: "Invoice · 1 pesanan", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cetak", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `Kembali ke pesanan ${a.order_code}` })).toHaveAttribute("href", `/id/orders/${a.id}`);
  await expect(page.getByRole("article", { name: `Invoice ${a.order_code}` })).toContainText("Terima kasih sudah berbelanja di Toko Demo.");
});

test.describe("staff with the Orders privilege", () => {
  test.use({ storageState: authFile("staff") });
  test("prints shipping labels", async ({ page }) => {
    const [, , c] = await finished(true);
    await page.goto(`/orders/print-label?ids=${c.id}`);
    await expect(page.getByRole("article", { name: `Shipping label ${c.order_code}` })).toContainText(c.recipient_name);
  });
});
