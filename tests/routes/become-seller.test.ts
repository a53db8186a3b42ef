/**
 * The become-seller pages at the web's seam, for a user of its own (the demo newbie is the API
 * tests'): a refused file shows under its own row with everything typed kept, a registration goes
 * to moderation with a notice, and the demo approval makes the user a seller.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.ts";
import { users } from "#db/schema/index.ts";
import * as formRegister from "#app/routes/become-seller/form-register.tsx";
import * as moderation from "#app/routes/become-seller/moderation.tsx";
import { runAction, runLoader } from "./harness.ts";

const PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
const stamp = Date.now();
const email = `route-seller-${stamp}@indie.test`;
const fields = {
  name: `Warung Route ${stamp}`, legal_type: "perorangan", business_type: "4", phone: "0812 7777 8888",
  address: "Jl. Cihampelas No. 41", city_id: "3273", postcode: "40131",
};

function registration(file: { data: string; name: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  // Row 0 left empty, the file in row 1: a refusal must name row 1's file input.
  form.set("documents[0].type", "founder_id_card");
  form.set("documents[1].type", "tax_id");
  form.set("documents[1].file", new File([file.data], file.name, { type: "application/pdf" }));
  return form;
}

const demoWas = process.env.DEMO;
beforeAll(async () => {
  await db.insert(users).values({ name: "Route Seller", email, phone: `+62812${String(stamp).slice(-8)}`, passwordHash: "x" });
  process.env.DEMO = "on";
});
afterAll(() => {
  process.env.DEMO = demoWas;
});

describe("become-seller pages", () => {
  it("refuses a file that is not what it says under its own row, keeping what was typed", async () => {
    const res = await runAction(formRegister, {
      url: "/become-seller/form-register", as: email, area: "seller-signup", form: registration({ data: "not a pdf", name: "npwp.pdf" }),
    });
    expect(res.status).toBe(400);
    expect(res.data.error["documents[1].file"]?.[0]).toBeTruthy();
    expect(res.data.initialValue.name).toBe(fields.name);
  });

  it("registers into moderation with a notice, then the demo approval makes a seller", async () => {
    const res = await runAction(formRegister, { url: "/become-seller/form-register", as: email, area: "seller-signup", form: registration({ data: PDF, name: "npwp.pdf" }) });
    expect(res.data?.error ?? res.error).toBeUndefined();
    expect(res.redirect).toBe("/become-seller/moderation");
    expect(res.toasts).toContainEqual({ type: "success", message: "Registration received: your company is in moderation" });

    // The demo approval is for the server's own machine (core/lib/demo.ts isDemoFor): from
    // another one the page offers no button and the approval is the not-found page.
    const remote = { url: "/become-seller/moderation", as: email, area: "seller-signup" as const, from: "203.0.113.7" };
    expect((await runLoader(moderation, remote)).data.demo).toBe(false);
    expect((await runAction(moderation, remote)).status).toBe(404);
    const page = await runLoader(moderation, { url: "/become-seller/moderation", as: email, area: "seller-signup", from: "127.0.0.1" });
    expect(page.data).toMatchObject({ business: { name: fields.name }, demo: true });
    const approved = await runAction(moderation, { url: "/become-seller/moderation", as: email, area: "seller-signup", from: "127.0.0.1" });
    expect(approved.redirect).toBe("/");
    expect(approved.toasts).toContainEqual({ type: "success", message: "Your company is approved. Welcome!" });
  });
});
