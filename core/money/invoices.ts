/**
 * Deposit invoices (issue 15 item 3; spec 3 "Deposit types", "Invoice setting"): what the platform
 * bills a business — `system_subscription` (the platform subscription, per the business's invoice
 * setting 1 Daily / 2 Weekly / 3 Monthly) and `sales_po` (a sales purchase order the platform
 * supplied). `topup` and `withdraw` are kinds of deposit history, not invoices.
 *
 * Issued by the platform only: `issueInvoice(db, businessId, …)` (the demo seed, the platform's
 * `scripts/issue-invoice.ts`, the sweeper). Numbered INV/DEP/<yyyymm>/<n>, n counting the
 * business's invoices of that WIB month (under the business's money_settings row lock).
 *
 * Paying one (the invoice row locked FOR UPDATE first, so two ways at once pay once):
 *   deposit → `invoice_payment`: deposit −x, platform_costs +x. Not enough → refused
 *             (money:errors.insufficient_deposit): a seller never makes a debt by hand.
 *   method  → a payment with purpose invoice (payments.ts); the callback pays it.
 *   points  → 1 point = Rp 100: n = min(points held, ⌊x / 100⌋) points (`points_spent`:
 *             points −n, points_issued +n) and the rest from the deposit (as above, refused if
 *             not enough). No points to use → refused.
 *   auto    → the sweeper, for a business with auto-payment on, when an unpaid invoice falls due:
 *             `invoice_payment` with debt: the deposit may go below zero; the next top-up pays
 *             the debt off because it is one balance. Pages show a negative deposit as a debt.
 * Every invoice payment's ledger key is `invoice-<id>:paid` (points: `points:invoice:<id>`, core/money/points.ts), so it
 * happens once whatever the path.
 *
 * Decisions where the spec is silent:
 * - Status is stored unpaid | paid; "overdue" is unpaid past its due time, read, never written (so
 *   nothing has to run for an invoice to become overdue).
 * - The subscription is billed in advance, one invoice per period, due at the period's end; a
 *   business has one if money_settings.subscription_fee is set (the demo businesses have one).
 *   Price per period: Monthly = the fee, Weekly = round(fee × 7 / 30), Daily = round(fee / 30).
 *   A change of the invoice setting applies from the first period that starts after the last one
 *   billed, so periods never overlap.
 * - Auto-payment charges invoices as they fall due from the moment it is on (older overdue
 *   invoices too, on the next sweep): on means "keep my invoices paid from the deposit".
 */
