import type { Hono } from "hono";
import type { ApiEnv } from "#api/lib/env.ts";
import { accountRoutes } from "./accounts.ts";
import { authRoutes } from "./auth.ts";
import { businessRoutes } from "./business.ts";
import { brandRoutes } from "./brands.ts";
import { channelRoutes } from "./channels.ts";
import { storeRoutes } from "./stores.ts";
import { bankRoutes } from "./banks.ts";
import { warehouseRoutes } from "./warehouses.ts";
import { factoryRoutes } from "./factories.ts";
import { customerRoutes } from "./customers.ts";
import { customerBroadcastRoutes } from "./customer-broadcasts.ts";
import { storeFeeRoutes } from "./store-fees.ts";
import { holidayRoutes } from "./holidays.ts";
import { dashboardRoutes } from "./dashboard.ts";
import { exportRoutes } from "./exports.ts";
import { orderRoutes } from "./orders.ts";
import { orderActionRoutes } from "./order-actions.ts";
import { webhookRoutes } from "./webhooks.ts";
import { realtimeRoutes } from "./realtime.ts";
import { sellerRoutes } from "./sellers.ts";
import { settingRoutes } from "./settings.ts";
import { notificationRoutes } from "./notifications.ts";
import { auditRoutes } from "./audit.ts";
import { securityRoutes } from "./security.ts";
import { staffRoutes } from "./staff.ts";
import { utilityRoutes } from "./utilities.ts";
import { productListRoutes } from "./products-list.ts";
import { productBulkRoutes } from "./product-bulk.ts";
import { productRoutes } from "./products.ts";
import { offeringRoutes } from "./offerings.ts";
import { inventoryRoutes } from "./inventories.ts";
import { transferRoutes } from "./transfers.ts";
import { inventoryMutationRoutes } from "./inventory-mutations.ts";
import { opnameRoutes } from "./opname.ts";
import { productPickerRoutes } from "./product-picker.ts";
import { barcodeLabelRoutes } from "./barcode-labels.ts";
// Money (issue 15): the balances overview and the points history.
import { balanceRoutes } from "./balances.ts";
// Money (issue 15): saldo, withdrawals, the disbursement callbacks.
import { saldoRoutes } from "./saldo.ts";
import { moneyCallbackRoutes } from "./money-callbacks.ts";
// Money (issue 15): the deposit and the payment service's callbacks.
import { depositRoutes } from "./deposit.ts";
import { paymentCallbackRoutes } from "./payment-callbacks.ts";
import { incomeRoutes } from "./income.ts";
import { promotionRoutes } from "./promotions.ts";
// The customer centre (issue 17): resellers, suppliers, partners and margins.
import { tradingPartnerRoutes } from "./trading-partners.ts";
import { inboxRoutes } from "./inbox.ts";
import { chatRoutes } from "./chat.ts";

// Every resource router; each declares its full versioned paths (aliases share one handler).
export const routers: Hono<ApiEnv>[] = [
  authRoutes,
  accountRoutes,
  settingRoutes,
  notificationRoutes,
  auditRoutes,
  securityRoutes,
  staffRoutes,
  realtimeRoutes,
  utilityRoutes,
  dashboardRoutes,
  promotionRoutes,
  // The inbox (issue 17): discussions and reviews.
  inboxRoutes,
  chatRoutes,
  // Order actions (fixed paths like /orders/accept) before the order routes' /orders/{id}.
  orderActionRoutes,
  orderRoutes,
  webhookRoutes,
  businessRoutes,
  brandRoutes,
  channelRoutes,
  storeRoutes,
  bankRoutes,
  warehouseRoutes,
  factoryRoutes,
  customerRoutes,
  // Broadcasts (issue 17 item 6).
  customerBroadcastRoutes,
  storeFeeRoutes,
  holidayRoutes,
  tradingPartnerRoutes,
  sellerRoutes,
  // The catalogue. Fixed paths (/products/filter, /products/templates/…) come before /products/{id}.
  productPickerRoutes,
  barcodeLabelRoutes,
  productListRoutes,
  productBulkRoutes,
  opnameRoutes,
  inventoryRoutes,
  transferRoutes,
  inventoryMutationRoutes,
  productRoutes,
  offeringRoutes,
  exportRoutes,
  // Money (issue 15).
  balanceRoutes,
  saldoRoutes,
  moneyCallbackRoutes,
  depositRoutes,
  paymentCallbackRoutes,
  // Money (issue 15): income and settlements.
  incomeRoutes,
];
