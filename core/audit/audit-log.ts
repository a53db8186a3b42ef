/**
 * The audit log of every staff action (/setting/audit, GET /v0.0.0/audit, export "audit"): who,
 * when, from which session, what — the object and, for each field changed, before → after.
 *
 * Decisions where the spec is silent (it has no audit log; issue 13 item 7):
 * - One log, one writer. The update history every write through core already records in its own
 *   transaction (core/lib/history.ts recordHistory, the cards' "View Update History") is the audit
 *   log: its rows gained the session they came from. A second writer would have to be called next
 *   to each of sixty recordHistory calls and could disagree with the cards; this way the cards and
 *   this page read the same rows and a write is logged exactly when it commits. A seller's order
 *   action is recorded there too (core/orders/actions.ts), next to the order's own status history.
 * - Who may read it: a member with the "setting" privilege, and only the rows of the areas their
 *   privileges open (an owner: all). The log shows the values of what changed (a bank account
 *   number, a price), which must not reach anyone who cannot open that page.
 * - "Area" is the sidebar group (privilege) of the object's kind (AREA_OF below); a kind not in
 *   the table is "other", for owners only.
 * - Dates are WIB calendar days, both ends included. The session is the sign-in (token) the change
 *   came from, with when it began; changes made by the system (a channel's order, a job) have none.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { db as pool, sideBySide, type Db, type Tx } from "#db/client.ts";
import { apiTokens, businessMembers, updateHistory, users } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { canAccess, type Privilege } from "#core/auth/privileges.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { DAY_MS, unix, WIB_OFFSET_MS } from "#core/lib/time.ts";
import { AUDIT_AREAS, type AuditArea } from "./areas.ts";

export { AUDIT_AREAS, type AuditArea };

/** The area (sidebar group) of each kind of object the log records. */
export const AREA_OF: Record<string, Privilege> = {
  business: "profile", bank_account: "profile", brand: "profile", channel: "profile", store: "profile",
  warehouse: "profile", factory: "profile", store_fee: "profile", partnership: "profile", holiday: "profile",
  product: "products", service: "products", gift_voucher: "products", voucher: "products", package: "products",
  order: "orders",
  // Promotions, campaign entries (promotions too) and Indie ads (issue 16).
  promotion: "promotion", ad: "promotion",
  // The customer centre (issue 17): customers and each export of their data (who, when, which
  // filters); resellers, suppliers, partners and margin rules.
  customer: "customer", customer_export: "customer", customer_broadcast: "customer", trading_partner: "customer", margin_rule: "customer",
  // The inbox (issue 17): replies, notes, buyer ratings, hiding and answering.
  review: "inbox", discussion: "inbox",
  member: "setting", staff_invitation: "setting", business_settings: "setting", notification_settings: "setting",
};
export const AUDIT_OBJECTS = Object.keys(AREA_OF);

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "invalid").refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "invalid");
const id = z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(2_147_483_647, "invalid");

/** The filters (the page's URL, the API's query, the export's): person, area, object, date range. */
export const auditFilters = z.object({
  user_id: id.optional(),
  area: z.enum(AUDIT_AREAS, { error: "invalid" }).optional(),
  ref_type: z.string().max(40, "invalid").regex(/^[a-z_]+$/, "invalid").optional(),
  ref_id: id.optional(),
  date_from: day.optional(),
  date_to: day.optional(),
  sort: z.coerce.number().int().min(1, "invalid").max(2, "invalid").default(2),
});
export const auditListQuery = listQuery.omit({ search: true, sort: true }).extend(auditFilters.shape);
export type AuditFilters = z.infer<typeof auditFilters>;

/** The kinds of object in the areas the member may read (null: every kind, "other" included). */
function readableTypes(member: { role: string; privileges: string[] }): string[] | null {
  if (member.role === "owner") return null;
  return Object.entries(AREA_OF).filter(([, area]) => canAccess(member, area)).map(([type]) => type);
}

/** A WIB calendar day's first instant. */
const dayStart = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - WIB_OFFSET_MS);

function whereOf(businessId: number, readable: string[] | null, f: Partial<AuditFilters>): SQL {
  const where: SQL[] = [eq(updateHistory.businessId, businessId)];
  let types: string[] | null = readable;
  const narrow = (to: string[]) => (types = types === null ? to : types.filter((t) => to.includes(t)));
  if (f.area === "other") {
    if (readable !== null) narrow([]);
    else where.push(notInArray(updateHistory.refType, AUDIT_OBJECTS));
  } else if (f.area) narrow(Object.entries(AREA_OF).filter(([, a]) => a === f.area).map(([t]) => t));
  if (f.ref_type) narrow([f.ref_type]);
  if (types !== null) where.push(types.length ? inArray(updateHistory.refType, types) : eq(updateHistory.id, -1));
  if (f.user_id) where.push(eq(updateHistory.userId, f.user_id));
  if (f.ref_id) where.push(eq(updateHistory.refId, f.ref_id));
  if (f.date_from) where.push(gte(updateHistory.timeCreated, dayStart(f.date_from)));
  if (f.date_to) where.push(lt(updateHistory.timeCreated, new Date(dayStart(f.date_to).getTime() + DAY_MS)));
  return and(...where)!;
}

