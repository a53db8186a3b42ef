/**
 * The team (issue 13), with the owner's and the staff member's browsers side by side:
 * - the owner invites a fresh person, who accepts from the outbox link and signs in; the owner
 *   hears of it (the bell's unread count live with JavaScript, the feed after a reload) — in
 *   English and under /id;
 * - the owner takes a privilege away: the staff member's open page loses the area on the next
 *   click (the 403 page, and the sidebar without it); before that, a staff member without the
 *   finer privileges sees no delete button on the product listing and no Reject on an order;
 * - the owner suspends the staff member: their open socket closes at once (the header's live dot)
 *   and their next click goes to sign in.
 * Core journeys run again with JavaScript off. Each invites its own fresh e-mail (tests/e2e/team.ts),
 * so nothing another journey reads is changed.
 */
import type { Page } from "@playwright/test";
import { authFile, expect, here, signIn, test } from "./fixtures.ts";
import { query } from "./db.ts";
import { accept, browserOf, confirmStep, invite, L, linkFor, newStaff, person, rowOf, STAFF_PASSWORD, toast, type Lang } from "./team.ts";

test.use({ storageState: authFile("seller") });
// Two browsers, several round trips each.
test.describe.configure({ timeout: 90_000 });

/** The header's bell and the unread count its name gives ("Notifications: 3 unread"; 0 when none). */
const bell = (page: Page, lang: Lang) => page.getByRole("banner").getByRole("link", { name: new RegExp(`^${L[lang].notifications}`) });
async function unread(page: Page, lang: Lang) {
  const name = (await bell(page, lang).getAttribute("aria-label")) ?? "";
  return Number(/(\d+)/.exec(name)?.[1] ?? 0);
}

/** The header's live dot (app/components/admin-header.tsx): "Live updates: on" once the socket joined. */
const liveDot = (page: Page, state: "on" | "unavailable") => page.getByRole("img", { name: `Live updates: ${state}` });

/** Opens a sidebar page: its group first when the group folds (a <details>, no JavaScript needed). */
async function sidebarTo(page: Page, group: string, item?: string) {
  const nav = page.getByRole("navigation", { name: "Main menu" });
  if (!item) return nav.getByRole("link", { name: group, exact: true }).click();
  const details = nav.locator("details").filter({ has: page.locator("summary", { hasText: group }) });
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.locator("summary").click();
  await details.getByRole("link", { name: item, exact: true }).click();
}

/** The owner (`page`) unticks a privilege on a member's staff form and saves. */
async function untick(page: Page, name: string, privilege: string) {
  await page.goto("/setting/pos-seller");
  await rowOf(page, name).getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await page.getByRole("checkbox", { name: privilege, exact: true }).uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Staff updated")).toBeVisible();
  await expect(rowOf(page, name)).not.toContainText(privilege);
}

