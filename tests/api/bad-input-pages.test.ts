/**
 * Bad input never gets a 500 (issue 12), the page actions' part (bad-input.test.ts walks the API):
 * EVERY page route that has an action — read from app/routes.ts and the modules it names, never a
 * hand-kept list (the first test checks it against the modules that export `action`) — gets
 * fast-check's requests through the whole app (server/app.ts, `app.request`), signed in as the
 * demo seller (a fresh session each test: a walk may sign out or switch business) and signed out:
 *   - form bodies, urlencoded or multipart: either the page's own form as it renders (read from
 *     the page, valid as it stands, mostly) with a few fields broken, dropped, repeated or added —
 *     which reaches past the schema into core and the database — or fields made up from a pool of
 *     the form's names (from the page, the module and what it imports), `intent`, `_action`,
 *     `confirmed`, prototype keys and odd names; values: the module's own words (intents,
 *     actions), demo ids, huge, negative and odd numbers, empty, long (up to the 1 MB body limit
 *     and past it), emoji, markup, and raw bytes a browser never sends (NUL, lone surrogates,
 *     broken percent escapes); a file part now and then;
 *   - random query strings, route params (existing demo ids mostly; "999999", past the integer
 *     range, not a number), React Router's data requests (`/path.data`) besides document ones,
 *     the /id pages;
 *   - broken multipart, bodies that are not forms, odd Accept-Language headers, signed out a
 *     cookie that is no session.
 * What must hold for each answer:
 *   - never a 5xx;
 *   - a refusal (4xx) wrote nothing: every committed write is noted by a trigger (fuzz.ts
 *     watchWrites — an UPDATE too, which row counts would miss), and a 4xx answer must have none
 *     but what a refusal writes by design (REFUSAL_MAY_WRITE). A 2xx/3xx answer may have accepted
 *     a valid body (the page's own form, a factory with only a name), so its writes are not
 *     checked — except a signed-out request sent to sign in, which must have written nothing.
 * Bounded: FUZZ_PAGE_RUNS (default 15) runs per route signed in, a third of that signed out, about
 * a minute in all on 2 cores. The seed is FUZZ_SEED (fuzz.ts) plus the route's place; a failure
 * says the request, the seed and the path (FUZZ_SHRINK=1 shrinks it; FUZZ_STATS=1 prints what
 * each route answered).
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import routeConfig from "#app/routes.ts";
import { issueToken } from "#core/auth/tokens.ts";
import { db } from "#db/client.ts";
import { productUploads, users } from "#db/schema/index.ts";
import { app } from "#server/app.ts";
import { FUZZ_SEED, takeWrites, watchWrites } from "./fuzz.ts";
import { DEMO, sessionCookie } from "./helpers.ts";
import { shopOf } from "./order-fixtures.ts";

const NUM_RUNS = Number(process.env.FUZZ_PAGE_RUNS ?? 15);
const NUM_RUNS_SIGNED_OUT = Math.max(2, Math.round(NUM_RUNS / 3));
const APP_DIR = path.resolve("app");

// ---- the routes that have an action, from app/routes.ts -------------------------------------------

type Entry = { file: string; path?: string; index?: boolean; children?: Entry[] };
type PageRoute = { file: string; pattern: string; index: boolean };

/** Every route of the config with its whole URL pattern (English: the optional "id?" segment left out). */
function flatten(entries: Entry[], parent = ""): PageRoute[] {
  return entries.flatMap((e) => {
    const own = e.path === undefined || e.path === "id?" ? "" : e.path;
    const pattern = [parent, own].filter(Boolean).join("/");
    return [{ file: e.file, pattern: `/${pattern}`, index: Boolean(e.index) }, ...flatten(e.children ?? [], pattern)];
  });
}

const allRoutes = flatten(routeConfig as Entry[]);
const modules = new Map<string, Record<string, unknown>>();
for (const r of allRoutes) {
  if (!modules.has(r.file)) modules.set(r.file, await import(/* @vite-ignore */ path.join(APP_DIR, r.file)));
}
const actionRoutes = allRoutes.filter((r) => typeof modules.get(r.file)!.action === "function");

