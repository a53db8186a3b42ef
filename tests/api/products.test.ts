/**
 * The product editor's API (api/routes/products.ts) on the demo data: Toko Demo (stores Senopati …,
 * Gudang Pusat Pulogadung with partitions, Gudang Cabang Surabaya) and Batik Sekar Jagad (seller2).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import { products, stockLevels, stockMovements, updateHistory } from "#db/schema/index.ts";
import { parseDecimal } from "#core/catalog/product-schema.ts";
import { makePng } from "#tests/e2e/png.ts";
import { call, DEMO, login } from "./helpers.ts";

type Loc = { key: string; source_type: 1 | 2; source_id: number; partition_id: number | null; name: string };
type Options = { brands: { brand_id: number; name: string }[]; locations: Loc[]; channels: { channel_id: number }[]; categories: unknown[] };
type Family = {
  variant_id: number; variant_name: string; size_name: string; sku: string; barcode: string | null; price: number; compare_at_price: number | null;
  on_hand: number; available: number; stock_datas: { key: string; on_hand: number; name: string }[];
};
type Product = {
  product_id: number; product_name: string; sku: string; status: string; status_name: string; weight: number;
  dimension: { length: number; width: number; height: number; unit: string }; stock_type: number; preorder_days: number | null;
  video_data: { video_url: string; thumbnail_url: string; title: string; description: string } | null;
  image_datas: { image_id: number; name: string; url: string; is_primary: boolean }[]; family_datas: Family[]; on_hand: number; available: number;
  price_min: number; price_max: number; category_data: { path: { name: string }[] } | null; channel_ids: number[];
};

let seller: string;
let seller2: string;
let opts: Options;
let store: Loc;
let warehouse: Loc;
const uniq = () => Math.random().toString(36).slice(2, 8).toUpperCase();

async function upload(token: string, name = "foto-produk-batik-parang-lengan-panjang.png", extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("type", "image");
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  form.set("file", new File([new Uint8Array(makePng(40))], name, { type: "image/png" }));
  return call<{ url: string; name: string; image_id?: number }>("POST", "/v0.0.0/products/media", { token, form });
}

/** A valid body: two variants × two sizes, stock in a store and a warehouse. */
async function body(over: Record<string, unknown> = {}) {
  const img = (await upload(seller)).body.data!;
  const sku = `TST-${uniq()}`;
  return {
    name: `Kemeja Uji ${sku}`, sku, status: "published", category_id: 10202, brand_id: opts.brands[0].brand_id, gender: 2, stock_type: 1,
    length: "30", width: "20,5", height: 3, dimension_unit: "cm", weight: "0,25", weight_unit: "kg",
    video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10", video_title: "T".repeat(150),
    images: [{ url: img.url, name: img.name }],
    channel_ids: [opts.channels[0].channel_id],
    variants: [["Merah", "M"], ["Merah", "L"], ["Biru", "M"], ["Biru", "L"]].map(([v, s], i) => ({
      variant_name: v, size_name: s, price: "150.000", compare_at_price: i === 0 ? 175000 : undefined,
      stocks: [{ source_type: 1, source_id: store.source_id, stock: 2 + i }, { source_type: 2, source_id: warehouse.source_id, stock: 10 }],
    })),
    ...over,
  };
}

beforeAll(async () => {
  [seller, seller2] = await Promise.all([login(DEMO.seller), login(DEMO.seller2)]);
  opts = (await call<Options>("GET", "/v0.0.0/products/form-options", { token: seller })).body.data!;
  store = opts.locations.find((l) => l.source_type === 1)!;
  warehouse = opts.locations.find((l) => l.source_type === 2 && !l.partition_id)!;
});

