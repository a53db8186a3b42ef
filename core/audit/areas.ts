/**
 * The audit log's areas (the sidebar groups its objects belong to, core/audit/audit-log.ts), for
 * its filter. Plain constants, browser-safe.
 */
export const AUDIT_AREAS = ["profile", "products", "orders", "inbox", "promotion", "customer", "setting", "other"] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];
