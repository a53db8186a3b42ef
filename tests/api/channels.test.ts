import { and, asc, count, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { api } from "#api/app.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { CHANNEL_PLATFORM_CODES, CHANNEL_PLATFORMS, type ChannelConfigKey } from "#core/profile/profile-enums.ts";
import { db } from "#db/client.ts";
import { businesses, channels, storeChannels, stores, updateHistory } from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";

type StoreData = { store_id: number; image: string | null; type: number; type_name: string; name: string; status: number; is_connected: boolean };
type Channel = {
  channel_id: number; name: string; logo: string | null; is_default: boolean;
  channel_data: { type: number; name: string; code: string; platform_name: string; config_fields: string[] };
  business_data: { business_id: number; name: string }; time_created: number; time_modified: number; status: number; status_name: string;
  email: string | null; phone: string | null; url: string | null; username: string | null; phone_number: string | null; line_id: string | null;
  total_store: number; total_connected_store: number; store_datas: StoreData[];
};
type TreeNode = { id: number | string; name: string; childs: TreeNode[]; [k: string]: unknown };

let seller: string;
let seller2: string;
let staff: string;
let tokoDemo: number;
let sekar: number;
const ids: Record<string, number> = {};

/** A valid value for each config field. */
const GOOD: Record<ChannelConfigKey, string> = {
  url: "https://www.example-shop.co.id/toko-uji",
  username: "@toko.uji_1",
  phone_number: "0812-3456-7890",
  line_id: "@toko-uji",
};
const MESSAGES = {
  en: {
    url: "This platform needs the shop URL",
    username: "This platform needs the account username",
    phone_number: "This platform needs the phone number",
    line_id: "LINE needs the LINE ID",
  },
  id: {
    url: "Platform ini memerlukan URL toko",
    username: "Platform ini memerlukan username akun",
    phone_number: "Platform ini memerlukan nomor telepon",
    line_id: "LINE memerlukan LINE ID",
  },
} as const;

const historyOf = (id: number) =>
  db.select().from(updateHistory).where(and(eq(updateHistory.refType, "channel"), eq(updateHistory.refId, id))).orderBy(asc(updateHistory.id));
const defaults = (businessId: number) =>
  db.select({ id: channels.id, name: channels.name }).from(channels).where(and(eq(channels.businessId, businessId), eq(channels.isDefault, true)));

async function listNames(query: Record<string, string | number>, token = seller) {
  const res = await call<Channel[]>("GET", "/v0.0.1/channels", { token, query: { limit: 100, ...query } });
  return { status: res.status, names: Array.isArray(res.body.data) ? res.body.data.map((c) => c.name) : [], body: res.body };
}

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  [{ id: tokoDemo }] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, "Toko Demo"));
  [{ id: sekar }] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, "Batik Sekar Jagad"));
  for (const c of await db.select().from(channels)) ids[c.name] = c.id;
});

