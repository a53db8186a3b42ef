import { index, integer, pgTable, text } from "drizzle-orm/pg-core";

export const provinces = pgTable("provinces", {
  id: integer().primaryKey(),
  name: text().notNull(),
});

export const cities = pgTable(
  "cities",
  {
    id: integer().primaryKey(),
    provinceId: integer().notNull().references(() => provinces.id),
    name: text().notNull(),
    type: text().notNull(),
  },
  (t) => [index("cities_province_idx").on(t.provinceId)],
);

export const villages = pgTable(
  "villages",
  {
    id: integer().primaryKey(),
    cityId: integer().notNull().references(() => cities.id),
    district: text().notNull(),
    name: text().notNull(),
    postcode: text().notNull(),
  },
  (t) => [index("villages_city_idx").on(t.cityId)],
);

export const banks = pgTable("banks", {
  code: text().primaryKey(),
  name: text().notNull(),
  shortName: text().notNull(),
});

export const couriers = pgTable("couriers", {
  code: text().primaryKey(),
  name: text().notNull(),
  group: text().notNull(),
});

export const courierServices = pgTable("courier_services", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  courierCode: text().notNull().references(() => couriers.code),
  code: text().notNull(),
  name: text().notNull(),
  group: text().notNull(),
});
