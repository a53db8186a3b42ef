/**
 * Services (spec section 2 "Products": /products/service; section 7 "Services"): something a seller
 * does rather than ships (tailoring, a batik class, a massage), with a duration and a price, offered
 * at some of the business's stores or at all of them. No stock.
 *
 * Shape: service_id, name, sku, description, image, duration_minutes, duration + duration_unit
 * (the largest whole unit), price (integer rupiah), status (1 active, 0 inactive), status_name,
 * is_all_stores, store_datas[store_id, name], time_created, time_modified (unix seconds).
 *
 * Decisions where the spec is silent:
 * - The SKU is unique per business, case-insensitively (422 on `sku`), like product SKUs.
 * - No store ticked means every store, including stores added later.
 * - Stores must be the business's own (422 on `store_ids`); inactive stores may stay listed.
 * - The form's store choices are the business's active stores (the default store first, then by
 *   name), plus any inactive store the service already lists.
 *
 * The service functions (list, get, create, update, status, history) come from offering-crud.ts;
 * this module gives their queries, shape and write rules, and the "service-listing" export.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { TFunction } from "i18next";
import { z } from "zod";
import { db, sideBySide, type Db, type Tx } from "#db/client.ts";
import { serviceStores, services, stores } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { diff } from "#core/lib/history.ts";
import { unix } from "#core/lib/time.ts";
import { contains, orderBy } from "#core/lib/list-query.ts";
import { offeringService, pageQuery, type Page } from "./offering-crud.ts";
import { DEFAULT_DURATION_UNIT, DURATION_UNITS, durationParts, MAX_DURATION_MINUTES, type DurationUnit } from "./offering-enums.ts";
import { blank, descriptionField, imageField, intField, moneyField, nameField, offeringFilters, skuField, statusKey } from "./offerings-shared.ts";

/** One id or many: a JSON array, repeated form fields, or "3,5". */
export const idList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return [];
    const items = Array.isArray(v) ? v : [v];
    return items.flatMap((x) => String(x).split(",")).map((x) => x.trim()).filter(Boolean);
  },
  z.array(z.string().regex(/^[1-9]\d{0,9}$/, "invalid").transform(Number)).max(200, "too_long"),
);

export const serviceBody = z
  .object({
    name: nameField(100),
    sku: skuField,
    description: descriptionField,
    image: imageField,
    duration: intField(1, MAX_DURATION_MINUTES),
    duration_unit: z.preprocess((v) => (v === "" || v === null || v === undefined ? DEFAULT_DURATION_UNIT : v),
      z.enum(Object.keys(DURATION_UNITS) as [DurationUnit, ...DurationUnit[]], { error: "invalid" })),
    price: moneyField(),
    store_ids: idList,
  })
  .superRefine((v, ctx) => {
    if (!v || typeof v !== "object" || typeof v.duration !== "number" || typeof v.duration_unit !== "string") return;
    const minutes = v.duration * (DURATION_UNITS[v.duration_unit as DurationUnit] ?? 1);
    if (minutes > MAX_DURATION_MINUTES) ctx.addIssue({ code: "custom", path: ["duration"], message: "offering:errors.duration_too_long" });
  }, { when: () => true });
export type ServiceBody = z.infer<typeof serviceBody>;

export const serviceFilters = offeringFilters.extend({
  store_id: blank(z.coerce.number().int().positive("invalid")),
});
export type ServiceFilters = z.infer<typeof serviceFilters>;
export const serviceListQuery = pageQuery.extend(serviceFilters.shape);
export type ServiceListQuery = z.infer<typeof serviceListQuery>;

export const minutesOf = (b: Pick<ServiceBody, "duration" | "duration_unit">) => b.duration * DURATION_UNITS[b.duration_unit];

