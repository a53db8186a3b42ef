/**
 * The business's payout bank accounts (spec section 7 "Banks") and the account check.
 *
 * There is no bank inquiry service in this product. The check tells what was really checked:
 * - always: the bank is in the reference list (Bank Indonesia codes), the number is 6-20 digits,
 *   and whether this business already registered that account;
 * - only when BANK_INQUIRY_URL is set: the inquiry service is asked (POST JSON {bank_code,
 *   account_no}, 5 s timeout) and answers 200 {account_name} (or {data: {account_name}}) for an
 *   account it knows, 404 for one it does not. The holder's name it answers is compared with the
 *   name the seller typed (case, spaces and punctuation ignored).
 * `verified` is true only when that service confirmed the account (and, when a name was given, the
 * same name). Without the service, or when it does not answer in time, `verified` is false with the
 * reason: no holder name is ever made up.
 * Per-bank number lengths are not checked: no authoritative table of them is at hand, and a wrong
 * table would refuse real accounts. 6-20 digits covers every Indonesian bank's format.
 *
 * The service (bottom half) is what the REST calls (api/routes/banks.ts) and the store form's bank
 * step do. Decisions where the spec is silent:
 * - An account belongs to the business the actor works in (the tenant key); another business's
 *   account id is NotFound. Any member with the profile privilege manages them, like stores.
 * - The first account becomes the default; `is_default` on create, or set_default, moves the
 *   default (exactly one per business: a partial unique index). The same bank + number twice is
 *   refused on account_no.
 * - When the inquiry service is configured, create refuses an account it does not know (on
 *   account_no) or knows under another name (on account_name); when it does not answer, the
 *   account is saved unverified (the seller should not be stuck on an outage).
 * - Every change writes an update_history row (ref_type bank_account) with readable values.
 */
import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { db, type Db, type Tx } from "#db/client.ts";
import { bankAccounts, banks, businesses } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { requireRecentAuth } from "#core/auth/reauth.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import type { BankAccountBody } from "#core/profile/store-schema.ts";
import { bankLabel } from "#core/profile/stores.ts";

export const INQUIRY_TIMEOUT_MS = 5000;

export type CheckReason = "inquiry_not_configured" | "inquiry_unavailable" | "account_not_found" | "name_mismatch" | null;

export type AccountCheck = {
  bank_code: string;
  bank_name: string;
  bank_short_name: string;
  account_no: string;
  /** The name the seller typed, or (verified, none typed) the holder's name the bank answered. */
  account_name: string | null;
  /** The holder's name the inquiry service answered; null when it was not asked or did not answer. */
  inquiry_account_name: string | null;
  is_registered: boolean;
  verified: boolean;
  reason: CheckReason;
};

const columns = {
  id: bankAccounts.id,
  bankCode: bankAccounts.bankCode,
  bankName: banks.name,
  bankShortName: banks.shortName,
  accountName: bankAccounts.accountName,
  accountNo: bankAccounts.accountNo,
  isDefault: bankAccounts.isDefault,
  timeCreated: bankAccounts.timeCreated,
  timeModified: bankAccounts.timeModified,
};

/** The business's accounts, the default first, then newest. */
export async function findBankAccounts(businessId: number, exec: Db | Tx = db) {
  return exec.select(columns).from(bankAccounts).innerJoin(banks, eq(banks.code, bankAccounts.bankCode))
    .where(eq(bankAccounts.businessId, businessId))
    .orderBy(desc(bankAccounts.isDefault), desc(bankAccounts.timeCreated), desc(bankAccounts.id));
}

export async function findBankAccount(businessId: number, id: number, exec: Db | Tx = db) {
  const [row] = await exec.select(columns).from(bankAccounts).innerJoin(banks, eq(banks.code, bankAccounts.bankCode))
    .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.id, id))).limit(1);
  return row;
}
export type BankAccountRow = NonNullable<Awaited<ReturnType<typeof findBankAccount>>>;

export function bankAccountJson(r: BankAccountRow) {
  return {
    bank_account_id: r.id,
    bank_code: r.bankCode,
    bank_name: r.bankName,
    title: r.bankShortName,
    account_name: r.accountName,
    account_no: r.accountNo,
    is_default: r.isDefault,
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}

/** The reference bank, or Refused on bank_code. */
export async function referenceBank(code: string, exec: Db | Tx = db) {
  const [bank] = await exec.select().from(banks).where(eq(banks.code, code)).limit(1);
  if (!bank) throw new Refused("api:errors.validation", { bank_code: ["store:errors.bank_unknown"] });
  return bank;
}

const normalName = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/** Asks the configured inquiry service; null when none is configured. */
async function inquire(bankCode: string, accountNo: string): Promise<{ found: true; name: string } | { found: false } | "unavailable" | null> {
  const url = process.env.BANK_INQUIRY_URL;
  if (!url) return null;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ bank_code: bankCode, account_no: accountNo }),
      signal: AbortSignal.timeout(INQUIRY_TIMEOUT_MS),
    });
    if (res.status === 404) return { found: false };
    if (!res.ok) return "unavailable";
    const body = (await res.json()) as { account_name?: unknown; data?: { account_name?: unknown } };
    const name = typeof body.account_name === "string" ? body.account_name : body.data?.account_name;
    return typeof name === "string" && name.trim() ? { found: true, name: name.trim() } : "unavailable";
  } catch {
    return "unavailable";
  }
}

export async function checkAccount(
  businessId: number, input: { bank_code: string; account_no: string; account_name?: string }, exec: Db | Tx = db,
): Promise<AccountCheck> {
  const bank = await referenceBank(input.bank_code, exec);
  const [registered] = await exec.select({ id: bankAccounts.id }).from(bankAccounts)
    .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.bankCode, bank.code), eq(bankAccounts.accountNo, input.account_no)))
    .limit(1);
  const base = {
    bank_code: bank.code, bank_name: bank.name, bank_short_name: bank.shortName, account_no: input.account_no,
    account_name: input.account_name ?? null, inquiry_account_name: null, is_registered: Boolean(registered),
  };
  const answer = await inquire(bank.code, input.account_no);
  if (answer === null) return { ...base, verified: false, reason: "inquiry_not_configured" };
  if (answer === "unavailable") return { ...base, verified: false, reason: "inquiry_unavailable" };
  if (!answer.found) return { ...base, verified: false, reason: "account_not_found" };
  if (input.account_name && normalName(input.account_name) !== normalName(answer.name)) {
    return { ...base, inquiry_account_name: answer.name, verified: false, reason: "name_mismatch" };
  }
  return { ...base, account_name: input.account_name ?? answer.name, inquiry_account_name: answer.name, verified: true, reason: null };
}

/** Reference banks for the web's select, by short name. */
export async function referenceBanks(exec: Db | Tx = db) {
  return exec.select({ bank_code: banks.code, name: banks.name, short_name: banks.shortName }).from(banks).orderBy(asc(banks.shortName));
}

// ---------------------------------------------------------------------------------------------
// The service: the actor's business. Reading the accounts is privilege "profile"; checking, adding
// one and choosing the default (where the money goes) is "profile.bank" (core/auth/privileges.ts).
// ---------------------------------------------------------------------------------------------

export const setDefaultBankBody = z.object({ bank_account_id: z.coerce.number({ error: "required" }).int().positive("required") });

/** The business's accounts, the default first. */
export async function listBankAccounts(scope: Scope) {
  const { db, actor } = sellerScope(scope, "profile");
  return (await findBankAccounts(actor.member.businessId, db)).map(bankAccountJson);
}

/** The account check (see the header): what was really checked, never a made-up holder name. */
export async function checkBankAccount(scope: Scope, input: { bank_code: string; account_no: string; account_name?: string }) {
  const { db, actor } = sellerScope(scope, "profile.bank");
  return checkAccount(actor.member.businessId, input, db);
}

/** The message key of a check's answer (the API's message, the store form's note). */
export const accountCheckMessage = (check: AccountCheck) => (check.verified ? "store:check.verified" : `store:check.${check.reason}`);

/** Adds an account to the business; answers it with how far it was verified. */
export async function createBankAccount(scope: Scope, body: BankAccountBody) {
  const { db, actor } = sellerScope(scope, "profile.bank");
  await requireRecentAuth(scope); // a payout account: the password again when the business asks (core/auth/reauth.ts)
  const businessId = actor.member.businessId;
  const bank = await referenceBank(body.bank_code, db);
  const check = await checkAccount(businessId, body, db);
  if (check.is_registered) throw new Refused("api:errors.validation", { account_no: ["store:errors.account_registered"] });
  if (check.reason === "account_not_found") throw new Refused("api:errors.validation", { account_no: ["store:errors.account_not_found"] });
  if (check.reason === "name_mismatch") throw new Refused("api:errors.validation", { account_name: ["store:errors.account_name_mismatch"] });
  const row = await db.transaction(async (tx) => {
    // One account creation at a time per business: "the first becomes the default" holds.
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");
    const [{ n }] = await tx.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.businessId, businessId));
    const isDefault = n === 0 || body.is_default;
    if (isDefault) {
      await tx.update(bankAccounts).set({ isDefault: false, timeModified: new Date() })
        .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.isDefault, true)));
    }
    const [added] = await tx.insert(bankAccounts)
      .values({ businessId, bankCode: bank.code, accountName: body.account_name, accountNo: body.account_no, isDefault })
      .returning({ id: bankAccounts.id });
    await recordHistory(tx, {
      businessId, refType: "bank_account", refId: added.id, userId: actor.user.id, action: "create",
      changes: { bank_account: { from: null, to: bankLabel({ shortName: bank.shortName, accountNo: body.account_no, accountName: body.account_name }) } },
    });
    return (await findBankAccount(businessId, added.id, tx))!;
  });
  return { ...bankAccountJson(row), verified: check.verified, reason: check.reason };
}

/** Makes one of the business's accounts its default (the previous default loses it, with its own history row). */
export async function setDefaultBankAccount(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "profile.bank");
  await requireRecentAuth(scope);
  const businessId = actor.member.businessId;
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");
    const account = await findBankAccount(businessId, id, tx);
    if (!account) throw new NotFound();
    if (account.isDefault) return account;
    const [before] = await tx.select({ id: bankAccounts.id }).from(bankAccounts)
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.isDefault, true)));
    await tx.update(bankAccounts).set({ isDefault: false, timeModified: new Date() })
      .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.isDefault, true), ne(bankAccounts.id, account.id)));
    await tx.update(bankAccounts).set({ isDefault: true, timeModified: new Date() }).where(eq(bankAccounts.id, account.id));
    await recordHistory(tx, {
      businessId, refType: "bank_account", refId: account.id, userId: actor.user.id, action: "update",
      changes: { is_default: { from: false, to: true } },
    });
    if (before) {
      await recordHistory(tx, {
        businessId, refType: "bank_account", refId: before.id, userId: actor.user.id, action: "update",
        changes: { is_default: { from: true, to: false } },
      });
    }
    return (await findBankAccount(businessId, id, tx))!;
  });
  return bankAccountJson(row);
}
