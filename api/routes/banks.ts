/**
 * The business's payout bank accounts (spec section 7 "Banks"): GET /v0.0.0/banks (the accounts,
 * default first), POST /v0.0.0/banks/create, POST /v0.0.0/banks/set_default, and
 * POST /v0.0.0/utilities/banks/check_account. GET /v0.0.0/utilities/banks stays the reference list
 * of banks (api/routes/utilities.ts). A store names one of these accounts (api/routes/stores.ts).
 *
 * Decisions where the spec is silent:
 * - An account belongs to the business the caller works in (the tenant key); another business's
 *   account id answers 404. Any member with the profile privilege manages them, like stores.
 * - The first account becomes the default; `is_default` on create, or set_default, moves the
 *   default (exactly one per business: a partial unique index). The same bank + number twice is 422.
 * - Account numbers are 6-20 digits (spaces, dots and dashes typed in are dropped); the account
 *   name 2-100 characters. The check (core/business/banks.ts) never invents a holder name: without a
 *   configured BANK_INQUIRY_URL it answers verified false with reason inquiry_not_configured.
 * - When the inquiry service is configured, create refuses an account it does not know (422 on
 *   account_no) or knows under another name (422 on account_name); when it does not answer, the
 *   account is saved unverified (the seller should not be stuck on an outage).
 * - Every change writes an update_history row (ref_type bank_account) with readable values.
 */
import { Hono } from "hono";
import { and, count, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.ts";
import { bankAccounts, businesses } from "#db/schema/index.ts";
import { bankAccountJson, checkAccount, findBankAccount, findBankAccounts, referenceBank } from "#core/business/banks.ts";
import { bankAccountBody, checkAccountBody } from "#core/profile/store-schema.ts";
import { bankLabel } from "#core/profile/stores.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { recordHistory } from "#core/lib/history.ts";
import { input, ok, whole } from "#api/lib/http.ts";
import { NotFound, Refused } from "#core/errors.ts";

export const bankRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("profile")] as const;

bankRoutes.get("/v0.0.0/banks", ...seller, async (c) => {
  const rows = await findBankAccounts(c.var.member.businessId);
  return whole(c, rows.map(bankAccountJson));
});

bankRoutes.post("/v0.0.0/utilities/banks/check_account", ...seller, async (c) => {
  const body = await input(c, checkAccountBody);
  const result = await checkAccount(c.var.member.businessId, body);
  const message = result.verified ? "store:check.verified" : `store:check.${result.reason}`;
  return ok(c, result, message);
});

bankRoutes.post("/v0.0.0/banks/create", ...seller, async (c) => {
  const body = await input(c, bankAccountBody);
  const businessId = c.var.member.businessId;
  const bank = await referenceBank(body.bank_code);
  const check = await checkAccount(businessId, body);
  if (check.is_registered) throw new Refused("api:errors.validation", { account_no: [c.var.t("store:errors.account_registered")] });
  if (check.reason === "account_not_found") throw new Refused("api:errors.validation", { account_no: [c.var.t("store:errors.account_not_found")] });
  if (check.reason === "name_mismatch") throw new Refused("api:errors.validation", { account_name: [c.var.t("store:errors.account_name_mismatch")] });
  const id = await db.transaction(async (tx) => {
    // One account creation at a time per business: "the first becomes the default" holds.
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");
    const [{ n }] = await tx.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.businessId, businessId));
    const isDefault = n === 0 || body.is_default;
    if (isDefault) await tx.update(bankAccounts).set({ isDefault: false, timeModified: new Date() }).where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.isDefault, true)));
    const [row] = await tx.insert(bankAccounts)
      .values({ businessId, bankCode: bank.code, accountName: body.account_name, accountNo: body.account_no, isDefault })
      .returning({ id: bankAccounts.id });
    await recordHistory(tx, {
      businessId, refType: "bank_account", refId: row.id, userId: c.var.user.id, action: "create",
      changes: { bank_account: { from: null, to: bankLabel({ shortName: bank.shortName, accountNo: body.account_no, accountName: body.account_name }) } },
    });
    return row.id;
  });
  return ok(c, { ...bankAccountJson((await findBankAccount(businessId, id))!), verified: check.verified, reason: check.reason }, "store:api.bank_created");
});

bankRoutes.post("/v0.0.0/banks/set_default", ...seller, async (c) => {
  const body = await input(c, z.object({ bank_account_id: z.coerce.number({ error: "required" }).int().positive("required") }));
  const businessId = c.var.member.businessId;
  await db.transaction(async (tx) => {
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");
    const account = await findBankAccount(businessId, body.bank_account_id, tx);
    if (!account) throw new NotFound();
    if (account.isDefault) return;
    const [before] = await tx.select({ id: bankAccounts.id }).from(bankAccounts)
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.isDefault, true)));
    await tx.update(bankAccounts).set({ isDefault: false, timeModified: new Date() })
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.isDefault, true), ne(bankAccounts.id, account.id)));
    await tx.update(bankAccounts).set({ isDefault: true, timeModified: new Date() }).where(eq(bankAccounts.id, account.id));
    await recordHistory(tx, {
      businessId, refType: "bank_account", refId: account.id, userId: c.var.user.id, action: "update",
      changes: { is_default: { from: false, to: true } },
    });
    if (before) {
      await recordHistory(tx, {
        businessId, refType: "bank_account", refId: before.id, userId: c.var.user.id, action: "update",
        changes: { is_default: { from: true, to: false } },
      });
    }
  });
  return ok(c, bankAccountJson((await findBankAccount(businessId, body.bank_account_id))!), "store:api.bank_default_set");
});
