/**
 * What the team journeys share (team.spec.ts, team-security.spec.ts): inviting a fresh person from
 * /setting/pos-seller/user/add, reading the link from the demo outbox, accepting it in a browser
 * of their own, and the owner's and the staff member's browsers side by side.
 *
 * Journeys run in parallel on one database (the js and no-js projects, other files on Toko Demo):
 * each invites its own fresh e-mail, so no journey changes a member another one reads.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import { authFile, expect } from "./fixtures.ts";

export type Lang = "en" | "id";

/** The labels the journeys read, in each language (locales/{en,id}). */
export const L = {
  en: {
    path: "", target: "E-mail or phone", send: "Send invitation", sent: (t: string) => `Invitation sent to ${t}`,
    name: "Your name", password: "Password", again: "Password again", create: "Create account and join",
    welcome: "Welcome to Toko Demo", to: (t: string) => `To ${t}`, joined: (n: string) => `${n} joined the team`,
    orders: "Orders", products: "Product", setting: "Setting", profile: "Seller Profile", notifications: "Notifications",
  },
  id: {
    path: "/id", target: "Email atau telepon", send: "Kirim undangan", sent: (t: string) => `Undangan terkirim ke ${t}`,
    name: "Nama Anda", password: "Kata sandi", again: "Ulangi kata sandi", create: "Buat akun dan bergabung",
    welcome: "Selamat datang di Toko Demo", to: (t: string) => `Kepada ${t}`, joined: (n: string) => `${n} bergabung dengan tim`,
    orders: "Pesanan", products: "Produk", setting: "Pengaturan", profile: "Profil Penjual", notifications: "Notifikasi",
  },
} as const;

export const STAFF_PASSWORD = "kasir-baru-2026";

/** A fresh address and name for one journey (both projects run every journey at once). */
export function person(tag: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${tag}-${id}@indie.test`, name: `Staf ${tag} ${id}` };
}

/**
 * Another browser next to the test's own: the same project's settings (JavaScript on or off,
 * language, time zone), signed in as `who` or not at all.
 */
export async function browserOf(browser: Browser, testInfo: TestInfo, who?: "seller" | "staff") {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL, javaScriptEnabled: use.javaScriptEnabled, locale: use.locale, timezoneId: use.timezoneId,
    storageState: who ? authFile(who) : undefined,
  });
  return context.newPage();
}

/** The owner (`page`, signed in) invites `email` with the privileges ticked by their labels. */
export async function invite(page: Page, lang: Lang, email: string, privileges: string[]) {
  const l = L[lang];
  await page.goto(`${l.path}/setting/pos-seller/user/add`);
  await page.getByLabel(l.target).fill(email);
  for (const p of privileges) await page.getByRole("checkbox", { name: p, exact: true }).check();
  await page.getByRole("button", { name: l.send }).click();
  await expect(toast(page, l.sent(email))).toBeVisible();
}

/** The newest invitation link sent to `email`, read from the demo outbox (this machine only). */
export async function linkFor(page: Page, lang: Lang, email: string) {
  const outbox = await page.context().newPage();
  await outbox.goto(`${L[lang].path}/outbox`);
  const message = outbox.getByRole("listitem").filter({ hasText: L[lang].to(email) }).first();
  await expect(message).toBeVisible();
  const path = /(\/id)?\/invite\/[\w-]+/.exec((await message.textContent()) ?? "")?.[0];
  expect(path, "an invitation link in the outbox message").toBeTruthy();
  await outbox.close();
  return path!;
}

/** The invited person opens the link in `page` (signed out), creates their account and joins. */
export async function accept(page: Page, lang: Lang, link: string, name: string) {
  const l = L[lang];
  await page.goto(link);
  await page.getByLabel(l.name).fill(name);
  await page.getByLabel(l.password, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel(l.again).fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: l.create }).click();
  await expect(toast(page, l.welcome)).toBeVisible();
}

/** Invites a fresh person with `privileges` and has them accept in a browser of their own. */
export async function newStaff(owner: Page, browser: Browser, testInfo: TestInfo, tag: string, privileges: string[], lang: Lang = "en") {
  const who = person(tag);
  await invite(owner, lang, who.email, privileges);
  const link = await linkFor(owner, lang, who.email);
  const staff = await browserOf(browser, testInfo);
  await accept(staff, lang, link, who.name);
  return { ...who, page: staff };
}

/**
 * Answers a confirm step: with JavaScript the dialog, without it the panel the server renders
 * (app/components/list/confirm-dialog.tsx); both are named by the question.
 */
export async function confirmStep(page: Page, js: boolean, question: string, button: string) {
  const step = js ? page.getByRole("dialog", { name: question }) : page.getByRole("alertdialog", { name: question });
  await expect(step).toBeVisible();
  await step.getByRole("button", { name: button, exact: true }).click();
  await expect(step).toBeHidden();
}

/** The notice (toast) saying `text`. */
export const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** The member's row on the staff list (found by their name). */
export const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });
