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
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { db, type Tx } from "#db/client.ts";
import { bankAccounts, banks } from "#db/schema/index.ts";
import { unix } from "#core/lib/time.ts";
import { Refused } from "#core/errors.ts";

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
export async function findBankAccounts(businessId: number, exec: typeof db | Tx = db) {
  return exec.select(columns).from(bankAccounts).innerJoin(banks, eq(banks.code, bankAccounts.bankCode))
    .where(eq(bankAccounts.businessId, businessId))
    .orderBy(desc(bankAccounts.isDefault), desc(bankAccounts.timeCreated), desc(bankAccounts.id));
}

export async function findBankAccount(businessId: number, id: number, exec: typeof db | Tx = db) {
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

/** The reference bank, or 422 on bank_code. */
export async function referenceBank(code: string) {
  const [bank] = await db.select().from(banks).where(eq(banks.code, code)).limit(1);
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

export async function checkAccount(businessId: number, input: { bank_code: string; account_no: string; account_name?: string }): Promise<AccountCheck> {
  const bank = await referenceBank(input.bank_code);
  const [registered] = await db.select({ id: bankAccounts.id }).from(bankAccounts)
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
export async function referenceBanks() {
  return db.select({ bank_code: banks.code, name: banks.name, short_name: banks.shortName }).from(banks).orderBy(asc(banks.shortName));
}