describe("channel list", () => {
  it("lists the business's channels, newest first, in the spec's Channel shape", async () => {
    const res = await call<Channel[]>("GET", "/v0.0.1/channels", { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ total_record: 6, total_page: 1 });
    expect(res.body.data!.map((c) => c.name)).toEqual([
      "tokodemo.id (Shopify)", "WhatsApp Order Toko Demo", "Instagram @tokodemo.id", "Toko Demo Shopee Mall",
      "Toko Demo Official Tokopedia", "Toko Demo Indie",
    ]);
    const igm = res.body.data!.find((c) => c.channel_data.code === "IGM")!;
    expect(igm).toMatchObject({
      name: "Instagram @tokodemo.id",
      logo: null,
      is_default: false,
      channel_data: { type: 3, name: "Social Media", code: "IGM", platform_name: "Instagram", config_fields: ["url", "username"] },
      business_data: { business_id: tokoDemo, name: "Toko Demo" },
      status: 1,
      status_name: "Active",
      url: "https://www.instagram.com/tokodemo.id",
      username: "tokodemo.id",
      phone_number: null,
      line_id: null,
    });
    expect(typeof igm.time_created).toBe("number");
    expect(igm.time_modified).toBeGreaterThan(igm.time_created);
    expect(Array.isArray(igm.store_datas)).toBe(true);
    expect(igm.total_store).toBe(igm.store_datas.length);
    expect(igm.total_connected_store).toBe(igm.store_datas.filter((s) => s.is_connected).length);
    const indie = res.body.data!.find((c) => c.channel_data.code === "IDM")!;
    expect(indie).toMatchObject({ is_default: true, channel_data: { type: 0, name: "Indie Marketplace" } });
    // The same list on the other version's path.
    const v0 = await call<Channel[]>("GET", "/v0.0.0/channels", { token: seller });
    expect(v0.body.data!.map((c) => c.channel_id)).toEqual(res.body.data!.map((c) => c.channel_id));
  });

  it("filters by channel type 0, 2, 3, 4 and refuses Offline (1) and unknown types", async () => {
    expect((await listNames({ type: 0 })).names).toEqual(["Toko Demo Indie"]);
    expect((await listNames({ type: 2 })).names).toEqual(["Toko Demo Shopee Mall", "Toko Demo Official Tokopedia"]);
    expect((await listNames({ type: 3 })).names).toEqual(["WhatsApp Order Toko Demo", "Instagram @tokodemo.id"]);
    expect((await listNames({ type: 4 })).names).toEqual(["tokodemo.id (Shopify)"]);
    for (const type of [1, 5, -1]) {
      const res = await listNames({ type });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.data as object)).toEqual(["type"]);
    }
  });

  it("filters by status 1 / 0 and refuses 3", async () => {
    expect((await listNames({ status: 0 })).names).toEqual(["WhatsApp Order Toko Demo"]);
    const active = await listNames({ status: 1 });
    expect(active.names).toHaveLength(5);
    expect(active.names).not.toContain("WhatsApp Order Toko Demo");
    expect((await listNames({ status: 0 })).body.data).toMatchObject([{ status: 0, status_name: "Non-Active" }]);
    expect((await listNames({ status: 3 })).status).toBe(422);
  });

  it("searches the channel name and the platform name", async () => {
    expect((await listNames({ search: "shopee" })).names).toEqual(["Toko Demo Shopee Mall"]);
    // "Indie Marketplace" is the platform's name, not in the channel's.
    expect((await listNames({ search: "indie marketplace" })).names).toEqual(["Toko Demo Indie"]);
    expect((await listNames({ search: "WooCommerce" })).status).toBe(404);
    const none = await listNames({ search: "tidak ada" });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 404, message: "No data", data: [], pagination: { total_record: 0 } });
    // LIKE wildcards are searched as typed.
    expect((await listNames({ search: "%" })).status).toBe(404);
  });

  it("sorts by the first four options only: 5 and 6 are refused", async () => {
    expect((await listNames({ sort: 1 })).names[0]).toBe("Toko Demo Indie");
    expect((await listNames({ sort: 2 })).names[0]).toBe("tokodemo.id (Shopify)");
    expect((await listNames({ sort: 3 })).names[0]).toBe("Toko Demo Indie"); // edited 40 days ago
    expect((await listNames({ sort: 4 })).names[0]).toBe("tokodemo.id (Shopify)"); // edited 2 days ago
    expect((await listNames({ sort: 3 })).names.at(-1)).toBe("tokodemo.id (Shopify)");
    for (const sort of [5, 6, 0, 7]) {
      const res = await listNames({ sort });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ sort: ["This value is not valid"] });
    }
  });

  it("pages", async () => {
    const res = await call<Channel[]>("GET", "/v0.0.1/channels", { token: seller, query: { limit: 4, page: 2, sort: 1 } });
    expect(res.body.pagination).toMatchObject({ total_page: 2, total_record: 6 });
    expect(res.body.data!.map((c) => c.name)).toEqual(["WhatsApp Order Toko Demo", "tokodemo.id (Shopify)"]);
  });

  it("answers in Indonesian when asked", async () => {
    const res = await call<Channel[]>("GET", "/v0.0.1/channels", { token: seller, query: { status: 0 }, locale: "id" });
    expect(res.body.data![0]).toMatchObject({ status_name: "Nonaktif", channel_data: { name: "Media Sosial" } });
  });
});

