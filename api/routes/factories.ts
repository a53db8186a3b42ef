/**
 * Factories: the business's own production sites, in the style of the spec's warehouse calls.
 *
 *   GET  /v0.0.0/factories                      list: status 1|0, search (name, contact, address, city),
 *                                               sort 1-6, page, limit
 *   GET  /v0.0.0/factories/{id}
 *   POST /v0.0.1/factories/create
 *   PUT  /v0.0.0/factories/{id}
 *   PUT  /v0.0.0/factories/status               factory_ids=4,7 & action=activate|inactivate (form-encoded or JSON)
 *   PUT  /v0.0.0/factories/{id}/{activate|inactivate}   the same for one factory (the web's switch)
 *   GET  /v0.0.0/factories/{id}/update-history
 *   export kind "factory" (POST /v0.0.0/exports/factory, the list's filters)
 *
 * Decisions where the spec is silent:
 * - A factory is always the business's own (a partner's production is a supplier, a later issue),
 *   so there is no ownership: the web shows the ownership filter disabled (spec section 6) and
 *   the API ignores an `ownership` parameter.
 * - A factory needs its address and city (they are in Indonesia: the shipping of raw material and
 *   goods is planned from them); postcode, contact, email, phone, pin point and monthly capacity
 *   (whole pieces a month, 0 to 100 million) are optional.
 * - No delete: a factory that stops working for the business is deactivated, which keeps its
 *   history readable. Status changes follow the warehouse rules (whole call 404 if any id is not
 *   the business's; repeating the current status is a harmless 200 without a history row).
 * - Scope, PUT semantics and history as api/routes/warehouses.ts.
 */
import { Hono, type Context } from "hono";
import { eq } from "drizzle-orm";
import { db, type Tx } from "#db/client.ts";
import { factories } from "#db/schema/index.ts";
import { factoryBody, factoryFilters, factoryJson, findFactories, findFactory, type FactoryBody, type FactoryRow } from "#core/profile/factories.ts";
import { cityOf } from "#core/profile/warehouses-shared.ts";
import { defineExport } from "#core/jobs/exports.ts";
import { requireAuth, requireSeller } from "#api/lib/auth.ts";
import type { ApiEnv } from "#api/lib/env.ts";
import { diff, historyList, recordHistory } from "#core/lib/history.ts";
import { input, list, notFound, ok } from "#api/lib/http.ts";
import { statusRoutes } from "#api/lib/status-routes.ts";
import { listQuery, offsetOf } from "#core/lib/list-query.ts";
import { normalizePhone } from "#core/lib/phone.ts";

export const factoryRoutes = new Hono<ApiEnv>();
const seller = [requireAuth, requireSeller("profile")] as const;
const REF = "factory";

const biz = (c: Context<ApiEnv>) => c.var.member.businessId;
const idParam = (c: Context<ApiEnv>) => Number(c.req.param("id"));
const answer = (c: Context<ApiEnv>, row: FactoryRow) => factoryJson(row, c.var.t);

async function factoryFor(c: Context<ApiEnv>, id: number, tx?: Tx) {
  const row = await findFactory(biz(c), id, tx);
  if (!row) throw notFound();
  return row;
}

function valuesOf(body: FactoryBody) {
  return {
    name: body.name,
    image: body.image ?? null,
    contactName: body.contact_name ?? null,
    email: body.email ?? null,
    phone: body.phone ? normalizePhone(body.phone) : null,
    address: body.address,
    cityId: body.city_id,
    postcode: body.postcode ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    monthlyCapacity: body.monthly_capacity ?? null,
  };
}

type Shown = Omit<ReturnType<typeof valuesOf>, "cityId">;
function snapshot(v: Shown, city: string | null) {
  return {
    name: v.name, image: v.image, contact_name: v.contactName, email: v.email, phone: v.phone, address: v.address, city,
    postcode: v.postcode, latitude: v.latitude, longitude: v.longitude, monthly_capacity: v.monthlyCapacity,
  };
}

factoryRoutes.get("/v0.0.0/factories", ...seller, async (c) => {
  const q = await input(c, listQuery.extend(factoryFilters.shape), "query");
  const { rows, total } = await findFactories(biz(c), q, { limit: q.limit, offset: offsetOf(q) });
  return list(c, rows.map((r) => answer(c, r)), total, q.limit);
});

