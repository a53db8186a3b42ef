/**
 * Every background job kind of the app, registered by importing the modules that define them
 * (defineExport / registerJob run at import). The process imports this once (server/app.ts, and
 * the export history, which queues exports), so a job queued by one process can be run by any:
 * a kind never depends on which pages or API routes happened to be loaded.
 */
import "#core/audit/audit-log.ts";
import "#core/business/business.ts";
import "#core/catalog/barcode-labels.ts";
import "#core/catalog/product-list.ts";
import "#core/catalog/services.ts";
import "#core/jobs/product-bulk.ts";
import "#core/money/income.ts";
import "#core/money/settle-day.ts";
import "#core/orders/listing.ts";
import "#core/profile/brands.ts";
import "#core/profile/channels.ts";
import "#core/profile/factories.ts";
import "#core/profile/store-fees.ts";
import "#core/profile/stores-service.ts";
import "#core/profile/warehouses.ts";
import "#core/stock/mutations.ts";
// Money (issue 15): the points history.
import "#core/money/points.ts";
import "#core/money/saldo.ts";
import "#core/money/deposit.ts";
// Promotions (issue 16): their clock.
import "#core/promotions/sweep.ts";
// Indie ads: the channel's activity, simulated in demo.
import "#core/promotions/ad-simulator.ts";
// Customers (issue 17): exports, and linking the orders that came before them.
import "#core/customers/customers.ts";
import "#core/customers/backfill.ts";
// Broadcasts (issue 17 item 6): the sending job and the sweep that starts scheduled ones.
import "#core/customers/broadcast-send.ts";
// Chat (issue 17 item 1): replies a stopped process left "Sending" are settled from their outbox row.
import "#core/chat/settle.ts";