describe("create: the config each platform code needs", () => {
  it.each(CHANNEL_PLATFORM_CODES)("%s: refuses each missing config field with a translated message, in en and id", async (code) => {
    const needed = CHANNEL_PLATFORMS[code].config as readonly ChannelConfigKey[];
    if (!needed.length) {
      // Indie Marketplace needs nothing: the name is enough.
      const res = await call<Channel>("POST", "/v0.0.1/channels", { token: seller, json: { platform_code: code, name: `Uji ${code}` } });
      expect(res.status).toBe(200);
      await db.delete(channels).where(eq(channels.id, res.body.data!.channel_id));
      return;
    }
    for (const locale of ["en", "id"] as const) {
      const res = await call("POST", "/v0.0.1/channels", { token: seller, locale, json: { platform_code: code, name: `Uji ${code}` } });
      expect(res.status).toBe(422);
      const errors = res.body.data as Record<string, string[]>;
      expect(Object.keys(errors).sort()).toEqual([...needed].sort());
      for (const key of needed) expect(errors[key]).toEqual([MESSAGES[locale][key]]);
    }
    // One field given, the others still missing.
    if (needed.length === 2) {
      const [first, second] = needed;
      const res = await call("POST", "/v0.0.1/channels", { token: seller, json: { platform_code: code, name: `Uji ${code}`, [first]: GOOD[first] } });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ [second]: [MESSAGES.en[second]] });
    }
  });

  it.each(CHANNEL_PLATFORM_CODES)("%s: accepts its config and stores only what the platform uses", async (code) => {
    const needed = CHANNEL_PLATFORMS[code].config as readonly ChannelConfigKey[];
    const res = await call<Channel>("POST", "/v0.0.1/channels", {
      token: seller,
      json: { platform_code: code, name: `Channel ${code}`, ...GOOD },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Online channel added");
    const ch = res.body.data!;
    expect(ch).toMatchObject({
      name: `Channel ${code}`, status: 1, is_default: false,
      channel_data: { code, type: CHANNEL_PLATFORMS[code].type, platform_name: CHANNEL_PLATFORMS[code].name, config_fields: [...needed] },
    });
    const stored = { url: GOOD.url, username: "toko.uji_1", phone_number: "+6281234567890", line_id: "@toko-uji" };
    for (const key of ["url", "username", "phone_number", "line_id"] as const) {
      expect(ch[key]).toBe(needed.includes(key) ? stored[key] : null);
    }
    const [row] = await db.select().from(channels).where(eq(channels.id, ch.channel_id));
    expect(Object.keys(row.config).sort()).toEqual([...needed].sort());
    const history = await historyOf(ch.channel_id);
    expect(history.map((h) => h.action)).toEqual(["create"]);
    await db.delete(channels).where(eq(channels.id, ch.channel_id));
  });

  it("refuses badly formed config with translated messages", async () => {
    const bad = async (code: string, body: Record<string, string>, locale: "en" | "id" = "en") =>
      (await call("POST", "/v0.0.1/channels", { token: seller, locale, json: { platform_code: code, name: "Salah", ...body } })).body.data;
    expect(await bad("TKP", { url: "tokopedia.com/tokouji" })).toEqual({ url: ["Enter a full web address starting with http:// or https://"] });
    expect(await bad("TKP", { url: "ftp://tokopedia.com/x" })).toEqual({ url: ["Enter a full web address starting with http:// or https://"] });
    expect(await bad("TKP", { url: "https://localhost/x" })).toEqual({ url: ["Enter a full web address starting with http:// or https://"] });
    expect(await bad("TKP", { url: "javascript:alert(1)" }, "id")).toEqual({ url: ["Masukkan alamat web lengkap yang diawali http:// atau https://"] });
    expect(await bad("IGM", { url: "https://instagram.com/x", username: "toko uji" })).toEqual({
      username: ["Use letters, numbers, dots and underscores only, without spaces"],
    });
    expect(await bad("WAP", { phone_number: "12345" })).toEqual({ phone_number: ["Enter an Indonesian phone number, e.g. 0812 3456 7890"] });
    expect(await bad("SMS", { phone_number: "+1 415 555 2671" })).toEqual({ phone_number: ["Enter an Indonesian phone number, e.g. 0812 3456 7890"] });
    expect(await bad("LNE", { phone_number: "081234567890", line_id: "ab" }, "id")).toEqual({
      line_id: ["LINE ID terdiri dari 4–20 huruf, angka, titik, tanda hubung, atau garis bawah"],
    });
  });

  it("tells every mistake at once and checks name, email, phone and platform", async () => {
    const res = await call("POST", "/v0.0.1/channels", { token: seller, json: { platform_code: "IGM", name: "", email: "nope", phone: "12" } });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      name: ["This field is required"],
      email: ["Enter a valid email address"],
      phone: ["Enter an Indonesian phone number, e.g. 021 555 0101"],
      url: ["This platform needs the shop URL"],
      username: ["This platform needs the account username"],
    });
    const noPlatform = await call("POST", "/v0.0.1/channels", { token: seller, json: { name: "Tanpa platform" } });
    expect(noPlatform.body.data).toEqual({ platform_code: ["This field is required"] });
    const unknown = await call("POST", "/v0.0.1/channels", { token: seller, json: { platform_code: "XXX", name: "Platform aneh" } });
    expect(unknown.body.data).toEqual({ platform_code: ["This field is required"] });
  });

  it("accepts a form-encoded body, normalizes the phones and refuses a name already used", async () => {
    const form = new URLSearchParams({ platform_code: "WAP", name: "WhatsApp Grosir", phone_number: "0813 1111 2222", phone: "021-555-0199", email: "" });
    const res = await call<Channel>("POST", "/v0.0.1/channels", { token: seller, form });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone_number: "+6281311112222", phone: "+62215550199", email: null });
    const again = await call("POST", "/v0.0.1/channels", { token: seller, json: { platform_code: "SMS", name: "whatsapp grosir", phone_number: "081311112222" } });
    expect(again.status).toBe(422);
    expect(again.body.data).toEqual({ name: ["The company already has a channel with this name"] });
    // Another business may use the same name.
    const other = await call("POST", "/v0.0.1/channels", { token: seller2, json: { platform_code: "SMS", name: "WhatsApp Grosir", phone_number: "081311112222" } });
    expect(other.status).toBe(200);
    await db.delete(channels).where(inArray(channels.id, [res.body.data!.channel_id, (other.body.data as Channel).channel_id]));
  });
});

