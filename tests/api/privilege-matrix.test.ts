/**
 * Privileges enforced everywhere from one table (issue 13 item 2): every admin page route (read
 * from app/routes.ts, like bad-input-pages.test.ts) and every API path (read from the Hono app's
 * routes, like bad-input.test.ts) is asked what it needs from the one table
 * (core/auth/privileges.ts: needForPage, needForApi — a privilege, an owner, or nothing), then
 * called by:
 *   - a staff member holding only P, for every privilege P (a finer one with its group): 403 exactly
 *     when P does not meet the need, else anything but 403 (200, 404 for a missing id, 422 for bad
 *     input);
 *   - a staff member holding every privilege but the one needed (and, for a group, its finer ones):
 *     403;
 *   - the owner: never 403.
 * A page's 403 is the 403 page (status 403, its title and what is missing, in the HTML); the API's
 * is the envelope's 403. Pages: GET, and POST with an empty form (the guard runs before the action);
 * API: every GET, and every write with no body (the privilege is checked before the input, so a
 * staff member without it learns nothing from the messages). Writes name ids that do not exist
 * (999999), so nothing of the demo data changes; a business's own id where the path is the
 * business. Calls that need nothing more than being signed in are walked by their GETs only (their
 * writes sign out, change the password, switch business: not about privileges), and so are the
 * pages any member opens (their own account, security, notifications, switch user). Staff members'
 * default page is none of these pages (their own default page always opens, by design).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "#api/app.ts";
import routeConfig from "#app/routes.ts";
import { issueToken } from "#core/auth/tokens.ts";
import { groupOf, isGroup, meets, needForApi, needForPage, PRIVILEGES, type Need, type Privilege } from "#core/auth/privileges.ts";
import { db } from "#db/client.ts";
import { businessMembers, orders, products, users } from "#db/schema/index.ts";
import { app } from "#server/app.ts";
import { DEMO, sessionCookie } from "./helpers.ts";
import { shopOf } from "./order-fixtures.ts";

// ---- who asks ----------------------------------------------------------------------------------

type Person = { label: string; role: "owner" | "staff"; privileges: Privilege[]; token: string; cookie: string };

let businessId: number;
let owner: Person;
const only = new Map<Privilege, Person>();
const allBut = new Map<Privilege, Person>();
let made = 0;

async function staffWith(label: string, privileges: Privilege[]): Promise<Person> {
  const [u] = await db.insert(users).values({ name: `Matrix ${label}`, email: `matrix-${++made}@indie.test`, passwordHash: "-" }).returning({ id: users.id });
  await db.insert(businessMembers).values({ businessId, userId: u.id, role: "staff", privileges, defaultRoute: "/matrix-nowhere" });
  const token = await issueToken(u.id);
  return { label, role: "staff", privileges, token, cookie: await sessionCookie(token) };
}

/** Only `p` (a finer privilege with its group). */
const holding = (p: Privilege): Privilege[] => (isGroup(p) ? [p] : [groupOf(p), p]);
/** Every privilege but `p` (a group goes with its finer ones). */
const lacking = (p: Privilege): Privilege[] => PRIVILEGES.filter((q) => q !== p && !(isGroup(p) && groupOf(q) === p));

beforeAll(async () => {
  const shop = await shopOf(DEMO.seller);
  businessId = shop.businessId;
  const token = await issueToken(shop.userId);
  owner = { label: "owner", role: "owner", privileges: [...PRIVILEGES], token, cookie: await sessionCookie(token) };
  for (const p of PRIVILEGES) {
    only.set(p, await staffWith(`only ${p}`, holding(p)));
    allBut.set(p, await staffWith(`all but ${p}`, lacking(p)));
  }
});

/** Who is asked about a call needing `need`, and whether they must get 403. */
function askers(need: Need | null): { who: Person; forbidden: boolean }[] {
  const list = [...only.values()].map((who) => ({ who, forbidden: !meets(who, need) }));
  if (need !== null && need !== "owner" && need !== "company-owner") list.push({ who: allBut.get(need)!, forbidden: true });
  if (need === "owner" || need === "company-owner") list.push({ who: allBut.get("dashboard")!, forbidden: true });
  list.push({ who: owner, forbidden: false });
  return list;
}

/** Runs `jobs` a few at a time (2 cores, shared). */
async function inBatches<T>(jobs: (() => Promise<T>)[], size = 4): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < jobs.length; i += size) out.push(...(await Promise.all(jobs.slice(i, i + size).map((j) => j()))));
  return out;
}

