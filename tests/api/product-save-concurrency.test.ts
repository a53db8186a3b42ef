/**
 * Many saves of one product at once (a seller double-clicking, several tabs, an API client
 * retrying): every PUT /v0.0.1/products/{id} finishes — saved, or refused as a conflict — quickly,
 * none hangs or fails, and the API still answers afterwards.
 *
 * The bug this guards: the save read the product through the global pool while its own
 * transaction held a connection; twenty saves at once held every connection of the pool, each
 * waiting for one more, and the whole app hung (core/catalog/product-save.ts now reads through
 * its transaction; db/client.ts refuses a pool query inside a transaction).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { makePng } from "#tests/e2e/png.ts";
import { call, DEMO, login } from "./helpers.ts";

type Loc = { key: string; source_type: 1 | 2; source_id: number; partition_id: number | null };
type Detail = {
  product_id: number; product_name: string; sku: string; status: string; description: string; gender: number; stock_type: number;
  preorder_days: number | null; brand_data: { brand_id: number } | null; category_data: { product_category_id: number } | null;
  dimension: { length: number; width: number; height: number }; weight: number; min_stock: number; channel_ids: number[];
  video_data: { video_url: string; title: string | null; description: string | null } | null;
  image_datas: { url: string; name: string }[];
  family_datas: {
    variant_id: number; variant_name: string; size_name: string; sku: string; barcode: string | null; price: number; compare_at_price: number | null;
    stock_datas: (Loc & { on_hand: number })[];
  }[];
};

const SAVES = 50;
let token: string;
let productId: number;

/** The product's own body, as its edit form would send it unchanged. */
function ownBody(p: Detail) {
  return {
    name: p.product_name, sku: p.sku, status: p.status, description: p.description, gender: p.gender, stock_type: p.stock_type,
    preorder_days: p.preorder_days ?? undefined, brand_id: p.brand_data?.brand_id, category_id: p.category_data?.product_category_id,
    length: p.dimension.length, width: p.dimension.width, height: p.dimension.height, dimension_unit: "mm", weight: p.weight, weight_unit: "gr",
    min_stock: p.min_stock, channel_ids: p.channel_ids,
    video_url: p.video_data?.video_url, video_title: p.video_data?.title ?? undefined, video_description: p.video_data?.description ?? undefined,
    images: p.image_datas.map((i) => ({ url: i.url, name: i.name })),
    variants: p.family_datas.map((f) => ({
      variant_id: f.variant_id, variant_name: f.variant_name, size_name: f.size_name, sku: f.sku, barcode: f.barcode ?? undefined,
      price: f.price, compare_at_price: f.compare_at_price ?? undefined,
      stocks: f.stock_datas.map((s) => ({
        source_type: s.source_type, source_id: s.source_id, partition_id: s.partition_id ?? undefined, stock: s.on_hand, stock_before: s.on_hand,
      })),
    })),
  };
}

beforeAll(async () => {
  token = await login(DEMO.seller);
  const opts = (await call<{ locations: Loc[]; channels: { channel_id: number }[] }>("GET", "/v0.0.0/products/form-options", { token })).body.data!;
  const store = opts.locations.find((l) => l.source_type === 1)!;
  const form = new FormData();
  form.set("type", "image");
  form.set("file", new File([new Uint8Array(makePng(40))], "kemeja.png", { type: "image/png" }));
  const img = (await call<{ url: string; name: string }>("POST", "/v0.0.0/products/media", { token, form })).body.data!;
  const sku = `CNC-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const created = await call<{ product_id: number }>("POST", "/v0.0.0/products", {
    token,
    json: {
      name: `Kemeja Serentak ${sku}`, sku, status: "published", category_id: 10202, images: [img], channel_ids: [opts.channels[0].channel_id],
      variants: [["Merah", "M"], ["Merah", "L"], ["Biru", "M"]].map(([v, s]) => ({
        variant_name: v, size_name: s, price: 150000, stocks: [{ source_type: 1, source_id: store.source_id, stock: 5 }],
      })),
    },
  });
  expect(created.status).toBe(200);
  productId = created.body.data!.product_id;
});

describe("saving one product many times at once", () => {
  it(`finishes all ${SAVES} saves within seconds (saved or refused, never hung or failed), and the API answers afterwards`, async () => {
    const detail = (await call<Detail>("GET", `/v0.0.1/products/${productId}/update`, { token })).body.data!;
    const body = ownBody(detail);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: SAVES }, () => call("PUT", `/v0.0.1/products/${productId}`, { token, json: body })));
    const took = Date.now() - started;

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => ![200, 409, 422].includes(s)), JSON.stringify(answers.find((a) => ![200, 409, 422].includes(a.status))?.body)).toEqual([]);
    expect(statuses).toContain(200);
    // A hang shows as waits of the pool's connect timeout (10 s) and more; 50 saves take a few seconds on a busy machine.
    expect(took).toBeLessThan(15_000);

    // The product is as it was (the same body, nothing to change), and the API still answers.
    const after = await call<Detail>("GET", `/v0.0.1/products/${productId}`, { token });
    expect(after.status).toBe(200);
    expect(after.body.data!.family_datas.map((f) => f.stock_datas.map((s) => s.on_hand))).toEqual(detail.family_datas.map((f) => f.stock_datas.map((s) => s.on_hand)));
  }, 30_000);
});