import { and, asc, count, desc, eq, gte, isNotNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { TFunction } from "i18next";
import { db as pool, sideBySide, type Db, type Tx } from "#db/client.ts";
import { BUSINESS_STATUS, businesses, depositInvoices, moneySettings, type InvoiceLine } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { DAY_MS, unix, WIB_OFFSET_MS, wibDayStart } from "#core/lib/time.ts";
import { balancesOf, postMany, type Posting } from "./ledger.ts";
import { pointsSpentPosting } from "./points.ts";
import { invoicePayments, methodField, paymentJson, startPayment } from "./payments.ts";
import { INVOICE_TABS, PAY_VIA, POINT_VALUE, type InvoiceSetting } from "./deposit-options.ts";

type Invoice = typeof depositInvoices.$inferSelect;
type InvoiceType = Invoice["type"];

// ───────────────────────────── shapes ─────────────────────────────

export function invoiceStatus(i: Pick<Invoice, "status" | "dueAt">, now = new Date()) {
  return i.status === "paid" ? "paid" : i.dueAt <= now ? "overdue" : "unpaid";
}

export function invoiceJson(i: Invoice, t: TFunction, now = new Date()) {
  const status = invoiceStatus(i, now);
  return {
    invoice_id: i.id,
    number: i.number,
    type: i.type,
    type_name: t(`deposit:types.${i.type}`),
    period_start: unix(i.periodStart)!,
    period_end: unix(i.periodEnd)!,
    // A line the platform wrote as a translation key (the subscription's) is read in the reader's language.
    lines: i.lines.map((l) => ({ ...l, description: l.description.startsWith("deposit:") ? t(l.description) : l.description, total: l.qty * l.price })),
    amount: i.amount,
    due_at: unix(i.dueAt)!,
    status,
    status_name: t(`deposit:invoice_status.${status}`),
    paid_via: i.paidVia,
    paid_via_name: i.paidVia ? t(`deposit:paid_via.${i.paidVia}`) : null,
    points_used: i.pointsUsed,
    paid_at: unix(i.paidAt),
    time_created: unix(i.timeCreated)!,
  };
}
export type InvoiceJson = ReturnType<typeof invoiceJson>;

// ───────────────────────────── issuing (the platform) ─────────────────────────────

const monthOf = (d: Date) => new Date(d.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 7);

/** The business's settings row, made on first use and locked (it orders invoice numbers). */
async function lockSettings(tx: Tx, businessId: number) {
  await tx.insert(moneySettings).values({ businessId }).onConflictDoNothing();
  const [row] = await tx.select().from(moneySettings).where(eq(moneySettings.businessId, businessId)).for("update");
  return row;
}

export type IssueInput = { type: InvoiceType; periodStart: Date; periodEnd: Date; lines: InvoiceLine[]; dueAt: Date; at?: Date };

/**
 * Issues an invoice to a business (the platform's side: no actor). Answers the invoice, or null
 * when that subscription period was billed already.
 */
export async function issueInvoice(db: Db | Tx, businessId: number, input: IssueInput): Promise<Invoice | null> {
  const amount = input.lines.reduce((a, l) => a + l.qty * l.price, 0);
  if (!input.lines.length || !Number.isSafeInteger(amount) || amount <= 0 || input.lines.some((l) => !Number.isSafeInteger(l.qty) || l.qty <= 0 || !Number.isSafeInteger(l.price) || l.price < 0)) {
    throw new Refused("deposit:errors.invoice_lines");
  }
  const run = async (tx: Tx) => {
    await lockSettings(tx, businessId);
    const at = input.at ?? new Date();
    const prefix = `INV/DEP/${monthOf(at).replace("-", "")}/`;
    const [{ n }] = await tx.select({ n: count() }).from(depositInvoices)
      .where(and(eq(depositInvoices.businessId, businessId), sql`${depositInvoices.number} LIKE ${`${prefix}%`}`));
    const [row] = await tx.insert(depositInvoices).values({
      businessId, number: `${prefix}${n + 1}`, type: input.type, periodStart: input.periodStart, periodEnd: input.periodEnd,
      lines: input.lines, amount, dueAt: input.dueAt, timeCreated: at,
    }).onConflictDoNothing().returning();
    return row ?? null;
  };
  // On the pool: its own transaction; inside the caller's: a savepoint of it.
  return (db as Db).transaction(run);
}

/** The subscription period holding `at` for an invoice setting: [start, end) in WIB days. */
export function subscriptionPeriod(setting: InvoiceSetting, at: Date): { start: Date; end: Date } {
  const day = wibDayStart(at);
  if (setting === 1) return { start: day, end: new Date(day.getTime() + DAY_MS) };
  if (setting === 2) {
    const dow = new Date(day.getTime() + WIB_OFFSET_MS).getUTCDay(); // 0 Sunday
    const start = new Date(day.getTime() - ((dow + 6) % 7) * DAY_MS);
    return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
  }
  const [y, m] = monthOf(at).split("-").map(Number);
  const first = (yy: number, mm: number) => new Date(Date.UTC(yy, mm - 1, 1) - WIB_OFFSET_MS);
  return { start: first(y, m), end: m === 12 ? first(y + 1, 1) : first(y, m + 1) };
}

export function subscriptionPrice(setting: InvoiceSetting, monthlyFee: number) {
  return setting === 3 ? monthlyFee : setting === 2 ? Math.round((monthlyFee * 7) / 30) : Math.round(monthlyFee / 30);
}

/** The subscription invoice of the period holding `at`, when the business has a subscription and the period is not billed. */
export async function issueSubscriptionInvoice(businessId: number, at = new Date(), db: Db = pool): Promise<Invoice | null> {
  return db.transaction(async (tx) => {
    const s = await lockSettings(tx, businessId);
    if (s.subscriptionFee === null || s.subscriptionFee <= 0) return null;
    const setting = s.invoiceSetting as InvoiceSetting;
    const period = subscriptionPeriod(setting, at);
    const [last] = await tx.select({ end: depositInvoices.periodEnd }).from(depositInvoices)
      .where(and(eq(depositInvoices.businessId, businessId), eq(depositInvoices.type, "system_subscription")))
      .orderBy(desc(depositInvoices.periodEnd)).limit(1);
    if (last && period.start < last.end) return null;
    const label = `deposit:subscription_line.${setting}`;
    return issueInvoice(tx, businessId, {
      type: "system_subscription", periodStart: period.start, periodEnd: period.end, dueAt: period.end, at,
      lines: [{ description: label, qty: 1, price: subscriptionPrice(setting, s.subscriptionFee) }],
    });
  });
}

// ───────────────────────────── reads ─────────────────────────────

export const invoiceListQuery = z.object({
  page: z.coerce.number().int("invalid").min(1, "invalid").max(1_000_000, "invalid").default(1),
  limit: z.coerce.number().int("invalid").min(1, "invalid").max(150, "invalid").default(50),
  status: z.enum(INVOICE_TABS, { message: "invalid" }).optional(),
  type: z.enum(["sales_po", "system_subscription"], { message: "invalid" }).optional(),
  /** Unix seconds, both included (the date filter: issued between). */
  date_from: z.coerce.number().int("invalid").min(0, "invalid").max(2 ** 40, "invalid").optional(),
  date_to: z.coerce.number().int("invalid").min(0, "invalid").max(2 ** 40, "invalid").optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;
type InvoiceFilters = z.infer<typeof invoiceListQuery>;

function statusCondition(tab: string | undefined, now: Date): SQL | undefined {
  if (tab === "paid") return eq(depositInvoices.status, "paid");
  if (tab === "unpaid") return and(eq(depositInvoices.status, "unpaid"), sql`${depositInvoices.dueAt} > ${now}`);
  if (tab === "overdue") return and(eq(depositInvoices.status, "unpaid"), lte(depositInvoices.dueAt, now));
  return undefined;
}

function baseConditions(businessId: number, f: Partial<InvoiceFilters>): SQL[] {
  const c: SQL[] = [eq(depositInvoices.businessId, businessId)];
  if (f.type) c.push(eq(depositInvoices.type, f.type));
  if (f.date_from !== undefined) c.push(gte(depositInvoices.timeCreated, new Date(f.date_from * 1000)));
  if (f.date_to !== undefined) c.push(lt(depositInvoices.timeCreated, new Date((f.date_to + 1) * 1000)));
  return c;
}

export async function findInvoices(db: Db | Tx, businessId: number, f: InvoiceFilters, now = new Date()) {
  const where = and(...baseConditions(businessId, f), statusCondition(f.status, now));
  const [rows, [{ total }]] = await sideBySide(db,
    () => db.select().from(depositInvoices).where(where).orderBy(desc(depositInvoices.timeCreated), desc(depositInvoices.id))
      .limit(f.limit).offset((f.page - 1) * f.limit),
    () => db.select({ total: count() }).from(depositInvoices).where(where),
  );
  return { rows, total };
}

export async function listInvoices(scope: Scope, q: InvoiceListQuery) {
  const { db, actor } = sellerScope(scope, "balance");
  const f = invoiceListQuery.parse(q);
  const now = new Date();
  const { rows, total } = await findInvoices(db, actor.member.businessId, f, now);
  return { rows: rows.map((r) => invoiceJson(r, actor.t, now)), total, limit: f.limit };
}

/** How many invoices per status tab, under the other filters. */
export async function invoiceCounts(scope: Scope, q: InvoiceListQuery = {}) {
  const { db, actor } = sellerScope(scope, "balance");
  const f = invoiceListQuery.parse(q);
  const now = new Date();
  const [r] = await db.select({
    all: count(),
    unpaid: sql<number>`count(*) FILTER (WHERE ${statusCondition("unpaid", now)})::int`,
    overdue: sql<number>`count(*) FILTER (WHERE ${statusCondition("overdue", now)})::int`,
    paid: sql<number>`count(*) FILTER (WHERE ${statusCondition("paid", now)})::int`,
  }).from(depositInvoices).where(and(...baseConditions(actor.member.businessId, f)));
  return { all: r.all, unpaid: r.unpaid, overdue: r.overdue, paid: r.paid };
}

/** Unpaid total (overdue included), overdue total, paid this (WIB) month, and the deposit. */
export async function invoiceSummary(scope: Scope) {
  const { db, actor } = sellerScope(scope, "balance");
  const businessId = actor.member.businessId;
  const now = new Date();
  const monthStart = subscriptionPeriod(3, now).start;
  const [[r], balances] = await sideBySide(db,
    () => db.select({
      unpaid: sql<string>`coalesce(sum(${depositInvoices.amount}) FILTER (WHERE ${depositInvoices.status} = 'unpaid'), 0)`,
      overdue: sql<string>`coalesce(sum(${depositInvoices.amount}) FILTER (WHERE ${statusCondition("overdue", now)}), 0)`,
      paid: sql<string>`coalesce(sum(${depositInvoices.amount}) FILTER (WHERE ${depositInvoices.status} = 'paid' AND ${depositInvoices.paidAt} >= ${monthStart}), 0)`,
    }).from(depositInvoices).where(eq(depositInvoices.businessId, businessId)),
    () => balancesOf(db, businessId),
  );
  return {
    unpaid_total: Number(r.unpaid), overdue_total: Number(r.overdue), paid_this_month: Number(r.paid),
    deposit_balance: balances.deposit, debt: Math.max(0, -balances.deposit), points: balances.points,
  };
}

async function findInvoice(db: Db | Tx, businessId: number, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return undefined;
  const [row] = await db.select().from(depositInvoices).where(and(eq(depositInvoices.id, id), eq(depositInvoices.businessId, businessId)));
  return row;
}

/** One invoice; `withPayments` (v0.1.2) adds the payments tried by method. */
export async function getInvoice(scope: Scope, id: number, opts: { withPayments?: boolean } = {}) {
  const { db, actor } = sellerScope(scope, "balance");
  const row = await findInvoice(db, actor.member.businessId, id);
  if (!row) throw new NotFound();
  const json = invoiceJson(row, actor.t);
  if (!opts.withPayments) return json;
  const tried = await invoicePayments(db, actor.member.businessId, row.id);
  return { ...json, payment_datas: tried.map((p) => paymentJson(p, actor.t)) };
}

// ───────────────────────────── paying ─────────────────────────────

export const payInvoiceBody = z.object({
  invoice_id: z.coerce.number({ message: "invalid" }).int("invalid").positive("invalid").max(2 ** 31 - 1, "invalid"),
  via: z.enum(PAY_VIA, { message: "deposit:errors.via" }),
  method: z.preprocess((v) => (v === "" || v === null ? undefined : v), methodField.optional()),
}).refine((b) => b.via !== "method" || b.method !== undefined, { path: ["method"], message: "deposit:errors.method" });
export type PayInvoiceBody = z.infer<typeof payInvoiceBody>;

/** The postings that pay `inv` now (see the header), given the business's balances. */
function payPostings(inv: Invoice, via: "deposit" | "points" | "auto", points: number, userId: number | null): { postings: Posting[]; pointsUsed: number } {
  const ref = { type: "invoice", id: inv.id };
  const memo = { invoice: inv.number };
  const used = via === "points" ? Math.min(points, Math.floor(inv.amount / POINT_VALUE)) : 0;
  if (via === "points" && used <= 0) throw new Refused("deposit:errors.no_points", { via: ["deposit:errors.no_points"] });
  const rest = inv.amount - used * POINT_VALUE;
  const postings: Posting[] = [];
  if (used > 0) {
    postings.push(pointsSpentPosting(inv.businessId, { id: inv.id, points: used }, userId));
  }
  if (rest > 0) {
    postings.push({ businessId: inv.businessId, kind: "invoice_payment", key: `invoice-${inv.id}:paid`, ref, memo, userId, debt: via === "auto",
      legs: [{ account: "deposit", amount: -rest }, { account: "platform_costs", amount: rest }] });
  }
  return { postings, pointsUsed: used };
}

async function settleInvoice(tx: Tx, inv: Invoice, via: "deposit" | "points" | "auto", userId: number | null) {
  const points = via === "points" ? (await balancesOf(tx, inv.businessId)).points : 0;
  const { postings, pointsUsed } = payPostings(inv, via, points, userId);
  await postMany(tx, postings);
  const [after] = await tx.update(depositInvoices).set({ status: "paid", paidVia: via, pointsUsed, paidAt: new Date(), paidBy: userId })
    .where(eq(depositInvoices.id, inv.id)).returning();
  return after;
}

/**
 * Pays an invoice (see the header). Answers the invoice and, for a payment method, the payment
 * with its instructions (the invoice is paid when the callback says so).
 */
export async function payInvoice(scope: Scope, body: PayInvoiceBody) {
  const { db, actor } = sellerScope(scope, "balance");
  const businessId = actor.member.businessId;
  if (body.via === "method") {
    const inv = await findInvoice(db, businessId, body.invoice_id);
    if (!inv) throw new NotFound();
    if (inv.status === "paid") throw new Refused("deposit:errors.already_paid", { invoice_id: ["deposit:errors.already_paid"] });
    const p = await startPayment(db, {
      businessId, userId: actor.user.id, purpose: "invoice", invoiceId: inv.id, amount: inv.amount, method: body.method!,
      description: actor.t("deposit:invoice.payment_description", { number: inv.number }),
    });
    return { invoice: invoiceJson(inv, actor.t), payment: paymentJson(p, actor.t) };
  }
  const run = async (tx: Tx) => {
    const [inv] = await tx.select().from(depositInvoices)
      .where(and(eq(depositInvoices.id, body.invoice_id), eq(depositInvoices.businessId, businessId))).for("update");
    if (!inv) throw new NotFound();
    if (inv.status === "paid") throw new Refused("deposit:errors.already_paid", { invoice_id: ["deposit:errors.already_paid"] });
    return settleInvoice(tx, inv, body.via as "deposit" | "points", actor.user.id);
  };
  const after = await (db as Db).transaction(run);
  return { invoice: invoiceJson(after, actor.t), payment: null };
}

// ───────────────────────────── the sweeper ─────────────────────────────

/**
 * One sweep (core/jobs/worker.ts runs it every minute): the subscription invoice of the current
 * period for every active business with a subscription, then the due invoices of businesses with
 * auto-payment on, charged to the deposit (debt allowed). Answers what it did.
 */
export async function sweepDepositInvoices(now = new Date(), db: Db = pool) {
  let issued = 0;
  let charged = 0;
  const subscribed = await db.select({ id: moneySettings.businessId }).from(moneySettings)
    .innerJoin(businesses, eq(businesses.id, moneySettings.businessId))
    .where(and(isNotNull(moneySettings.subscriptionFee), eq(businesses.status, BUSINESS_STATUS.active)));
  for (const b of subscribed) if (await issueSubscriptionInvoice(b.id, now, db)) issued += 1;

  const due = await db.select({ id: depositInvoices.id }).from(depositInvoices)
    .innerJoin(moneySettings, eq(moneySettings.businessId, depositInvoices.businessId))
    .where(and(eq(depositInvoices.status, "unpaid"), lte(depositInvoices.dueAt, now), eq(moneySettings.autoPayment, true)))
    .orderBy(asc(depositInvoices.dueAt)).limit(500);
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [inv] = await tx.select().from(depositInvoices).where(eq(depositInvoices.id, id)).for("update");
      if (!inv || inv.status !== "unpaid") return false; // paid meanwhile (the seller, another sweeper)
      await settleInvoice(tx, inv, "auto", null);
      return true;
    });
    if (done) charged += 1;
  }
  return { issued, charged };
}
