/**
 * Offerings: what a seller sells besides stocked products (spec section 2 "Products": service,
 * gift-voucher, voucher, package). Each kind has its own file with the same set of calls
 * (offering-crud.ts); the gift voucher's fixed paths (/filter) are registered before its ids.
 *
 *   /v0.0.0/services        services (duration + price), export "service-listing"
 *   /v0.0.0/gift-vouchers   gift vouchers with their codes (+ /filter, /{id}/codes, redeem)
 *   /v0.0.0/vouchers        discount vouchers
 *   /v0.0.0/packages        bundles of variants with derived stock
 *
 * The rules and queries are core/catalog/ (offering-crud.ts and one module a kind); these files are
 * the REST adapter over them.
 */
import { Hono } from "hono";
import type { ApiEnv } from "#api/lib/env.ts";
import { registerGiftVouchers } from "./offering-gift-vouchers.ts";
import { registerPackages } from "./offering-packages.ts";
import { registerServices } from "./offering-services.ts";
import { registerVouchers } from "./offering-vouchers.ts";

export const offeringRoutes = new Hono<ApiEnv>();
registerServices(offeringRoutes);
registerGiftVouchers(offeringRoutes);
registerVouchers(offeringRoutes);
registerPackages(offeringRoutes);
