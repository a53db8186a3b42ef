/**
 * Brands (api/routes/brands.ts): categories, list with every filter, read, create, update, toggle,
 * documents, the six sections, the partnership flow (core/profile/partnerships.ts), history, export,
 * and tenant isolation. Demo data: core/demo/brands.ts.
 */
import { and, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { runNextJob } from "#core/jobs/worker.ts";
import { allowedActions, findTransition, PARTNERSHIP_TRANSITIONS } from "#core/profile/partnerships.ts";
import { db } from "#db/client.ts";
import { brandEntries, brands, businessMembers, partnerships, updateHistory, uploads, users } from "#db/schema/index.ts";
import { app } from "#server/app.ts";
import { makePng } from "#tests/e2e/png.ts";
import { call, DEMO, login } from "./helpers.ts";

type Brand = {
  brand_id: number; name: string; image: string | null; description: string | null; product_category_id: number;
  product_category_data: { product_category_id: number; name: string; level: number; path: string };
  brand_category_data: { product_category_id: number; name: string };
  is_partner: boolean; brand_category_name: string; company_data: { business_id: number; name: string };
  status: number; status_name: string; document_datas: { type: string; type_name: string; name: string; url: string | null }[];
  total_document: number; is_verified: boolean; is_updateable: boolean;
  partnership_data: { partnership_id: number; status: number; status_name: string; is_requester: boolean; actions: string[] } | null;
  total_partner: number; total_partner_request: number; time_created: number; time_modified: number;
};
type Partnership = {
  partnership_id: number; status: number; status_name: string; brand_data: { brand_id: number; name: string };
  owner_business_data: { name: string }; partner_business_data: { name: string }; is_owner: boolean; is_requester: boolean;
  is_waiting_for_me: boolean; actions: string[];
};

let seller: string;
let seller2: string;
let staff: string;
const ids: Record<string, number> = {};
const userIds: Record<string, number> = {};

/** A stored image upload of `email`'s user, as utilities/upload would leave it. */
async function ownUpload(email: string, type: "image/png" | "image/jpeg" | "application/pdf" = "image/png") {
  const ext = type === "application/pdf" ? "pdf" : type === "image/png" ? "png" : "jpg";
  const name = `${randomBytes(16).toString("hex")}.${ext}`;
  const data = type === "application/pdf" ? Buffer.from("%PDF-1.4\n%%EOF\n") : makePng(8);
  await db.insert(uploads).values({ name, userId: userIds[email], contentType: type, originalName: `file.${ext}`, size: data.length, data });
  return `/uploads/${name}`;
}

async function brandHistory(id: number) {
  return db.select().from(updateHistory).where(and(eq(updateHistory.refType, "brand"), eq(updateHistory.refId, id))).orderBy(updateHistory.id);
}

const names = (rows: Brand[] | undefined) => (rows ?? []).map((b) => b.name).sort();

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  for (const u of await db.select().from(users)) userIds[u.email!] = u.id;
  for (const b of await db.select().from(brands)) ids[b.name] = b.id;
});

describe("product categories", () => {
  it("lists the three-level tree with the spec's brand categories on top", async () => {
    const res = await call("GET", "/v0.0.0/utilities/categories/tree", { token: seller, query: { sort: 8 } });
    expect(res.status).toBe(200);
    const tree = res.body.data as { name: string; product_category_id: number; childs: { name: string; childs: { name: string }[] }[] }[];
    expect(tree.map((t) => t.name)).toEqual(["Fashion", "Art", "Jewelry", "Body Care", "Home Living"]);
    const fashion = tree[0];
    expect(fashion.product_category_id).toBe(1);
    expect(fashion.childs[0].name).toBe("Pakaian Wanita");
    expect(fashion.childs[0].childs.map((c) => c.name)).toContain("Dress");
    for (const top of tree) {
      expect(top.childs.length).toBeGreaterThan(2);
      for (const mid of top.childs) expect(mid.childs.length).toBeGreaterThan(1);
    }
    const byName = await call("GET", "/v0.0.0/utilities/categories/tree", { token: seller, query: { sort: 5 } });
    expect(byName.body.data.map((t: { name: string }) => t.name)).toEqual(["Art", "Body Care", "Fashion", "Home Living", "Jewelry"]);
  });

  it("lists them flat with their path, by level, parent and search", async () => {
    const top = await call("GET", "/v0.0.0/utilities/categories", { token: seller, query: { level: 1 } });
    expect(top.body.data.map((c: { name: string }) => c.name)).toEqual(["Fashion", "Art", "Jewelry", "Body Care", "Home Living"]);
    const kids = await call("GET", "/v0.0.0/utilities/categories", { token: seller, query: { parent_id: 104 } });
    expect(kids.body.data.map((c: { name: string }) => c.name)).toContain("Batik Tulis");
    const found = await call("GET", "/v0.0.0/utilities/categories", { token: seller, query: { search: "batik tulis" } });
    expect(found.body.data).toEqual([
      { product_category_id: 10401, id: 10401, name: "Batik Tulis", level: 3, parent_id: 104, path: "Fashion › Kain Tradisional › Batik Tulis" },
    ]);
    expect((await call("GET", "/v0.0.0/utilities/categories", { token: seller, query: { level: 4 } })).status).toBe(422);
    expect((await call("GET", "/v0.0.0/utilities/categories", { token: seller, query: { search: "zzz" } })).status).toBe(404);
  });
});

