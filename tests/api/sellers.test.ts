import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import { businesses, uploads, users } from "#db/schema/index.ts";
import { call, DEMO, LOCAL, login } from "./helpers.ts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

const fields = {
  name: "Warung Bu Dewi",
  legal_type: "perorangan",
  business_type: "4",
  phone: "0812 7777 8888",
  address: "Jl. Cihampelas No. 40",
  city_id: "3273",
  postcode: "40131",
};

function registration(docs: { type: string; data: Buffer; name: string; mime: string }[], extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, ...extra })) form.set(k, v);
  for (const d of docs) {
    form.append("document_types[]", d.type);
    form.append("documents[]", new File([new Uint8Array(d.data)], d.name, { type: d.mime }));
  }
  return form;
}

let newbie: string;
beforeAll(async () => {
  newbie = await login(DEMO.newbie);
});

describe("seller registration", () => {
  it("checks every field and file at once, with the spec's upload messages", async () => {
    const form = registration(
      [
        { type: "founder_id_card", data: Buffer.from("just text"), name: "ktp.txt", mime: "text/plain" },
        { type: "tax_id", data: Buffer.concat([PDF, Buffer.alloc(2048 * 1024)]), name: "npwp.pdf", mime: "application/pdf" },
        { type: "passport", data: PDF, name: "x.pdf", mime: "application/pdf" },
      ],
      { name: "", postcode: "abc" },
    );
    const res = await call("POST", "/v0.0.0/sellers/register", { token: newbie, form });
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({
      name: ["This field is required"],
      postcode: ["Postcode is 5 digits"],
      "documents.0": ["Your File type is not accepted"],
      "documents.1": ["Your File is too big"],
      "documents.2": ["Choose the type of this document"],
    });
    const none = await call("POST", "/v0.0.0/sellers/register", { token: newbie, form: registration([]) });
    expect(none.body.data).toMatchObject({ documents: ["Upload at least one document"] });
    // Nothing of the refused registrations was stored.
    const [{ n }] = (await db.execute<{ n: number }>(
      sql`select count(*)::int as n from uploads join users on users.id = uploads.user_id where users.email = ${DEMO.newbie}`,
    )).rows;
    expect(n).toBe(0);
  });

  it("registers → moderation → demo approval → seller", async () => {
    const form = registration([
      { type: "founder_id_card", data: PNG, name: "ktp.png", mime: "image/png" },
      { type: "tax_id", data: PDF, name: "npwp.pdf", mime: "application/pdf" },
    ]);
    const res = await call("POST", "/v0.0.0/sellers/register", { token: newbie, form });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Warung Bu Dewi", status: 0, status_name: "Moderation" });
    const id = res.body.data.business_id as number;
    const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
    expect(row.documents.map((d) => [d.type, d.name])).toEqual([["founder_id_card", "ktp.png"], ["tax_id", "npwp.pdf"]]);
    expect(row.documents[0].url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    let me = await call("GET", "/v0.0.0/accounts/me", { token: newbie });
    expect(me.body.data).toMatchObject({ is_seller: false, pending_business: { business_id: id, name: "Warung Bu Dewi", status: 0 } });

    // A second registration while the first waits is refused.
    const again = await call("POST", "/v0.0.0/sellers/register", { token: newbie, form: registration([{ type: "tax_id", data: PDF, name: "a.pdf", mime: "application/pdf" }]) });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("Your company is already waiting for moderation");
    // Nobody else can approve it.
    expect((await call("POST", `/v0.0.0/demo/businesses/${id}/approve`, { token: await login(DEMO.seller2), from: LOCAL })).status).toBe(404);

    // The owner themselves, but from another machine: demo surfaces answer this machine only.
    expect((await call("POST", `/v0.0.0/demo/businesses/${id}/approve`, { token: newbie, from: "203.0.113.7" })).status).toBe(404);
    expect((await call("POST", `/v0.0.0/demo/businesses/${id}/approve`, { token: newbie })).status).toBe(404);

    const approved = await call("POST", `/v0.0.0/demo/businesses/${id}/approve`, { token: newbie, from: LOCAL });
    expect(approved.status).toBe(200);
    me = await call("GET", "/v0.0.0/accounts/me", { token: newbie });
    expect(me.body.data).toMatchObject({ is_seller: true, business_id: id, business_name: "Warung Bu Dewi", member_role: "owner", pending_business: null });
    const list = await call("GET", "/v0.0.1/business", { token: newbie });
    expect(list.body.data.map((c: { name: string; status: number }) => [c.name, c.status])).toEqual([["Warung Bu Dewi", 1]]);
    const history = await call("GET", `/v0.0.0/business/${id}/update-history`, { token: newbie });
    expect(history.body.data.map((h: { action: string }) => h.action)).toEqual(["approve", "register"]);
  });

  it("refuses a user who is already a seller", async () => {
    const res = await call("POST", "/v0.0.0/sellers/register", {
      token: await login(DEMO.seller),
      form: registration([{ type: "tax_id", data: PDF, name: "a.pdf", mime: "application/pdf" }]),
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("You are already a seller");
  });

  it("takes JSON naming files the user uploaded before", async () => {
    const [newbieRow] = await db.select().from(users).where(eq(users.email, DEMO.newbie));
    await db.insert(users).values({ name: "Rudi Baru", email: "rudi@indie.test", passwordHash: newbieRow.passwordHash });
    const rudi = await login("rudi@indie.test");
    const upload = new FormData();
    upload.set("file", new File([new Uint8Array(PNG)], "ktp.png", { type: "image/png" }));
    const uploaded = await call<string>("POST", "/v0.0.0/utilities/upload", { token: rudi, form: upload });
    expect(uploaded.status).toBe(200);
    const json = { ...fields, business_type: 1, city_id: 3273 };

    const someoneElses = await call("POST", "/v0.0.0/sellers/register", {
      token: rudi, json: { ...json, documents: [{ type: "founder_id_card", url: "/uploads/0123456789abcdef0123456789abcdef.png" }] },
    });
    expect(someoneElses.status).toBe(422);
    expect(someoneElses.body.data).toMatchObject({ "documents.0": ["This file was not uploaded by you"] });

    const res = await call("POST", "/v0.0.0/sellers/register", {
      token: rudi, json: { ...json, name: "Toko Rudi", documents: [{ type: "founder_id_card", url: uploaded.body.data }] },
    });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(businesses).where(eq(businesses.id, res.body.data.business_id));
    expect(row.documents).toEqual([{ type: "founder_id_card", url: uploaded.body.data, name: "ktp.png" }]);
  });

  it("turns a double submit into one company in moderation and a 422 for the second", async () => {
    const [newbieRow] = await db.select().from(users).where(eq(users.email, DEMO.newbie));
    const [sinta] = await db.insert(users).values({ name: "Sinta Dua Kali", email: "sinta@indie.test", passwordHash: newbieRow.passwordHash }).returning();
    const token = await login("sinta@indie.test");
    const submit = () => call("POST", "/v0.0.0/sellers/register", {
      token, form: registration([{ type: "tax_id", data: PDF, name: "npwp.pdf", mime: "application/pdf" }], { name: "Toko Sinta" }),
    });
    const answers = await Promise.all([submit(), submit()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.message).toBe("Your company is already waiting for moderation");
    const rows = await db.select().from(businesses).where(eq(businesses.ownerUserId, sinta.id));
    expect(rows.map((b) => [b.name, b.status])).toEqual([["Toko Sinta", 0]]);
    // Only the winner's file is stored: the second registration's upload went away with it.
    const stored = await db.select({ name: uploads.name }).from(uploads).where(eq(uploads.userId, sinta.id));
    expect(stored.map((u) => `/uploads/${u.name}`)).toEqual(rows[0].documents.map((d) => d.url));
  });

  it("keeps the demo approval out of reach when demo mode is off", async () => {
    const before = process.env.DEMO;
    process.env.DEMO = "off";
    try {
      expect((await call("POST", "/v0.0.0/demo/businesses/1/approve", { token: newbie, from: LOCAL })).status).toBe(404);
    } finally {
      // Put back what was there, so demo mode stays as it was for whatever runs next.
      if (before === undefined) delete process.env.DEMO;
      else process.env.DEMO = before;
    }
  });
});