describe("read and update", () => {
  it("reads one channel on each of its paths; an unknown id is 404", async () => {
    const id = ids["Toko Demo Official Tokopedia"];
    for (const path of [`/channels/${id}`, `/v0.0.0/channels/${id}`, `/v0.0.1/channels/${id}`]) {
      const res = await call<Channel>("GET", path, { token: seller });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ channel_id: id, name: "Toko Demo Official Tokopedia", url: "https://www.tokopedia.com/tokodemo" });
    }
    expect((await call("GET", "/channels/999999", { token: seller })).status).toBe(404);
  });

  it("updates with a history of readable changes; the platform is fixed", async () => {
    onTestFinished(() => db.delete(channels).where(eq(channels.id, created.id)).then(() => undefined));
    const [created] = await db.insert(channels).values({
      businessId: tokoDemo, platformCode: "IGM", name: "IG Lama", config: { url: "https://instagram.com/lama", username: "lama" },
    }).returning();
    const body = { name: "IG Baru", url: "https://instagram.com/baru", username: "@baru", email: "ig@tokodemo.id", phone: "" };
    const res = await call<Channel>("PUT", `/v0.0.0/channels/${created.id}`, { token: seller, json: body });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Online channel saved");
    expect(res.body.data).toMatchObject({ name: "IG Baru", url: "https://instagram.com/baru", username: "baru", email: "ig@tokodemo.id" });
    expect(res.body.data!.time_modified).toBeGreaterThanOrEqual(res.body.data!.time_created);
    const [h] = await historyOf(created.id);
    expect(h.action).toBe("update");
    expect(h.changes).toEqual({
      name: { from: "IG Lama", to: "IG Baru" },
      url: { from: "https://instagram.com/lama", to: "https://instagram.com/baru" },
      username: { from: "lama", to: "baru" },
      email: { from: null, to: "ig@tokodemo.id" },
    });

    // The same again: nothing changed, no history row (v0.0.2 path).
    const same = await call("PUT", `/v0.0.2/channels/${created.id}`, { token: seller, json: { ...body, platform_code: "IGM" } });
    expect(same.status).toBe(200);
    expect(await historyOf(created.id)).toHaveLength(1);

    const moved = await call("PUT", `/v0.0.2/channels/${created.id}`, { token: seller, json: { ...body, platform_code: "TKP" } });
    expect(moved.status).toBe(422);
    expect(moved.body.data).toEqual({ platform_code: ["The platform cannot be changed; add a new channel instead"] });

    const missing = await call("PUT", `/v0.0.2/channels/${created.id}`, { token: seller, json: { name: "IG Baru", url: "https://instagram.com/baru" }, locale: "id" });
    expect(missing.body.data).toEqual({ username: ["Platform ini memerlukan username akun"] });

    const history = await call<{ action: string; user_name: string; changes: { field: string }[] }[]>(
      "GET", `/channels/${created.id}/update-history`, { token: seller });
    expect(history.status).toBe(200);
    expect(history.body.data![0]).toMatchObject({ action: "update", user_name: "Sari Wulandari" });
    expect(history.body.data![0].changes.map((c) => c.field).sort()).toEqual(["email", "name", "url", "username"]);
    expect((await call("GET", `/v0.0.0/channels/${created.id}/update-history`, { token: seller })).status).toBe(200);
  });
});

