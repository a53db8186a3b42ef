/**
 * Services (spec section 7 "Services": /v0.0.0/services GET, POST, PUT, /services/{id}/update,
 * PUT /services/{id}) through the shared offering calls (offering-crud.ts), plus the
 * service-listing export (spec: POST /v0.0.0/exports/products/service-listing).
 * The spec's bare `PUT /v0.0.0/services` is the status change of several services
 * (service_ids=4,7 & action=activate|inactivate).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Hono } from "hono";
import type { Tx } from "#db/client.ts";
import { serviceStores, services, stores } from "#db/schema/index.ts";
import { durationParts } from "#core/catalog/offering-enums.ts";
import {
  findService, findServices, minutesOf, serviceBody, serviceFilters, serviceJson, serviceSnapshot, type ServiceBody, type ServiceRow,
} from "#core/catalog/services.ts";
import { defineExport } from "#core/jobs/exports.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff } from "#core/lib/history.ts";
import { crudRoutes } from "./offering-crud.ts";
import { Refused } from "#core/errors.ts";

/** The business's stores among `ids` (names for the history); 422 on store_ids when one is not. */
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

export function registerServices(routes: Hono<ApiEnv>) {
  crudRoutes(routes, {
    base: "/v0.0.0/services",
    refType: "service",
    idsField: "service_ids",
    table: services,
    body: serviceBody,
    filters: serviceFilters,
    find: findService,
    findMany: findServices,
    json: (t, r: ServiceRow) => serviceJson(r, t),
    unique: { field: "sku", message: "offering:errors.sku_taken" },
    messages: {
      created: "api-offering:service.created",
      updated: "api-offering:service.updated",
      status: (activate, n) => `api-offering:service.${activate ? "activated" : "inactivated"}${n === 1 ? "" : "_many"}`,
    },
    async create(tx, { businessId }, body) {
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
          status: t(r.status === 1 ? "profile:status.active" : "profile:status.inactive"),
          description: r.description,
          time_created: r.timeCreated,
          time_modified: r.timeModified,
        };
      }),
    };
  },
});

