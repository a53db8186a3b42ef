/**
 * The money ledger: the only code that writes `ledger_transactions`, `ledger_entries` and the
 * balances on `ledger_accounts` (issue 15). Every money movement — an order's settlement, income
 * released to saldo, a withdrawal and its outcome, a top-up, an invoice paid, points — is a
 * posting handed to `post` / `postMany` inside the caller's transaction:
 *
 *   await db.transaction((tx) => post(tx, { businessId, kind: "withdrawal", key: `payout:${id}:request`,
 *     legs: [{ account: "saldo", amount: -amount }, { account: "payout", amount }], ref: { type: "payout", id } }));
 *
 * The rules (the account chart is in db/schema/money.ts):
 *   - Double entry: a posting's legs sum to zero per unit (rupiah with rupiah, points with points),
 *     every amount a safe non-zero integer — refused here, and again by the database (a statement
 *     trigger over the entries a statement wrote).
 *   - Append-only: nothing is updated or deleted (the database refuses it); a correction is a new
 *     posting.
 *   - A posting happens once: its `key` is unique per business. Posting a key again answers the
 *     first transaction (`created: false`) when the legs are the same, and refuses with 422
 *     (money:errors.key_reused) when they differ (the same form token or callback with another
 *     amount). Two concurrent postings with one key: the second waits on the first's unique index
 *     entry and then finds it.
 *   - Balances are derived: each account row keeps the sum of its entries, updated in the same
 *     transaction while the row is locked (accounts locked in id order, so two postings never
 *     wait on each other in a circle); each entry records the balance after it.
 *   - A seller balance (income, saldo, payout, points) never goes below zero: the posting is
 *     refused with 422 money:errors.insufficient_<account> and nothing of it is written (the
 *     database's check constraint is the backstop). The deposit may go below zero only by an
 *     invoice charge (`debt: true`): a platform invoice paid automatically becomes a debt the next
 *     top-up pays off; anything else that would take the deposit below zero is refused.
 *
 * `postMany` writes any number of postings in a few array statements (a day's settlements, the
 * demo's backfill): same rules, same locks, one account update per account.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { ACCOUNTS, ledgerAccounts, ledgerEntries, ledgerTransactions, type AccountCode } from "#db/schema/index.ts";
import { Refused } from "#core/errors.ts";

/** What moved the money: the kinds a history shows and filters by. */
export const LEDGER_KINDS = [
  "settlement", // an order finished: gross − fees = net into income
  "settlement_adjustment", // the platform corrected a settlement (±)
  "release", // income past its hold period into saldo
  "withdrawal", // saldo or deposit → payout (requested)
  "withdrawal_paid", // payout → the bank
  "withdrawal_failed", // payout → back where it came from
  "topup", // the payment service → deposit
  "invoice_payment", // deposit, the payment service or points → platform costs
  "points_earned",
  "points_spent",
  "ad_spend", // Indie ads: deposit → ads (core/promotions/ads.ts)
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export type Leg = { account: AccountCode; amount: number };

export type Posting = {
  businessId: number;
  kind: LedgerKind;
  /** Unique per business: the same key posts once (header comment). */
  key: string;
  legs: Leg[];
  ref?: { type: string; id: number } | null;
  memo?: Record<string, unknown>;
  userId?: number | null;
  /** The deposit may go below zero by this posting (an invoice charged to it). */
  debt?: boolean;
  /** When it happened, if not now (a backfill of past settlements). */
  at?: Date;
};

export type Posted = { transactionId: number; created: boolean };

/** The legs of a posting, one per account, in a fixed order (for comparing a key's two postings). */
function netLegs(legs: Leg[]): Map<AccountCode, number> {
  const net = new Map<AccountCode, number>();
  for (const l of [...legs].sort((a, b) => a.account.localeCompare(b.account))) net.set(l.account, (net.get(l.account) ?? 0) + l.amount);
  for (const [k, v] of net) if (v === 0) net.delete(k);
  return net;
}

/** Refuses a posting that is not whole: bad amounts, unknown accounts, legs that do not sum to zero. */
export function checkPosting(p: Posting): void {
  if (!p.key || p.key.length > 200) throw new Error(`ledger: a posting needs a key (${p.kind})`);
  const sums: Record<string, number> = {};
  for (const l of p.legs) {
    if (!(l.account in ACCOUNTS)) throw new Error(`ledger: unknown account ${l.account}`);
    if (!Number.isSafeInteger(l.amount)) throw new Refused("money:errors.amount_invalid");
    const unit = ACCOUNTS[l.account].unit;
    sums[unit] = (sums[unit] ?? 0) + l.amount;
  }
  if (Object.values(sums).some((s) => s !== 0)) throw new Error(`ledger: ${p.kind} does not sum to zero`);
  if (netLegs(p.legs).size === 0) throw new Error(`ledger: ${p.kind} moves nothing`);
}

export async function post(tx: Tx, p: Posting): Promise<Posted> {
  return (await postMany(tx, [p]))[0];
}

/**
 * Writes the postings (all of one business or many) in order; answers, per posting, its
 * transaction and whether this call created it. Refuses the whole batch if any posting would take
 * a balance below its floor.
 */
export async function postMany(tx: Tx, postings: Posting[]): Promise<Posted[]> {
  if (postings.length === 0) return [];
  postings.forEach(checkPosting);

  // 1. Claim the keys. A key already posted (now or by a concurrent caller, waited for) is not
  //    posted again; the same key twice in one batch is one posting.
  // One array statement however many postings (a day's settlements): no parameter per value.
  const col = <T>(f: (p: Posting) => T) => sql.param(postings.map(f));
  const { rows: inserted } = await tx.execute<{ id: number; businessId: number; key: string }>(sql`
    INSERT INTO ledger_transactions (business_id, kind, key, ref_type, ref_id, memo, user_id, time_created)
    SELECT b, k, key, rt, ri, memo::jsonb, u, coalesce(at, now())
      FROM unnest(${col((p) => p.businessId)}::int[], ${col((p) => p.kind)}::text[], ${col((p) => p.key)}::text[],
                  ${col((p) => p.ref?.type ?? null)}::text[], ${col((p) => p.ref?.id ?? null)}::int[],
                  ${col((p) => JSON.stringify(p.memo ?? {}))}::text[], ${col((p) => p.userId ?? null)}::int[],
                  ${col((p) => p.at?.toISOString() ?? null)}::timestamptz[]) AS v(b, k, key, rt, ri, memo, u, at)
    ON CONFLICT (business_id, key) DO NOTHING
    RETURNING id, business_id AS "businessId", key`);
  const newIds = new Map(inserted.map((r) => [`${r.businessId}:${r.key}`, r.id]));
  const results: Posted[] = [];
  const toWrite: { p: Posting; transactionId: number }[] = [];
  const seen = new Set<string>();
  for (const p of postings) {
    const k = `${p.businessId}:${p.key}`;
    const id = newIds.get(k);
    if (id !== undefined && !seen.has(k)) {
      seen.add(k);
      toWrite.push({ p, transactionId: id });
      results.push({ transactionId: id, created: true });
    } else {
      results.push({ transactionId: await samePosting(tx, p, toWrite), created: false });
    }
  }
  if (toWrite.length === 0) return results;

  // 2. Lock the accounts every posting touches, in id order (created first where missing).
  const wanted = new Map<string, { businessId: number; code: AccountCode }>();
  for (const { p } of toWrite) for (const l of p.legs) wanted.set(`${p.businessId}:${l.account}`, { businessId: p.businessId, code: l.account });
  await tx
    .insert(ledgerAccounts)
    .values([...wanted.values()].sort((a, b) => a.businessId - b.businessId || a.code.localeCompare(b.code)).map((w) => ({ ...w, unit: ACCOUNTS[w.code].unit })))
    .onConflictDoNothing({ target: [ledgerAccounts.businessId, ledgerAccounts.code] });
  const businessIds = [...new Set(toWrite.map((w) => w.p.businessId))];
  const codes = [...new Set([...wanted.values()].map((w) => w.code))];
  const locked = await tx
    .select({ id: ledgerAccounts.id, businessId: ledgerAccounts.businessId, code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.businessId, businessIds), inArray(ledgerAccounts.code, codes)))
    .orderBy(ledgerAccounts.id)
    .for("update");
  const accounts = new Map(locked.map((a) => [`${a.businessId}:${a.code}`, { ...a }]));

  // 3. Apply in order: each entry's balance after it; refuse the batch at the first floor crossed.
  const entries: { transactionId: number; businessId: number; accountId: number; unit: string; amount: number; balanceAfter: number; timeCreated?: Date }[] = [];
  for (const { p, transactionId } of toWrite) {
    for (const [code, amount] of netLegs(p.legs)) {
      const account = accounts.get(`${p.businessId}:${code}`)!;
      const after = account.balance + amount;
      if (!Number.isSafeInteger(after)) throw new Refused("money:errors.amount_invalid");
      const floor = ACCOUNTS[code].floor;
      const mayDebt = code === "deposit" && p.debt;
      if (after < 0 && amount < 0 && (floor === 0 || (code === "deposit" && !mayDebt))) {
        throw new Refused(`money:errors.insufficient_${code}`, { amount: [`money:errors.insufficient_${code}`] });
      }
      account.balance = after;
      entries.push({ transactionId, businessId: p.businessId, accountId: account.id, unit: ACCOUNTS[code].unit, amount, balanceAfter: after, ...(p.at ? { timeCreated: p.at } : {}) });
    }
  }

  // 4. Write: the entries in one array statement (the database checks each transaction of a
  //    statement sums to zero, so a transaction's entries never straddle two), then each touched
  //    account's new balance.
  const e = <T>(f: (x: (typeof entries)[number]) => T) => sql.param(entries.map(f));
  await tx.execute(sql`
    INSERT INTO ledger_entries (transaction_id, business_id, account_id, unit, amount, balance_after, time_created)
    SELECT t, b, a, u, amount, after, coalesce(at, now())
      FROM unnest(${e((x) => x.transactionId)}::int[], ${e((x) => x.businessId)}::int[], ${e((x) => x.accountId)}::int[],
                  ${e((x) => x.unit)}::text[], ${e((x) => x.amount)}::bigint[], ${e((x) => x.balanceAfter)}::bigint[],
                  ${e((x) => x.timeCreated?.toISOString() ?? null)}::timestamptz[]) AS v(t, b, a, u, amount, after, at)`);
  const usedAccounts = new Set(entries.map((x) => x.accountId));
  const touched = [...accounts.values()].filter((a) => usedAccounts.has(a.id));
  await tx.execute(sql`
    UPDATE ledger_accounts a SET balance = v.balance, time_modified = now()
    FROM unnest(${sql.param(touched.map((a) => a.id))}::int[], ${sql.param(touched.map((a) => a.balance))}::bigint[]) AS v(id, balance)
    WHERE a.id = v.id`);
  return results;
}

