/**
 * Store fees (api/routes/store-fees.ts; the model in core/profile/store-fees.ts's header) and their arithmetic
 * (core/profile/store-fees-money.ts). The stores and channels come from the earlier demo seeds; the
 * tests put their own fees on a store that has none yet, so they do not depend on the demo fees.
 */
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import { storeFeeForm } from "#core/profile/store-fees.ts";
import { applicableFee, feeAmount, formatPercent, parsePercent, parseRupiah, percentText } from "#core/profile/store-fees-money.ts";
import { runNextJob } from "#core/jobs/worker.ts";
import { db } from "#db/client.ts";
import { businesses, channels, storeFees, stores, updateHistory } from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";

type Fee = {
  store_fee_id: number; store_data: { store_branch_id: number; name: string; type: number; type_name: string; status: number };
  channel_data: { channel_id: number; name: string; code: string; type: number; type_name: string; status: number } | null;
  channel_name: string; percent_bp: number; percent: number; fixed_amount: number; note: string | null; status: number; status_name: string;
  time_created: number; time_modified: number;
};
type Choices = {
  stores: { store_branch_id: number; name: string; type: number }[];
  channels: { channel_id: number; name: string; code: string; type: number }[];
};

let seller: string;
let seller2: string;
let staff: string;
let choices: Choices;
/** A Toko Demo store without demo fees, and channels of three types. */
let store: { store_branch_id: number; name: string };
let other: { store_branch_id: number; name: string };
let marketplace: { channel_id: number; name: string };
let marketplace2: { channel_id: number; name: string };
let social: { channel_id: number; name: string };
let sekar: { storeId: number; channelId: number | null };

async function historyOf(id: number) {
  return db.select().from(updateHistory).where(and(eq(updateHistory.refType, "store_fee"), eq(updateHistory.refId, id))).orderBy(updateHistory.id);
}
const list = (query: Record<string, string | number> = {}) => call<Fee[]>("GET", "/v0.0.0/store-fees", { token: seller, query: { limit: 100, ...query } });

beforeAll(async () => {
  [seller, seller2, staff] = await Promise.all([login(DEMO.seller), login(DEMO.seller2), login(DEMO.staff)]);
  choices = (await call<Choices>("GET", "/v0.0.0/store-fees/choices", { token: seller })).body.data!;
  const withFees = new Set((await db.select({ storeId: storeFees.storeId }).from(storeFees)).map((r) => r.storeId));
  const free = choices.stores.filter((s) => !withFees.has(s.store_branch_id));
  if (free.length < 2) {
    // The demo has fees on every store: make two stores of our own (a test needs a clean slate).
    const [toko] = await db.select().from(businesses).where(eq(businesses.name, "Toko Demo"));
    for (const name of ["Toko Uji Fee A", "Toko Uji Fee B"]) {
      const [row] = await db.insert(stores).values({ businessId: toko.id, name, type: 3, address: "Jl. Uji No. 1", cityId: 3174 }).returning();
      free.push({ store_branch_id: row.id, name: row.name, type: 3 });
    }
  }
  [store, other] = free;
  // Channels of two types (made here when the demo has too few).
  const [toko] = await db.select().from(businesses).where(eq(businesses.name, "Toko Demo"));
  const byType = (type: number) => choices.channels.filter((ch) => ch.type === type);
  for (const [code, type, name] of [["TKP", 2, "Toko Uji Tokopedia"], ["SHP", 2, "Toko Uji Shopee"], ["IGM", 3, "Toko Uji Instagram"]] as const) {
    if (byType(type).length >= (type === 2 ? 2 : 1)) continue;
    const [row] = await db.insert(channels).values({ businessId: toko.id, platformCode: code, name, config: { url: "https://example.com" } }).returning();
    choices.channels.push({ channel_id: row.id, name, code, type });
  }
  [marketplace, marketplace2] = byType(2);
  [social] = byType(3);
  // Batik Sekar Jagad's own store and channel (made here when the demo has none).
  const [batik] = await db.select().from(businesses).where(eq(businesses.name, "Batik Sekar Jagad"));
  let [bs] = await db.select().from(stores).where(eq(stores.businessId, batik.id)).limit(1);
  if (!bs) [bs] = await db.insert(stores).values({ businessId: batik.id, name: "Galeri Sekar Jagad", type: 3, address: "Jl. Prawirotaman 9", cityId: 3471 }).returning();
  const [bc] = await db.select().from(channels).where(eq(channels.businessId, batik.id)).limit(1);
  sekar = { storeId: bs.id, channelId: bc?.id ?? null };
});