// ---- the pages, from app/routes.ts ----------------------------------------------------------------

type Entry = { file: string; path?: string; index?: boolean; children?: Entry[] };
type PageRoute = { file: string; pattern: string; admin: boolean };

function flatten(entries: Entry[], parent = "", admin = false): PageRoute[] {
  return entries.flatMap((e) => {
    const own = e.path === undefined || e.path === "id?" ? "" : e.path;
    const pattern = [parent, own].filter(Boolean).join("/");
    const inAdmin = admin || e.file.startsWith("routes/admin/");
    const self = e.path === undefined && !e.index ? [] : [{ file: e.file, pattern: `/${pattern}`, admin: inAdmin }];
    return [...self, ...flatten(e.children ?? [], pattern, inAdmin)];
  });
}

const pages = [...new Map(flatten(routeConfig as Entry[]).filter((r) => r.admin).map((r) => [r.pattern, r])).values()];
/** A page path with its params filled: the business's own company where the path is a company, else `id`. */
const fill = (pattern: string, id: string) =>
  pattern.replace(/^\/profile\/company\/:slug/, `/profile/company/${businessId}`).replace(/:(\w+)\??/g, id);

// ---- the API, from the Hono app ---------------------------------------------------------------------

const READS = ["GET", "HEAD", "OPTIONS"];
const apiRoutes = [...new Map(api.routes
  .filter((r) => ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(r.method) && !r.path.includes("*"))
  .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }])).values()];

/** A path with its params filled: the first word a param allows, the business's own id where the path is the business, else `id`. */
function apiPath(pattern: string, id: string) {
  return pattern
    .replace(/\/(business|settings\/business|accounts\/business)\/:id(\{[^}]*\})?/, (_, seg: string) => `/${seg}/${businessId}`)
    .replace(/:\w+(\{([^}]*)\})?/g, (_, __, choices?: string) => (choices && /^[\w|-]+$/.test(choices) ? choices.split("|")[0] : id));
}

type Seen = { what: string; who: string; status: number; forbidden: boolean; ok: boolean; note?: string };

function failures(seen: Seen[]) {
  return seen.filter((s) => !s.ok).map((s) => `${s.what} as ${s.who}: ${s.status}${s.forbidden ? " (expected 403)" : " (expected neither 403 nor 5xx)"}${s.note ? ` ${s.note}` : ""}`);
}

describe("the one privilege table", () => {
  it("names a need for every admin page (none for the few any seller opens)", () => {
    expect(pages.length).toBeGreaterThan(60);
    const open = pages.filter((r) => needForPage(fill(r.pattern, "1")) === null).map((r) => r.pattern);
    // One's own account, notifications and their settings open whatever one's privileges; so does
    // /list, the businesses one works for (where one picks the business to switch to).
    expect(open.sort()).toEqual(["/business/switch", "/exports/:id/download", "/list", "/notification", "/setting/account", "/setting/notification", "/setting/security", "/switch-user"]);
  });
});