/** A key already posted: the same legs answer its transaction; other legs are refused (422). */
async function samePosting(tx: Tx, p: Posting, inBatch: { p: Posting; transactionId: number }[]): Promise<number> {
  const twin = inBatch.find((w) => w.p.businessId === p.businessId && w.p.key === p.key);
  let transactionId: number;
  let legs: Map<AccountCode, number>;
  if (twin) {
    transactionId = twin.transactionId;
    legs = netLegs(twin.p.legs);
  } else {
    const [first] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.businessId, p.businessId), eq(ledgerTransactions.key, p.key)));
    transactionId = first.id;
    const rows = await tx
      .select({ code: ledgerAccounts.code, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transactionId, transactionId));
    legs = netLegs(rows.map((r) => ({ account: r.code, amount: r.amount })));
  }
  const mine = netLegs(p.legs);
  const same = mine.size === legs.size && [...mine].every(([k, v]) => legs.get(k) === v);
  if (!same) throw new Refused("money:errors.key_reused");
  return transactionId;
}

/** The business's balances by account (0 for an account never used). */
export async function balancesOf(exec: Tx | Db, businessId: number): Promise<Record<AccountCode, number>> {
  const rows = await exec
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.businessId, businessId));
  const out = Object.fromEntries(Object.keys(ACCOUNTS).map((c) => [c, 0])) as Record<AccountCode, number>;
  for (const r of rows) out[r.code] = r.balance;
  return out;
}

