import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Every page exists in English (no prefix) and in Indonesian under /id: an optional static "id"
// segment, not a `:lang?` param. React Router tries every route branch in rank order on each match
// (three times a request); a param would match "orders" as a language and walk on into each
// /:lang/… branch, a static segment fails those at once. Folders mirror URLs.
export default [
  route("i18n/:bundle", "routes/i18n-bundle.ts"),
  route("id?", "routes/locale.tsx", [
    index("routes/index.tsx"),
    route("language", "routes/language.tsx"),
    route("auth", "routes/auth/layout.tsx", [
      index("routes/auth/sign-in.tsx"),
      route("forgot-password", "routes/auth/forgot-password.tsx"),
      route("register", "routes/auth/register.tsx"),
    ]),
    route("logout", "routes/auth/logout.tsx"),
    route("outbox", "routes/outbox.tsx"),
    // A staff invitation's one-time link (issue 13): public, signed in or not.
    route("invite/:token", "routes/invite.tsx"),
    route("become-seller", "routes/become-seller/layout.tsx", [
      index("routes/become-seller/index.tsx"),
      route("form-register", "routes/become-seller/form-register.tsx"),
      route("moderation", "routes/become-seller/moderation.tsx"),
    ]),
    // Print views: signed-in sellers only, no admin chrome.
    layout("routes/admin/orders/print-layout.tsx", [
      route("orders/print-invoice", "routes/admin/orders/print-invoice.tsx"),
      route("orders/print-label", "routes/admin/orders/print-label.tsx"),
      route("orders/print-picklist", "routes/admin/orders/print-picklist.tsx"),
      route("orders/selected-picklist", "routes/admin/orders/selected-picklist.tsx"),
    ]),
    layout("routes/admin/layout.tsx", [
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("orders", "routes/admin/orders/list.tsx"),
      route("orders/:slug", "routes/admin/orders/detail.tsx"),
      route("business/switch", "routes/admin/business-switch.tsx"),
      // The spec's business list (issue 13 item 6): every business of the user, grouped, with "Switch to".
      route("list", "routes/admin/list.tsx"),
      // A shared kiosk's "switch user" (issue 13): sign out, then the sign-in with this device's last users.
      route("switch-user", "routes/admin/switch-user.tsx"),
      route("exports/:id/download", "routes/admin/export-download.tsx"),
      route("profile", "routes/admin/profile/layout.tsx", [
        index("routes/admin/profile/index.tsx"),
        route("company", "routes/admin/profile/company/list.tsx"),
        route("company/add", "routes/admin/profile/company/add.tsx"),
        // business groups (issue 13 item 6); before company/:slug
        route("company/group", "routes/admin/profile/company/group.tsx"),
        route("company/:slug", "routes/admin/profile/company/detail.tsx"),
        route("company/:slug/edit", "routes/admin/profile/company/edit.tsx"),
        // brands (helper: brands)
        route("brand", "routes/admin/profile/brand/list.tsx"),
        route("brand/add", "routes/admin/profile/brand/add.tsx"),
        route("brand/add/partnership", "routes/admin/profile/brand/add-partnership.tsx"),
        route("brand/:slug", "routes/admin/profile/brand/detail.tsx", [
          index("routes/admin/profile/brand/info.tsx"),
          route("edit", "routes/admin/profile/brand/edit.tsx"),
          route("banners", "routes/admin/profile/brand/banners.tsx"),
          route(":section", "routes/admin/profile/brand/section.tsx"),
        ]),
        // online channels (helper: channels)
        route("channel", "routes/admin/profile/channel/list.tsx"),
        route("channel/add", "routes/admin/profile/channel/add.tsx"),
        route("channel/:slug", "routes/admin/profile/channel/edit.tsx"),
        // offline stores (helper: stores)
        route("store", "routes/admin/profile/store/list.tsx"),
        route("store/add", "routes/admin/profile/store/add.tsx"),
        route("store/:slug", "routes/admin/profile/store/edit.tsx"),
        route("branch", "routes/admin/profile/store/branch.tsx"),
        // warehouses, factories, store fees (helper: sites)
        route("warehouse", "routes/admin/profile/warehouse/list.tsx"),
        route("warehouse/add", "routes/admin/profile/warehouse/add.tsx"),
        route("warehouse/:slug", "routes/admin/profile/warehouse/edit.tsx"),
        route("factory", "routes/admin/profile/factory/list.tsx"),
        route("factory/add", "routes/admin/profile/factory/add.tsx"),
        route("factory/:slug", "routes/admin/profile/factory/edit.tsx"),
        route("store-fee", "routes/admin/profile/store-fee.tsx"),
        // holiday sessions (issue 13 item 6)
        route("holiday", "routes/admin/profile/holiday/list.tsx"),
        route("holiday/add", "routes/admin/profile/holiday/add.tsx"),
        route("holiday/:slug", "routes/admin/profile/holiday/edit.tsx"),
      ]),
      // Settings (issue 13): staff users.
      route("setting/account", "routes/admin/setting/account.tsx"),
      route("setting/chat", "routes/admin/setting/chat.tsx"),
      route("setting/partner", "routes/admin/setting/partner.tsx"),
      route("setting/security", "routes/admin/setting/security.tsx"),
      route("setting/pos-seller", "routes/admin/setting/pos-seller/list.tsx"),
      route("setting/pos-seller/user/add", "routes/admin/setting/pos-seller/user-add.tsx"),
      route("setting/pos-seller/user/:id", "routes/admin/setting/pos-seller/user-edit.tsx"),
      // Notifications and the audit log (issue 13 items 4, 5, 7).
      route("notification", "routes/admin/notification.tsx"),
      route("setting/notification", "routes/admin/setting/notification.tsx"),
      route("setting/audit", "routes/admin/setting/audit.tsx"),
      // The catalogue (issue 4). Each slice uncomments its lines once the files exist.
      // listing (helper A)
      route("products/listing", "routes/admin/products/listing.tsx"),
      // editor (helper B)
      route("products/add", "routes/admin/products/add/index.tsx"),
      route("products/add/single", "routes/admin/products/add/single.tsx"),
      route("products/:slug/edit", "routes/admin/products/edit.tsx"),
      // services, gift vouchers, vouchers, packages (helper C)
      route("products/service", "routes/admin/products/service/list.tsx"),
      route("products/service/add", "routes/admin/products/service/add.tsx"),
      route("products/service/:slug/edit", "routes/admin/products/service/edit.tsx"),
      route("products/gift-voucher", "routes/admin/products/gift-voucher/list.tsx"),
      route("products/gift-voucher/add", "routes/admin/products/gift-voucher/add.tsx"),
      route("products/gift-voucher/:slug/edit", "routes/admin/products/gift-voucher/edit.tsx"),
      route("products/gift-voucher/:slug/view", "routes/admin/products/gift-voucher/view.tsx"),
      route("products/voucher", "routes/admin/products/voucher/list.tsx"),
      route("products/voucher/add", "routes/admin/products/voucher/add.tsx"),
      route("products/voucher/:slug/edit", "routes/admin/products/voucher/edit.tsx"),
      route("products/package", "routes/admin/products/package/list.tsx"),
      route("products/package/add", "routes/admin/products/package/add.tsx"),
      route("products/package/:slug/edit", "routes/admin/products/package/edit.tsx"),
      // bulk add and mass update (helper D)
      route("products/add/bulk", "routes/admin/products/add/bulk.tsx"),
      route("products/add/bulk/template", "routes/admin/products/add/bulk-template.tsx"),
      route("products/add/:slug/view-bulk", "routes/admin/products/add/view-bulk.tsx"),
      route("products/add/:slug/view-draft", "routes/admin/products/add/view-draft.tsx"),
      route("products/mass-update", "routes/admin/products/mass-update/index.tsx"),
      route("products/mass-update/:slug", "routes/admin/products/mass-update/section.tsx"),
      route("products/mass-update/:slug/download", "routes/admin/products/mass-update/download.tsx"),
      route("products/mass-update/:slug?/:id/:status", "routes/admin/products/mass-update/detail.tsx"),
      // barcodes (helper E); the print page is bare, below, outside this layout
      route("products/barcode", "routes/admin/products/barcode/index.tsx"),
      route("products/barcode/labels", "routes/admin/products/barcode/labels.ts"),
      // Stock transfers (issue 14 item 4).
      route("erp/inventory/mutation", "routes/admin/erp/inventory/mutation/list.tsx"),
      route("erp/inventory/mutation/new", "routes/admin/erp/inventory/mutation/new.tsx"),
      route("erp/inventory/mutation/:id", "routes/admin/erp/inventory/mutation/detail.tsx"),
      route("erp/inventory/:slug/mutation", "routes/admin/erp/inventory/mutation/location.tsx"),
      // Inventory: stock overview, product stock and history, search, warehouses (issue 14, part A)
      route("erp/inventory", "routes/admin/erp/inventory/index.tsx"),
      route("erp/inventory/all-inventory", "routes/admin/erp/inventory/all-inventory.tsx"),
      route("erp/inventory/all-inventory/:slug/stock", "routes/admin/erp/inventory/product-stock.tsx"),
      route("erp/inventory/all-inventory/:slug/stock-history", "routes/admin/erp/inventory/stock-history.tsx"),
      route("erp/inventory/search", "routes/admin/erp/inventory/search.tsx"),
      route("erp/inventory/warehouse", "routes/admin/erp/inventory/warehouse.tsx"),
      // POS reports — inventory (issue 14, part A)
      route("omnichannel/pos-report/inventory/current-stock", "routes/admin/omnichannel/pos-report/inventory/current-stock.tsx"),
      route("omnichannel/pos-report/inventory/beginning-stock", "routes/admin/omnichannel/pos-report/inventory/beginning-stock.tsx"),
      route("omnichannel/pos-report/inventory/stock-location", "routes/admin/omnichannel/pos-report/inventory/stock-location.tsx"),
      route("omnichannel/pos-report/inventory/store-stock", "routes/admin/omnichannel/pos-report/inventory/store-stock.tsx"),
      // Money (issue 15): saldo and withdrawals.
      route("income-balance/saldo", "routes/admin/income-balance/saldo.tsx"),
      // Inventory operations (issue 14, engineer D): all movements and the last stock priority.
      route("erp/inventory/all-mutation", "routes/admin/erp/inventory/all-mutation.tsx"),
      route("omnichannel/pos-report/inventory/last-stock-priority", "routes/admin/omnichannel/pos-report/inventory/last-stock-priority.tsx"),
      // Stock counts (opname) and adjustments (issue 14 part C).
      route("erp/inventory/opname", "routes/admin/erp/inventory/opname/list.tsx"),
      route("erp/inventory/opname/new", "routes/admin/erp/inventory/opname/new.tsx"),
      route("erp/inventory/opname/:id", "routes/admin/erp/inventory/opname/detail.tsx"),
      route("erp/inventory/opname/:id/template", "routes/admin/erp/inventory/opname/template.ts"),
      route("erp/inventory/:slug/opname", "routes/admin/erp/inventory/opname/location.tsx"),
      route("erp/inventory/adjustment", "routes/admin/erp/inventory/adjustment/list.tsx"),
      route("erp/inventory/adjustment/:id", "routes/admin/erp/inventory/adjustment/detail.tsx"),
      route("omnichannel/pos-report/inventory/opname-adjustment/:sid?/:bid?/:slug?", "routes/admin/omnichannel/pos-report/opname-adjustment.tsx"),
      // Money (issue 15): the balance pages' entry and the points page.
      route("income-balance", "routes/admin/income-balance/index.tsx"),
      route("income-balance/points", "routes/admin/income-balance/points.tsx"),
      // the deposit (issue 15 item 3)
      route("income-balance/deposit", "routes/admin/income-balance/deposit/index.tsx"),
      route("income-balance/deposit/payments/:id", "routes/admin/income-balance/deposit/payment.tsx"),
      route("income-balance/deposit/invoices/:id", "routes/admin/income-balance/deposit/invoice.tsx"),
      // Money (issue 15): income and settlements, and the POS transaction reports over them.
      route("income-balance/income", "routes/admin/income-balance/income.tsx"),
      route("income-balance/commissions", "routes/admin/income-balance/commissions.tsx"),
      route("income-balance/settlement/:slug?", "routes/admin/income-balance/settlement.tsx"),
      route("omnichannel/pos-report/transaction/daily-settlement-list", "routes/admin/omnichannel/pos-report/transaction/daily-settlement-list.tsx"),
      route("omnichannel/pos-report/transaction/consolidation-settlement", "routes/admin/omnichannel/pos-report/transaction/consolidation-settlement.tsx"),
      route("omnichannel/pos-report/transaction/transaction-detail", "routes/admin/omnichannel/pos-report/transaction/transaction-detail.tsx"),
      // The inbox (issue 17): product discussions and reviews, each a list and a page per thread / review.
      route("inbox/discussion", "routes/admin/inbox/discussions.tsx"),
      route("inbox/discussion/:id", "routes/admin/inbox/discussion.tsx"),
      route("inbox/review", "routes/admin/inbox/reviews.tsx"),
      route("inbox/review/:id", "routes/admin/inbox/review.tsx"),
      // Chat with buyers and the order inbox (issue 17 items 1 and 2): one list, two routes; a page per conversation.
      route("inbox/chat", "routes/admin/inbox/chats.tsx", { id: "inbox-chat" }),
      route("inbox/order", "routes/admin/inbox/chats.tsx", { id: "inbox-order" }),
      route("inbox/chat/:id", "routes/admin/inbox/conversation.tsx"),
      // Promotions (issue 16): the list (overall or for a brand / channel), one form for create / edit / recreate, the detail.
      // The customer centre (issue 17): resellers, suppliers and partners — one set of route
      // modules for the three kinds (the kind is the first URL segment) — and the margins.
      ...(["reseller", "supplier", "partner"] as const).flatMap((kind) => [
        route(`${kind}/data`, "routes/admin/partner/list.tsx", { id: `${kind}-list` }),
        route(`${kind}/add`, "routes/admin/partner/form.tsx", { id: `${kind}-add` }),
        route(`${kind}/data-detail/:id`, "routes/admin/partner/detail.tsx", { id: `${kind}-detail` }),
        route(`${kind}/edit/:id`, "routes/admin/partner/form.tsx", { id: `${kind}-edit` }),
      ]),
      route("margin", "routes/admin/margin/index.tsx"),
      route("margin/default", "routes/admin/margin/add.tsx", { id: "margin-default" }),
      route("margin/other", "routes/admin/margin/rules.tsx", { id: "margin-other" }),
      route("margin/store-margin", "routes/admin/margin/rules.tsx", { id: "margin-store" }),
      route("margin/add/:slug", "routes/admin/margin/add.tsx"),
      route("margin-v0/*", "routes/admin/margin/v0.tsx"),
      route("promotions/:slug?/listing", "routes/admin/promotions/list.tsx"),
      route("promotions/create", "routes/admin/promotions/form.tsx", { id: "promotion-create" }),
      route("promotions/followers-voucher", "routes/admin/promotions/form.tsx", { id: "promotion-followers-voucher" }),
      route("promotions/edit/:slug", "routes/admin/promotions/form.tsx", { id: "promotion-edit" }),
      route("promotions/recreate/:slug", "routes/admin/promotions/form.tsx", { id: "promotion-recreate" }),
      route("promotions/detail/:slug", "routes/admin/promotions/detail.tsx"),
      // Indie ads (issue 16 item 4): the list with the deposit, one form for create / edit, the detail with its days.
      route("promotions/indie-ads", "routes/admin/promotions/indie-ads/list.tsx"),
      route("promotions/indie-ads/create", "routes/admin/promotions/indie-ads/form.tsx", { id: "ad-create" }),
      route("promotions/indie-ads/:id/edit", "routes/admin/promotions/indie-ads/form.tsx", { id: "ad-edit" }),
      route("promotions/indie-ads/:id", "routes/admin/promotions/indie-ads/detail.tsx"),
      route("promotions/indie-campaign", "routes/admin/promotions/campaigns/list.tsx"),
      route("promotions/indie-campaign/:id", "routes/admin/promotions/campaigns/entry.tsx"),
      // The customer centre (issue 17): /customer alone opens the list.
      route("customer/data", "routes/admin/customer/data.tsx"),
      route("customer/performance", "routes/admin/customer/performance.tsx"),
      route("customer/:slug?", "routes/admin/customer/detail.tsx"),
      // Broadcasts (issue 17 item 6): the list, the form (the spec's add-broadcast), one broadcast with its delivery log.
      route("customer-broadcast", "routes/admin/customer-broadcast/list.tsx"),
      route("customer-broadcast/add-broadcast", "routes/admin/customer-broadcast/form.tsx"),
      route("customer-broadcast/:id", "routes/admin/customer-broadcast/detail.tsx"),
    ]),
    // Print pages: signed-in sellers, no sidebar or header (their own middleware).
    route("products/barcode/print", "routes/admin/products/barcode/print.tsx"),
    route("erp/inventory/mutation/:id/print", "routes/admin/erp/inventory/mutation/print.tsx"),
    route("print/deposit-invoice", "routes/admin/print/deposit-invoice.tsx"),
    route("print/deposit-sales-po", "routes/admin/print/deposit-sales-po.tsx"),
    route("error/not-found", "routes/error/not-found.tsx", { id: "error-not-found" }),
    route("error/maintance", "routes/error/maintenance.tsx"),
    route("*", "routes/error/not-found.tsx", { id: "splat" }),
  ]),
] satisfies RouteConfig;