describe("every admin page × every privilege", () => {
  it("GET: the 403 page exactly for a staff member without what the page needs", async () => {
    const jobs = pages.flatMap((r) => {
      const url = fill(r.pattern, "1");
      const need = needForPage(url);
      return askers(need).map(({ who, forbidden }) => async (): Promise<Seen> => {
        const res = await app.request(url, { headers: { Cookie: who.cookie, "Accept-Language": "en" } });
        const html = await res.text();
        const isPage = res.status === 403 && /You can(&#x27;|&#39;|')t open this page/.test(html);
        const ok = forbidden ? res.status === 403 && isPage : res.status !== 403 && res.status < 500;
        return { what: `GET ${url} (needs ${need})`, who: who.label, status: res.status, forbidden, ok, note: forbidden && !isPage ? "not the 403 page" : undefined };
      });
    });
    const seen = await inBatches(jobs);
    console.info(`pages GET: ${pages.length} routes × ${PRIVILEGES.length} privileges (+ lacking-exactly and owner) = ${seen.length} requests`);
    expect(failures(seen)).toEqual([]);
  }, 600_000);

  it("POST with an empty form: 403 before the action runs, for the same staff members", async () => {
    const jobs = pages.flatMap((r) => {
      const url = fill(r.pattern, "999999");
      const need = needForPage(url);
      // Pages any member opens are walked by their GETs only: their writes are one's own (switch
      // user signs out, the security page ends sessions), not about privileges.
      if (need === null) return [];
      return askers(need).map(({ who, forbidden }) => async (): Promise<Seen> => {
        const res = await app.request(url, {
          method: "POST",
          headers: { Cookie: who.cookie, "Accept-Language": "en", "Content-Type": "application/x-www-form-urlencoded" },
          body: "",
        });
        const ok = forbidden ? res.status === 403 : res.status !== 403 && res.status < 500;
        return { what: `POST ${url} (needs ${need})`, who: who.label, status: res.status, forbidden, ok };
      });
    });
    const seen = await inBatches(jobs);
    console.info(`pages POST: ${pages.length} routes, ${seen.length} requests`);
    expect(failures(seen)).toEqual([]);
  }, 600_000);
});

describe("every API path × every privilege", () => {
  async function walk(routes: { method: string; path: string }[], id: string) {
    const jobs = routes.flatMap((r) => {
      const path = apiPath(r.path, id);
      const need = needForApi(r.method, path);
      return askers(need).map(({ who, forbidden }) => async (): Promise<Seen> => {
        const res = await api.request(path, { method: r.method, headers: { Authorization: `Bearer ${who.token}`, "Accept-Language": "en" } });
        const body = (await res.json().catch(() => null)) as { code?: number } | null;
        const ok = forbidden ? res.status === 403 && body?.code === 403 : res.status !== 403 && res.status < 500;
        return { what: `${r.method} ${path} (needs ${need})`, who: who.label, status: res.status, forbidden, ok };
      });
    });
    return inBatches(jobs);
  }

  it("GET: the envelope's 403 exactly for a staff member without what the call needs", async () => {
    const reads = apiRoutes.filter((r) => READS.includes(r.method));
    const seen = await walk(reads, "1");
    console.info(`API GET: ${reads.length} paths, ${seen.length} requests`);
    expect(failures(seen)).toEqual([]);
  }, 600_000);

  it("writes with no body: 403 before the input is read; the others reach the input (422) or a missing id (404)", async () => {
    const writes = apiRoutes.filter((r) => !READS.includes(r.method) && needForApi(r.method, apiPath(r.path, "999999")) !== null);
    const seen = await walk(writes, "999999");
    console.info(`API writes: ${writes.length} paths, ${seen.length} requests`);
    expect(failures(seen)).toEqual([]);
  }, 600_000);
});

describe("finer privileges the body decides", () => {
  const bulk = (who: Person, ids: number[]) => api.request("/api/v0.0.1/products/bulk", {
    method: "PUT",
    headers: { Authorization: `Bearer ${who.token}`, "Content-Type": "application/json", "Accept-Language": "en" },
    body: JSON.stringify({ action: "delete", product_ids: ids }),
  });

  it("deleting products in bulk needs products.delete; archiving them does not", async () => {
    const [p] = await db.select({ id: products.id }).from(products).where(eq(products.businessId, businessId)).limit(1);
    const refused = await bulk(only.get("products")!, [p.id]);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe("Your account has no access to Delete products. Ask the business owner to give it to you.");
    expect(await db.select({ id: products.id }).from(products).where(eq(products.id, p.id))).toHaveLength(1);
    const done = await bulk(only.get("products.delete")!, [p.id]);
    expect(done.status).not.toBe(403);
  });

  it("the order page's cancel needs orders.cancel: the 403 page; accepting does not", async () => {
    const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.businessId, businessId)).limit(1);
    const post = (who: Person, act: string) => app.request(`/orders/${o.id}`, {
      method: "POST",
      headers: { Cookie: who.cookie, "Accept-Language": "en", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "action", do: act, reason: "1", confirmed: "1" }).toString(),
    });
    const refused = await post(only.get("orders")!, "cancel");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Cancel and reject orders");
    expect((await post(only.get("orders.cancel")!, "cancel")).status).not.toBe(403);
    expect((await post(only.get("orders")!, "accept")).status).not.toBe(403);
  });

  it("the staff form refuses a finer privilege without its group", async () => {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.staff));
    const res = await api.request(`/api/v0.0.0/omnipos/accounts/seller/users/${u.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json", "Accept-Language": "en" },
      body: JSON.stringify({ privileges: ["orders", "products.delete"] }),
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain("A finer privilege needs its area ticked too");
  });
});