function filtered(businessId: number, f: Partial<ServiceFilters>) {
  const where: SQL[] = [eq(services.businessId, businessId)];
  if (f.search) where.push(or(ilike(services.name, contains(f.search)), ilike(services.sku, contains(f.search)))!);
  if (f.status !== undefined) where.push(eq(services.status, f.status));
  // A store's services: the ones listing it, and the ones offered at every store.
  if (f.store_id !== undefined) {
    const sid = f.store_id;
    where.push(
      or(
        inArray(services.id, db.select({ id: serviceStores.serviceId }).from(serviceStores).where(eq(serviceStores.storeId, sid))),
        // Explicit names: Drizzle leaves columns of a one-table query unqualified.
        sql`NOT EXISTS (SELECT 1 FROM service_stores ss WHERE ss.service_id = "services"."id")`,
      )!,
    );
  }
  return and(...where)!;
}

export type ServiceRow = typeof services.$inferSelect & { stores: { store_id: number; name: string }[] };

async function storesOf(ids: number[], exec: Db | Tx) {
  const out = new Map<number, { store_id: number; name: string }[]>();
  if (!ids.length) return out;
  const rows = await exec
    .select({ serviceId: serviceStores.serviceId, id: stores.id, name: stores.name })
    .from(serviceStores)
    .innerJoin(stores, eq(stores.id, serviceStores.storeId))
    .where(inArray(serviceStores.serviceId, ids))
    .orderBy(stores.name);
  for (const r of rows) out.set(r.serviceId, [...(out.get(r.serviceId) ?? []), { store_id: r.id, name: r.name }]);
  return out;
}

export async function findServices(businessId: number, f: ServiceFilters, page: Page, exec: Db | Tx = db) {
  const where = filtered(businessId, f);
  const [rows, [{ total }]] = await sideBySide(exec,
    () => exec.select().from(services).where(where)
      .orderBy(...orderBy(f.sort, { created: services.timeCreated, modified: services.timeModified, name: services.name, id: services.id }))
      .limit(page.limit).offset(page.offset),
    () => exec.select({ total: count() }).from(services).where(where),
  );
  const st = await storesOf(rows.map((r) => r.id), exec);
  return { rows: rows.map((r) => ({ ...r, stores: st.get(r.id) ?? [] })), total };
}

/** One service of the business, or undefined; `lock`: the row stays locked until `exec` (a transaction) ends. */
export async function findService(businessId: number, id: number, exec: Db | Tx = db, lock = false): Promise<ServiceRow | undefined> {
  const q = exec.select().from(services).where(and(eq(services.businessId, businessId), eq(services.id, id))).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  if (!row) return undefined;
  return { ...row, stores: (await storesOf([id], exec)).get(id) ?? [] };
}

export function serviceJson(r: ServiceRow, t: TFunction) {
  const d = durationParts(r.durationMinutes);
  return {
    service_id: r.id,
    name: r.name,
    sku: r.sku,
    description: r.description,
    image: r.image,
    duration_minutes: r.durationMinutes,
    duration: d.value,
    duration_unit: d.unit,
    price: r.price,
    status: r.status,
    status_name: t(statusKey(r.status)),
    is_all_stores: r.stores.length === 0,
    store_datas: r.stores,
    time_created: unix(r.timeCreated),
    time_modified: unix(r.timeModified),
  };
}
export type ServiceJson = ReturnType<typeof serviceJson>;

