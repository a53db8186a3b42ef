/**
 * Password confirmation (issue 13, /setting/security): with the business's option on Password, a
 * money change — a new payout bank account, the withdrawal-like action the back-office has today —
 * asks for the password again (app/lib/reauth.server.ts: a modal with JavaScript, the same form
 * rendered open without), refuses a wrong one, and after the right one goes through with what was
 * typed kept.
 *
 * The option is per business, and Toko Demo is shared by every journey (deleting products, bank
 * accounts, staff changes would all start asking). So the journey runs in a business of its own:
 * a freshly invited person with the Seller Profile privilege adds their own company (its owner at
 * once), switches to it and turns the option on there; it is set back to None at the end.
 */
import { authFile, expect, test } from "./fixtures.ts";
import { query } from "./db.ts";
import { L, newStaff, STAFF_PASSWORD, toast } from "./team.ts";

test.use({ storageState: authFile("seller") });
test.describe.configure({ timeout: 120_000 });

test("with Password on, adding a payout bank account asks for the password again @core", async ({ page, browser, javaScriptEnabled, checkA11y }, testInfo) => {
  const staff = await newStaff(page, browser, testInfo, "aman", [L.en.profile]);
  const s = staff.page;
  const company = `CV Aman ${staff.email.split("@")[0].slice(5)}`;

  // In Toko Demo they hold Seller Profile but not "Bank accounts (payouts)": the store form says
  // who may add an account instead of offering a button that would end on the 403 page.
  await s.goto("/profile/store/add");
  await expect(s.getByText("Adding a bank account needs the “Bank accounts (payouts)” privilege. Ask the business owner.")).toBeVisible();
  await expect(s.getByRole("button", { name: "Add bank account" })).toHaveCount(0);

  // Their own company: active at once, with them as its owner.
  await s.goto("/profile/company/add");
  await s.getByLabel("Company name").fill(company);
  await s.getByLabel("Legal type").selectOption("cv");
  await s.getByLabel("Business type").selectOption("2");
  await s.getByLabel("Phone").fill("0812 4444 9090");
  await s.getByLabel("Address").fill("Jl. Cihampelas No. 9");
  await s.getByLabel("City").selectOption("3273");
  await s.getByLabel("Postcode").fill("40131");
  await s.getByRole("button", { name: "Save" }).click();
  await expect(s.getByRole("heading", { level: 1 })).toContainText(company);

  const picker = s.getByRole("combobox", { name: "Business", exact: true });
  await picker.selectOption({ label: company });
  if (!javaScriptEnabled) await s.getByRole("button", { name: "Switch", exact: true }).click();
  await expect(toast(s, "Active business changed")).toBeVisible();
  await expect(picker.locator("option:checked")).toHaveText(company);

  await s.goto("/setting/security");
  await s.getByRole("radio", { name: /^Password(?! \+)/ }).check();
  await s.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(toast(s, "Security setting saved")).toBeVisible();
  await expect(s.getByRole("radio", { name: /^Password(?! \+)/ })).toBeChecked();

  // Signing in (here: accepting the invitation) counts as typing the password for 5 minutes;
  // the journey moves this person's sessions past that, as the clock would.
  await query("UPDATE api_tokens SET reauth_at = now() - interval '1 hour' WHERE user_id = (SELECT id FROM users WHERE email = $1)", [staff.email]);

  await s.goto("/profile/store/add");
  const store = `Toko ${company}`;
  await s.getByLabel("Store name").fill(store);
  await s.getByLabel("Store type").selectOption("3");
  await s.getByLabel("Phone").fill("0812 5555 0101");
  await s.getByLabel("Address", { exact: true }).fill("Jl. Cihampelas No. 9");
  await s.getByLabel("City", { exact: true }).selectOption("3273");
  await s.getByLabel("Postal code", { exact: true }).fill("40131");
  const number = String(Date.now()).slice(-10);
  // The company has no account yet: the inline step is open.
  await s.getByLabel("Bank", { exact: true }).selectOption("014");
  await s.getByLabel("Account number").fill(number);
  await s.getByLabel("Account holder name").fill(company);
  await s.getByRole("button", { name: "Add bank account" }).click();

  const step = s.getByRole("dialog", { name: "Confirm it's you" });
  await expect(step).toBeVisible();
  await checkA11y(s);
  await step.getByLabel("Password").fill("not-my-password");
  await step.getByRole("button", { name: "Confirm and continue" }).click();
  // The step comes back saying why, inside itself (with JavaScript it is modal: a notice behind
  // its backdrop would be out of reach), the field marked.
  const again = s.getByRole("dialog", { name: "Confirm it's you" });
  await expect(again.getByRole("alert")).toHaveText("The password is wrong");
  await expect(again.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  const noBank = await query("SELECT 1 FROM bank_accounts WHERE account_no = $1", [number]);
  expect(noBank).toEqual([]);

  await s.getByRole("dialog", { name: "Confirm it's you" }).getByLabel("Password").fill(STAFF_PASSWORD);
  await s.getByRole("dialog", { name: "Confirm it's you" }).getByRole("button", { name: "Confirm and continue" }).click();
  await expect(s.getByText("Bank account added and chosen for this store.")).toBeVisible();
  await expect(s.getByLabel("Store name")).toHaveValue(store);
  await expect(s.getByLabel("Bank account (Optional)")).toHaveValue(/\d+/);
  expect(await query("SELECT 1 FROM bank_accounts WHERE account_no = $1", [number])).toHaveLength(1);

  // Back to None (within the 5 minutes the password opened: no second step).
  await s.goto("/setting/security");
  await s.getByRole("radio", { name: /^None/ }).check();
  await s.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(toast(s, "Security setting saved")).toBeVisible();
  await expect(s.getByRole("radio", { name: /^None/ })).toBeChecked();
  await s.context().close();
});
