/**
 * The offering pages at the web's seam: the service list, a voucher added (and a taken code refused
 * under its field, what was typed kept), the service switch's toast, a package saved from its
 * picker (and a taken SKU under its field), and the gift voucher view's redeem step without
 * JavaScript (confirm.server.ts's one vocabulary).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translator } from "#core/i18n.ts";
import { db } from "#db/client.ts";
import { giftVoucherCodes, vouchers } from "#db/schema/index.ts";
import * as serviceList from "#app/routes/admin/products/service/list.tsx";
import * as voucherAdd from "#app/routes/admin/products/voucher/add.tsx";
import * as giftVoucherAdd from "#app/routes/admin/products/gift-voucher/add.tsx";
import * as giftVoucherList from "#app/routes/admin/products/gift-voucher/list.tsx";
import * as giftVoucherView from "#app/routes/admin/products/gift-voucher/view.tsx";
import * as packageAdd from "#app/routes/admin/products/package/add.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

const day = (offset: number) => new Date(Date.now() + 7 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

describe("offering pages", () => {
  it("lists the business's services with the store filter's choices", async () => {
    const res = await runLoader(serviceList, { url: "/products/service", as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toMatch(/Service/);
    expect(res.data.list.rows.length).toBeGreaterThan(0);
    expect(res.data.list.rows[0]).toHaveProperty("service_id");
    expect(res.data.stores.map((s: { name: string }) => s.name)).toContain("Toko Demo Braga");
    // Another business's services are not there.
    const other = await runLoader(serviceList, { url: "/products/service", as: DEMO.seller2 });
    const mine = new Set(res.data.list.rows.map((r: { service_id: number }) => r.service_id));
    expect(other.data.list.rows.some((r: { service_id: number }) => mine.has(r.service_id))).toBe(false);
  });

  it("switches a service off with the API's notice", async () => {
    const list = await runLoader(serviceList, { url: "/products/service?status=1", as: DEMO.seller });
    const s = list.data.list.rows[0];
    const form = { intent: "toggle", service_id: s.service_id, action: "inactivate", confirmed: "1" };
    const off = await runAction(serviceList, { url: "/products/service", as: DEMO.seller, form });
    expect(off.redirect).toBe("/products/service");
    expect(off.toasts).toContainEqual({ type: "success", message: "Service deactivated" });
    await runAction(serviceList, { url: "/products/service", as: DEMO.seller, form: { ...form, action: "activate" } });
  });

  const code = `RT${unique()}`.slice(0, 20);
  const voucher = {
    name: `Diskon Rute ${code}`, code: code.toLowerCase(), discount_type: "percent", discount_percent: "12,5", max_discount: "50.000",
    min_purchase: "", quota: "100", valid_from: day(0), valid_until: day(7),
  };

  it("adds a voucher: written as parsed, back to the list with a notice", async () => {
    const res = await runAction(voucherAdd, { url: "/products/voucher/add", as: DEMO.seller, form: voucher });
    expect(res.data?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toBe("/products/voucher");
    expect(res.toasts).toContainEqual({ type: "success", message: "Voucher added" });
    const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code));
    expect(row).toMatchObject({ name: voucher.name, discountType: "percent", discountValue: 1250, maxDiscount: 50000, quota: 100 });
  });

  it("refuses a taken code under its field, in the page's language, keeping what was typed", async () => {
    const res = await runAction(voucherAdd, { url: "/id/products/voucher/add", as: DEMO.seller, form: { ...voucher, name: `${voucher.name} 2` } });
    expect(res.status).toBe(400);
    expect(res.data.error.code).toEqual(["Kode ini sudah dipakai voucher lain di bisnis Anda"]);
    expect(res.data.initialValue).toMatchObject({ name: `${voucher.name} 2`, discount_percent: "12,5" });
  });

  it("refuses a price with mixed separators under its field, keeping what was typed", async () => {
    const form = { name: `Voucher Campur ${unique()}`, value: "1,000.000", price: "12.345,678", quantity: "2", valid_from: day(0), valid_until: day(30) };
    const res = await runAction(giftVoucherAdd, { url: "/products/gift-voucher/add", as: DEMO.seller, form });
    expect(res.status).toBe(400);
    // The field's message is a key the form's FieldError translates (app/components/form-error.tsx).
    expect(res.data.error).toMatchObject({ value: ["validation:money_separators"], price: ["validation:money_separators"] });
    expect(res.data.initialValue).toMatchObject({ value: "1,000.000", price: "12.345,678" });
    expect(translator("en")("validation:money_separators")).toBe("Use dots for thousands only, e.g. 1.250.000 (no spaces, and dots and commas not mixed)");
    expect(translator("id")("validation:money_separators")).toBe("Gunakan titik untuk ribuan saja, contoh 1.250.000 (tanpa spasi, titik dan koma tidak dicampur)");
    const tab = await runAction(giftVoucherAdd, { url: "/id/products/gift-voucher/add", as: DEMO.seller, form: { ...form, value: "100.000", price: "1\t000" } });
    expect(tab.status).toBe(400);
    expect(tab.data.error.price).toEqual(["validation:money_separators"]);
    expect(tab.data.error.value).toBeUndefined();
  });

  it("redeems a gift voucher code after the no-JavaScript confirm step", async () => {
    const name = `Voucher Rute ${unique()}`;
    const added = await runAction(giftVoucherAdd, {
      url: "/products/gift-voucher/add", as: DEMO.seller,
      form: { name, value: "100.000", price: "90.000", quantity: "2", valid_from: day(0), valid_until: day(30) },
    });
    expect(added.redirect).toBe("/products/gift-voucher");
    const list = await runLoader(giftVoucherList, { url: `/products/gift-voucher?search=${encodeURIComponent(name)}`, as: DEMO.seller });
    const id = String(list.data.list.rows[0].gift_voucher_id);
    const url = `/products/gift-voucher/${id}/view`;
    const view = await runLoader(giftVoucherView, { url, as: DEMO.seller, params: { slug: id } });
    const codeId = view.data.codes.rows[0].gift_voucher_code_id;

    const ask = await runAction(giftVoucherView, { url, as: DEMO.seller, params: { slug: id }, form: { intent: "redeem", code_id: codeId } });
    expect(ask.redirect).toBe(`${url}?confirm=redeem&code_id=${codeId}`);
    const asked = await runLoader(giftVoucherView, { url: ask.redirect!, as: DEMO.seller, params: { slug: id } });
    expect(asked.data.confirming.gift_voucher_code_id).toBe(codeId);

    const done = await runAction(giftVoucherView, { url: ask.redirect!, as: DEMO.seller, params: { slug: id }, form: { intent: "redeem", code_id: codeId, confirmed: "1" } });
    expect(done.redirect).toBe(url);
    expect(done.toasts).toContainEqual({ type: "success", message: "Code redeemed" });
    const [row] = await db.select().from(giftVoucherCodes).where(eq(giftVoucherCodes.id, codeId));
    expect(row.timeRedeemed).not.toBeNull();
    // Again: refused, said as a toast, back to the codes.
    const again = await runAction(giftVoucherView, { url: ask.redirect!, as: DEMO.seller, params: { slug: id }, form: { intent: "redeem", code_id: codeId, confirmed: "1" } });
    expect(again.redirect).toBe(url);
    expect(again.toasts).toContainEqual({ type: "danger", message: "This code has already been redeemed" });
  });

  it("adds a package from its picker's selection; a taken SKU is refused under its field", async () => {
    const page = await runLoader(packageAdd, { url: "/products/package/add", as: DEMO.seller });
    const variant = page.data.picker.results[0].variant_id;
    const sku = `PKT-${unique()}`;
    const form = { name: `Paket Rute ${sku}`, sku, price: "150.000", "items[0].variant_id": variant, "items[0].qty": "2" };
    const res = await runAction(packageAdd, { url: "/products/package/add", as: DEMO.seller, form });
    expect(res.data?.reply?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toBe("/products/package");
    expect(res.toasts).toContainEqual({ type: "success", message: "Package added" });
    const again = await runAction(packageAdd, { url: "/products/package/add", as: DEMO.seller, form: { ...form, name: `${form.name} 2` } });
    expect(again.status).toBe(400);
    expect(again.data.reply.error.sku).toEqual(["Another item of your business already uses this SKU"]);
    expect(again.data.picker.selected.map((l: { variant_id: number }) => l.variant_id)).toEqual([variant]);
  });
});