/**
 * The ledger's own proof, for tests and the bench: every transaction sums to zero per unit, every
 * account's balance equals the sum of its entries and its last entry's balance-after, no seller
 * balance is below zero. Answers the problems found (empty = consistent).
 */
export async function auditLedger(exec: Tx | Db, businessId?: number): Promise<string[]> {
  const scope = businessId === undefined ? sql`true` : sql`business_id = ${businessId}`;
  const problems: string[] = [];
  const unbalanced = await exec.execute<{ transaction_id: number }>(sql`
    SELECT transaction_id FROM ledger_entries WHERE ${scope} GROUP BY transaction_id, unit HAVING sum(amount) <> 0 LIMIT 10`);
  for (const r of unbalanced.rows) problems.push(`transaction ${r.transaction_id} does not sum to zero`);
  const off = await exec.execute<{ id: number; code: string; balance: string; total: string | null; last: string | null }>(sql`
    SELECT a.id, a.code, a.balance, s.total, l.balance_after AS last
    FROM ledger_accounts a
    LEFT JOIN LATERAL (SELECT sum(amount) AS total FROM ledger_entries e WHERE e.account_id = a.id) s ON true
    LEFT JOIN LATERAL (SELECT balance_after FROM ledger_entries e WHERE e.account_id = a.id ORDER BY e.id DESC LIMIT 1) l ON true
    WHERE ${businessId === undefined ? sql`true` : sql`a.business_id = ${businessId}`}
      AND (a.balance <> coalesce(s.total, 0) OR a.balance <> coalesce(l.balance_after, 0))`);
  for (const r of off.rows) problems.push(`account ${r.id} (${r.code}) holds ${r.balance}, its entries sum to ${r.total ?? 0}, last entry ${r.last ?? "none"}`);
  const negative = await exec.execute<{ id: number; code: string; balance: string }>(sql`
    SELECT id, code, balance FROM ledger_accounts
    WHERE ${scope} AND balance < 0 AND code IN ('income', 'saldo', 'payout', 'points')`);
  for (const r of negative.rows) problems.push(`account ${r.id} (${r.code}) is negative: ${r.balance}`);
  return problems;
}