/** The modules under app/routes whose source exports an action (what the config must reach). */
function filesExportingAction(dir = path.join(APP_DIR, "routes")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return filesExportingAction(full);
    if (!/\.tsx?$/.test(d.name) || d.name.endsWith(".test.ts")) return [];
    const source = fs.readFileSync(full, "utf8");
    return /export\s+(async\s+)?function\s+action\s*\(|export\s+const\s+action\s*[=:]|export\s*\{[^}]*\baction\b[^}]*\}/.test(source)
      ? [path.relative(APP_DIR, full)]
      : [];
  });
}

/**
 * Actions whose success would spoil the walk for the routes after them. Each test signs in
 * afresh, so sign-out (logout) and the business picker are harmless and walked; none is left out
 * today. Add one here only with the reason.
 */
const SKIPPED: Record<string, string> = {};

// ---- the form's own field names and words, read cheaply from its source -------------------------

const IMPORT = /from\s+["'](\.{1,2}\/[^"']+|#app\/[^"']+|#core\/[^"']+)["']/g;

function resolveImport(spec: string, from: string) {
  if (spec.startsWith("#app/")) return path.join(APP_DIR, spec.slice(5));
  if (spec.startsWith("#core/")) return path.resolve("core", spec.slice(6));
  return path.resolve(path.dirname(from), spec);
}

/** The module's source and what it imports (one step: its .server helpers, forms and schemas). */
function sourcesOf(file: string) {
  const main = path.join(APP_DIR, file);
  const own = fs.readFileSync(main, "utf8");
  const imported = [...own.matchAll(IMPORT)]
    .map((m) => resolveImport(m[1], main))
    .filter((f) => fs.existsSync(f) && !/[\\/](i18n|meta|session\.server|errors\.server)[^\\/]*$/.test(f));
  const local = imported.filter((f) => f.startsWith(path.dirname(main)) || f.includes(`${path.sep}lib${path.sep}`));
  return { own, local: local.map((f) => fs.readFileSync(f, "utf8")), all: imported.map((f) => fs.readFileSync(f, "utf8")) };
}

