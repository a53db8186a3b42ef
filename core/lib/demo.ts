/**
 * Demo mode: the demo accounts are seeded (with the public password `indie-demo`), the notifier's
 * outbox is readable without signing in when no real provider is configured, and an owner may
 * approve their own company in moderation. None of that belongs on a real deployment, so:
 *   DEMO=on  → on;  DEMO=off → off;
 *   unset    → on only when the app runs on its own embedded database (a laptop's `npm start`;
 *              db/bootstrap.ts sets EMBEDDED_DB=1), off against any DATABASE_URL.
 * The one place that decides; read on every call so tests and scripts can switch it.
 */
export function isDemo(): boolean {
  if (process.env.DEMO === "on") return true;
  if (process.env.DEMO === "off") return false;
  return process.env.EMBEDDED_DB === "1";
}