/** What the update history shows of a service: readable values (store names, minutes). */
export function serviceSnapshot(v: { name: string; sku: string; description: string; image: string | null; durationMinutes: number; price: number; storeNames: string[] }) {
  return {
    name: v.name, sku: v.sku, description: v.description, image: v.image, duration_minutes: v.durationMinutes, price: v.price,
    stores: v.storeNames.length ? v.storeNames.join(", ") : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The service: what the web's pages and the REST calls do (offering-crud.ts), for the actor's business.
// ---------------------------------------------------------------------------------------------

/** The business's stores among `ids` (names for the history); Refused on store_ids when one is not. */
async function storesFor(tx: Tx, businessId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const rows = await tx.select({ id: stores.id, name: stores.name }).from(stores)
    .where(and(eq(stores.businessId, businessId), inArray(stores.id, wanted)));
  if (rows.length !== wanted.length) throw new Refused("api:errors.validation", { store_ids: ["offering:errors.store_unknown"] });
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

const valuesOf = (b: ServiceBody) => ({
  name: b.name, sku: b.sku, description: b.description ?? "", image: b.image ?? null, durationMinutes: minutesOf(b), price: b.price,
});

export const serviceOffering = offeringService({
  refType: "service",
  table: services,
  find: findService,
  findMany: findServices,
  json: serviceJson,
  unique: { field: "sku", message: "offering:errors.sku_taken" },
  messages: {
    created: "api-offering:service.created",
    updated: "api-offering:service.updated",
    status: (activate, n) => `api-offering:service.${activate ? "activated" : "inactivated"}${n === 1 ? "" : "_many"}`,
  },
  async create(tx, { businessId }, body: ServiceBody) {
    const chosen = await storesFor(tx, businessId, body.store_ids);
    const [row] = await tx.insert(services).values({ ...valuesOf(body), businessId }).returning({ id: services.id });
    if (chosen.length) await tx.insert(serviceStores).values(chosen.map((s) => ({ serviceId: row.id, storeId: s.id })));
    return row.id;
  },
  async update(tx, { businessId }, before, body) {
    const chosen = await storesFor(tx, businessId, body.store_ids);
    const values = valuesOf(body);
    const changes = diff(
      serviceSnapshot({ ...before, storeNames: before.stores.map((s) => s.name) }),
      serviceSnapshot({ ...values, storeNames: chosen.map((s) => s.name) }),
    );
    if (!Object.keys(changes).length) return changes;
    await tx.update(services).set({ ...values, timeModified: new Date() }).where(eq(services.id, before.id));
    await tx.delete(serviceStores).where(eq(serviceStores.serviceId, before.id));
    if (chosen.length) await tx.insert(serviceStores).values(chosen.map((s) => ({ serviceId: before.id, storeId: s.id })));
    return changes;
  },
});

export const {
  list: listServices, get: getService, create: createService, update: updateService, setStatus: setServiceStatus, history: serviceHistory,
} = serviceOffering;

/** The stores a service can be offered at: the business's active ones, the default store first, then by name. */
export async function serviceStoreChoices(scope: Scope): Promise<{ id: number; name: string }[]> {
  const { db, actor } = sellerScope(scope, "products");
  return db.select({ id: stores.id, name: stores.name }).from(stores)
    .where(and(eq(stores.businessId, actor.member.businessId), eq(stores.status, 1)))
    .orderBy(desc(stores.isDefault), asc(sql`lower(${stores.name})`), asc(stores.id));
}

// The service listing as a spreadsheet, with the list's filters (search, status, store).
defineExport("service-listing", {
  privilege: "products",
  filename: "offering:service.export.filename",
  sheet: "offering:service.export.sheet",
  filters: serviceFilters,
  columns: [
    { key: "name", header: "offering:service.fields.name", width: 32 },
    { key: "sku", header: "offering:fields.sku", width: 18 },
    { key: "duration", header: "offering:service.fields.duration", width: 14 },
    { key: "price", header: "offering:fields.price", width: 16 },
    { key: "stores", header: "offering:service.fields.stores", width: 40 },
    { key: "status", header: "offering:fields.status", width: 12 },
    { key: "description", header: "offering:fields.description", width: 40 },
    { key: "time_created", header: "offering:fields.time_created", date: true },
    { key: "time_modified", header: "offering:fields.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findServices(job.businessId, filters, { limit, offset });
    return {
      total,
      rows: rows.map((r) => {
        const d = durationParts(r.durationMinutes);
        return {
          name: r.name,
          sku: r.sku,
          duration: t(`offering:duration.${d.unit}`, { count: d.value }),
          price: r.price,
          stores: r.stores.length ? r.stores.map((s) => s.name).join(", ") : t("offering:service.all_stores"),
          status: t(statusKey(r.status)),
          description: r.description,
          time_created: r.timeCreated,
          time_modified: r.timeModified,
        };
      }),
    };
  },
});
