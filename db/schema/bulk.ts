import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { businesses } from "./business.ts";
import { products } from "./catalog.ts";
import { jobs } from "./jobs.ts";

// Bulk templates (spec section 2 add/bulk, view-bulk, view-draft; section 7 templates and
// product-bulk calls) and mass updates (section 9 mass-update section ids: attribute 5, price 6,
// stock 7, image 8). An upload is one .xlsx file; its rows are checked one by one by a background
// job (`jobs`), each row keeping its own status and messages.

/**
 * mode: add (new products from the template) | update (mass update of `section`).
 * status: validating → ready (rows checked; a mass update waits here for the seller to apply the
 * preview) → applying → done; failed when the file itself could not be read. An add upload goes
 * straight from validating to done (valid rows become draft products to publish or reject).
 */
export const productUploads = pgTable(
  "product_uploads",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    userId: integer().notNull().references(() => users.id),
    mode: text().notNull(),
    section: integer(),
    filename: text().notNull(),
    status: text().notNull().default("validating"),
    jobId: integer().references(() => jobs.id, { onDelete: "set null" }),
    totalRows: integer().notNull().default(0),
    validRows: integer().notNull().default(0),
    errorRows: integer().notNull().default(0),
    appliedRows: integer().notNull().default(0),
    // Why a file could not be read (a translation key: not our template, empty, too many rows).
    statusDetails: text(),
    timeCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    timeModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_uploads_business_idx").on(t.businessId, t.mode, t.timeCreated)],
);

/**
 * One row of an uploaded file. status: valid | error | applied | failed | published | rejected.
 * `errors` are translation keys per column; `changes` (mass update) are the before → after values
 * the preview shows.
 */
export const productUploadRows = pgTable(
  "product_upload_rows",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer().notNull().references(() => businesses.id, { onDelete: "cascade" }),
    uploadId: integer().notNull().references(() => productUploads.id, { onDelete: "cascade" }),
    rowNo: integer().notNull(),
    status: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    errors: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    changes: jsonb().$type<{ field: string; before: unknown; after: unknown }[]>().notNull().default([]),
    productId: integer().references(() => products.id, { onDelete: "set null" }),
  },
  (t) => [index("product_upload_rows_upload_idx").on(t.uploadId, t.status, t.rowNo)],
);