describe("brand list", () => {
  it("lists owned brands and partner brands with the spec's Brand shape", async () => {
    const res = await call<Brand[]>("GET", "/v0.0.1/brands", { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ total_record: 6, total_page: 1 });
    expect(names(res.body.data)).toEqual(["Anyaman Pandan", "Nusantara Wear", "Perak Kotagede", "Rumah Wangi", "Sekar Jagad", "Truntum Living"]);
    const nw = res.body.data!.find((b) => b.name === "Nusantara Wear")!;
    expect(nw).toMatchObject({
      brand_id: ids["Nusantara Wear"], is_partner: false, brand_category_name: "Owned Brand", company_data: { name: "Toko Demo" },
      product_category_data: { name: "Batik Pria", level: 3, path: "Fashion › Pakaian Pria › Batik Pria" },
      brand_category_data: { product_category_id: 1, name: "Fashion" }, status: 1, status_name: "Active",
      total_document: 3, is_verified: true, is_updateable: true, partnership_data: null,
    });
    expect(nw.image).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    expect(nw.document_datas[0]).toMatchObject({ type: "tax_id", type_name: expect.any(String), url: "/uploads/demo-npwp.pdf" });
    expect(typeof nw.time_created).toBe("number");
    const sj = res.body.data!.find((b) => b.name === "Sekar Jagad")!;
    expect(sj).toMatchObject({
      is_partner: true, brand_category_name: "Partner Brand", company_data: { name: "Batik Sekar Jagad" }, is_updateable: false,
      partnership_data: { status: 1, status_name: "Connected", is_requester: true, actions: ["disconnect"] },
    });
    const tl = res.body.data!.find((b) => b.name === "Truntum Living")!;
    expect(tl.partnership_data).toMatchObject({ status: 0, status_name: "Waiting for Approval", actions: ["cancel"] });
    const ap = res.body.data!.find((b) => b.name === "Anyaman Pandan")!;
    expect(ap).toMatchObject({ total_partner: 0, total_partner_request: 1 });
  });

  it("filters by ownership, status and search, sorts and pages", async () => {
    const owned = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { ownership: 1 } });
    expect(names(owned.body.data)).toEqual(["Anyaman Pandan", "Nusantara Wear", "Perak Kotagede", "Rumah Wangi"]);
    const partner = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { ownership: 2 } });
    expect(names(partner.body.data)).toEqual(["Sekar Jagad", "Truntum Living"]);
    const off = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { status: 3 } });
    expect(names(off.body.data)).toEqual(["Rumah Wangi"]);
    const on = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { status: 1, ownership: 1 } });
    expect(names(on.body.data)).toEqual(["Anyaman Pandan", "Nusantara Wear", "Perak Kotagede"]);
    const found = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { search: "perak" } });
    expect(names(found.body.data)).toEqual(["Perak Kotagede"]);
    const az = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { sort: 5 } });
    expect(az.body.data!.map((b) => b.name)).toEqual(["Anyaman Pandan", "Nusantara Wear", "Perak Kotagede", "Rumah Wangi", "Sekar Jagad", "Truntum Living"]);
    const za = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { sort: 6 } });
    expect(za.body.data![0].name).toBe("Truntum Living");
    const oldest = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { sort: 1 } });
    expect(oldest.body.data![0].name).toBe("Nusantara Wear");
    const newest = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { sort: 2 } });
    expect(newest.body.data![0].name).toBe("Rumah Wangi");
    const edited = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { sort: 4 } });
    expect(edited.body.data![0].name).toBe("Rumah Wangi");
    const editedAsc = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { sort: 3 } });
    expect(editedAsc.body.data![0].name).toBe("Anyaman Pandan");
    const page = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller, query: { sort: 5, limit: 4, page: 2 } });
    expect(page.body.pagination).toMatchObject({ total_page: 2, total_record: 6 });
    expect(page.body.data!.map((b) => b.name)).toEqual(["Sekar Jagad", "Truntum Living"]);
    const none = await call("GET", "/v0.0.0/brands", { token: seller, query: { search: "tidak ada" } });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ message: "No data", data: [] });
    const bad = await call("GET", "/v0.0.0/brands", { token: seller, query: { status: 0, ownership: 3, sort: 7 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(["ownership", "sort", "status"]);
  });

  it("shows the other business its own brands and the one it asked to partner with", async () => {
    const res = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller2 });
    expect(names(res.body.data)).toEqual(["Anyaman Pandan", "Sekar Jagad", "Truntum Living"]);
    const sj = res.body.data!.find((b) => b.name === "Sekar Jagad")!;
    expect(sj).toMatchObject({ is_partner: false, total_partner: 1, total_partner_request: 0 });
    const tl = res.body.data!.find((b) => b.name === "Truntum Living")!;
    expect(tl).toMatchObject({ is_partner: false, total_partner: 0, total_partner_request: 1 });
  });

  it("needs the profile privilege", async () => {
    expect((await call("GET", "/v0.0.0/brands", { token: staff })).status).toBe(403);
    expect((await call("GET", "/v0.0.0/brands")).status).toBe(401);
  });
});

describe("one brand", () => {
  it("reads an owned or partner brand and answers 404 for anyone else's", async () => {
    const own = await call<Brand>("GET", `/v0.0.0/brands/${ids["Nusantara Wear"]}`, { token: seller });
    expect(own.body.data).toMatchObject({ name: "Nusantara Wear", is_partner: false });
    const partner = await call<Brand>("GET", `/v0.0.1/brands/${ids["Sekar Jagad"]}`, { token: seller });
    expect(partner.body.data).toMatchObject({ name: "Sekar Jagad", is_partner: true });
    // A partner sees which documents the owner has, not the files.
    expect((await call("GET", `/v0.0.0/brands/${ids["Nusantara Wear"]}`, { token: seller2 })).status).toBe(404);
    expect((await call("GET", "/v0.0.0/brands/999999", { token: seller })).status).toBe(404);
  });
});

