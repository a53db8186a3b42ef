/**
 * The business's bank accounts (api/routes/banks.ts) and the account check (core/business/banks.ts),
 * with and without a bank inquiry service: a local fake one plays it (POST {bank_code, account_no}
 * → {account_name}, 404 for an unknown account, a slow answer for one number).
 *
 * Demo data: Toko Demo has BCA 5270123456 (default) and Mandiri 1270007654321, both "PT Toko Demo";
 * Batik Sekar Jagad has BNI 0312456789.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import { updateHistory } from "#db/schema/index.ts";
import { call, DEMO, login } from "./helpers.ts";

type Account = { bank_account_id: number; bank_code: string; bank_name: string; title: string; account_name: string; account_no: string; is_default: boolean };

let seller: string;
let seller2: string;
let server: Server;
let inquiryUrl: string;
const asked: unknown[] = [];

/** The fake inquiry service: knows two BCA accounts; 9999999999 answers too late. */
const KNOWN: Record<string, string> = { "014:8880001111": "BUDI SANTOSO", "014:8880002222": "PT KOPI SENJA" };

beforeAll(async () => {
  [seller, seller2] = await Promise.all([login(DEMO.seller), login(DEMO.seller2)]);
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const body = JSON.parse(raw || "{}") as { bank_code: string; account_no: string };
      asked.push({ path: req.url, method: req.method, body });
      if (body.account_no === "9999999999") return; // never answers: the 5 s timeout
      if (body.account_no === "5555555555") {
        res.writeHead(500).end("down");
        return;
      }
      const name = KNOWN[`${body.bank_code}:${body.account_no}`];
      res.writeHead(name ? 200 : 404, { "Content-Type": "application/json" });
      res.end(JSON.stringify(name ? { account_name: name } : { message: "not found" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  inquiryUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/inquiry/account`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  delete process.env.BANK_INQUIRY_URL;
});

describe("the business's bank accounts", () => {
  it("lists the accounts of the caller's business, default first (not the reference list)", async () => {
    const res = await call<Account[]>("GET", "/v0.0.0/banks", { token: seller });
    expect(res.status).toBe(200);
    expect(res.body.data!.map((a) => [a.title, a.account_no, a.is_default])).toEqual([["BCA", "5270123456", true], ["Mandiri", "1270007654321", false]]);
    expect(res.body.data![0]).toMatchObject({ bank_code: "014", bank_name: "PT Bank Central Asia Tbk", account_name: "PT Toko Demo" });
    const other = await call<Account[]>("GET", "/v0.0.0/banks", { token: seller2 });
    expect(other.body.data!.map((a) => a.account_no)).toEqual(["0312456789"]);
    // The reference list stays where it was.
    const reference = await call<any[]>("GET", "/v0.0.0/utilities/banks", { token: seller });
    expect(reference.body.data!.length).toBeGreaterThan(40);
  });

  it("refuses a bad account per field, in English and Indonesian", async () => {
    const en = await call("POST", "/v0.0.0/banks/create", { token: seller, json: { bank_code: "999", account_name: "A", account_no: "12ab" } });
    expect(en.status).toBe(422);
    expect(en.body.data).toEqual({ account_name: ["Write the account holder's name (at least 2 characters)"], account_no: ["Account number is 6 to 20 digits"] });
    const bank = await call("POST", "/v0.0.0/banks/create", { token: seller, locale: "id", json: { bank_code: "999", account_name: "Toko", account_no: "1234567" } });
    expect(bank.body.data).toEqual({ bank_code: ["Pilih bank dari daftar"] });
    const empty = await call("POST", "/v0.0.0/banks/create", { token: seller, locale: "id", form: new URLSearchParams() });
    expect(Object.keys(empty.body.data as object).sort()).toEqual(["account_name", "account_no", "bank_code"]);
    const twice = await call("POST", "/v0.0.0/banks/create", { token: seller, json: { bank_code: "014", account_name: "PT Toko Demo", account_no: "527-012-3456" } });
    expect(twice.body.data).toEqual({ account_no: ["The company has already registered this account"] });
  });

  it("adds an account (digits only), moves the default on request, and writes history", async () => {
    const res = await call<Account & { verified: boolean; reason: string }>("POST", "/v0.0.0/banks/create", {
      token: seller, form: new URLSearchParams({ bank_code: "009", account_name: "PT Toko Demo", account_no: "0123 4567 89" }),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Bank account added");
    expect(res.body.data).toMatchObject({ title: "BNI", account_no: "0123456789", is_default: false, verified: false, reason: "inquiry_not_configured" });
    const id = res.body.data!.bank_account_id;
    const set = await call<Account>("POST", "/v0.0.0/banks/set_default", { token: seller, form: new URLSearchParams({ bank_account_id: String(id) }) });
    expect(set.body).toMatchObject({ code: 200, message: "Default bank account changed", data: { is_default: true } });
    const list = await call<Account[]>("GET", "/v0.0.0/banks", { token: seller });
    expect(list.body.data!.filter((a) => a.is_default).map((a) => a.account_no)).toEqual(["0123456789"]);
    const rows = await db.select().from(updateHistory).where(and(eq(updateHistory.refType, "bank_account"), eq(updateHistory.refId, id)));
    expect(rows.map((r) => r.action)).toEqual(["create", "update"]);
    expect(rows[0].changes).toEqual({ bank_account: { from: null, to: "BNI 0123456789 a.n. PT Toko Demo" } });
    // Back to BCA; another business's account is 404.
    const bca = list.body.data!.find((a) => a.title === "BCA")!.bank_account_id;
    expect((await call("POST", "/v0.0.0/banks/set_default", { token: seller, json: { bank_account_id: bca } })).status).toBe(200);
    expect((await call("POST", "/v0.0.0/banks/set_default", { token: seller2, json: { bank_account_id: bca } })).status).toBe(404);
  });

  it("makes the first account of a business its default", async () => {
    const token = await login(DEMO.seller);
    const companies = await call<any[]>("GET", "/v0.0.1/business", { token, query: { limit: 50 } });
    const bandung = companies.body.data!.find((c) => c.name === "Toko Demo Bandung").business_id;
    await call("PUT", "/v0.0.0/accounts/me/business", { token, json: { business_id: bandung } });
    expect((await call("GET", "/v0.0.0/banks", { token })).status).toBe(404);
    const first = await call<Account>("POST", "/v0.0.0/banks/create", { token, json: { bank_code: "110", account_name: "CV Toko Demo Bandung", account_no: "0091234567" } });
    expect(first.body.data).toMatchObject({ title: "bank bjb", is_default: true });
  });
});

describe("checking an account", () => {
  it("without an inquiry service: checks the format and the registration, and says the holder is not verified", async () => {
    const res = await call<any>("POST", "/v0.0.0/utilities/banks/check_account", { token: seller, json: { bank_code: "014", account_no: "5270123456", account_name: "PT Toko Demo" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      bank_code: "014", bank_name: "PT Bank Central Asia Tbk", bank_short_name: "BCA", account_no: "5270123456", account_name: "PT Toko Demo",
      inquiry_account_name: null, is_registered: true, verified: false, reason: "inquiry_not_configured",
    });
    expect(res.body.message).toMatch(/could not be verified/);
    const fresh = await call<any>("POST", "/v0.0.0/utilities/banks/check_account", { token: seller, form: new URLSearchParams({ bank_code: "014", account_no: "8880001111" }) });
    expect(fresh.body.data).toMatchObject({ is_registered: false, verified: false, account_name: null });
    const bad = await call("POST", "/v0.0.0/utilities/banks/check_account", { token: seller, json: { bank_code: "000", account_no: "12" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object)).toEqual(["account_no"]);
    const noBank = await call("POST", "/v0.0.0/utilities/banks/check_account", { token: seller, json: { bank_code: "000", account_no: "1234567" } });
    expect(noBank.body.data).toEqual({ bank_code: ["Choose a bank from the list"] });
  });

  it("with the inquiry service: verifies the holder's name, or says why not", async () => {
    process.env.BANK_INQUIRY_URL = inquiryUrl;
    const check = (account_no: string, account_name?: string) =>
      call<any>("POST", "/v0.0.0/utilities/banks/check_account", { token: seller, json: { bank_code: "014", account_no, account_name } });

    const ok = await check("8880001111", "Budi  Santoso");
    expect(ok.body.data).toMatchObject({ verified: true, reason: null, account_name: "Budi  Santoso", inquiry_account_name: "BUDI SANTOSO" });
    expect(ok.body.message).toBe("The bank confirmed this account.");
    expect(asked.at(-1)).toEqual({ path: "/inquiry/account", method: "POST", body: { bank_code: "014", account_no: "8880001111" } });

    const noName = await check("8880001111");
    expect(noName.body.data).toMatchObject({ verified: true, account_name: "BUDI SANTOSO" });

    const other = await check("8880001111", "Siti Rahma");
    expect(other.body.data).toMatchObject({ verified: false, reason: "name_mismatch", inquiry_account_name: "BUDI SANTOSO" });

    const unknown = await check("1231231231", "Budi");
    expect(unknown.body.data).toMatchObject({ verified: false, reason: "account_not_found", inquiry_account_name: null });

    const down = await check("5555555555", "Budi");
    expect(down.body.data).toMatchObject({ verified: false, reason: "inquiry_unavailable" });
  });

  it("gives up on a silent inquiry service after 5 seconds", async () => {
    process.env.BANK_INQUIRY_URL = inquiryUrl;
    const started = Date.now();
    const res = await call<any>("POST", "/v0.0.0/utilities/banks/check_account", { token: seller, json: { bank_code: "014", account_no: "9999999999", account_name: "Budi" } });
    const took = Date.now() - started;
    expect(res.body.data).toMatchObject({ verified: false, reason: "inquiry_unavailable" });
    expect(took).toBeGreaterThanOrEqual(4900);
    expect(took).toBeLessThan(9000);
  }, 15_000);

  it("refuses to add an account the bank does not know or knows under another name", async () => {
    process.env.BANK_INQUIRY_URL = inquiryUrl;
    const unknown = await call("POST", "/v0.0.0/banks/create", { token: seller2, json: { bank_code: "014", account_name: "Budi Santoso", account_no: "1231231231" } });
    expect(unknown.body.data).toEqual({ account_no: ["The bank does not know this account number"] });
    const other = await call("POST", "/v0.0.0/banks/create", { token: seller2, json: { bank_code: "014", account_name: "Budi S.", account_no: "8880001111" } });
    expect(other.body.data).toEqual({ account_name: ["The bank has this account under another name"] });
    const ok = await call<any>("POST", "/v0.0.0/banks/create", { token: seller2, json: { bank_code: "014", account_name: "Budi Santoso", account_no: "8880001111" } });
    expect(ok.body.data).toMatchObject({ verified: true, reason: null, is_default: false });
  });
});