describe("toggle", () => {
  it("deactivates form-encoded and activates with JSON; repeating is harmless", async () => {
    const id = ids["Toko Demo Shopee Mall"];
    const before = (await historyOf(id)).length;
    const off = await call<Channel>("PUT", `/channels/${id}/toggle`, { token: seller, form: new URLSearchParams({ action: "inactivate" }) });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe("Channel deactivated");
    expect(off.body.data).toMatchObject({ status: 0, status_name: "Non-Active" });
    const again = await call<Channel>("PUT", `/channels/${id}/toggle`, { token: seller, form: new URLSearchParams({ action: "inactivate" }) });
    expect(again.status).toBe(200);
    expect(again.body.data!.status).toBe(0);
    expect(await historyOf(id)).toHaveLength(before + 1);

    const on = await call<Channel>("PUT", `/v0.0.0/channels/${id}/toggle`, { token: seller, json: { action: "activate" }, locale: "id" });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe("Channel diaktifkan");
    expect(on.body.data!.status).toBe(1);
    const rows = await historyOf(id);
    expect(rows.slice(before).map((h) => [h.action, h.changes])).toEqual([
      ["inactivate", { status: { from: 1, to: 0 } }],
      ["activate", { status: { from: 0, to: 1 } }],
    ]);
  });

  it("takes the action from the query string too, and needs one", async () => {
    const id = ids["Instagram @tokodemo.id"];
    const off = await call<Channel>("PUT", `/channels/${id}/toggle?action=inactivate`, { token: seller });
    expect(off.body.data!.status).toBe(0);
    const on = await call<Channel>("PUT", `/channels/${id}/toggle?action=activate`, { token: seller });
    expect(on.body.data!.status).toBe(1);
    const none = await call("PUT", `/channels/${id}/toggle`, { token: seller, json: {} });
    expect(none.status).toBe(422);
    expect(none.body.data).toEqual({ action: ["This field is required"] });
    const wrong = await call("PUT", `/channels/${id}/toggle`, { token: seller, json: { action: "delete" } });
    expect(wrong.status).toBe(422);
  });

  it("refuses to deactivate the default channel", async () => {
    const [def] = await defaults(tokoDemo);
    const res = await call("PUT", `/channels/${def.id}/toggle`, { token: seller, json: { action: "inactivate" } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("The default channel cannot be deactivated. Make another channel the default first.");
    const [row] = await db.select().from(channels).where(eq(channels.id, def.id));
    expect(row.status).toBe(1);
    // Activating it (already active) stays a harmless 200.
    expect((await call("PUT", `/channels/${def.id}/toggle`, { token: seller, json: { action: "activate" } })).status).toBe(200);
  });
});

describe("the default channel", () => {
  it("moves to another channel in one step, with both changes in the history", async () => {
    const [old] = await defaults(tokoDemo);
    const tkp = ids["Toko Demo Official Tokopedia"];
    const res = await call<Channel>("PUT", `/v0.0.2/channels/${tkp}`, {
      token: seller, json: { name: "Toko Demo Official Tokopedia", url: "https://www.tokopedia.com/tokodemo", email: "tokopedia@tokodemo.id", phone: "+62215550101", is_default: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.is_default).toBe(true);
    expect(await defaults(tokoDemo)).toEqual([{ id: tkp, name: "Toko Demo Official Tokopedia" }]);
    expect((await historyOf(tkp)).at(-1)!.changes).toEqual({ is_default: { from: false, to: true } });
    expect((await historyOf(old.id)).at(-1)!.changes).toEqual({ is_default: { from: true, to: false } });

    // The default cannot just be unset: another one must be chosen.
    const unset = await call("PUT", `/v0.0.2/channels/${tkp}`, {
      token: seller, json: { name: "Toko Demo Official Tokopedia", url: "https://www.tokopedia.com/tokodemo", is_default: false },
    });
    expect(unset.status).toBe(422);
    expect(unset.body.data).toEqual({ is_default: ["The company needs a default channel: make another channel the default instead"] });

    // An inactive channel cannot become the default.
    const wa = ids["WhatsApp Order Toko Demo"];
    const inactive = await call("PUT", `/v0.0.2/channels/${wa}`, {
      token: seller, json: { name: "WhatsApp Order Toko Demo", phone_number: "081288880101", is_default: true }, locale: "id",
    });
    expect(inactive.status).toBe(422);
    expect(inactive.body.data).toEqual({ is_default: ["Aktifkan channel ini sebelum menjadikannya channel utama"] });

    // A new channel may take it at once; a form checkbox says "on".
    const created = await call<Channel>("POST", "/v0.0.1/channels", {
      token: seller, form: new URLSearchParams({ platform_code: "IDM", name: "Indie Kedua", is_default: "on" }),
    });
    expect(created.body.data!.is_default).toBe(true);
    expect((await defaults(tokoDemo)).map((d) => d.name)).toEqual(["Indie Kedua"]);

    // Back as it was.
    await db.delete(channels).where(eq(channels.id, created.body.data!.channel_id));
    await db.update(channels).set({ isDefault: true }).where(eq(channels.id, old.id));
  });

  it("stays one when two channels are made the default at the same time", async () => {
    const [old] = await defaults(tokoDemo);
    const a = ids["Toko Demo Shopee Mall"];
    const b = ids["tokodemo.id (Shopify)"];
    const [ra, rb] = await Promise.all([
      call("PUT", `/v0.0.2/channels/${a}`, { token: seller, json: { name: "Toko Demo Shopee Mall", url: "https://shopee.co.id/tokodemo.official", is_default: true } }),
      call("PUT", `/v0.0.2/channels/${b}`, { token: seller, json: { name: "tokodemo.id (Shopify)", url: "https://tokodemo.id", email: "web@tokodemo.id", is_default: true } }),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const now = await defaults(tokoDemo);
    expect(now).toHaveLength(1);
    expect([a, b]).toContain(now[0].id);
    await db.update(channels).set({ isDefault: false }).where(eq(channels.businessId, tokoDemo));
    await db.update(channels).set({ isDefault: true }).where(eq(channels.id, old.id));
  });

  it("is the business's first channel by itself", async () => {
    const [bandung] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, "Toko Demo Bandung"));
    const switched = await call("PUT", "/v0.0.0/accounts/me/business", { token: seller, json: { business_id: bandung.id } });
    expect(switched.status).toBe(200);
    try {
      const first = await call<Channel>("POST", "/v0.0.1/channels", { token: seller, json: { platform_code: "SHP", name: "Bandung Shopee", url: "https://shopee.co.id/tokodemobdg" } });
      expect(first.body.data).toMatchObject({ is_default: true, business_data: { name: "Toko Demo Bandung" } });
      const second = await call<Channel>("POST", "/v0.0.1/channels", { token: seller, json: { platform_code: "TKP", name: "Bandung Tokopedia", url: "https://tokopedia.com/tokodemobdg" } });
      expect(second.body.data!.is_default).toBe(false);
      // Working in Bandung, Toko Demo's channels are out of reach.
      expect((await call("GET", `/channels/${ids["Toko Demo Indie"]}`, { token: seller })).status).toBe(404);
    } finally {
      await call("PUT", "/v0.0.0/accounts/me/business", { token: seller, json: { business_id: tokoDemo } });
      await db.delete(channels).where(eq(channels.businessId, bandung.id));
    }
  });
});

describe("stores, offline/online and the channel tree", () => {
  let storeA: number;
  let storeB: number;
  beforeAll(async () => {
    const made = await db.insert(stores).values([
      { businessId: tokoDemo, name: "AAA Uji Senopati", type: 3, address: "Jl. Senopati 1", cityId: 3174, status: 1 },
      { businessId: tokoDemo, name: "AAA Uji Kemang", type: 2, address: "Jl. Kemang 2", cityId: 3174, status: 0 },
    ]).returning();
    [storeA, storeB] = made.map((s) => s.id);
    await db.insert(storeChannels).values({ storeId: storeA, channelId: ids["Toko Demo Official Tokopedia"], businessId: tokoDemo });
  });

  it("lists every store of the business on each channel with its connection", async () => {
    const [{ n }] = await db.select({ n: count() }).from(stores).where(eq(stores.businessId, tokoDemo));
    const tkp = ids["Toko Demo Official Tokopedia"];
    const [{ links }] = await db.select({ links: count() }).from(storeChannels).where(eq(storeChannels.channelId, tkp));
    const res = await call<Channel>("GET", `/channels/${tkp}`, { token: seller });
    expect(res.body.data!.total_store).toBe(n);
    expect(res.body.data!.total_connected_store).toBe(links);
    const a = res.body.data!.store_datas.find((s) => s.store_id === storeA);
    const b = res.body.data!.store_datas.find((s) => s.store_id === storeB);
    expect(a).toEqual({ store_id: storeA, image: null, type: 3, type_name: "Street Store", name: "AAA Uji Senopati", status: 1, is_connected: true });
    expect(b).toMatchObject({ type: 2, type_name: "Mall Store", status: 0, is_connected: false });
    const shp = await call<Channel>("GET", `/channels/${ids["Toko Demo Shopee Mall"]}`, { token: seller });
    expect(shp.body.data!.store_datas.find((s) => s.store_id === storeA)!.is_connected).toBe(false);
  });

  it("groups the business's stores (offline) and channels (online)", async () => {
    type Entry = { id: number; name: string; type: number; type_name: string; status: number; is_connected: boolean; is_readonly: boolean; pos_status: number | null };
    const res = await call<{ offline: Entry[]; online: Entry[] }>("GET", "/v0.0.1/channels/offline-online", { token: seller });
    expect(res.status).toBe(200);
    const { offline, online } = res.body.data!;
    expect(offline.find((s) => s.id === storeA)).toMatchObject({ type: 1, type_name: "Offline", is_connected: true, is_readonly: true, pos_status: 1 });
    expect(offline.find((s) => s.id === storeB)).toMatchObject({ is_connected: false, pos_status: 0 });
    expect(online.map((c) => c.name).sort()).toEqual([
      "Instagram @tokodemo.id", "Toko Demo Indie", "Toko Demo Official Tokopedia", "Toko Demo Shopee Mall", "WhatsApp Order Toko Demo",
      "tokodemo.id (Shopify)",
    ].sort());
    expect(online.find((c) => c.name === "WhatsApp Order Toko Demo")).toMatchObject({ type: 3, status: 0, is_readonly: true, pos_status: null });

    const forB = await call<{ offline: Entry[]; online: Entry[] }>("GET", "/v0.0.1/channels/offline-online", { token: seller, query: { store_id: storeB } });
    expect(forB.body.data!.online.every((c) => !c.is_connected)).toBe(true);
    const forA = await call<{ offline: Entry[]; online: Entry[] }>("GET", "/v0.0.1/channels/offline-online", { token: seller, query: { store_branch_id: storeA } });
    // The Indie Marketplace lists every active store by itself (no switch); Tokopedia was connected.
    expect(forA.body.data!.online.filter((c) => c.is_connected).map((c) => c.name).sort()).toEqual(["Toko Demo Indie", "Toko Demo Official Tokopedia"]);
    const indie = await call<Channel>("GET", `/channels/${ids["Toko Demo Indie"]}`, { token: seller });
    expect(indie.body.data!.store_datas.filter((st) => st.is_connected).map((st) => st.store_id)).toContain(storeA);
    expect(indie.body.data!.store_datas.find((st) => st.store_id === storeB)!.is_connected).toBe(false);
    // Another business's store is not found.
    const [sekarStore] = await db.insert(stores).values({ businessId: sekar, name: "Sekar Prawirotaman", type: 3, address: "Jl. Prawirotaman 9", cityId: 3471 }).returning();
    expect((await call("GET", "/v0.0.1/channels/offline-online", { token: seller, query: { store_id: sekarStore.id } })).status).toBe(404);
    await db.delete(stores).where(eq(stores.id, sekarStore.id));
  });

  it("builds the tree type → platform → channel → connected stores on its three paths", async () => {
    const res = await call<TreeNode[]>("GET", "/channels/list-tree", { token: seller });
    expect(res.status).toBe(200);
    const tree = res.body.data!;
    expect(tree.map((n) => [n.id, n.name])).toEqual([[0, "Indie Marketplace"], [2, "Marketplace"], [3, "Social Media"], [4, "Online Store"]]);
    const market = tree.find((n) => n.id === 2)!;
    expect(market.childs.map((p) => [p.id, p.name])).toEqual([["TKP", "Tokopedia"], ["SHP", "Shopee"]]);
    expect((market.channel_ids as number[]).sort()).toEqual([ids["Toko Demo Official Tokopedia"], ids["Toko Demo Shopee Mall"]].sort());
    const tkp = market.childs[0].childs[0];
    expect(tkp).toMatchObject({ id: ids["Toko Demo Official Tokopedia"], channel_id: ids["Toko Demo Official Tokopedia"], name: "Toko Demo Official Tokopedia" });
    expect(tkp.childs.find((s) => s.id === storeA)).toMatchObject({ name: "AAA Uji Senopati", store_id: storeA, childs: [] });
    expect(tkp.childs.find((s) => s.id === storeB)).toBeUndefined();

    for (const path of ["/v0.2.0/channels/list-tree", "/v0.0.0/utilities/channels"]) {
      const other = await call<TreeNode[]>("GET", path, { token: seller, query: { business_id: tokoDemo } });
      expect(other.body.data).toEqual(tree);
    }
  });

  it("filters the tree, cuts its depth and adds the offline stores when asked", async () => {
    const inactive = await call<TreeNode[]>("GET", "/channels/list-tree", { token: seller, query: { status: 0 } });
    expect(inactive.body.data!.map((n) => n.name)).toEqual(["Social Media"]);
    expect(inactive.body.data![0].childs.map((p) => p.id)).toEqual(["WAP"]);
    const shallow = await call<TreeNode[]>("GET", "/channels/list-tree", { token: seller, query: { level: 2 } });
    expect(shallow.body.data!.every((n) => n.childs.every((p) => p.childs.length === 0))).toBe(true);
    const social = await call<TreeNode[]>("GET", "/channels/list-tree", { token: seller, query: { type: 3, search: "insta" } });
    expect(social.body.data!.map((n) => n.childs.map((p) => p.childs.map((c) => c.name)))).toEqual([[["Instagram @tokodemo.id"]]]);
    const offline = await call<TreeNode[]>("GET", "/channels/list-tree", { token: seller, query: { with_offline: 1 } });
    const node = offline.body.data!.find((n) => n.id === 1)!;
    expect(node.name).toBe("Offline");
    expect(node.childs.map((s) => s.id)).toEqual(expect.arrayContaining([storeA, storeB]));
    const onlyOffline = await call<TreeNode[]>("GET", "/channels/list-tree", { token: seller, query: { type: 1 } });
    expect(onlyOffline.body.data!.map((n) => n.id)).toEqual([1]);
    expect((await call("GET", "/channels/list-tree", { token: seller, query: { level: 5 } })).status).toBe(422);
  });

  it("answers another business's tree with 404, and the tree of a business with no channels with 404 No data", async () => {
    expect((await call("GET", "/channels/list-tree", { token: seller, query: { business_id: sekar } })).status).toBe(404);
    expect((await call("GET", "/v0.2.0/channels/list-tree", { token: seller, query: { business_ids: `${tokoDemo},${sekar}` } })).status).toBe(404);
    const [kopi] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.name, "Konveksi Maju Jaya"));
    const empty = await call("GET", "/channels/list-tree", { token: seller, query: { business_id: kopi.id } });
    expect(empty.status).toBe(404);
    expect(empty.body.message).toBe("No data");
  });
});

describe("staffs", () => {
  type Staff = { staff_id: number; name: string; nik: null; role: string; role_name: string; privileges: string[]; status: number; email: string };
  it("lists the members of the business on both paths", async () => {
    for (const path of ["/v0.0.0/utilities/staffs", "/v0.0.2/hr/staffs"]) {
      const res = await call<Staff[]>("GET", path, { token: seller, query: { sort: 5 } });
      expect(res.status).toBe(200);
      expect(res.body.data!.map((s) => s.name)).toEqual(["Rina Kusuma", "Sari Wulandari"]);
      expect(res.body.data![0]).toMatchObject({ nik: null, role: "staff", role_name: "Staff", privileges: ["orders", "products"], status: 1, email: "staff@indie.test" });
      expect(res.body.data![1]).toMatchObject({ role: "owner", role_name: "Owner" });
      expect(res.body.data![1].privileges).toContain("profile");
    }
  });

  it("searches, filters by status and refuses another business", async () => {
    const found = await call<Staff[]>("GET", "/v0.0.0/utilities/staffs", { token: seller, query: { search: "rina", outputs: "name" } });
    expect(found.body.data!.map((s) => s.name)).toEqual(["Rina Kusuma"]);
    expect((await call("GET", "/v0.0.0/utilities/staffs", { token: seller, query: { status: 1 } })).body.pagination!.total_record).toBe(2);
    expect((await call("GET", "/v0.0.0/utilities/staffs", { token: seller, query: { status: 3 } })).status).toBe(404);
    expect((await call("GET", "/v0.0.0/utilities/staffs", { token: seller, query: { status: 9 } })).status).toBe(422);
    expect((await call("GET", "/v0.0.0/utilities/staffs", { token: seller, query: { business_id: sekar } })).status).toBe(404);
    const theirs = await call<Staff[]>("GET", "/v0.0.2/hr/staffs", { token: seller2 });
    expect(theirs.body.data!.map((s) => s.name)).toEqual(["Budi Santoso"]);
  });

  it("is readable by staff without the profile privilege, who cannot see the channels", async () => {
    expect((await call("GET", "/v0.0.0/utilities/staffs", { token: staff })).status).toBe(200);
    expect((await call("GET", "/channels/list-tree", { token: staff })).status).toBe(200);
    expect((await call("GET", "/v0.0.1/channels", { token: staff })).status).toBe(403);
    expect((await call("POST", "/v0.0.1/channels", { token: staff, json: { platform_code: "IDM", name: "Staf" } })).status).toBe(403);
  });
});

describe("tenant isolation", () => {
  it("gives seller2 404 for Toko Demo's channels on every verb", async () => {
    const id = ids["Toko Demo Official Tokopedia"];
    const list = await call<Channel[]>("GET", "/v0.0.1/channels", { token: seller2 });
    expect(list.body.data!.map((c) => c.name).sort()).toEqual(["Batik Sekar Jagad Indie", "Sekar Jagad Tokopedia"]);
    for (const path of [`/channels/${id}`, `/v0.0.0/channels/${id}`, `/v0.0.1/channels/${id}`]) {
      expect((await call("GET", path, { token: seller2 })).status).toBe(404);
    }
    const body = { name: "Diambil", url: "https://evil.example.com" };
    expect((await call("PUT", `/v0.0.0/channels/${id}`, { token: seller2, json: body })).status).toBe(404);
    expect((await call("PUT", `/v0.0.2/channels/${id}`, { token: seller2, json: body })).status).toBe(404);
    expect((await call("PUT", `/channels/${id}/toggle`, { token: seller2, form: new URLSearchParams({ action: "inactivate" }) })).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/channels/${id}/toggle`, { token: seller2, json: { action: "inactivate" } })).status).toBe(404);
    expect((await call("GET", `/channels/${id}/update-history`, { token: seller2 })).status).toBe(404);
    expect((await call("GET", `/v0.0.0/channels/${id}/update-history`, { token: seller2 })).status).toBe(404);
    const [row] = await db.select().from(channels).where(eq(channels.id, id));
    expect(row).toMatchObject({ name: "Toko Demo Official Tokopedia", status: 1 });
  });

  it("needs a token", async () => {
    expect((await call("GET", "/v0.0.1/channels")).status).toBe(401);
    expect((await call("GET", "/v0.0.0/utilities/staffs")).status).toBe(401);
  });
});

describe("export", () => {
  it("writes the filtered list to an xlsx", async () => {
    const queued = await call<{ job_id: number }>("POST", "/v0.0.0/exports/channel", { token: seller, json: { type: 2, sort: 1 } });
    expect(queued.status).toBe(202);
    expect(await runNextJob()).toBe(true);
    const history = await call<{ job_id: number; status: string; filename: string }[]>("GET", "/v0.0.0/exports", { token: seller, query: { kind: "channel" } });
    expect(history.body.data![0]).toMatchObject({ job_id: queued.body.data!.job_id, status: "success" });
    expect(history.body.data![0].filename).toMatch(/^Online_Channels_\d{2}-\d{2}-\d{4}_\d{6}\.xlsx$/);
    const file = await api.request(`/api/v0.0.0/exports/${queued.body.data!.job_id}/download`, { headers: { Authorization: `Bearer ${seller}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe("Channel name");
    const names = [2, 3].map((r) => sheet.getRow(r).getCell(1).value);
    expect(names).toEqual(["Toko Demo Official Tokopedia", "Toko Demo Shopee Mall"]);
    expect(sheet.rowCount).toBe(3);
    expect((await call("POST", "/v0.0.0/exports/channel", { token: seller, json: { sort: 6 } })).status).toBe(422);
  });
});