describe("create", () => {
  it("creates a family of 2 variants × 2 sizes with stock through the ledger (reason initial)", async () => {
    const b = await body();
    const res = await call<Product>("POST", "/v0.0.0/products", { token: seller, json: b });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Product published");
    const p = res.body.data!;
    expect(p.family_datas.map((f) => `${f.variant_name}/${f.size_name}:${f.sku}`)).toEqual([
      `Merah/M:${b.sku}-MER-M`, `Merah/L:${b.sku}-MER-L`, `Biru/M:${b.sku}-BIR-M`, `Biru/L:${b.sku}-BIR-L`,
    ]);
    expect(p.family_datas[0]).toMatchObject({ price: 150000, compare_at_price: 175000, on_hand: 12 });
    expect(p).toMatchObject({ on_hand: 12 + 13 + 14 + 15, available: 54, price_min: 150000, price_max: 150000, weight: 250, status: "published" });
    expect(p.dimension).toEqual({ length: 300, width: 205, height: 30, unit: "mm" });
    expect(p.video_data).toMatchObject({ video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", thumbnail_url: expect.stringContaining("dQw4w9WgXcQ") });
    expect(p.video_data!.title).toHaveLength(99);
    expect(p.image_datas).toEqual([expect.objectContaining({ name: "foto-produk-batik-parang-lenga", is_primary: true })]);
    expect(p.image_datas[0].name).toHaveLength(30);
    expect(p.category_data!.path.map((c) => c.name)).toHaveLength(3);
    expect(p.channel_ids).toEqual([opts.channels[0].channel_id]);
    const moves = await db.select().from(stockMovements).where(eq(stockMovements.productId, p.product_id));
    expect(moves).toHaveLength(8);
    expect(new Set(moves.map((m) => m.reason))).toEqual(new Set(["initial"]));
  });

  it("saves a draft with only a name and SKU; publishing needs a category and prices", async () => {
    const sku = `DRF-${uniq()}`;
    const draft = await call<Product>("POST", "/v0.0.0/products", { token: seller, json: { name: "Draf", sku, status: "draft", variants: [{ price: 0 }] } });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ message: "Draft saved", data: { status: "draft", family_datas: [{ sku, variant_name: "", size_name: "" }] } });
    const pub = await call("POST", "/v0.0.0/products", { token: seller, json: { name: "Pub", sku: `PUB-${uniq()}`, status: "published", variants: [{ price: 0 }] } });
    expect(pub.status).toBe(422);
    expect(pub.body.data).not.toHaveProperty("images");
    expect(pub.body.data).toMatchObject({
      category_id: ["Choose a category to publish this product"],
      "variants.0.price": ["A published product needs a price above 0"],
    });
  });

  it("refuses bad input with messages per field, in English and Indonesian", async () => {
    const bad = await body({
      sku: "bad sku", stock_type: 2, length: -1, video_url: "https://youtu.be/dQw4w9WgXcQ",
      variants: [
        { variant_name: "Merah", price: 1000, compare_at_price: 900, stocks: [{ source_type: 1, source_id: store.source_id, stock: -2 }] },
        { variant_name: "merah", price: "abc" },
      ],
    });
    const en = await call("POST", "/v0.0.0/products", { token: seller, json: bad });
    expect(en.status).toBe(422);
    expect(en.body.data).toMatchObject({
      sku: [expect.stringContaining("letters, numbers")],
      preorder_days: ["Pre-order needs 1 to 90 days"],
      length: ["Must be 0 or more"],
      video_url: [expect.stringContaining("long YouTube link")],
      "variants.0.compare_at_price": ["The compare-at price must be higher than the price"],
      "variants.0.stocks.0.stock": ["Must be 0 or more"],
      "variants.1.price": ["This value is not valid"],
    });
    const id = await call("POST", "/v0.0.0/products", { token: seller, json: bad, locale: "id" });
    expect(id.body.data).toMatchObject({ preorder_days: ["Pre-order perlu 1 sampai 90 hari"], "variants.0.compare_at_price": ["Harga coret harus lebih tinggi dari harga jual"] });
  });

  it("reads weight and dimensions as Indonesian sellers type them: dots group thousands, the comma is the decimal mark", async () => {
    const res = await call<Product>("POST", "/v0.0.0/products", {
      token: seller, json: await body({ weight: "1.000", weight_unit: "gr", length: "1.250,5", width: "2.5", height: "0,5", dimension_unit: "cm" }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.weight).toBe(1000);
    expect(res.body.data!.dimension).toEqual({ length: 12505, width: 25, height: 5, unit: "mm" });
    const bad = await call("POST", "/v0.0.0/products", { token: seller, json: await body({ weight: "1,250.5" }) });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toMatchObject({ weight: ["This value is not valid"] });
  });

  it("refuses a SKU or barcode another product uses", async () => {
    const code = `899${Date.now().toString().slice(-10)}`;
    const first = (await call<Product>("POST", "/v0.0.0/products", {
      token: seller, json: await body({ variants: [{ variant_name: "Merah", size_name: "M", price: 1000, barcode: code }] }),
    })).body.data!;
    const again = await call("POST", "/v0.0.0/products", {
      token: seller, json: await body({ sku: first.sku.toLowerCase(), variants: [{ price: 1000, barcode: code, sku: `${first.sku}-MER-M` }] }),
    });
    expect(again.status).toBe(422);
    expect(again.body.data).toMatchObject({
      sku: ["This SKU is already used by another product"],
      "variants.0.sku": ["This SKU is already used by another product"],
      "variants.0.barcode": ["This barcode is already used by another product"],
    });
  });
});

describe("update", () => {
  it("applies stock as the difference from what the editor showed, through the ledger (reason manual)", async () => {
    const p = (await call<Product>("POST", "/v0.0.0/products", { token: seller, json: await body() })).body.data!;
    const b = await body({ sku: p.sku, images: p.image_datas.map((i) => ({ url: i.url, name: i.name })) });
    // A sale took 1 from the store while the form was open: the editor showed 2, the seller typed 5.
    await db.transaction(async (tx) => {
      const { applyStockChanges } = await import("#core/stock/stock-ledger.ts");
      await applyStockChanges(tx, { businessId: (await tx.select().from(products).where(eq(products.id, p.product_id)))[0].businessId, userId: null, reason: "order" },
        [{ variantId: p.family_datas[0].variant_id, location: { sourceType: 1, storeId: store.source_id }, delta: -1 }]);
    });
    b.variants = p.family_datas.map((f, i) => ({
      variant_id: f.variant_id, variant_name: f.variant_name, size_name: f.size_name, price: 160000,
      stocks: [{ source_type: 1, source_id: store.source_id, stock: i === 0 ? 5 : 2 + i, stock_before: 2 + i }],
    })) as never;
    const res = await call<Product>("PUT", `/v0.0.0/products/${p.product_id}`, { token: seller, json: b });
    expect(res.status).toBe(200);
    const f0 = res.body.data!.family_datas[0];
    expect(f0.stock_datas.find((s) => s.key === store.key)!.on_hand).toBe(4); // 1 sold + 3 added
    expect(f0.price).toBe(160000);
    const manual = await db.select().from(stockMovements).where(and(eq(stockMovements.productId, p.product_id), eq(stockMovements.reason, "manual")));
    expect(manual).toHaveLength(1);
    expect(manual[0]).toMatchObject({ onHandBefore: 1, onHandAfter: 4 });
    const hist = await db.select().from(updateHistory).where(and(eq(updateHistory.refType, "product"), eq(updateHistory.refId, p.product_id)));
    expect(hist.map((h) => h.action)).toEqual(["create", "update"]);
  });

  it("refuses stock below 0 on the combination, and removing a combination that holds stock", async () => {
    const p = (await call<Product>("POST", "/v0.0.0/products", { token: seller, json: await body() })).body.data!;
    const keep = { sku: p.sku, images: p.image_datas.map((i) => ({ url: i.url })) };
    const neg = await call("PUT", `/v0.0.0/products/${p.product_id}`, {
      token: seller, json: await body({ ...keep, variants: p.family_datas.map((f, i) => ({
        variant_id: f.variant_id, variant_name: f.variant_name, size_name: f.size_name, price: 1000,
        stocks: i === 1 ? [{ source_type: 1, source_id: store.source_id, stock: 0, stock_before: 20 }] : [],
      })) }),
    });
    expect(neg.status).toBe(422);
    expect(neg.body.data).toMatchObject({ "variants.1.stocks": [expect.stringContaining(`Not enough stock of ${p.family_datas[1].sku}`)] });
    const removed = await call("PUT", `/v0.0.0/products/${p.product_id}`, {
      token: seller, json: await body({ ...keep, variants: [{ variant_id: p.family_datas[0].variant_id, variant_name: "Merah", size_name: "M", price: 1000 }] }),
    });
    expect(removed.status).toBe(422);
    expect(removed.body.message).toContain("Merah / L, Biru / M, Biru / L");
    const levels = await db.select().from(stockLevels).where(eq(stockLevels.productId, p.product_id));
    expect(levels.reduce((a, l) => a + l.onHand, 0)).toBe(54);
  });

  it("refuses removing a combination that is part of a package, naming the package, in English and Indonesian", async () => {
    // Merah / L and Biru / M hold no stock, so only their packages keep them.
    const b0 = await body();
    (b0.variants[1] as { stocks: unknown[] }).stocks = [];
    (b0.variants[2] as { stocks: unknown[] }).stocks = [];
    const p = (await call<Product>("POST", "/v0.0.0/products", { token: seller, json: b0 })).body.data!;
    const [mm, ml, bm] = p.family_datas;
    const pkg = { name: `Paket Uji ${p.sku}`, sku: `PKT-${p.sku}`, price: 250000, items: [{ variant_id: ml.variant_id, quantity: 1 }] };
    const made = await call<{ package_id: number }>("POST", "/v0.0.0/packages", { token: seller, json: pkg });
    expect(made.status).toBe(200);
    const keep = { sku: p.sku, images: p.image_datas.map((i) => ({ url: i.url })) };
    /** The editor's save with only the given combinations kept (their stock left as shown). */
    const without = async (gone: number[]) => body({
      ...keep,
      variants: p.family_datas.filter((f) => !gone.includes(f.variant_id)).map((f) => ({
        variant_id: f.variant_id, variant_name: f.variant_name, size_name: f.size_name, price: f.price, stocks: [],
      })),
    });

    const en = await call("PUT", `/v0.0.0/products/${p.product_id}`, { token: seller, json: await without([ml.variant_id]) });
    expect(en.status).toBe(422);
    const sentence = `You can't remove the combination Merah / L because it is part of the package ${pkg.name}. Take it out of the package first, then remove it here.`;
    expect(en.body.message).toBe(sentence);
    expect(en.body.data).toEqual({ variants: [sentence] });
    const id = await call("PUT", `/v0.0.0/products/${p.product_id}`, { token: seller, locale: "id", json: await without([ml.variant_id]) });
    expect(id.status).toBe(422);
    expect(id.body.message).toBe(`Kombinasi Merah / L tidak bisa dihapus karena termasuk dalam paket ${pkg.name}. Keluarkan dulu dari paket, lalu hapus di sini.`);

    // Two combinations in two packages: each named with its package.
    const pkg2 = { ...pkg, name: `Paket Kedua ${p.sku}`, sku: `PKT2-${p.sku}`, items: [{ variant_id: bm.variant_id, quantity: 2 }] };
    expect((await call("POST", "/v0.0.0/packages", { token: seller, json: pkg2 })).status).toBe(200);
    const both = await call("PUT", `/v0.0.0/products/${p.product_id}`, { token: seller, json: await without([ml.variant_id, bm.variant_id]) });
    expect(both.status).toBe(422);
    expect(both.body.message).toBe(
      `You can't remove these combinations because they are part of a package: Merah / L (${pkg.name}), Biru / M (${pkg2.name}). Take them out of the package first, then remove them here.`,
    );
    // Nothing was written: every combination is still there, still in its package.
    const still = (await call<Product>("GET", `/v0.0.0/products/${p.product_id}`, { token: seller })).body.data!;
    expect(still.family_datas.map((f) => f.variant_id)).toEqual(p.family_datas.map((f) => f.variant_id));

    // Out of the package, the combination can go.
    const moved = await call("PUT", `/v0.0.0/packages/${made.body.data!.package_id}`, { token: seller, json: { ...pkg, items: [{ variant_id: mm.variant_id, quantity: 1 }] } });
    expect(moved.status).toBe(200);
    const ok = await call<Product>("PUT", `/v0.0.0/products/${p.product_id}`, { token: seller, json: await without([ml.variant_id]) });
    expect(ok.status).toBe(200);
    expect(ok.body.data!.family_datas.map((f) => f.variant_id)).not.toContain(ml.variant_id);
  });

  it("keeps images by URL; set as main moves it first; removing the last leaves none", async () => {
    const p = (await call<Product>("POST", "/v0.0.0/products", { token: seller, json: await body() })).body.data!;
    const second = await upload(seller, "b.png", { product_id: String(p.product_id) });
    expect(second.body.data).toMatchObject({ name: "b.png", is_primary: false });
    const main = await call<Product["image_datas"]>("PUT", `/v0.0.0/products/${p.product_id}/images/${second.body.data!.image_id}/main`, { token: seller });
    expect(main.body.data!.map((i) => [i.name, i.is_primary])).toEqual([["b.png", true], [p.image_datas[0].name, false]]);
    const del = await call("DELETE", `/v0.0.0/products/${p.product_id}/images/${p.image_datas[0].image_id}`, { token: seller });
    expect(del.status).toBe(200);
    const last = await call("DELETE", `/v0.0.0/products/${p.product_id}/images/${second.body.data!.image_id}`, { token: seller });
    expect(last.status).toBe(200);
    expect(last.body.data).toEqual([]);
  });

  it("refuses a file that is not a picture, or too big", async () => {
    const form = new FormData();
    form.set("file", new File([new TextEncoder().encode("not an image")], "x.png"));
    const res = await call("POST", "/v0.0.0/products/media", { token: seller, form, locale: "id" });
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({ file: [expect.any(String)] });
    const big = new FormData();
    big.set("file", new File([new Uint8Array(2048 * 1024 + 1)], "big.png"));
    expect((await call("POST", "/v0.0.0/products/media", { token: seller, form: big })).body.data).toMatchObject({ file: ["Your File is too big"] });
  });
});

describe("histories and tenancy", () => {
  it("lists a combination's stock movements", async () => {
    const p = (await call<Product>("POST", "/v0.0.0/products", { token: seller, json: await body() })).body.data!;
    const res = await call<{ reason_name: string; change: number; source_name: string }[]>("GET", `/v0.0.0/products/${p.product_id}/stock-history`, {
      token: seller, query: { variant_id: p.family_datas[0].variant_id },
    });
    expect(res.body.data!.map((m) => m.reason_name)).toEqual(["Opening stock", "Opening stock"]);
    expect(res.body.data!.map((m) => m.change).sort()).toEqual([10, 2]);
  });

  it("another business's product, image or location is 404", async () => {
    const p = (await call<Product>("POST", "/v0.0.0/products", { token: seller, json: await body() })).body.data!;
    for (const [m, path] of [
      ["GET", `/v0.0.0/products/${p.product_id}`], ["GET", `/v0.0.1/products/${p.product_id}/update`],
      ["GET", `/v0.0.0/products/${p.product_id}/stock-history`], ["PUT", `/v0.0.0/products/${p.product_id}/images/${p.image_datas[0].image_id}/main`],
    ] as const) {
      expect((await call(m, path, { token: seller2 })).status).toBe(404);
    }
    expect((await call("PUT", `/v0.0.0/products/${p.product_id}`, { token: seller2, json: await body() })).status).toBe(404);
    const other = (await call<Options>("GET", "/v0.0.0/products/form-options", { token: seller2 })).body.data!;
    const img = (await upload(seller2)).body.data!;
    const res = await call("POST", "/v0.0.0/products", {
      token: seller2,
      json: { ...(await body()), brand_id: opts.brands[0].brand_id, channel_ids: [], images: [img], variants: [{ price: 1000, stocks: [{ source_type: 1, source_id: store.source_id, stock: 1 }] }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({ brand_id: ["Choose one of your brands"] });
    const loc = await call("POST", "/v0.0.0/products", {
      token: seller2,
      json: { ...(await body()), brand_id: other.brands[0]?.brand_id, channel_ids: [], images: [img], variants: [{ price: 1000, stocks: [{ source_type: 1, source_id: store.source_id, stock: 1 }] }] },
    });
    expect(loc.status).toBe(404);
  });
});

describe("images of another business", () => {
  it("refuses a picture another business uploaded", async () => {
    const theirs = (await upload(seller2, "milik-orang-lain.png")).body.data!;
    const res = await call("POST", "/v0.0.0/products", { token: seller, json: await body({ images: [{ url: theirs.url, name: "x.png" }] }) });
    expect(res.status).toBe(422);
    expect(res.body.data).toHaveProperty("images");
  });
});

describe("decimal text", () => {
  it("reads a dot before exactly three digits as thousands and the comma as the decimal mark", () => {
    expect(["1.000", "1.250,5", "12.500.000", "2.5", "2,5", "0.75", "0.500", "1.2345", "250", " 1.000 ", "-1"].map(parseDecimal))
      .toEqual([1000, 1250.5, 12500000, 2.5, 2.5, 0.75, 0.5, 1.2345, 250, 1000, -1]);
    expect(["1,250.5", "1.00.000", "abc", "1,2,3", "1.000,", "Rp 5"].map(parseDecimal).every(Number.isNaN)).toBe(true);
  });
});