function formWordsOf(file: string) {
  const { own, local, all } = sourcesOf(file);
  const names = new Set<string>();
  for (const source of [own, ...all]) {
    for (const m of source.matchAll(/\bname[=:]\s*["'`]([A-Za-z_][\w[\].-]{0,40})["'`]/g)) names.add(m[1]);
    for (const m of source.matchAll(/\bfields=\{\{([^}]*)\}\}/g)) for (const k of m[1].matchAll(/([a-z_][a-z0-9_]*)\s*:/g)) names.add(k[1]);
    if (/\bz\.object\b|from ["']zod["']/.test(source)) {
      for (const m of source.matchAll(/\b([a-z][a-z0-9_]{1,40})\s*:\s*(?:z\.|[a-z][A-Za-z]*\()/g)) names.add(m[1]);
    }
    for (const m of source.matchAll(/\bform(?:Data)?\.get(?:All)?\(\s*["']([^"']{1,40})["']/g)) names.add(m[1]);
  }
  // Words the action compares against (intents, actions, steps): its own string literals.
  const words = new Set<string>();
  for (const source of [own, ...local]) for (const m of source.matchAll(/["']([a-z][a-z0-9_-]{1,30})["']/g)) words.add(m[1]);
  return { names: [...names], words: [...words] };
}

// ---- what the generated requests are made of -----------------------------------------------------

const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "__proto__[admin]", "constructor[prototype][x]"];
const COMMON_NAMES = [
  "intent", "_action", "action", "confirmed", "redirectTo", "id", "ids", "name", "status", "page", "search", "q", "note", "email",
  "password", "phone", "price", "quantity", "items", "items[0][sku]", "items[][quantity]", "a[]", "", " ", "x".repeat(300),
];
const NUMBERS = [
  "0", "-0", "-1", "1", "1.5", "-1.5", "1e3", "1e309", "-1e309", "NaN", "Infinity", "-Infinity", "0x10", "0b1", "1_000",
  "2147483647", "2147483648", "-2147483649", "9007199254740993", "99999999999999999999", "9".repeat(400), "1,5", "1.000.000", " 1 ",
];
const STRINGS = [
  "", " ", "\t\n", "null", "undefined", "true", "false", "[]", "{}", "[object Object]", "<script>alert(1)</script>", "' OR 1=1 --",
  "../../etc/passwd", "https://evil.test/", "//evil.test", "javascript:alert(1)", "🧵🧶", "👩🏽‍💻", "e\u0301", "\u202eabc", "\ufeff", "ß", "İ",
  "2024-02-30", "2024-13-01T25:61:00Z", "-", "%", "+", "&", "=", "?", "#", "\\", "\"", "'", "`",
];
/** Raw bytes a browser never sends but a client can: NUL, lone surrogates in CESU/WTF-8, broken escapes. */
const RAW_TOKENS = ["%00", "a%00b", "%ED%A0%80", "%ED%BF%BF", "%F0%9F", "%C0%80", "%FF", "%", "%zz", "%%", "%2", "+", "%E2%80%AE"];

/** `arb` once in `n` draws, else null. */
const sometimes = <T>(arb: fc.Arbitrary<T>, n: number) =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

const long = fc.constantFrom(256, 5_000, 70_000, 400_000).chain((n) => fc.constantFrom("a", "é", "🧵", "0", " ").map((c) => c.repeat(n / c.length)));

function requestArb(route: PageRoute, words: { names: string[]; words: string[] }, params: Record<string, string[]>, forms: Array<Array<[string, string]>>) {
  const formNames = forms.flatMap((f) => f.map(([n]) => n));
  const names = [...new Set([...words.names, ...formNames])];
  const realName = names.length ? fc.constantFrom(...names) : fc.constant("name");
  const name = fc.oneof(
    { weight: 6, arbitrary: realName },
    { weight: 2, arbitrary: fc.constantFrom(...COMMON_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: realName.map((n) => `${n}[]`) },
  );
  const word = words.words.length ? fc.constantFrom(...words.words) : fc.constant("x");
  const knownIds = [...new Set(Object.values(params).flat())];
  const value = fc.oneof(
    { weight: 4, arbitrary: word },
    { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom(...STRINGS) },
    { weight: 2, arbitrary: knownIds.length ? fc.constantFrom(...knownIds) : fc.constant("1") },
    { weight: 1, arbitrary: fc.constantFrom("1", "on") }, // confirmed=1, a ticked box
    { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: "grapheme" }) },
    { weight: 1, arbitrary: long },
  );
  // A field: its value as text, or raw bytes spliced into the encoded form.
  type Field = { name: string; value: string; raw: string | null };
  const field = fc.record({ name, value, raw: sometimes(fc.constantFrom(...RAW_TOKENS), 25) });
  const made = fc.array(field, { maxLength: 10 }).chain((fs) =>
    // the same name more than once, as a list of checkboxes sends it
    fc.nat({ max: 3 }).map((repeat) => (fs.length && repeat ? [...fs, ...Array.from({ length: repeat }, () => fs[0])] : fs)));
  // The page's own form as it renders (valid as it stands, mostly), with a few fields broken:
  // this reaches past the schema into core and the database.
  const edit = fc.oneof(
    fc.record({ kind: fc.constant("set" as const), at: fc.nat(), f: field }),
    fc.record({ kind: fc.constant("drop" as const), at: fc.nat(), f: field }),
    fc.record({ kind: fc.constant("repeat" as const), at: fc.nat(), f: field }),
    fc.record({ kind: fc.constant("add" as const), at: fc.nat(), f: field }),
  );
  const fromForm = fc.record({
    form: fc.constantFrom(...(forms.length ? forms : [[]])),
    edits: fc.array(edit, { minLength: 0, maxLength: 3 }),
    confirmed: fc.boolean(),
  }).map(({ form, edits, confirmed }) => {
    const fs: Field[] = form.map(([n, v]) => ({ name: n, value: v, raw: null }));
    for (const e of edits) {
      const at = fs.length ? e.at % fs.length : 0;
      if (e.kind === "add" || !fs.length) fs.push(e.f);
      else if (e.kind === "set") fs[at] = { ...e.f, name: fs[at].name };
      else if (e.kind === "drop") fs.splice(at, 1);
      else fs.push({ ...e.f, name: fs[at].name });
    }
    if (confirmed) fs.push({ name: "confirmed", value: "1", raw: null });
    return fs;
  });
  const fields = forms.length ? fc.oneof({ weight: 3, arbitrary: fromForm }, { weight: 2, arbitrary: made }) : made;

  const urlencoded = fields.map((fs) => ({
    kind: "urlencoded" as const,
    headers: { "Content-Type": "application/x-www-form-urlencoded" } as Record<string, string>,
    body: fs.map((f) => `${encodeURIComponent(f.name)}=${encodeURIComponent(f.value)}${f.raw ?? ""}`).join("&") as BodyInit,
  }));
  const multipart = fc.tuple(fields, sometimes(fc.record({
    name: fc.oneof(realName, fc.constantFrom("file", "image", "logo", "document", "documents[]")),
    filename: fc.constantFrom("a.png", "a.jpg", "x.xlsx", "", "../../a.png", "a\u0000.png", "🧵.pdf", "a".repeat(300)),
    type: fc.constantFrom("image/png", "image/jpeg", "application/pdf", "text/plain", "", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    bytes: fc.uint8Array({ maxLength: 64 }),
  }), 3)).map(([fs, file]) => {
    const form = new FormData();
    for (const f of fs) form.append(f.name, f.value);
    if (file) form.append(file.name, new File([file.bytes], file.filename, { type: file.type }));
    return { kind: "multipart" as const, headers: {} as Record<string, string>, body: form as BodyInit };
  });
  const broken = fc.oneof(
    fc.record({ boundary: fc.stringMatching(/^[a-z0-9]{1,20}$/), garbage: fc.string({ maxLength: 200 }).map((s) => s.replaceAll("-", "")) })
      .map(({ boundary, garbage }) => ({ headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body: garbage })),
    // a part that starts and never ends; a boundary the body does not use; no boundary at all
    fc.constant({ headers: { "Content-Type": "multipart/form-data; boundary=zz" }, body: '--zz\r\nContent-Disposition: form-data; name="name"\r\n\r\nKonveksi' }),
    fc.constant({ headers: { "Content-Type": "multipart/form-data; boundary=zz" }, body: '--yy\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--yy--\r\n' }),
    fc.constant({ headers: { "Content-Type": "multipart/form-data" }, body: "name=x" }),
    fc.constant({ headers: { "Content-Type": "multipart/form-data; boundary=" }, body: "--\r\n\r\n" }),
  ).map((b) => ({ kind: "broken" as const, ...b as { headers: Record<string, string>; body: BodyInit } }));
  const notAForm = fc.oneof(
    fc.constant({ headers: { "Content-Type": "application/json" }, body: '{"name":"x","__proto__":{"admin":true}}' }),
    fc.constant({ headers: { "Content-Type": "text/plain" }, body: "name=x" }),
    fc.constant({ headers: {}, body: "name=x" }),
    fc.constant({ headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "x".repeat(1024 * 1024 + 1) }),
  ).map((b) => ({ kind: "other" as const, ...b as { headers: Record<string, string>; body: BodyInit } }));
  const body = fc.oneof({ weight: 6, arbitrary: urlencoded }, { weight: 3, arbitrary: multipart }, { weight: 1, arbitrary: broken }, { weight: 1, arbitrary: notAForm });

  const queryPart = fc.tuple(fc.oneof(name, fc.constantFrom("confirm", "page", "search", "status", "edit", "redirectTo")), value.filter((v) => v.length < 2000),
    sometimes(fc.constantFrom(...RAW_TOKENS), 15))
    .map(([k, v, raw]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}${raw ?? ""}`);
  const paramNames = [...route.pattern.matchAll(/:(\w+)\??/g)].map((m) => m[1]);
  const paramValues = fc.tuple(...paramNames.map((p) => fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(params[p]?.length ? params[p] : ["1"])) },
    { weight: 1, arbitrary: fc.constantFrom("999999", "2147483648", "99999999999999999999", "0", "-1", "1.5", "abc", "%F0%9F%A7%B5", "%ED%A0%80") },
  )));
  return fc.record({
    params: paramValues,
    dataRequest: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    query: fc.array(queryPart, { maxLength: 4 }),
    body,
    language: fc.constantFrom("en", "id", "", "*", "zz-ZZ;q=abc", "id-ID,id;q=0.9,en;q=0.8", "x".repeat(500)),
    localePrefix: fc.oneof({ weight: 4, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constant("/id") }),
    // Sent signed out only: a cookie that is no session of ours.
    junkCookie: fc.constantFrom("", "__session=x", "__session=eyJ0b2tlbiI6IngifQ%3D%3D.bad", "__session=%00", "lng=zz; __session=", `__session=${"a".repeat(4000)}`),
  }).map((r) => {
    let i = 0;
    const filled = route.pattern.replace(/:(\w+)\??/g, () => r.params[i++]!);
    const pathPart = `${r.localePrefix}${filled === "/" && r.localePrefix ? "" : filled}` || "/";
    const url = `${r.dataRequest ? `${pathPart === "/" ? "/_root" : pathPart}.data` : pathPart}`;
    const query = [...(route.index ? ["index"] : []), ...r.query].join("&");
    return { url: query ? `${url}?${query}` : url, body: r.body, language: r.language, junkCookie: r.junkCookie };
  });
}

type Generated = ReturnType<typeof requestArb> extends fc.Arbitrary<infer T> ? T : never;

function describeRequest(g: Generated, signedIn: boolean) {
  const body = typeof g.body.body === "string" ? g.body.body : g.body.body instanceof FormData ? [...g.body.body].map(([k, v]) => `${k}=${typeof v === "string" ? v : `<file ${v.name}>`}`).join("&") : "?";
  return `POST ${g.url} (${signedIn ? "signed in" : `signed out${g.junkCookie ? `, Cookie ${JSON.stringify(g.junkCookie.slice(0, 40))}` : ""}`}, ${g.body.kind}, Accept-Language ${JSON.stringify(g.language.slice(0, 40))}) ${JSON.stringify(body.slice(0, 300))}`;
}

// ---- the demo data the params point at ------------------------------------------------------------

let businessId: number;
let sellerId: number;
/** Existing ids (or names) per route param, by the path segment before it. */
const paramsByRoute = new Map<string, Record<string, string[]>>();

async function idsOf(table: string, where = sql`business_id = ${businessId}`) {
  const { rows } = await db.execute<{ id: number }>(sql`SELECT id FROM ${sql.identifier(table)} WHERE ${where} ORDER BY id LIMIT 3`);
  return rows.map((r) => String(r.id));
}

/** The table whose ids a `:slug`/`:id` after this path segment names. */
const TABLE_OF: Record<string, string> = {
  orders: "orders", company: "businesses", brand: "brands", channel: "channels", store: "stores", warehouse: "warehouses",
  factory: "factories", products: "products", service: "services", "gift-voucher": "gift_vouchers", voucher: "vouchers",
  package: "packages", add: "product_uploads", exports: "jobs",
};
const BRAND_SECTIONS = ["social-media", "pickup-lines", "notes", "response", "holiday"];
const MASS_UPDATE_TABS = ["all", "valid", "unchanged", "error", "applied", "failed"];

async function paramsOf(pattern: string): Promise<Record<string, string[]>> {
  const segments = pattern.split("/").filter(Boolean);
  const out: Record<string, string[]> = {};
  for (const [i, seg] of segments.entries()) {
    const m = /^:(\w+)\??$/.exec(seg);
    if (!m) continue;
    const param = m[1];
    const before = segments[i - 1] ?? "";
    if (param === "section") out[param] = BRAND_SECTIONS;
    else if (param === "status") out[param] = MASS_UPDATE_TABS;
    else if (before === "mass-update" && param === "slug") out[param] = ["price", "stock", "attribute", "name"];
    else if (segments.includes("mass-update") && param === "id") out[param] = await idsOf("product_uploads", sql`business_id = ${businessId} AND mode = 'update'`);
    else if (TABLE_OF[before] === "businesses") out[param] = [String(businessId)];
    else if (TABLE_OF[before]) out[param] = await idsOf(TABLE_OF[before]);
    else out[param] = ["1"];
    if (!out[param].length) out[param] = ["1"];
  }
  return out;
}

// ---- the forms the pages render -------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#x27": "'", "#39": "'", nbsp: "\u00a0" };
const unescape = (s: string) => s.replace(/&(amp|quot|lt|gt|#x27|#39|nbsp);/g, (_, e: string) => ENTITIES[e]);
const attrsOf = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)].map((m) => [m[1].toLowerCase(), unescape(m[2] ?? "")]));

/**
 * The POST forms of a rendered page that go to `action` (a path, "?index" for an index route), each
 * as the fields a browser would send: inputs (ticked boxes only, no files), textareas, selects'
 * chosen options, and once per named submit button with that button's value.
 */
function formsOf(html: string, action: string): Array<Array<[string, string]>> {
  const out: Array<Array<[string, string]>> = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const a = attrsOf(m[1]);
    if ((a.method ?? "get").toLowerCase() !== "post" || (a.action !== undefined && a.action !== action)) continue;
    const inner = m[2].replace(/<svg[\s\S]*?<\/svg>/g, "");
    const fields: Array<[string, string]> = [];
    for (const [, tag] of inner.matchAll(/<input\b([^>]*)>/g)) {
      const i = attrsOf(tag);
      const type = (i.type ?? "text").toLowerCase();
      if (!i.name || i.disabled !== undefined || ["file", "submit", "button", "image", "reset"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && i.checked === undefined) continue;
      fields.push([i.name, i.value ?? (type === "checkbox" ? "on" : "")]);
    }
    for (const [, tag, text] of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
      const t = attrsOf(tag);
      if (t.name) fields.push([t.name, unescape(text)]);
    }
    for (const [, tag, options] of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const t = attrsOf(tag);
      const all = [...options.matchAll(/<option\b([^>]*)>/g)].map((o) => attrsOf(o[1]));
      const chosen = all.find((o) => o.selected !== undefined) ?? all[0];
      if (t.name && chosen) fields.push([t.name, chosen.value ?? ""]);
    }
    const buttons = [...inner.matchAll(/<button\b([^>]*)>/g)].map((b) => attrsOf(b[1])).filter((b) => b.name && (b.type ?? "submit") === "submit");
    if (!buttons.length) out.push(fields);
    for (const b of buttons) out.push([...fields, [b.name, b.value ?? ""]]);
  }
  return out;
}

const formsByRoute = new Map<string, Array<Array<[string, string]>>>();

/**
 * The page as the demo seller sees it (its params the first demo ids) — or, for the pages a seller
 * is sent away from (sign-in, becoming a seller), as a newcomer or a visitor does — and its forms
 * that post to this route.
 */
async function formsFor(route: PageRoute, params: Record<string, string[]>, cookies: string[]) {
  const filled = route.pattern.replace(/:(\w+)\??/g, (_, p: string) => params[p]?.[0] ?? "1");
  for (const cookie of [...cookies, ""]) {
    const res = await app.request(route.index ? `${filled}?index` : filled, { headers: { Cookie: cookie, "Accept-Language": "en" } });
    if (res.status === 200) return formsOf(await res.text(), route.index ? `${filled === "/" ? "" : filled}?index` : filled);
  }
  return [];
}

// ---- the walk -------------------------------------------------------------------------------------

/**
 * Writes a refusal makes by design: a failed sign-in or code request counts toward its limit; a
 * signed-in request notes when and from where its session was last used (at most once a minute:
 * the active-sessions list, core/auth/sessions.ts).
 */
const REFUSAL_MAY_WRITE = new Set(["rate_limits INSERT", "rate_limits UPDATE", "rate_limits DELETE", "api_tokens UPDATE"]);

/**
 * The writes left once the by-design ones are set aside. A create form's one-time token
 * (app/lib/form-token.server.ts) is claimed and, on a refusal, given back: an INSERT and a DELETE
 * of the same row, nothing kept. A claim not given back would be kept, and is reported.
 */
function lasting(writes: string[]) {
  const left = writes.filter((w) => !REFUSAL_MAY_WRITE.has(w));
  const claims = left.filter((w) => w === "idempotency_keys INSERT").length;
  const givenBack = left.filter((w) => w === "idempotency_keys DELETE").length;
  if (claims !== givenBack) return left;
  return left.filter((w) => w !== "idempotency_keys INSERT" && w !== "idempotency_keys DELETE");
}

let cookie: string;
beforeAll(async () => {
  const shop = await shopOf(DEMO.seller);
  businessId = shop.businessId;
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.seller));
  sellerId = seller.id;
  // Walked as a deployment with self sign-up open (else /auth/register is only a 404), and with an
  // upload of each kind for the bulk pages' ids (the demo seed has none).
  process.env.REGISTRATION_ENABLED = "true";
  await db.insert(productUploads).values([
    { businessId, userId: sellerId, mode: "add", filename: "draft.xlsx", status: "done", totalRows: 1, validRows: 1 },
    { businessId, userId: sellerId, mode: "update", section: 6, filename: "price.xlsx", status: "preview", totalRows: 1, validRows: 1 },
  ]);
  const [newbie] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.newbie));
  const readers = [await sessionCookie(await issueToken(sellerId)), await sessionCookie(await issueToken(newbie.id))];
  for (const r of actionRoutes) {
    paramsByRoute.set(r.pattern, await paramsOf(r.pattern));
    formsByRoute.set(r.pattern, await formsFor(r, paramsByRoute.get(r.pattern)!, readers));
  }
  await watchWrites();
});
/** FUZZ_STATS=1: what each route answered, to see how far the walk gets (printed at the end). */
const STATS = process.env.FUZZ_STATS ? new Map<string, Record<string, number>>() : null;
function count(stats: Map<string, Record<string, number>>, key: string, res: Response, wrote: boolean) {
  const location = res.headers.get("location")?.split("?")[0];
  const early = res.status === 400 && res.headers.get("content-type")?.startsWith("text/plain"); // server/unreadable.ts
  const k = `${res.status}${location ? ` ${location}` : ""}${early ? " (unreadable)" : ""}${wrote ? " wrote" : ""}`;
  const h = stats.get(key) ?? {};
  h[k] = (h[k] ?? 0) + 1;
  stats.set(key, h);
}
afterAll(async () => {
  delete process.env.REGISTRATION_ENABLED;
  if (STATS) for (const [k, h] of STATS) console.log(k, `forms ${formsByRoute.get(k.split(" ")[0])?.length}`, JSON.stringify(h));
  await db.execute(sql`DROP TABLE IF EXISTS fuzz_writes CASCADE`);
});

// Signed in afresh for each test (a token straight from core: a fuzzed sign-in must not lock the
// demo seller out of the next test): a walk may sign out, switch business or end the token.
beforeEach(async () => {
  cookie = await sessionCookie(await issueToken(sellerId));
  await takeWrites();
});

/**
 * fast-check's own report quotes the whole counterexample (up to a megabyte here): this one says
 * the request in a line, the seed and the path to replay it (FUZZ_SEED; FUZZ_SHRINK=1 shrinks it).
 */
function concise(out: fc.RunDetails<[Generated]>) {
  if (!out.failed) return;
  const why = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
  throw new Error(`Property failed after ${out.numRuns} run(s) { seed: ${out.seed}, path: "${out.counterexamplePath}" }, FUZZ_SEED=${FUZZ_SEED}:\n${why}`);
}

async function send(g: Generated, signedIn: boolean) {
  const headers: Record<string, string> = { ...g.body.headers, "Accept-Language": g.language };
  if (signedIn) headers.Cookie = cookie;
  else if (g.junkCookie) headers.Cookie = g.junkCookie;
  const res = await app.request(g.url, { method: "POST", headers, body: g.body.body });
  await res.arrayBuffer();
  return res;
}

describe("every page action", () => {
  // The walk's premise, after each route: the demo seller still signs in to a business that works
  // (a fresh session opens a signed-in page). An action whose success breaks it belongs in SKIPPED.
  afterEach(async () => {
    const fresh = await sessionCookie(await issueToken(sellerId));
    const res = await app.request("/profile/factory", { headers: { Cookie: fresh, "Accept-Language": "en" } });
    expect(res.status, "the walk left the demo seller unable to work: add the action to SKIPPED").toBe(200);
  });

  it("is in the walk: the config reaches every module that exports an action, and nothing else is walked", () => {
    // A module may serve several routes (the promotion form: create, followers voucher, edit, recreate): each is walked.
    const walked = [...new Set(actionRoutes.map((r) => r.file))].sort();
    const exporting = filesExportingAction().sort();
    expect(walked).toEqual(exporting);
    expect(actionRoutes.length).toBeGreaterThan(40);
    expect(Object.keys(SKIPPED).every((file) => walked.includes(file))).toBe(true);
  });

  it.each(actionRoutes.map((r, place) => [r.pattern + (r.index ? "?index" : ""), r, place] as const))(
    "%s: no 5xx; a refusal writes nothing",
    async (_, route, place) => {
      if (SKIPPED[route.file]) return;
      const words = formWordsOf(route.file);
      const arb = requestArb(route, words, paramsByRoute.get(route.pattern)!, formsByRoute.get(route.pattern)!);
      const seed = FUZZ_SEED + place;
      for (const [signedIn, numRuns] of [[true, NUM_RUNS], [false, NUM_RUNS_SIGNED_OUT]] as const) {
        await fc.assert(
          fc.asyncProperty(arb, async (g) => {
            await takeWrites();
            const res = await send(g, signedIn);
            const writes = lasting(await takeWrites());
            const what = `${describeRequest(g, signedIn)} → ${res.status}`;
            if (STATS) count(STATS, `${route.pattern} ${signedIn ? "in" : "out"}`, res, writes.length > 0);
            expect(res.status, what).toBeLessThan(500);
            if (res.status >= 400) expect(writes, `a refusal wrote: ${what}`).toEqual([]);
            const location = res.headers.get("location") ?? "";
            if (!signedIn && /^(\/id)?\/auth(\?|$)/.test(location)) expect(writes, `a stranger wrote: ${what}`).toEqual([]);
          }),
          { seed: seed + (signedIn ? 0 : 100_000), numRuns, endOnFailure: !process.env.FUZZ_SHRINK, reporter: concise },
        );
      }
    },
    120_000,
  );
});

// What the walk found, each kept as its own case (the walk's seed may not draw it again).
describe("found by the walk", () => {
  const post = (url: string, form: Record<string, string>) => app.request(url, {
    method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en" },
    body: new URLSearchParams(form).toString(),
  });

  it("a brand tab's entry id that is no id (1_000, abc, past the integer range) is not found, and nothing is removed (was a 500)", async () => {
    const [brandId] = await idsOf("brands");
    for (const entry_id of ["1_000", "abc", "", "1.5", "2147483648"]) {
      for (const intent of ["delete", "update"]) {
        const res = await post(`/profile/brand/${brandId}/notes`, { intent, entry_id, confirmed: "1", title: "Jam buka", content: "Buka setiap hari" });
        expect(res.status, `${intent} ${entry_id}`).toBe(404);
      }
    }
    expect(lasting(await takeWrites())).toEqual([]);
  });

  it("a path that does not percent-decode (not UTF-8) is refused as unreadable, on a page and in the API (was a 404 or 405, the router's warning logged twice)", async () => {
    const [brandId] = await idsOf("brands");
    for (const segment of ["%ED%A0%80", "%FF", "%C0%80", "%E2%82"]) {
      const page = await post(`/profile/brand/${segment}`, { intent: "toggle" });
      expect(page.status, segment).toBe(400);
      expect(await page.text()).toBe("What you sent could not be read");
      const tab = await app.request(`/profile/brand/${brandId}/${segment}`, { headers: { Cookie: cookie } });
      expect(tab.status, segment).toBe(400);
      const api = await app.request(`/api/v0.0.1/brands/${segment}`, { headers: { Authorization: "Bearer x" } });
      expect(api.status, segment).toBe(400);
      expect(await api.json()).toMatchObject({ code: 400 });
    }
    // A query's bad escapes read as U+FFFD, as browsers send them: not refused for that.
    expect((await app.request(`/profile/brand?search=%FF`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(lasting(await takeWrites())).toEqual([]);
  });
});