describe("create", () => {
  it("creates an owned brand with an image and writes its history", async () => {
    const image = await ownUpload(DEMO.seller);
    const res = await call<Brand>("POST", "/v0.0.1/brands/create", {
      token: seller, json: { name: "Kopi Pagi", image, product_category_id: 50303, description: "Gelas dan cangkir keramik." },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Brand added");
    expect(res.body.data).toMatchObject({
      name: "Kopi Pagi", image, status: 1, is_partner: false, product_category_data: { path: "Home Living › Peralatan Dapur & Makan › Gelas & Cangkir" },
      brand_category_data: { name: "Home Living" }, is_verified: false,
    });
    ids["Kopi Pagi"] = res.body.data!.brand_id;
    const history = await brandHistory(ids["Kopi Pagi"]);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: "create", userId: userIds[DEMO.seller] });
    expect(history[0].changes).toMatchObject({ name: { from: null, to: "Kopi Pagi" }, category: { to: "Home Living › Peralatan Dapur & Makan › Gelas & Cangkir" } });
  });

  it("takes a category at any level and no image", async () => {
    const res = await call<Brand>("POST", "/v0.0.1/brands/create", { token: seller, json: { name: "Serba Seni", product_category_id: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ image: null, product_category_data: { name: "Art", level: 1, path: "Art" }, brand_category_data: { name: "Art" } });
    ids["Serba Seni"] = res.body.data!.brand_id;
  });

  it("answers 422 per field, in English and in Indonesian", async () => {
    const en = await call("POST", "/v0.0.1/brands/create", { token: seller, json: { name: " ", description: "x".repeat(1001) } });
    expect(en.status).toBe(422);
    expect(en.body.data).toEqual({
      name: ["This field is required"], product_category_id: ["This field is required"], description: ["Too long"],
    });
    const id = await call("POST", "/v0.0.1/brands/create", { token: seller, json: { name: "", product_category_id: "abc" }, locale: "id" });
    expect(id.status).toBe(422);
    expect(id.body.data).toMatchObject({ name: ["Kolom ini wajib diisi"], product_category_id: ["Kolom ini wajib diisi"] });
    const image = await call("POST", "/v0.0.1/brands/create", { token: seller, json: { name: "X", product_category_id: 1, image: "https://evil.example/x.png" } });
    expect(image.body.data).toEqual({ image: ["This value is not valid"] });
  });

  it("refuses an unknown category, someone else's image and a name already used", async () => {
    const cat = await call("POST", "/v0.0.1/brands/create", { token: seller, json: { name: "Nama Baru", product_category_id: 999 } });
    expect(cat.body.data).toEqual({ product_category_id: ["This value is not valid"] });
    const theirs = await ownUpload(DEMO.seller2);
    const img = await call("POST", "/v0.0.1/brands/create", { token: seller, json: { name: "Nama Baru", product_category_id: 1, image: theirs } });
    expect(img.body.data).toEqual({ image: ["Upload the image again"] });
    const dup = await call("POST", "/v0.0.1/brands/create", { token: seller, json: { name: "nusantara WEAR", product_category_id: 1 } });
    expect(dup.status).toBe(422);
    expect(dup.body.data).toEqual({ name: ["You already have a brand with this name"] });
    const dupId = await call("POST", "/v0.0.1/brands/create", { token: seller, json: { name: "Nusantara Wear", product_category_id: 1 }, locale: "id" });
    expect(dupId.body.data).toEqual({ name: ["Anda sudah punya brand dengan nama ini"] });
    // Another business may use the same name.
    const other = await call("POST", "/v0.0.1/brands/create", { token: seller2, json: { name: "Nusantara Wear", product_category_id: 1 } });
    expect(other.status).toBe(200);
    ids["Sekar's Nusantara Wear"] = other.body.data.brand_id;
  });

  it("accepts the multipart form a browser sends", async () => {
    const form = new FormData();
    form.set("name", "Tenun Timur");
    form.set("product_category_id", "10403");
    const res = await call<Brand>("POST", "/v0.0.1/brands/create", { token: seller, form });
    expect(res.status).toBe(200);
    expect(res.body.data!.product_category_data.name).toBe("Tenun Ikat");
  });
});

describe("update", () => {
  it("updates an owned brand; the history names the category, not its id", async () => {
    const id = ids["Kopi Pagi"];
    const res = await call<Brand>("PUT", `/v0.0.3/brands/${id}`, {
      token: seller, json: { name: "Kopi Pagi Keramik", product_category_id: 50302, description: "Gelas dan cangkir keramik." },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Kopi Pagi Keramik", image: null, product_category_data: { name: "Piring & Mangkuk" } });
    const history = await brandHistory(id);
    expect(history.at(-1)).toMatchObject({ action: "update" });
    expect(history.at(-1)!.changes).toEqual({
      name: { from: "Kopi Pagi", to: "Kopi Pagi Keramik" },
      image: { from: expect.stringMatching(/^\/uploads\//), to: null },
      category: { from: "Home Living › Peralatan Dapur & Makan › Gelas & Cangkir", to: "Home Living › Peralatan Dapur & Makan › Piring & Mangkuk" },
    });
    // The same values again change nothing and write no history.
    const again = await call("PUT", `/v0.0.3/brands/${id}`, {
      token: seller, json: { name: "Kopi Pagi Keramik", product_category_id: 50302, description: "Gelas dan cangkir keramik." },
    });
    expect(again.status).toBe(200);
    expect(await brandHistory(id)).toHaveLength(history.length);
  });

  it("keeps the brand's own image without a new upload", async () => {
    const brand = (await call<Brand>("GET", `/v0.0.0/brands/${ids["Nusantara Wear"]}`, { token: seller })).body.data!;
    const res = await call<Brand>("PUT", `/v0.0.3/brands/${brand.brand_id}`, {
      token: seller, json: { name: brand.name, image: brand.image, product_category_id: brand.product_category_id, description: brand.description },
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.image).toBe(brand.image);
  });

  it("refuses a partner brand (read-only) and another business's brand (404)", async () => {
    const partner = await call("PUT", `/v0.0.3/brands/${ids["Sekar Jagad"]}`, { token: seller, json: { name: "X", product_category_id: 1 } });
    expect(partner.status).toBe(422);
    expect(partner.body.message).toBe("This is a partner brand: only the business that owns it can change it");
    const other = await call("PUT", `/v0.0.3/brands/${ids["Nusantara Wear"]}`, { token: seller2, json: { name: "Hacked", product_category_id: 1 } });
    expect(other.status).toBe(404);
    const clash = await call("PUT", `/v0.0.3/brands/${ids["Kopi Pagi"]}`, { token: seller, json: { name: "Perak Kotagede", product_category_id: 1 } });
    expect(clash.body.data).toEqual({ name: ["You already have a brand with this name"] });
  });
});

describe("toggle", () => {
  it("deactivates and activates an owned brand; repeating is harmless", async () => {
    const id = ids["Perak Kotagede"];
    const before = (await brandHistory(id)).length;
    const off = await call<Brand>("PUT", `/v0.0.0/brands/${id}/inactivate`, { token: seller });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: "Brand deactivated", data: { status: 3, status_name: "Non-Active" } });
    const again = await call<Brand>("PUT", `/v0.0.0/brands/${id}/inactivate`, { token: seller });
    expect(again.status).toBe(200);
    expect(again.body.data!.status).toBe(3);
    expect(await brandHistory(id)).toHaveLength(before + 1);
    const on = await call<Brand>("PUT", `/v0.0.0/brands/${id}/activate`, { token: seller, locale: "id" });
    expect(on.body).toMatchObject({ message: "Brand diaktifkan", data: { status: 1 } });
    const history = await brandHistory(id);
    expect(history.slice(-2).map((h) => [h.action, h.changes])).toEqual([
      ["inactivate", { status: { from: 1, to: 3 } }],
      ["activate", { status: { from: 3, to: 1 } }],
    ]);
  });

  it("refuses a partner brand and another business's brand", async () => {
    const partner = await call("PUT", `/v0.0.0/brands/${ids["Sekar Jagad"]}/inactivate`, { token: seller });
    expect(partner.status).toBe(422);
    const sj = await db.select().from(brands).where(eq(brands.id, ids["Sekar Jagad"]));
    expect(sj[0].status).toBe(1);
    expect((await call("PUT", `/v0.0.0/brands/${ids["Nusantara Wear"]}/inactivate`, { token: seller2 })).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/brands/${ids["Nusantara Wear"]}/pause`, { token: seller })).status).toBe(404);
  });
});

describe("documents", () => {
  it("adds a document as a file or an earlier upload, verifies at three, removes one", async () => {
    const id = ids["Kopi Pagi"];
    const form = new FormData();
    form.set("type", "tax_id");
    form.set("file", new Blob([Buffer.from("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" }), "NPWP Kopi.pdf");
    const first = await call<Brand>("POST", `/v0.0.0/brands/${id}/documents`, { token: seller, form });
    expect(first.status).toBe(200);
    expect(first.body.data!.document_datas).toEqual([
      { type: "tax_id", type_name: expect.any(String), name: "NPWP Kopi.pdf", url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.pdf$/) },
    ]);
    const [stored] = await db.select().from(uploads).where(eq(uploads.name, first.body.data!.document_datas[0].url!.slice(9)));
    expect(stored.private).toBe(true);
    await call("POST", `/v0.0.0/brands/${id}/documents`, { token: seller, json: { type: "business_permit", url: await ownUpload(DEMO.seller, "application/pdf") } });
    const third = await call<Brand>("POST", `/v0.0.0/brands/${id}/documents`, {
      token: seller, json: { type: "principal_license", url: await ownUpload(DEMO.seller, "image/jpeg") },
    });
    expect(third.body.data).toMatchObject({ total_document: 3, is_verified: true });
    const removed = await call<Brand>("DELETE", `/v0.0.0/brands/${id}/documents`, { token: seller, query: { url: third.body.data!.document_datas[2].url! } });
    expect(removed.body.data).toMatchObject({ total_document: 2, is_verified: false });
    expect((await brandHistory(id)).slice(-1)[0].action).toBe("document_remove");
  });

  it("serves a brand document to the business's profile members only", async () => {
    const id = ids["Kopi Pagi"];
    const form = new FormData();
    form.set("type", "tax_id");
    form.set("file", new Blob([Buffer.from("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" }), "NPWP.pdf");
    const added = await call<Brand>("POST", `/v0.0.0/brands/${id}/documents`, { token: seller, form });
    const url = added.body.data!.document_datas.find((d) => d.name === "NPWP.pdf")!.url!;
    const open = async (token?: string) =>
      (await app.request(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })).status;
    expect(await open(seller)).toBe(200);
    expect(await open()).toBe(404);
    expect(await open(seller2)).toBe(404);
    // seller2 joins the brand's business with the profile privilege: the file opens for them too.
    const [{ businessId }] = await db.select({ businessId: brands.businessId }).from(brands).where(eq(brands.id, id));
    await db.insert(businessMembers).values({ businessId, userId: userIds[DEMO.seller2], role: "staff", privileges: ["profile"] });
    try {
      expect(await open(seller2)).toBe(200);
    } finally {
      await db.delete(businessMembers).where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userIds[DEMO.seller2])));
    }
  });

  it("checks the type and the file", async () => {
    const id = ids["Kopi Pagi"];
    const form = new FormData();
    form.set("type", "passport");
    form.set("file", new Blob(["not a document"], { type: "application/pdf" }), "x.pdf");
    const bad = await call("POST", `/v0.0.0/brands/${id}/documents`, { token: seller, form });
    expect(bad.body.data).toEqual({ type: ["Choose a document type"] });
    const wrong = new FormData();
    wrong.set("type", "tax_id");
    wrong.set("file", new Blob(["not a document"], { type: "application/pdf" }), "x.pdf");
    const res = await call("POST", `/v0.0.0/brands/${id}/documents`, { token: seller, form: wrong });
    expect(res.body.data).toEqual({ file: ["Your File type is not accepted"] });
    const theirs = await call("POST", `/v0.0.0/brands/${id}/documents`, { token: seller, json: { type: "tax_id", url: await ownUpload(DEMO.seller2, "application/pdf") } });
    expect(theirs.body.data).toEqual({ url: ["Upload the file again"] });
    expect((await call("POST", `/v0.0.0/brands/${id}/documents`, { token: seller2, json: { type: "tax_id", url: "/uploads/x" } })).status).toBe(404);
    expect((await call("POST", `/v0.0.0/brands/${ids["Sekar Jagad"]}/documents`, { token: seller, json: { type: "tax_id", url: "/uploads/x" } })).status).toBe(422);
  });
});

// ---------------------------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------------------------
type Case = { section: string; valid: () => Promise<Record<string, unknown>>; changed: Record<string, unknown>; invalid: Record<string, unknown>; errors: Record<string, string[]>; errorsId: Record<string, string[]> };

const cases: Case[] = [
  {
    section: "social-media",
    valid: async () => ({ type: 1, username: "kopipagi", url: "https://instagram.com/kopipagi" }),
    changed: { username: "kopipagi.id" },
    invalid: { type: 10, username: "", url: "instagram.com" },
    errors: { type: ["This value is not valid"], username: ["This field is required"], url: ["Enter a full web address starting with https://"] },
    errorsId: { type: ["Nilai ini tidak valid"], username: ["Kolom ini wajib diisi"], url: ["Isi alamat web lengkap yang diawali https://"] },
  },
  {
    section: "banners",
    valid: async () => ({ image: await ownUpload(DEMO.seller), title: "Promo Gajian", link: "https://tokodemo.id/promo", sort: 2 }),
    changed: { title: "Promo Akhir Bulan", sort: 1 },
    invalid: { image: "", title: "x".repeat(101), link: "javascript:alert(1)", sort: -1 },
    errors: { image: ["This field is required"], title: ["Too long"], link: ["Enter a full web address starting with https://"], sort: ["Must be 0 or more"] },
    errorsId: { image: ["Kolom ini wajib diisi"], title: ["Terlalu panjang"], link: ["Isi alamat web lengkap yang diawali https://"], sort: ["Harus 0 atau lebih"] },
  },
  {
    section: "pickup-lines",
    valid: async () => ({ text: "Kopi enak, cangkir cantik." }),
    changed: { text: "Cangkir cantik untuk kopi pagi." },
    invalid: { text: "x".repeat(151) },
    errors: { text: ["Too long"] },
    errorsId: { text: ["Terlalu panjang"] },
  },
  {
    section: "notes",
    valid: async () => ({ title: "Pengiriman", content: "Dikirim dengan bubble wrap tebal." }),
    changed: { content: "Dikirim dengan bubble wrap dan kardus ganda." },
    invalid: { title: "", content: "" },
    errors: { title: ["This field is required"], content: ["This field is required"] },
    errorsId: { title: ["Kolom ini wajib diisi"], content: ["Kolom ini wajib diisi"] },
  },
  {
    section: "response",
    valid: async () => ({ name: "Salam", message: "Halo Kak, ada yang bisa dibantu?", is_active: true }),
    changed: { is_active: false },
    invalid: { name: "", message: "x".repeat(1001) },
    errors: { name: ["This field is required"], message: ["Too long"] },
    errorsId: { name: ["Kolom ini wajib diisi"], message: ["Terlalu panjang"] },
  },
  {
    section: "holiday",
    valid: async () => ({ start_date: "2026-08-15", end_date: "2026-08-17", reason: "Libur Kemerdekaan" }),
    changed: { end_date: "2026-08-18" },
    invalid: { start_date: "2026-02-30", end_date: "", reason: "" },
    errors: { start_date: ["Enter a date"], end_date: ["This field is required"], reason: ["This field is required"] },
    errorsId: { start_date: ["Isi tanggal"], end_date: ["Kolom ini wajib diisi"], reason: ["Kolom ini wajib diisi"] },
  },
];

describe.each(cases)("section $section", ({ section, valid, changed, invalid, errors, errorsId }) => {
  it("adds, lists, changes and removes an entry, each with a history row", async () => {
    const id = ids["Kopi Pagi"];
    const data = await valid();
    const added = await call("POST", `/v0.0.0/brands/${id}/${section}`, { token: seller, json: data });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ ...data, brand_id: id, section, id: expect.any(Number) });
    const entryId = added.body.data.id;
    const listed = await call("GET", `/v0.0.1/brands/${id}/${section}`, { token: seller });
    expect(listed.body.data.map((e: { id: number }) => e.id)).toEqual([entryId]);
    const updated = await call("PUT", `/v0.0.2/brands/${id}/${section}/${entryId}`, { token: seller, json: { ...data, ...changed } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ ...data, ...changed });
    const removed = await call("DELETE", `/v0.0.0/brands/${id}/${section}/${entryId}`, { token: seller });
    expect(removed.status).toBe(200);
    expect((await call("GET", `/v0.0.0/brands/${id}/${section}`, { token: seller })).status).toBe(404);
    const history = (await brandHistory(id)).slice(-3);
    expect(history.map((h) => h.action)).toEqual(["entry_add", "entry_update", "entry_remove"]);
    expect(Object.keys(history[0].changes)).toEqual([`${section}.entry`]);
    expect(Object.keys(history[1].changes).sort()).toEqual(Object.keys(changed).map((k) => `${section}.${k}`).sort());
    expect((await call("DELETE", `/v0.0.0/brands/${id}/${section}/${entryId}`, { token: seller })).status).toBe(404);
  });

  it("answers 422 per field in English and Indonesian", async () => {
    const id = ids["Kopi Pagi"];
    const en = await call("POST", `/v0.0.0/brands/${id}/${section}`, { token: seller, json: invalid });
    expect(en.status).toBe(422);
    expect(en.body.data).toEqual(errors);
    const idn = await call("POST", `/v0.0.0/brands/${id}/${section}`, { token: seller, json: invalid, locale: "id" });
    expect(idn.body.data).toEqual(errorsId);
  });

  it("is not there for another business", async () => {
    const id = ids["Nusantara Wear"];
    const data = await valid();
    expect((await call("GET", `/v0.0.0/brands/${id}/${section}`, { token: seller2 })).status).toBe(404);
    expect((await call("POST", `/v0.0.0/brands/${id}/${section}`, { token: seller2, json: data })).status).toBe(404);
    const [entry] = await db.select().from(brandEntries).where(and(eq(brandEntries.brandId, id), eq(brandEntries.section, section)));
    expect((await call("PUT", `/v0.0.0/brands/${id}/${section}/${entry.id}`, { token: seller2, json: data })).status).toBe(404);
    expect((await call("DELETE", `/v0.0.0/brands/${id}/${section}/${entry.id}`, { token: seller2 })).status).toBe(404);
    // An entry id of another brand is not found under this one.
    expect((await call("DELETE", `/v0.0.0/brands/${ids["Kopi Pagi"]}/${section}/${entry.id}`, { token: seller })).status).toBe(404);
  });
});

describe("sections of a partner brand", () => {
  it("shows the holiday to the partner, read-only, and hides the owner's own sections", async () => {
    const id = ids["Sekar Jagad"];
    await call("POST", `/v0.0.0/brands/${id}/holiday`, { token: seller2, json: { start_date: "2026-01-01", end_date: "2026-01-01", reason: "Tahun Baru" } });
    const holiday = await call("GET", `/v0.0.0/brands/${id}/holiday`, { token: seller });
    expect(holiday.status).toBe(200);
    expect(holiday.body.data[0]).toMatchObject({ reason: "Tahun Baru", is_ongoing: false });
    const write = await call("POST", `/v0.0.0/brands/${id}/holiday`, { token: seller, json: { start_date: "2026-01-02", end_date: "2026-01-02", reason: "x" } });
    expect(write.status).toBe(422);
    for (const section of ["social-media", "banners", "pickup-lines", "notes", "response"]) {
      expect((await call("GET", `/v0.0.0/brands/${id}/${section}`, { token: seller })).status).toBe(404);
      expect((await call("POST", `/v0.0.0/brands/${id}/${section}`, { token: seller, json: {} })).status).toBe(404);
    }
  });

  it("orders holidays by date, banners by sort, and refuses an end before the start", async () => {
    const id = ids["Nusantara Wear"];
    const holidays = await call("GET", `/v0.0.0/brands/${id}/holiday`, { token: seller });
    expect(holidays.body.data.map((h: { start_date: string }) => h.start_date)).toEqual(["2026-03-18", "2026-12-24"]);
    const banners = await call("GET", `/v0.0.0/brands/${id}/banners`, { token: seller });
    expect(banners.body.data.map((b: { sort: number }) => b.sort)).toEqual([1, 2]);
    const bad = await call("POST", `/v0.0.0/brands/${id}/holiday`, { token: seller, json: { start_date: "2026-05-02", end_date: "2026-05-01", reason: "x" } });
    expect(bad.body.data).toEqual({ end_date: ["The end date cannot be before the start date"] });
  });
});

// ---------------------------------------------------------------------------------------------
// Partnerships
// ---------------------------------------------------------------------------------------------
describe("partnership rules (data)", () => {
  it("allow each step only to the side the table names", () => {
    expect(findTransition("request", null, "partner", false)?.to).toBe(0);
    expect(findTransition("request", null, "owner", false)).toBeUndefined();
    expect(findTransition("approve", 0, "owner", false)?.to).toBe(1);
    expect(findTransition("approve", 0, "partner", true)).toBeUndefined();
    expect(findTransition("approve-disconnect", 3, "owner", true)).toBeUndefined();
    expect(findTransition("approve-disconnect", 3, "partner", false)?.to).toBe(4);
    expect(findTransition("cancel", 3, "partner", true)?.to).toBe(1);
    expect(findTransition("disconnect", 0, "partner", true)).toBeUndefined();
    // Every target is a spec status, every action reachable.
    for (const t of PARTNERSHIP_TRANSITIONS) expect([0, 1, 2, 3, 4]).toContain(t.to);
    const row = { ownerBusinessId: 1, partnerBusinessId: 2, requestedByBusinessId: 2, status: 0 };
    expect(allowedActions(row, 1)).toEqual(["approve", "decline"]);
    expect(allowedActions(row, 2)).toEqual(["cancel"]);
    expect(allowedActions(row, 3)).toEqual([]);
  });
});

describe("partnership flow", () => {
  const act = (token: string, id: number, action: string, locale?: "en" | "id") =>
    call<Partnership>("PUT", `/v0.0.0/brands/partnerships/${id}/${action}`, { token, locale });
  let pid: number;

  it("lists another business's brands for the picker and the caller's own for other pickers", async () => {
    const sekarId = (await db.select().from(brands).where(eq(brands.id, ids["Sekar Jagad"])))[0].businessId;
    const theirs = await call("GET", "/v0.0.0/brands/mixed", { token: seller, query: { business_id: sekarId } });
    expect(theirs.body.data.map((b: { name: string }) => b.name).sort()).toEqual(["Nusantara Wear", "Sekar Jagad", "Truntum Living"]);
    expect(theirs.body.data.find((b: { name: string }) => b.name === "Sekar Jagad")).toMatchObject({ partnership_status: 1, is_requestable: false });
    expect(theirs.body.data.find((b: { name: string }) => b.name === "Nusantara Wear")).toMatchObject({ partnership_status: null, is_requestable: true });
    const mine = await call<Brand[]>("GET", "/v0.0.0/brands/mixed", { token: seller });
    expect(names(mine.body.data)).toEqual(["Anyaman Pandan", "Kopi Pagi Keramik", "Nusantara Wear", "Perak Kotagede", "Sekar Jagad", "Serba Seni", "Tenun Timur"]);
  });

  it("asks, and the owner sees the request and approves it", async () => {
    const res = await call<Brand>("POST", "/v0.0.0/brands/create-partnership", { token: seller2, json: { brand_id: ids["Perak Kotagede"] } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Partnership request sent");
    expect(res.body.data).toMatchObject({ name: "Perak Kotagede", is_partner: true, partnership_data: { status: 0, is_requester: true, actions: ["cancel"] } });
    pid = res.body.data!.partnership_data!.partnership_id;

    const incoming = await call<Partnership[]>("GET", "/v0.0.0/brands/partnerships", { token: seller, query: { direction: "incoming" } });
    const req = incoming.body.data!.find((p) => p.partnership_id === pid)!;
    expect(req).toMatchObject({
      status: 0, status_name: "Waiting for Approval", brand_data: { name: "Perak Kotagede" }, partner_business_data: { name: "Batik Sekar Jagad" },
      is_owner: true, is_requester: false, is_waiting_for_me: true, actions: ["approve", "decline"],
    });
    // Waiting for the caller first.
    expect(incoming.body.data!.every((p, i, all) => i === 0 || !p.is_waiting_for_me || all[i - 1].is_waiting_for_me)).toBe(true);
    const perBrand = await call<Partnership[]>("GET", "/v0.0.0/brands/partnerships", { token: seller, query: { brand_id: ids["Perak Kotagede"] } });
    expect(perBrand.body.data!.map((p) => p.partnership_id)).toEqual([pid]);
    const outgoing = await call<Partnership[]>("GET", "/v0.0.0/brands/partnerships", { token: seller2, query: { direction: "outgoing" } });
    expect(outgoing.body.data!.map((p) => p.brand_data.name)).toContain("Perak Kotagede");

    // The requester cannot approve their own request; a third party does not see it.
    const self = await act(seller2, pid, "approve");
    expect(self.status).toBe(422);
    expect(self.body.message).toBe("This cannot be done now: the partnership is “Waiting for Approval”.");
    const selfId = await act(seller2, pid, "approve", "id");
    expect(selfId.body.message).toBe("Ini tidak bisa dilakukan sekarang: kemitraan berstatus “Menunggu Persetujuan”.");

    const approved = await act(seller, pid, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: "Partnership approved", data: { status: 1, actions: ["disconnect"] } });
    const seen = await call<Brand>("GET", `/v0.0.0/brands/${ids["Perak Kotagede"]}`, { token: seller2 });
    expect(seen.body.data).toMatchObject({ is_partner: true, partnership_data: { status: 1, status_name: "Connected" } });
    // Approving again is not a step the table has.
    expect((await act(seller, pid, "approve")).status).toBe(422);
  });

  it("refuses a second request, the caller's own brand and an inactive brand", async () => {
    const again = await call("POST", "/v0.0.0/brands/create-partnership", { token: seller2, json: { brand_id: ids["Perak Kotagede"] } });
    expect(again.body.data).toEqual({ brand_id: ["You already partner with this brand or have asked to"] });
    const own = await call("POST", "/v0.0.0/brands/create-partnership", { token: seller, json: { brand_id: ids["Nusantara Wear"] } });
    expect(own.body.data).toEqual({ brand_id: ["This brand is already yours"] });
    const off = await call("POST", "/v0.0.0/brands/create-partnership", { token: seller2, json: { brand_id: ids["Rumah Wangi"] } });
    expect(off.body.data).toEqual({ brand_id: ["This brand is not available for partnership"] });
    const missing = await call("POST", "/v0.0.0/brands/create-partnership", { token: seller2, json: {} });
    expect(missing.body.data).toEqual({ brand_id: ["This field is required"] });
  });

  it("disconnects only when the other side approves; it can be refused or taken back", async () => {
    // The partner asks to disconnect; it cannot approve that itself.
    expect((await act(seller2, pid, "disconnect")).body.data).toMatchObject({ status: 3, actions: ["cancel"] });
    expect((await act(seller2, pid, "approve-disconnect")).status).toBe(422);
    // Taken back: connected again.
    expect((await act(seller2, pid, "cancel")).body.data).toMatchObject({ status: 1 });
    // The owner asks; the partner keeps the partnership.
    expect((await act(seller, pid, "disconnect")).body.data).toMatchObject({ status: 3, is_requester: true });
    expect((await act(seller2, pid, "decline-disconnect")).body).toMatchObject({ message: "The partnership continues", data: { status: 1 } });
    // The owner asks again; the partner approves: disconnected, gone from the partner's list.
    await act(seller, pid, "disconnect");
    expect((await act(seller2, pid, "approve-disconnect")).body.data).toMatchObject({ status: 4, actions: ["request"] });
    const list = await call<Brand[]>("GET", "/v0.0.0/brands", { token: seller2 });
    expect(names(list.body.data)).not.toContain("Perak Kotagede");
    expect((await call("GET", `/v0.0.0/brands/${ids["Perak Kotagede"]}`, { token: seller2 })).status).toBe(404);
    expect((await act(seller2, pid, "disconnect")).status).toBe(422);
  });

  it("asks again after a disconnection (Requesting to Connect), which can be declined or withdrawn", async () => {
    const again = await call<Brand>("POST", "/v0.0.0/brands/create-partnership", { token: seller2, json: { brand_id: ids["Perak Kotagede"] } });
    expect(again.body.data!.partnership_data).toMatchObject({ partnership_id: pid, status: 2, status_name: "Requesting to Connect" });
    expect((await act(seller, pid, "decline")).body).toMatchObject({ message: "Request declined", data: { status: 4 } });
    // Either side may ask again after a disconnection; the one who asked may withdraw it.
    expect((await act(seller, pid, "request")).body.data).toMatchObject({ status: 2, is_requester: true, actions: ["cancel"] });
    expect((await act(seller, pid, "cancel")).body.data).toMatchObject({ status: 4 });
    expect((await act(seller2, pid, "request")).body.data).toMatchObject({ status: 2 });
    expect((await act(seller, pid, "approve")).body.data).toMatchObject({ status: 1 });
  });

  it("writes each step in both businesses' history", async () => {
    const ownerSide = (await brandHistory(ids["Perak Kotagede"])).filter((h) => h.action.startsWith("partnership_"));
    expect(ownerSide.map((h) => h.action)).toEqual([
      "partnership_request", "partnership_approve", "partnership_disconnect", "partnership_cancel", "partnership_disconnect",
      "partnership_decline-disconnect", "partnership_disconnect", "partnership_approve-disconnect", "partnership_request",
      "partnership_decline", "partnership_request", "partnership_cancel", "partnership_request", "partnership_approve",
    ]);
    expect(ownerSide[0].changes).toEqual({ partnership_status: { from: null, to: 0 }, partner_business: { from: null, to: "Batik Sekar Jagad" } });
    const partnerSide = await call("GET", `/v0.0.0/brands/${ids["Perak Kotagede"]}/update-history`, { token: seller2, query: { limit: 50 } });
    expect(partnerSide.body.pagination!.total_record).toBe(ownerSide.length);
    expect(partnerSide.body.data[0]).toMatchObject({ action: "partnership_approve", user_name: "Sari Wulandari" });
    const owner = await call("GET", `/v0.0.0/brands/${ids["Perak Kotagede"]}/update-history`, { token: seller, query: { limit: 50 } });
    expect(owner.body.data.map((h: { action: string }) => h.action)).toContain("inactivate");
  });

  it("answers 404 for a partnership of other businesses and an unknown action", async () => {
    const [other] = await db.select().from(partnerships).where(eq(partnerships.refId, ids["Sekar Jagad"]));
    // Toko Demo is that partnership's partner; Sekar owns it. Neither may act on a made-up id.
    expect((await act(seller, 999999, "approve")).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/brands/partnerships/${other.id}/accept`, { token: seller })).status).toBe(404);
    expect((await act(staff, other.id, "disconnect")).status).toBe(403);
  });
});

describe("update history", () => {
  it("lists a brand's changes newest first, for its business only", async () => {
    const res = await call("GET", `/v0.0.0/brands/${ids["Kopi Pagi"]}/update-history`, { token: seller, query: { limit: 100 } });
    expect(res.status).toBe(200);
    expect(res.body.data.at(-1)).toMatchObject({ action: "create", user_name: "Sari Wulandari" });
    expect(res.body.data[0].changes).toEqual(expect.any(Array));
    expect((await call("GET", `/v0.0.0/brands/${ids["Kopi Pagi"]}/update-history`, { token: seller2 })).status).toBe(404);
  });
});

describe("export", () => {
  it("exports the brand list with its filters", async () => {
    const queued = await call("POST", "/v0.0.0/exports/brand", { token: seller, json: { ownership: 1, sort: 5 } });
    expect(queued.status).toBe(202);
    await runNextJob();
    const history = await call("GET", "/v0.0.0/exports", { token: seller, query: { kind: "brand" } });
    expect(history.body.data[0]).toMatchObject({ kind: "brand", status: "success" });
    expect(history.body.data[0].filename).toMatch(/^Brands_/);
    const bad = await call("POST", "/v0.0.0/exports/brand", { token: seller, json: { status: 2 } });
    expect(bad.status).toBe(422);
  });
});
