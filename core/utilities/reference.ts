/**
 * Reference lists for forms and pickers (spec section 7 "Utilities"): banks and couriers are
 * tables seeded from db/reference-data.ts; the spec's small enumerations (currencies, languages,
 * payment methods, genders, business types, legal types, company documents) are read from that
 * module as they are, with labels in the actor's language. The same for everyone signed in (the
 * become-seller form uses them before its user is a seller).
 */
import { asc, eq, ilike, or } from "drizzle-orm";
import { z } from "zod";
import * as ref from "#db/reference-data.ts";
import { db, sideBySide, type Exec } from "#db/client.ts";
import { banks, courierServices, couriers } from "#db/schema/index.ts";
import { DOCUMENT_TYPES, LEGAL_TYPES } from "#db/schema/company-enums.ts";
import type { Scope } from "#core/actor.ts";
import { contains } from "#core/lib/list-query.ts";

export const listCurrencies = ({ actor: { t } }: Scope) =>
  ref.currencies.map((x) => ({ code: x.code, name: t(`utilities:currencies.${x.code}`), symbol: x.symbol, decimals: x.decimals }));

export const listLanguages = ({ actor: { t } }: Scope) =>
  ref.languages.map((x) => ({ code: x.code, name: t(`utilities:languages.${x.code}`), native_name: x.nativeName }));

export const listPaymentMethods = ({ actor: { t } }: Scope) =>
  ref.paymentMethods.map((x) => ({ id: x.id, name: t(`utilities:payment_methods.${x.id}`) }));

export const listGenders = ({ actor: { t } }: Scope) => ref.genders.map((x) => ({ id: x.id, name: t(`utilities:genders.${x.id}`) }));

export const listBusinessTypes = ({ actor: { t } }: Scope) =>
  ref.businessTypes.map((x) => ({ id: x.id, name: t(`utilities:business_types.${x.id}`) }));

export const listLegalTypes = ({ actor: { t } }: Scope) => LEGAL_TYPES.map((id) => ({ id, name: t(`utilities:legal_types.${id}`) }));

export const listCompanyDocuments = ({ actor: { t } }: Scope) => DOCUMENT_TYPES.map((id) => ({ id, name: t(`utilities:documents.${id}`) }));

export const banksQuery = z.object({ search: z.string().trim().max(100, "too_long").optional() });

/** Every bank with its Bank Indonesia code, by short name; `search` in the names or the exact code. */
export async function listBanks({ db }: Scope, q: z.infer<typeof banksQuery> = {}) {
  return db
    .select({ bank_code: banks.code, name: banks.name, short_name: banks.shortName })
    .from(banks)
    .where(q.search ? or(ilike(banks.name, contains(q.search)), ilike(banks.shortName, contains(q.search)), eq(banks.code, q.search)) : undefined)
    .orderBy(asc(banks.shortName));
}

export const COURIER_GROUPS = ["regular", "instant", "same_day", "cargo"] as const;
export type CourierGroup = {
  id: (typeof COURIER_GROUPS)[number];
  name: string;
  couriers: { code: string; name: string; services: { id: number; code: string; name: string }[] }[];
};

/**
 * The couriers and their services: reference data, seeded from db/reference-data.ts and never
 * changed while the app runs, so read once per process (a failed read is tried again next time).
 * Services come by courier name, then id — the order of the courier tree and the store cards.
 * Inside a transaction the first read goes through it (`exec`).
 */
export type CourierService = { id: number; code: string; name: string; group: string; courierCode: string; courierName: string };
let courierReference: Promise<{ couriers: Map<string, string>; services: CourierService[] }> | undefined;
export function couriersOnce(exec: Exec = db) {
  courierReference ??= sideBySide(exec,
    () => exec.select({ code: couriers.code, name: couriers.name }).from(couriers),
    () => exec.select({ id: courierServices.id, code: courierServices.code, name: courierServices.name, group: courierServices.group,
      courierCode: couriers.code, courierName: couriers.name })
      .from(courierServices)
      .innerJoin(couriers, eq(couriers.code, courierServices.courierCode))
      .orderBy(asc(couriers.name), asc(courierServices.id)),
  ).then(([cs, services]) => ({ couriers: new Map(cs.map((c) => [c.code, c.name])), services })).catch((e) => {
    courierReference = undefined;
    throw e;
  });
  return courierReference;
}

/** Courier tree by kind of delivery: a courier shows in every group it has services in; empty groups are left out. */
export async function listDeliveryCouriers({ actor: { t } }: Scope): Promise<CourierGroup[]> {
  const { services } = await couriersOnce();
  const tree = COURIER_GROUPS.map((group) => {
    const byCourier = new Map<string, CourierGroup["couriers"][number]>();
    for (const r of services.filter((r) => r.group === group)) {
      const courier = byCourier.get(r.courierCode) ?? { code: r.courierCode, name: r.courierName, services: [] };
      courier.services.push({ id: r.id, code: r.code, name: r.name });
      byCourier.set(r.courierCode, courier);
    }
    return { id: group, name: t(`utilities:courier_groups.${group}`), couriers: [...byCourier.values()] };
  });
  return tree.filter((g) => g.couriers.length > 0);
}
