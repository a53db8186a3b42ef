/**
 * The sidebar of spec section 2: twelve groups, each a privilege of core/auth/privileges.ts (the one
 * table the page guard and the API read too): a staff member sees the groups they hold.
 * `disabled` entries are the ones the spec shows greyed out. `ready: false` marks pages that later
 * issues build: they are greyed too (not links) until their route exists, so no link leads to a 404.
 */
import type { Group } from "#core/auth/privileges.ts";

export type NavItem = { key: string; path: string; disabled?: boolean; ready?: boolean };
export type NavGroup = { key: Group; icon: string; items: NavItem[] };

const soon = (key: string, path: string, extra: Partial<NavItem> = {}): NavItem => ({ key, path, ready: false, ...extra });
const off = (key: string, path: string): NavItem => ({ key, path, disabled: true });

export const NAV: NavGroup[] = [
  { key: "dashboard", icon: "home", items: [{ key: "dashboard", path: "/dashboard", ready: true }] },
  {
    key: "profile", icon: "store",
    items: [
      { key: "company", path: "/profile/company", ready: true },
      { key: "brand", path: "/profile/brand", ready: true },
      { key: "store", path: "/profile/store", ready: true },
      { key: "channel", path: "/profile/channel", ready: true },
      { key: "warehouse", path: "/profile/warehouse", ready: true },
      { key: "factory", path: "/profile/factory", ready: true },
      { key: "store_fee", path: "/profile/store-fee", ready: true },
      { key: "holiday", path: "/profile/holiday", ready: true },
      { key: "group_company", path: "/profile/company/group", ready: true },
    ],
  },
  { key: "orders", icon: "cart", items: [{ key: "orders", path: "/orders", ready: true }] },
  {
    key: "analytics", icon: "chart",
    items: [
      soon("analytics_transaction", "/analytics/transaction"), soon("analytics_brand", "/analytics/brand"),
      soon("analytics_channel", "/analytics/channel"), soon("analytics_products", "/analytics/products"),
      soon("analytics_customer", "/analytics/customer"), soon("analytics_promotion", "/analytics/promotion"),
      soon("analytics_team_sales", "/analytics/team-sales"), off("analytics_market", "/analytics/market"),
    ],
  },
  {
    key: "inbox", icon: "chat",
    items: [
      { key: "inbox_chat", path: "/inbox/chat", ready: true }, { key: "inbox_discussion", path: "/inbox/discussion", ready: true },
      { key: "inbox_review", path: "/inbox/review", ready: true }, { key: "inbox_order", path: "/inbox/order", ready: true }, off("inbox_ho", "/inbox/ho"),
    ],
  },
  {
    key: "balance", icon: "wallet",
    items: [
      // Money (issue 15): every balance page is live; /income-balance opens the first of them.
      { key: "balance_income", path: "/income-balance/income", ready: true }, { key: "balance_saldo", path: "/income-balance/saldo", ready: true },
      { key: "balance_deposit", path: "/income-balance/deposit", ready: true }, { key: "balance_points", path: "/income-balance/points", ready: true },
    ],
  },
  {
    key: "promotion", icon: "tag",
    items: [
      // Promotions (issue 16): the list, the form, the followers voucher and Indie campaign are live.
      { key: "promotion_listing", path: "/promotions/listing", ready: true }, { key: "promotion_create", path: "/promotions/create", ready: true },
      { key: "promotion_followers_voucher", path: "/promotions/followers-voucher", ready: true },
      { key: "promotion_indie_campaign", path: "/promotions/indie-campaign", ready: true },
      { key: "promotion_indie_ads", path: "/promotions/indie-ads", ready: true },
      off("promotion_campaign_approval", "/promotions/campaign-approval"),
    ],
  },
  {
    key: "products", icon: "box",
    items: [
      { key: "product_listing", path: "/products/listing", ready: true }, { key: "product_add", path: "/products/add", ready: true },
      { key: "product_service", path: "/products/service", ready: true }, { key: "product_gift_voucher", path: "/products/gift-voucher", ready: true },
      { key: "product_voucher", path: "/products/voucher", ready: true }, { key: "product_package", path: "/products/package", ready: true },
      { key: "product_mass_update", path: "/products/mass-update", ready: true }, { key: "product_barcode", path: "/products/barcode", ready: true },
    ],
  },
  {
    key: "setting", icon: "cog",
    items: [
      { key: "setting_account", path: "/setting/account", ready: true }, { key: "setting_security", path: "/setting/security", ready: true },
      { key: "setting_notification", path: "/setting/notification", ready: true }, { key: "setting_chat", path: "/setting/chat", ready: true },
      { key: "setting_pos_seller", path: "/setting/pos-seller", ready: true }, { key: "setting_partner", path: "/setting/partner", ready: true },
      { key: "setting_audit", path: "/setting/audit", ready: true },
    ],
  },
  {
    key: "customer", icon: "users",
    items: [
      // The customer centre (issue 17): customers, resellers, suppliers, partners, margins.
      { key: "customer_data", path: "/customer/data", ready: true }, { key: "customer_performance", path: "/customer/performance", ready: true },
      { key: "customer_broadcast", path: "/customer-broadcast", ready: true }, { key: "customer_reseller", path: "/reseller/data", ready: true },
      { key: "customer_supplier", path: "/supplier/data", ready: true }, { key: "customer_margin", path: "/margin", ready: true },
      { key: "customer_partner", path: "/partner/data", ready: true }, off("customer_customers", "/customers"),
      off("customer_margin_direct", "/margin/direct-purchase"),
    ],
  },
  {
    key: "omnichannel", icon: "link",
    items: [
      soon("omni_account", "/omnichannel/account/seller"), soon("omni_integration", "/omnichannel/integration/online-channel"),
      soon("omni_product", "/omnichannel/integration/product/master"), soon("omni_history", "/omnichannel/history"),
      soon("omni_reports", "/omnichannel/pos-report/sales-report"), soon("omni_wms", "/omnichannel/wms-account"),
      off("omni_crm", "/omnichannel/crm-system"), { key: "omni_last_stock", path: "/omnichannel/pos-report/inventory/last-stock-priority", ready: true },
      // The POS inventory reports (current stock and its sibling tabs, issue 14).
      { key: "omni_inventory_report", path: "/omnichannel/pos-report/inventory/current-stock", ready: true },
      { key: "omni_opname_adjustment", path: "/omnichannel/pos-report/inventory/opname-adjustment", ready: true },
      // The POS transaction reports over the settlements (issue 15).
      { key: "omni_transaction_report", path: "/omnichannel/pos-report/transaction/daily-settlement-list", ready: true },
    ],
  },
  {
    key: "erp", icon: "factory",
    items: [
      // Inventory (issue 14): the stock overview, counts, adjustments, transfers, every stock movement.
      { key: "erp_inventory", path: "/erp/inventory/all-inventory", ready: true },
      { key: "erp_opname", path: "/erp/inventory/opname", ready: true },
      { key: "erp_adjustment", path: "/erp/inventory/adjustment", ready: true },
      { key: "erp_inventory_mutation", path: "/erp/inventory/mutation", ready: true },
      { key: "erp_all_mutation", path: "/erp/inventory/all-mutation", ready: true },
      off("erp_distribution", "/erp/distribution-center"),
      off("erp_finance", "/erp/finance-accounting"), off("erp_hrd", "/erp/hrd"),
      off("erp_sales_marketing", "/erp/sales-marketing"), off("erp_master_store_group", "/erp/master-store-group"),
      off("erp_master_katalog", "/erp/master-katalog"), off("erp_master_quota", "/erp/master-quota-dist"),
    ],
  },
];

// Which group a path belongs to is core's one path table (core/auth/privileges.ts).
export { privilegeForPath } from "#core/auth/privileges.ts";