for (const lang of ["en", "id"] as const) {
  const l = L[lang];
  test(`${lang}: the owner invites staff, who accepts and signs in; the owner hears of it @core`, async ({ page, browser, javaScriptEnabled, checkA11y }, testInfo) => {
    await page.goto(`${l.path}/dashboard`);
    if (javaScriptEnabled) await expect(page.getByRole("img", { name: lang === "en" ? "Live updates: on" : "Pembaruan langsung: aktif" })).toBeAttached();
    const before = await unread(page, lang);

    const who = person(`undang-${lang}`);
    const owner = await browserOf(browser, testInfo, "seller");
    await invite(owner, lang, who.email, [l.orders]);
    const link = await linkFor(owner, lang, who.email);
    expect(link.startsWith(`${l.path}/invite/`)).toBe(true);
    await owner.context().close();

    // The person opens the link signed out, creates the account and lands on their first page.
    const staff = await browserOf(browser, testInfo);
    await staff.goto(link);
    await checkA11y(staff);
    await accept(staff, lang, link, who.name);
    expect(here(staff)).toBe(`${l.path}/orders`);
    await staff.context().close();

    // The owner's open page counts the notice live; without JavaScript a reload shows it.
    if (javaScriptEnabled) await expect.poll(() => unread(page, lang)).toBeGreaterThan(before);
    else {
      await page.reload();
      expect(await unread(page, lang)).toBeGreaterThan(before);
    }
    await bell(page, lang).click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*${l.path}/notification`));
    await expect(page.getByRole("main").getByText(l.joined(who.name))).toBeVisible();

    // Signing in afterwards, through the real form, with the password they chose.
    const again = await browserOf(browser, testInfo);
    await signIn(again, who.email, STAFF_PASSWORD);
    expect(here(again)).toBe("/orders");
    await again.context().close();
  });
}

test("the owner takes a privilege away: the staff member's open page loses the area on the next click @core", async ({ page, browser }, testInfo) => {
  const staff = await newStaff(page, browser, testInfo, "hak", ["Orders", "Product"]);
  const s = staff.page;

  // With Product but not its finer "Delete products": the listing shows no delete, one or in bulk.
  await sidebarTo(s, "Product", "Product Listing");
  await expect(s.getByRole("heading", { level: 1 })).toContainText("Product");
  await expect(s.getByRole("button", { name: /^Delete / })).toHaveCount(0);
  await expect(s.getByLabel("Bulk action").locator("option", { hasText: "Delete" })).toHaveCount(0);
  // With Orders but not "Cancel and reject orders": an order waiting for approval offers Accept,
  // not Reject (the owner, on the same order, gets both).
  const [waiting] = await query<{ id: number }>(`
    SELECT o.id FROM orders o JOIN businesses b ON b.id = o.business_id
     WHERE b.name = 'Toko Demo' AND o.status = 'waiting-approval' AND o.return_stage IS NULL ORDER BY o.id DESC LIMIT 1`);
  // Reject opens its reason form (a <details>); cancelling items is a button under the items.
  const reject = (p: Page) => p.getByRole("region", { name: "Next step" }).locator("summary", { hasText: "Reject" });
  await page.goto(`/orders/${waiting.id}`);
  await expect(reject(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel items" })).toBeVisible();
  await s.goto(`/orders/${waiting.id}`);
  await expect(s.getByRole("button", { name: "Accept", exact: true })).toBeVisible();
  await expect(reject(s)).toHaveCount(0);
  await expect(s.getByRole("button", { name: "Cancel items" })).toHaveCount(0);
  await sidebarTo(s, "Orders");
  await expect(s).toHaveURL(/\/orders$/);

  await untick(page, staff.name, "Product");

  // The staff member's page was loaded before: its next click into Product is the 403 page (with
  // JavaScript too: the navigation ends as a document load, app/lib/root-data.ts), which offers
  // only what they still hold; from their start page on, the sidebar no longer has the area.
  await sidebarTo(s, "Product", "Product Listing");
  await expect(s.getByRole("heading", { name: "You can't open this page" })).toBeVisible();
  await expect(s.getByText("You don't have access to Product. Ask the business owner to give you access.")).toBeVisible();
  const offered = s.getByRole("navigation", { name: "Pages you can open" });
  await expect(offered.getByRole("link", { name: "Product" })).toHaveCount(0);
  await offered.getByRole("link", { name: "Your start page" }).click();
  await expect(s).toHaveURL(/\/orders$/);
  const nav = s.getByRole("navigation", { name: "Main menu" });
  await expect(nav.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
  await expect(nav.locator("summary", { hasText: "Product" })).toHaveCount(0);
  await s.context().close();
});

test("a privilege taken away while one of its pages is open: the next click inside the area is the 403 page @core", async ({ page, browser }, testInfo) => {
  const staff = await newStaff(page, browser, testInfo, "area", ["Orders", "Product"]);
  const s = staff.page;
  await sidebarTo(s, "Product", "Product Listing");
  await expect(s).toHaveURL(/\/products\/listing$/);
  await untick(page, staff.name, "Product");
  await sidebarTo(s, "Product", "Add Product");
  await expect(s.getByRole("heading", { name: "You can't open this page" })).toBeVisible();
  await expect(s.getByText("You don't have access to Product. Ask the business owner to give you access.")).toBeVisible();
  await s.context().close();
});

test("the owner suspends a staff member: their open socket closes and the next click signs them out @core", async ({ page, browser, javaScriptEnabled }, testInfo) => {
  const staff = await newStaff(page, browser, testInfo, "skors", ["Orders"]);
  const s = staff.page;
  await expect(s).toHaveURL(/\/orders$/);
  if (javaScriptEnabled) await expect(liveDot(s, "on")).toBeAttached();

  await page.goto("/setting/pos-seller");
  await rowOf(page, staff.name).getByRole("button", { name: "Suspend" }).click();
  await confirmStep(page, javaScriptEnabled, `Suspend ${staff.name}?`, "Suspend");
  await expect(toast(page, `${staff.name} is suspended`)).toBeVisible();
  await expect(rowOf(page, staff.name)).toContainText("Suspended");

  // The server ends their sockets at once: the dot says so without a reload.
  if (javaScriptEnabled) await expect(liveDot(s, "unavailable")).toBeAttached();
  await sidebarTo(s, "Orders");
  await expect(s).toHaveURL(/\/auth\?redirectTo=/);
  // Their password no longer opens Toko Demo either.
  await expect(s.getByLabel("Email or phone number")).toBeVisible();
  await s.context().close();
});