factoryRoutes.get("/v0.0.0/factories/:id{[0-9]+}", ...seller, async (c) => ok(c, answer(c, await factoryFor(c, idParam(c)))));

factoryRoutes.post("/v0.0.1/factories/create", ...seller, async (c) => {
  const body = await input(c, factoryBody);
  await cityOf(body.city_id);
  const businessId = biz(c);
  const after = await db.transaction(async (tx) => {
    const [f] = await tx.insert(factories).values({ ...valuesOf(body), businessId }).returning({ id: factories.id });
    await recordHistory(tx, { businessId, refType: REF, refId: f.id, userId: c.var.user.id, action: "create" });
    return (await findFactory(businessId, f.id, tx))!;
  });
  return ok(c, answer(c, after), "site:api.factory_created");
});

factoryRoutes.put("/v0.0.0/factories/:id{[0-9]+}", ...seller, async (c) => {
  const { id } = await factoryFor(c, idParam(c));
  const body = await input(c, factoryBody);
  const city = await cityOf(body.city_id);
  const values = valuesOf(body);
  const after = await db.transaction(async (tx) => {
    const before = await factoryFor(c, id, tx);
    const changes = diff(snapshot(before, before.cityName), snapshot(values, city?.name ?? null));
    if (!Object.keys(changes).length) return before;
    await tx.update(factories).set({ ...values, timeModified: new Date() }).where(eq(factories.id, id));
    await recordHistory(tx, { businessId: biz(c), refType: REF, refId: id, userId: c.var.user.id, action: "update", changes });
    return (await findFactory(biz(c), id, tx))!;
  });
  return ok(c, answer(c, after), "site:api.factory_updated");
});

statusRoutes(factoryRoutes, seller, {
  base: "/v0.0.0/factories",
  idsField: "factory_ids",
  table: factories,
  refType: REF,
  find: findFactory,
  answer,
  message: (activate, count) => `site:api.${count === 1 ? "factory" : "factories"}_${activate ? "activated" : "inactivated"}`,
});

factoryRoutes.get("/v0.0.0/factories/:id{[0-9]+}/update-history", ...seller, async (c) => {
  const f = await factoryFor(c, idParam(c));
  const q = await input(c, listQuery.pick({ page: true, limit: true }), "query");
  return historyList(c, { businessId: biz(c), refType: REF, refId: f.id }, q);
});

defineExport("factory", {
  privilege: "profile",
  filename: "site:factory.export.filename",
  sheet: "site:factory.export.sheet",
  filters: factoryFilters,
  columns: [
    { key: "name", header: "site:factory.fields.name", width: 30 },
    { key: "status", header: "site:fields.status", width: 12 },
    { key: "contact_name", header: "site:factory.fields.contact_name", width: 22 },
    { key: "email", header: "site:fields.email", width: 26 },
    { key: "phone", header: "site:fields.phone", width: 18 },
    { key: "address", header: "site:fields.address", width: 40 },
    { key: "city", header: "site:fields.city", width: 24 },
    { key: "province", header: "site:fields.province", width: 20 },
    { key: "postcode", header: "site:fields.postcode", width: 10 },
    { key: "latitude", header: "site:fields.latitude", width: 12 },
    { key: "longitude", header: "site:fields.longitude", width: 12 },
    { key: "monthly_capacity", header: "site:factory.fields.monthly_capacity", width: 16 },
    { key: "time_created", header: "site:fields.time_created", date: true },
    { key: "time_modified", header: "site:fields.time_modified", date: true },
  ],
  async page(job, filters, offset, limit, t) {
    const { rows, total } = await findFactories(job.businessId, filters, { limit, offset });
    return {
      total,
      rows: rows.map((r) => {
        const f = factoryJson(r, t);
        return {
          name: f.name, status: f.status_name, contact_name: f.contact_name, email: f.email, phone: f.phone, address: f.address,
          city: f.location_name, province: f.province_name, postcode: f.postcode, latitude: f.latitude, longitude: f.longitude,
          monthly_capacity: f.monthly_capacity, time_created: r.timeCreated, time_modified: r.timeModified,
        };
      }),
    };
  },
});