describe("the arithmetic (store-fees-money.ts)", () => {
  it("parses a percentage exactly into basis points", () => {
    expect(parsePercent("2.5")).toEqual({ bp: 250 });
    expect(parsePercent("2,5")).toEqual({ bp: 250 });
    expect(parsePercent(" 2.5 % ")).toEqual({ bp: 250 });
    expect(parsePercent("0.01")).toEqual({ bp: 1 });
    expect(parsePercent("100")).toEqual({ bp: 10000 });
    expect(parsePercent("100.00")).toEqual({ bp: 10000 });
    expect(parsePercent(20)).toEqual({ bp: 2000 });
    expect(parsePercent(0.1)).toEqual({ bp: 10 });
    expect(parsePercent("2.555")).toEqual({ error: "decimals" });
    expect(parsePercent(2.555)).toEqual({ error: "decimals" });
    expect(parsePercent("-1")).toEqual({ error: "range" });
    expect(parsePercent("100.01")).toEqual({ error: "range" });
    expect(parsePercent("1000")).toEqual({ error: "range" });
    expect(parsePercent("abc")).toEqual({ error: "invalid" });
    expect(parsePercent("1e2")).toEqual({ error: "invalid" });
    expect(parsePercent("")).toEqual({ error: "invalid" });
    expect(parsePercent(Number.NaN)).toEqual({ error: "invalid" });
  });

  it("shows a percentage as people write it", () => {
    expect(percentText(250)).toBe("2.5");
    expect(percentText(1005)).toBe("10.05");
    expect(percentText(2000)).toBe("20");
    expect(formatPercent(250, "en")).toBe("2.5%");
    expect(formatPercent(250, "id")).toBe("2,5 %");
    expect(formatPercent(0, "id")).toBe("0 %");
  });

  it("reads rupiah as typed: dots group thousands, nothing else", () => {
    expect(parseRupiah("1.000")).toBe(1000);
    expect(parseRupiah("Rp 25.000")).toBe(25000);
    expect(parseRupiah("Rp. 1.250.000")).toBe(1250000);
    expect(parseRupiah("1000")).toBe(1000);
    expect(parseRupiah("0")).toBe(0);
    expect(parseRupiah("1.000,50")).toBeNull();
    expect(parseRupiah("1.00")).toBeNull();
    expect(parseRupiah("-1000")).toBeNull();
    expect(parseRupiah("1,5")).toBeNull();
    expect(parseRupiah(1000.5)).toBeNull();
    // Mixed or spaced separators are refused, not guessed (issue 12).
    expect(["1,000.000", "12.345,678", "1\t000", "1 000"].map(parseRupiah)).toEqual([null, null, null, null]);
  });

  it("computes the worked example and picks the most specific active fee", () => {
    const fees = [
      { storeId: 1, channelId: null, percentBp: 2000, fixedAmount: 0, status: 1 },
      { storeId: 1, channelId: 7, percentBp: 250, fixedAmount: 1000, status: 1 },
      { storeId: 1, channelId: 8, percentBp: 300, fixedAmount: 1000, status: 0 },
    ];
    expect(feeAmount(200_000, applicableFee(fees, 1, 7)!)).toBe(6000); // Tokopedia: 2.5 % + Rp 1.000
    expect(feeAmount(200_000, applicableFee(fees, 1, null)!)).toBe(40_000); // the mall's till: 20 %
    expect(applicableFee(fees, 1, 8)).toBe(fees[0]); // inactive channel fee: the store's applies
    expect(applicableFee(fees, 2, 7)).toBeNull();
    expect(feeAmount(199, { percentBp: 250, fixedAmount: 0 })).toBe(5); // 4.975 → 5, half up
    expect(feeAmount(9_000_000_000_000, { percentBp: 1, fixedAmount: 0 })).toBe(900_000_000);
  });

  it("the web form turns '1.000' into 1000 and refuses what the API would not store", () => {
    const ok = storeFeeForm.safeParse({ store_id: "3", channel_id: "", percent: "2,5", fixed_amount: "Rp 1.000" });
    expect(ok.success && ok.data).toMatchObject({ store_id: 3, percent: 250, fixed_amount: 1000 });
    const bad = storeFeeForm.safeParse({ store_id: "3", percent: "2.555", fixed_amount: "1.000,5" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["percent", "site:errors.percent_decimals"],
      ["fixed_amount", "validation:money_separators"],
    ]);
    // A decimal comma after dot thousands is mixed separators (issue 12); other text is not an amount.
    const odd = storeFeeForm.safeParse({ store_id: "3", percent: "2", fixed_amount: "1.00" });
    expect(odd.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["fixed_amount", "site:errors.amount_format"]]);
  });
});

