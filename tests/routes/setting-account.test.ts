/**
 * /setting/account at the web's seam (issue 13 item 4): name, e-mail change proved by a code sent
 * to the new address, phone verification, password change, language. Every refusal comes back
 * under its own form's field with what was typed; staff without the "setting" privilege still
 * open their own account.
 */
import { describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { db } from "#db/client.ts";
import { outbox, users } from "#db/schema/index.ts";
import * as accountPage from "#app/routes/admin/setting/account.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { makePng } from "#tests/e2e/png.ts";
import { runAction, runLoader } from "./harness.ts";

const URL_ = "/setting/account";
const post = (form: Record<string, string>, as: string = DEMO.seller, url = URL_) => runAction(accountPage, { url, as, form });
const userOf = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
const lastCode = async (target: string) => {
  const [m] = await db.select().from(outbox).where(eq(outbox.target, target)).orderBy(desc(outbox.id)).limit(1);
  return m.body.match(/\b(\d{4,8})\b/)![1];
};

describe("/setting/account", () => {
  it("shows the person's own account, in both languages, to staff without the setting privilege too", async () => {
    const res = await runLoader(accountPage, { url: URL_, as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toBe("Account settings | Indie Seller");
    expect(res.data.profile).toMatchObject({ email: DEMO.seller, locale: "en" });
    const staff = await runLoader(accountPage, { url: `/id${URL_}`, as: DEMO.staff });
    expect(staff.status).toBe(200);
    expect(staff.data.title).toBe("Pengaturan akun | Indie Seller");
    expect(staff.data.profile.email).toBe(DEMO.staff);
  });

  it("saves a new name; an empty one is refused under the field with the rest kept", async () => {
    const bad = await post({ intent: "profile", name: " ", email: DEMO.seller, phone: "081234500001" });
    expect(bad.status).toBe(400);
    expect(bad.data.form).toBe("profile");
    expect(bad.data.reply.error.name).toEqual(["required"]);
    expect(bad.data.reply.initialValue.phone).toBe("081234500001");
    const ok = await post({ intent: "profile", name: "Budi Santoso", email: DEMO.seller });
    expect(ok.redirect).toBe(URL_);
    expect(ok.toasts[0].message).toBe("Your profile has been saved");
    expect((await userOf(DEMO.seller)).name).toBe("Budi Santoso");
  });

  it("changes the e-mail only with the code sent to the new address, keeping what was typed meanwhile", async () => {
    const without = await post({ intent: "profile", name: "Budi", email: "budi.baru@indie.test" });
    expect(without.status).toBe(400);
    expect(without.data.reply.error.otp).toEqual(["Enter the code we sent to the new email address"]);
    expect((await userOf(DEMO.seller)).name).not.toBe("Budi");

    const sent = await post({ intent: "send_email_code", name: "Budi", email: "budi.baru@indie.test" });
    expect(sent.status).toBe(200);
    expect(sent.data.form).toBe("profile");
    expect(sent.data.reply.initialValue).toMatchObject({ name: "Budi", email: "budi.baru@indie.test" });
    expect(sent.toasts[0].message).toMatch(/^Code sent to bu\*+@indie\.test$/);

    const wrong = await post({ intent: "profile", name: "Budi", email: "budi.baru@indie.test", otp: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.data.reply.error.otp ?? wrong.data.reply.error[""]).toBeTruthy();

    const code = await lastCode("budi.baru@indie.test");
    const ok = await post({ intent: "profile", name: "Budi", email: "budi.baru@indie.test", otp: code });
    expect(ok.redirect).toBe(URL_);
    expect(await userOf("budi.baru@indie.test")).toMatchObject({ name: "Budi" });
  });

  it("refuses another account's e-mail when asked for a code", async () => {
    const res = await post({ intent: "send_email_code", name: "X", email: DEMO.seller2 }, DEMO.staff);
    expect(res.status).toBe(400);
    expect(res.data.reply.error.email).toEqual(["This email is already used by another account"]);
  });

  it("verifies a new phone with the code sent to it", async () => {
    await post({ intent: "profile", name: "Staff", email: DEMO.staff, phone: "081299990001" }, DEMO.staff);
    const page = await runLoader(accountPage, { url: URL_, as: DEMO.staff });
    expect(page.data.profile.profile_status).not.toBe(3);
    const sent = await post({ intent: "send_phone_code" }, DEMO.staff);
    expect(sent.status).toBe(200);
    expect(sent.data.form).toBe("verify_phone");
    const wrong = await post({ intent: "verify_phone", otp: "" }, DEMO.staff);
    expect(wrong.data.reply.error.otp).toEqual(["required"]);
    const code = await lastCode((await userOf(DEMO.staff)).phone!);
    const ok = await post({ intent: "verify_phone", otp: code }, DEMO.staff);
    expect(ok.toasts[0].message).toBe("Your phone number is verified");
    expect((await userOf(DEMO.staff)).profileStatus).toBe(3);
  });

  it("changes the password only with the current one, never sending a password back", async () => {
    const wrong = await post({ intent: "password", current_password: "nope-nope", password: "a-new-secret-1" }, DEMO.seller2);
    expect(wrong.status).toBe(400);
    expect(wrong.data.form).toBe("password");
    expect(wrong.data.reply.error.current_password).toEqual(["The current password is wrong"]);
    expect(JSON.stringify(wrong.data.reply)).not.toContain("a-new-secret-1");
    const short = await post({ intent: "password", current_password: "indie-demo", password: "short" }, DEMO.seller2);
    expect(short.data.reply.error.password).toEqual(["password_min"]);
    const ok = await post({ intent: "password", current_password: "indie-demo", password: "a-new-secret-1" }, DEMO.seller2);
    expect(ok.toasts[0].message).toBe("Your password has been changed. Other devices have been signed out");
  });

  it("saves the language and opens the page in it", async () => {
    const res = await post({ intent: "language", locale: "id" });
    expect(res.redirect).toBe("/id/setting/account");
    expect(res.toasts[0].message).toBe("Bahasa disimpan");
    expect((await userOf((await runLoader(accountPage, { url: URL_, as: DEMO.seller })).data.profile.email)).locale).toBe("id");
    const bad = await post({ intent: "language", locale: "fr" });
    expect(bad.status).toBe(400);
    expect(bad.data.reply.error.locale).toEqual(["invalid"]);
  });

  it("takes a photo (uploaded with the form), shows it to the header, and removes it again", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "profile", name: "Sari", email: DEMO.seller2, photo: "" })) form.set(k, v);
    form.set("photo_file", new File([new Uint8Array(makePng(64))], "me.png", { type: "image/png" }));
    const saved = await runAction(accountPage, { url: URL_, as: DEMO.seller2, form });
    expect(saved.redirect).toBe(URL_);
    const photo = (await userOf(DEMO.seller2)).photo!;
    expect(photo).toMatch(/^\/uploads\/[\w.-]+$/);
    expect((await runLoader(accountPage, { url: URL_, as: DEMO.seller2 })).data.profile.photo).toBe(photo);
    // A bad file is refused under the photo, the name typed kept.
    const bad = new FormData();
    for (const [k, v] of Object.entries({ intent: "profile", name: "Sari Baru", email: DEMO.seller2, photo })) bad.set(k, v);
    bad.set("photo_file", new File([new TextEncoder().encode("not an image")], "me.png", { type: "image/png" }));
    const refused = await runAction(accountPage, { url: URL_, as: DEMO.seller2, form: bad });
    expect(refused.status).toBe(400);
    expect(refused.data.reply.error.photo).toHaveLength(1);
    expect(refused.data.reply.initialValue.name).toBe("Sari Baru");
    // Emptied (the picker's Remove): the initial is shown again.
    await post({ intent: "profile", name: "Sari", email: DEMO.seller2, photo: "" }, DEMO.seller2);
    expect((await userOf(DEMO.seller2)).photo).toBeNull();
  });

  it("refuses an unknown intent with 400", async () => {
    const res = await post({ intent: "drop_tables" });
    expect(res.status).toBe(400);
  });
});