const areaOf = (refType: string): AuditArea => (AREA_OF[refType] as AuditArea | undefined) ?? "other";

const token = alias(apiTokens, "session");

async function auditRows(exec: Db | Tx, where: SQL, sort: number, limit: number, offset: number) {
  return exec
    .select({
      id: updateHistory.id, userId: updateHistory.userId, userName: users.name, tokenId: updateHistory.tokenId,
      sessionStarted: token.timeCreated, refType: updateHistory.refType, refId: updateHistory.refId,
      action: updateHistory.action, changes: updateHistory.changes, time: updateHistory.timeCreated,
    })
    .from(updateHistory)
    .leftJoin(users, eq(users.id, updateHistory.userId))
    .leftJoin(token, eq(token.id, updateHistory.tokenId))
    .where(where)
    .orderBy(...(sort === 1 ? [asc(updateHistory.timeCreated), asc(updateHistory.id)] : [desc(updateHistory.timeCreated), desc(updateHistory.id)]))
    .limit(limit)
    .offset(offset);
}
type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

export function auditJson(r: AuditRow) {
  return {
    audit_id: r.id,
    user_id: r.userId,
    user_name: r.userName ?? null,
    session_id: r.tokenId,
    session_started: unix(r.sessionStarted),
    area: areaOf(r.refType),
    ref_type: r.refType,
    ref_id: r.refId,
    action: r.action,
    changes: Object.entries(r.changes).map(([field, v]) => ({ field, from: v.from ?? null, to: v.to ?? null })),
    time_created: unix(r.time)!,
  };
}
export type AuditEntry = ReturnType<typeof auditJson>;

/** GET /v0.0.0/audit and /setting/audit: one page of the log, newest first (sort 1: oldest). */
export async function auditLog(scope: Scope, q: z.infer<typeof auditListQuery>) {
  const { db, actor } = sellerScope(scope, "setting");
  const where = whereOf(actor.member.businessId, readableTypes(actor.member), q);
  const [rows, [{ total }]] = await sideBySide(db,
    () => auditRows(db, where, q.sort, q.limit, offsetOf(q)),
    () => db.select({ total: count() }).from(updateHistory).where(where),
  );
  return { rows: rows.map(auditJson), total };
}

/** The filter's choices: the business's people (who has ever been a member) and the kinds of object the actor may read. */
export async function auditFilterOptions(scope: Scope) {
  const { db, actor } = sellerScope(scope, "setting");
  const people = await db
    .select({ user_id: users.id, name: users.name })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(eq(businessMembers.businessId, actor.member.businessId))
    .orderBy(asc(users.name), asc(users.id));
  const readable = readableTypes(actor.member);
  const areas = AUDIT_AREAS.filter((a) => (a === "other" ? readable === null : readable === null || canAccess(actor.member, a)));
  return { people, areas, objects: AUDIT_OBJECTS.filter((t) => readable === null || readable.includes(t)) };
}

// The log as a workbook: the same filters, the asker's areas at the time the file is made.
defineExport("audit", {
  privilege: "setting",
  filename: "audit:export.filename",
  sheet: "audit:export.sheet",
  filters: auditFilters,
  columns: [
    { key: "time", header: "audit:column.time", width: 18, date: true },
    { key: "person", header: "audit:column.person", width: 22 },
    { key: "session", header: "audit:column.session", width: 12 },
    { key: "area", header: "audit:column.area", width: 14 },
    { key: "object", header: "audit:column.object", width: 22 },
    { key: "action", header: "audit:column.action", width: 18 },
    { key: "changes", header: "audit:column.changes", width: 60 },
  ],
  async page(job, filters, offset, limit, t) {
    const db = pool;
    const [member] = await db.select({ role: businessMembers.role, privileges: businessMembers.privileges })
      .from(businessMembers).where(and(eq(businessMembers.businessId, job.businessId), eq(businessMembers.userId, job.userId)));
    if (!member) return { rows: [], total: 0 };
    const where = whereOf(job.businessId, readableTypes(member), filters);
    const [rows, [{ total }]] = await Promise.all([
      auditRows(db, where, filters.sort, limit, offset),
      db.select({ total: count() }).from(updateHistory).where(where),
    ]);
    return {
      total,
      rows: rows.map(auditJson).map((e) => ({
        time: new Date(e.time_created * 1000),
        person: e.user_name ?? t("audit:system"),
        session: e.session_id === null ? "-" : `#${e.session_id}`,
        area: t(`audit:area.${e.area}`),
        object: `${t(`audit:object.${e.ref_type}`, { defaultValue: e.ref_type })} #${e.ref_id}`,
        action: e.action,
        changes: e.changes.map((c) => `${c.field}: ${String(c.from ?? "-")} → ${String(c.to ?? "-")}`).join("\n"),
      })),
    };
  },
});