describe("the demo fees", () => {
  it("lists the demo business's fees in the shape, with 'All channels' for a store-wide fee", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const storeWide = res.body.data!.find((f) => f.channel_data === null);
    if (storeWide) expect(storeWide).toMatchObject({ channel_name: "All channels" });
    for (const f of res.body.data!) {
      expect(Number.isInteger(f.percent_bp)).toBe(true);
      expect(f.percent).toBe(f.percent_bp / 100);
      expect(Number.isInteger(f.fixed_amount)).toBe(true);
    }
  });
});

describe("create: the money and percentage rules", () => {
  it("stores '2.5' as 250 basis points and integer rupiah, with a history row", async () => {
    const res = await call<Fee>("POST", "/v0.0.0/store-fees", {
      token: seller, json: { store_id: store.store_branch_id, channel_id: marketplace.channel_id, percent: "2.5", fixed_amount: 1000, note: "Biaya layanan" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Store fee added");
    expect(res.body.data).toMatchObject({
      store_data: { store_branch_id: store.store_branch_id, name: store.name },
      channel_data: { channel_id: marketplace.channel_id, type: 2, type_name: "Marketplace" },
      channel_name: marketplace.name, percent_bp: 250, percent: 2.5, fixed_amount: 1000, note: "Biaya layanan", status: 1,
    });
    const [row] = await db.select().from(storeFees).where(eq(storeFees.id, res.body.data!.store_fee_id));
    expect([row.percentBp, row.fixedAmount]).toEqual([250, 1000]);
    expect((await historyOf(row.id)).map((h) => h.action)).toEqual(["create"]);
  });

  it("takes a store-wide fee (no channel) and form-encoded input, blank amounts as 0", async () => {
    const res = await call<Fee>("POST", "/v0.0.0/store-fees", {
      token: seller, form: new URLSearchParams({ store_id: String(store.store_branch_id), channel_id: "", percent: "20", fixed_amount: "" }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ channel_data: null, channel_name: "All channels", percent_bp: 2000, fixed_amount: 0 });
    const id = await call<Fee>("GET", `/v0.0.0/store-fees/${res.body.data!.store_fee_id}`, { token: seller, locale: "id" });
    expect(id.body.data!.channel_name).toBe("Semua channel");
  });

  it("refuses more than two decimals, negatives, above 100 %, fractions of rupiah; per field, in English and Indonesian", async () => {
    const body = { store_id: store.store_branch_id, channel_id: social.channel_id };
    const en = await call("POST", "/v0.0.0/store-fees", { token: seller, json: { ...body, percent: "2.555", fixed_amount: -1 } });
    expect(en.status).toBe(422);
    expect(en.body.data).toEqual({ percent: ["Use at most 2 decimals"], fixed_amount: ["Must be 0 or more"] });
    const id = await call("POST", "/v0.0.0/store-fees", { token: seller, locale: "id", json: { ...body, percent: "-1", fixed_amount: 1000.5 } });
    expect(id.body.data).toEqual({ percent: ["Persentase antara 0 dan 100"], fixed_amount: ["Masukkan rupiah bulat (bilangan bulat 0 atau lebih)"] });
    const more = await call("POST", "/v0.0.0/store-fees", { token: seller, json: { ...body, percent: "100.5", fixed_amount: "1.000" } });
    expect(more.body.data).toEqual({ percent: ["A percentage is between 0 and 100"], fixed_amount: ["Enter whole rupiah (an integer of 0 or more)"] });
    const words = await call("POST", "/v0.0.0/store-fees", { token: seller, json: { ...body, percent: "dua", fixed_amount: 2_000_000_000 } });
    expect(words.body.data).toEqual({ percent: ["Enter a percentage such as 2.5"], fixed_amount: ["This number is too large"] });
    const missing = await call("POST", "/v0.0.0/store-fees", { token: seller, json: { percent: 1, note: "x".repeat(501) } });
    expect(missing.body.data).toEqual({ store_id: ["This field is required"], note: ["Too long"] });
    expect(await db.select().from(storeFees).where(and(eq(storeFees.storeId, store.store_branch_id), eq(storeFees.channelId, social.channel_id)))).toEqual([]);
  });

  it("refuses a second fee for the same store and channel, and a second store-wide fee", async () => {
    const dup = await call("POST", "/v0.0.0/store-fees", { token: seller, json: { store_id: store.store_branch_id, channel_id: marketplace.channel_id, percent: 3 } });
    expect(dup.status).toBe(422);
    expect(dup.body.data).toEqual({ channel_id: ["This store already has a fee for this channel"] });
    const wide = await call("POST", "/v0.0.0/store-fees", { token: seller, locale: "id", json: { store_id: store.store_branch_id, percent: 3 } });
    expect(wide.body.data).toEqual({ channel_id: ["Toko ini sudah punya biaya untuk semua channel"] });
    // The same channel on another store is fine; two at once for one new pair: one wins.
    const twice = await Promise.all([1, 2].map(() =>
      call("POST", "/v0.0.0/store-fees", { token: seller, json: { store_id: other.store_branch_id, channel_id: marketplace.channel_id, percent: 1 } })));
    expect(twice.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it("takes only the business's own store and channel", async () => {
    const res = await call("POST", "/v0.0.0/store-fees", { token: seller, json: { store_id: sekar.storeId, channel_id: sekar.channelId ?? 999999, percent: 1 } });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ store_id: ["Choose one of your offline stores"], channel_id: ["Choose one of your online channels"] });
  });
});

describe("list filters", () => {
  beforeAll(async () => {
    await call("POST", "/v0.0.0/store-fees", { token: seller, json: { store_id: store.store_branch_id, channel_id: social.channel_id, percent: "0", fixed_amount: 500 } });
    if (marketplace2) await call("POST", "/v0.0.0/store-fees", { token: seller, json: { store_id: store.store_branch_id, channel_id: marketplace2.channel_id, percent: "3", fixed_amount: 1000 } });
  });

  it("filters by store, channel, channel type (or store-wide), status and search", async () => {
    const mine = await list({ store_id: store.store_branch_id });
    const names = mine.body.data!.map((f) => f.channel_name);
    expect(names.sort()).toEqual(["All channels", marketplace.name, social.name, ...(marketplace2 ? [marketplace2.name] : [])].sort());
    expect(mine.body.data!.every((f) => f.store_data.store_branch_id === store.store_branch_id)).toBe(true);

    const wide = await list({ store_id: store.store_branch_id, channel_type: "none" });
    expect(wide.body.data!.map((f) => f.channel_name)).toEqual(["All channels"]);
    const market = await list({ store_id: store.store_branch_id, channel_type: 2 });
    expect(market.body.data!.map((f) => f.channel_data!.type)).toEqual(marketplace2 ? [2, 2] : [2]);
    const socials = await list({ store_id: store.store_branch_id, channel_type: 3 });
    expect(socials.body.data!.map((f) => f.channel_name)).toEqual([social.name]);
    const byChannel = await list({ channel_id: marketplace.channel_id });
    expect(byChannel.body.data!.every((f) => f.channel_data?.channel_id === marketplace.channel_id)).toBe(true);

    const bySearch = await list({ search: social.name.slice(0, 6) });
    expect(bySearch.body.data!.some((f) => f.channel_name === social.name)).toBe(true);
    const byStore = await list({ search: store.name });
    expect(byStore.body.data!.every((f) => f.store_data.name.includes(store.name))).toBe(true);

    const [first] = market.body.data!;
    await call("PUT", `/v0.0.0/store-fees/${first.store_fee_id}/inactivate`, { token: seller });
    const off = await list({ store_id: store.store_branch_id, status: 0 });
    expect(off.body.data!.map((f) => f.store_fee_id)).toEqual([first.store_fee_id]);
    const on = await list({ store_id: store.store_branch_id, status: 1 });
    expect(on.body.data!.map((f) => f.store_fee_id)).not.toContain(first.store_fee_id);
    await call("PUT", `/v0.0.0/store-fees/${first.store_fee_id}/activate`, { token: seller });

    expect((await list({ store_id: store.store_branch_id, search: "tidak ada" })).status).toBe(404);
    const bad = await list({ channel_type: 1, status: 3, store_id: "x" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(["channel_type", "status", "store_id"]);
  });

  it("sorts by store name (store-wide fee first), and pages", async () => {
    const byName = await list({ store_id: store.store_branch_id, sort: 5 });
    expect(byName.body.data![0].channel_data).toBeNull();
    const paged = await list({ store_id: store.store_branch_id, limit: 1, page: 2 });
    expect(paged.body.pagination!.total_page).toBe(paged.body.pagination!.total_record);
    expect(paged.body.data).toHaveLength(1);
  });
});

describe("update, toggle, delete", () => {
  it("updates a fee, recording names and the percentage as people read them", async () => {
    const [fee] = (await list({ store_id: store.store_branch_id, channel_id: marketplace.channel_id })).body.data!;
    const res = await call<Fee>("PUT", `/v0.0.0/store-fees/${fee.store_fee_id}`, {
      token: seller, json: { store_id: store.store_branch_id, channel_id: marketplace.channel_id, percent: "2.75", fixed_amount: 1500, note: "" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Store fee saved", data: { percent_bp: 275, fixed_amount: 1500, note: null } });
    const history = await call<{ action: string; changes: { field: string; from: unknown; to: unknown }[] }[]>(
      "GET", `/v0.0.0/store-fees/${fee.store_fee_id}/update-history`, { token: seller });
    expect(history.body.data![0].action).toBe("update");
    expect(history.body.data![0].changes).toHaveLength(3);
    expect(history.body.data![0].changes).toEqual(expect.arrayContaining([
      { field: "percent", from: "2.5", to: "2.75" },
      { field: "fixed_amount", from: 1000, to: 1500 },
      { field: "note", from: "Biaya layanan", to: null },
    ]));
    // Moving it onto a pair that is taken is refused; the same body again writes nothing.
    const taken = await call("PUT", `/v0.0.0/store-fees/${fee.store_fee_id}`, { token: seller, json: { store_id: store.store_branch_id, percent: 1 } });
    expect(taken.body.data).toEqual({ channel_id: ["This store already has a fee for all channels"] });
    const count = (await historyOf(fee.store_fee_id)).length;
    await call("PUT", `/v0.0.0/store-fees/${fee.store_fee_id}`, { token: seller, json: { store_id: store.store_branch_id, channel_id: marketplace.channel_id, percent: 2.75, fixed_amount: 1500 } });
    expect((await historyOf(fee.store_fee_id)).length).toBe(count);
    // Moving to another store records the store's name.
    const moved = await call<Fee>("PUT", `/v0.0.0/store-fees/${fee.store_fee_id}`, {
      token: seller, json: { store_id: other.store_branch_id, channel_id: social.channel_id, percent: 2.75, fixed_amount: 1500 },
    });
    expect(moved.status).toBe(200);
    const last = (await historyOf(fee.store_fee_id)).at(-1)!;
    expect(last.changes).toEqual({ store: { from: store.name, to: other.name }, channel: { from: marketplace.name, to: social.name } });
  });

  it("toggles (one, several form-encoded, repeat harmless) and deletes with a history row", async () => {
    const fees = (await list({ store_id: store.store_branch_id })).body.data!;
    const ids = fees.map((f) => f.store_fee_id);
    const offs = async () => (await historyOf(ids[0])).filter((h) => h.action === "inactivate").length;
    const before = await offs();
    const off = await call<Fee[]>("PUT", "/v0.0.0/store-fees/status", { token: seller, form: new URLSearchParams({ store_fee_ids: ids.join(","), action: "inactivate" }) });
    expect(off.status).toBe(200);
    expect(off.body.data!.every((f) => f.status === 0)).toBe(true);
    const again = await call<Fee>("PUT", `/v0.0.0/store-fees/${ids[0]}/inactivate`, { token: seller });
    expect(again.body).toMatchObject({ message: "Store fee deactivated", data: { status: 0 } });
    expect(await offs()).toBe(before + 1);
    await call("PUT", "/v0.0.0/store-fees/status", { token: seller, json: { store_fee_ids: ids, action: "activate" } });

    const gone = await call<Fee>("DELETE", `/v0.0.0/store-fees/${ids[0]}`, { token: seller });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe("Store fee deleted");
    expect((await call("GET", `/v0.0.0/store-fees/${ids[0]}`, { token: seller })).status).toBe(404);
    expect((await call("DELETE", `/v0.0.0/store-fees/${ids[0]}`, { token: seller })).status).toBe(404);
    expect((await historyOf(ids[0])).at(-1)!.action).toBe("delete");
  });
});

describe("tenant isolation and privileges", () => {
  it("answers another business's fee with 404 on every verb, changing nothing", async () => {
    const [fee] = (await list()).body.data!;
    const id = fee.store_fee_id;
    const body = { store_id: sekar.storeId, percent: 1 };
    const checks = await Promise.all([
      call("GET", `/v0.0.0/store-fees/${id}`, { token: seller2 }),
      call("PUT", `/v0.0.0/store-fees/${id}`, { token: seller2, json: body }),
      call("PUT", `/v0.0.0/store-fees/${id}/inactivate`, { token: seller2 }),
      call("PUT", "/v0.0.0/store-fees/status", { token: seller2, form: new URLSearchParams({ store_fee_ids: String(id), action: "inactivate" }) }),
      call("DELETE", `/v0.0.0/store-fees/${id}`, { token: seller2 }),
      call("GET", `/v0.0.0/store-fees/${id}/update-history`, { token: seller2 }),
    ]);
    expect(checks.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const after = await call<Fee>("GET", `/v0.0.0/store-fees/${id}`, { token: seller });
    expect(after.body.data).toMatchObject({ status: fee.status, percent_bp: fee.percent_bp });
    const theirs = await call<Fee[]>("GET", "/v0.0.0/store-fees", { token: seller2, query: { limit: 100 } });
    expect((theirs.body.data ?? []).every((f) => f.store_data.store_branch_id === sekar.storeId)).toBe(true);
    const [mineChoices] = [(await call<Choices>("GET", "/v0.0.0/store-fees/choices", { token: seller2 })).body.data!];
    expect(mineChoices.stores.map((s) => s.store_branch_id)).not.toContain(store.store_branch_id);
  });

  it("needs the profile privilege", async () => {
    expect((await call("GET", "/v0.0.0/store-fees", { token: staff })).status).toBe(403);
    expect((await call("POST", "/v0.0.0/store-fees", { token: staff, json: { store_id: store.store_branch_id, percent: 1 } })).status).toBe(403);
  });
});

describe("export", () => {
  it("exports the filtered fees as kind store-fee, with numbers a spreadsheet can compute with", async () => {
    const queued = await call<{ job_id: number }>("POST", "/v0.0.0/exports/store-fee", { token: seller, json: { store_id: store.store_branch_id, channel_type: "none" } });
    expect(queued.status).toBe(202);
    expect(await runNextJob()).toBe(true);
    const file = await api.request(`/api/v0.0.0/exports/${queued.body.data!.job_id}/download`, { headers: { Authorization: `Bearer ${seller}` } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe("Store");
    expect(sheet.rowCount).toBe(2);
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(2).getCell(2).value, sheet.getRow(2).getCell(4).value]).toEqual([store.name, "All channels", 20]);
  });
});
