/**
 * A brand's sections (social-media, banners, pickup-lines, notes, response, holiday; the shapes
 * are brand-schema.ts SECTION_SCHEMAS): their entries, listed, added, changed and removed, for the
 * actor's business (privilege "profile").
 *
 * Decisions where the spec is silent:
 * - Social Media, Banner, Pickup Line, Notes and Response are the owner's own (spec section 6) and
 *   are NotFound to a partner. Holiday is readable by partners (the card's Holiday link is on every
 *   brand card; a partner needs to know when the brand is closed) and only the owner changes it
 *   (Refused "brand:api.partner_read_only").
 * - At most MAX_SECTION_ENTRIES entries a section. Banners keep their order in `sort` (smaller
 *   first), holidays by start date, the rest in the order they were added.
 * - A banner's image must be one the actor uploaded, or the entry's current one.
 * - History: an entry added or removed is one row with a readable summary of it; a change, one
 *   row per changed field ("<section>.<field>"). The same values again write nothing.
 */
import { and, count, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { brandEntries, brands } from "#db/schema/index.ts";
import { sellerScope, type Scope, type SellerActor } from "#core/actor.ts";
import { NotFound, Refused } from "#core/errors.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { unix, wibDate } from "#core/lib/time.ts";
import { MAX_SECTION_ENTRIES } from "./brand-schema.ts";
import { brandOf } from "./brands.ts";
import { checkImage } from "./brands-save.ts";
import { SOCIAL_MEDIA, type BrandSection } from "./profile-enums.ts";

type Entry = typeof brandEntries.$inferSelect;
type EntryData = Record<string, unknown>;

/** One entry as the section calls answer it: its data's fields next to its id and times. */
export function entryJson(e: Entry) {
  const data = e.data as EntryData;
  const extra = e.section === "holiday" ? { is_ongoing: isOngoing(data) } : {};
  return {
    id: e.id, brand_id: e.brandId, section: e.section, ...data, ...extra,
    time_created: unix(e.timeCreated), time_modified: unix(e.timeModified),
  };
}
export type EntryJson = ReturnType<typeof entryJson>;

function isOngoing(d: EntryData, today = wibDate(new Date())) {
  return String(d.start_date) <= today && today <= String(d.end_date);
}

/** Readable one-line summary of an entry (the history keeps this, never ids). */
export function entrySummary(section: BrandSection, d: EntryData): string {
  switch (section) {
    case "social-media": return `${SOCIAL_NAMES[Number(d.type)] ?? d.type} · ${d.username}`;
    case "banners": return String(d.title);
    case "pickup-lines": return String(d.text);
    case "notes": return String(d.title);
    case "response": return String(d.name);
    case "holiday": return `${dmy(d.start_date)} – ${dmy(d.end_date)} · ${d.reason}`;
  }
}
const dmy = (v: unknown) => String(v).split("-").reverse().join("-");
const SOCIAL_NAMES: Record<number, string> = SOCIAL_MEDIA;

/** The history rows of an entry's change: a summary when added or removed, each field when changed. */
function entryChanges(section: BrandSection, before: EntryData | null, after: EntryData | null) {
  if (!before || !after) {
    return { [`${section}.entry`]: { from: before ? entrySummary(section, before) : null, to: after ? entrySummary(section, after) : null } };
  }
  const d = diff(before, after);
  return Object.fromEntries(Object.entries(d).map(([k, v]) => [`${section}.${k}`, v]));
}

/** Banners keep their order in sort_order (their `sort`); other sections keep the order they were added in. */
const sortOrderOf = (section: BrandSection, data: EntryData) => (section === "banners" ? Number(data.sort ?? 0) : 0);

/** The brand of a section call: owned, or (Holiday only) partnered, read-only; else NotFound. */
async function sectionBrand(exec: Db | Tx, actor: SellerActor, id: number, section: BrandSection, opts: { write?: boolean; lock?: boolean } = {}) {
  const brand = await brandOf(exec, actor, id, { lock: opts.lock });
  if (brand.businessId === actor.member.businessId) return brand;
  if (section !== "holiday") throw new NotFound();
  if (opts.write) throw new Refused("brand:api.partner_read_only");
  return brand;
}

/** Whether the actor may read (or, with `write`, change) the section: NotFound / Refused otherwise. */
export async function checkSection(scope: Scope, id: number, section: BrandSection, opts: { write?: boolean } = {}) {
  const { db, actor } = sellerScope(scope, "profile");
  await sectionBrand(db, actor, id, section, opts);
}

/** A section's entries in their order: banners by sort, holidays by start date, the rest as added. */
export async function listBrandEntries(scope: Scope, id: number, section: BrandSection) {
  const { db, actor } = sellerScope(scope, "profile");
  const brand = await sectionBrand(db, actor, id, section);
  const rows = await db.select().from(brandEntries)
    .where(and(eq(brandEntries.businessId, brand.businessId), eq(brandEntries.brandId, brand.id), eq(brandEntries.section, section)))
    .orderBy(brandEntries.sortOrder, brandEntries.id);
  if (section === "holiday") {
    rows.sort((a, b) => String((a.data as EntryData).start_date).localeCompare(String((b.data as EntryData).start_date)) || a.id - b.id);
  }
  return rows.map(entryJson);
}

/** `data`: checked with SECTION_SCHEMAS[section] by the adapter. */
export async function addBrandEntry(scope: Scope, id: number, section: BrandSection, data: EntryData) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  await sectionBrand(db, actor, id, section, { write: true });
  if (section === "banners") await checkImage(db, actor.user.id, "image", data.image as string);
  const entry = await db.transaction(async (tx) => {
    const brand = await sectionBrand(tx, actor, id, section, { write: true, lock: true });
    const [{ n }] = await tx.select({ n: count() }).from(brandEntries)
      .where(and(eq(brandEntries.brandId, brand.id), eq(brandEntries.section, section)));
    if (n >= MAX_SECTION_ENTRIES) throw new Refused("brand:errors.too_many_entries", undefined, { max: MAX_SECTION_ENTRIES });
    const [e] = await tx.insert(brandEntries).values({
      businessId: me, brandId: brand.id, section, data, sortOrder: sortOrderOf(section, data),
    }).returning();
    await tx.update(brands).set({ timeModified: new Date() }).where(eq(brands.id, brand.id));
    await recordHistory(tx, {
      businessId: me, refType: "brand", refId: brand.id, userId: actor.user.id, action: "entry_add",
      changes: entryChanges(section, null, data),
    });
    return e;
  });
  return entryJson(entry);
}

/** The entry `entryId` of the brand's section, locked; else NotFound. */
async function lockEntry(tx: Tx, businessId: number, brandId: number, section: BrandSection, entryId: number) {
  const [e] = await tx.select().from(brandEntries)
    .where(and(eq(brandEntries.id, entryId), eq(brandEntries.brandId, brandId), eq(brandEntries.section, section),
      eq(brandEntries.businessId, businessId)))
    .for("update").limit(1);
  if (!e) throw new NotFound();
  return e;
}

export async function updateBrandEntry(scope: Scope, id: number, section: BrandSection, entryId: number, data: EntryData) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  await sectionBrand(db, actor, id, section, { write: true });
  const entry = await db.transaction(async (tx) => {
    const brand = await sectionBrand(tx, actor, id, section, { write: true, lock: true });
    const before = await lockEntry(tx, me, brand.id, section, entryId);
    const old = before.data as EntryData;
    if (section === "banners") await checkImage(tx, actor.user.id, "image", data.image as string, [old.image as string]);
    const changes = entryChanges(section, old, data);
    if (!Object.keys(changes).length) return before;
    const [e] = await tx.update(brandEntries)
      .set({ data, sortOrder: sortOrderOf(section, data), timeModified: new Date() })
      .where(eq(brandEntries.id, before.id)).returning();
    await tx.update(brands).set({ timeModified: new Date() }).where(eq(brands.id, brand.id));
    await recordHistory(tx, { businessId: me, refType: "brand", refId: brand.id, userId: actor.user.id, action: "entry_update", changes });
    return e;
  });
  return entryJson(entry);
}

export async function removeBrandEntry(scope: Scope, id: number, section: BrandSection, entryId: number) {
  const { db, actor } = sellerScope(scope, "profile");
  const me = actor.member.businessId;
  await sectionBrand(db, actor, id, section, { write: true });
  const gone = await db.transaction(async (tx) => {
    const brand = await sectionBrand(tx, actor, id, section, { write: true, lock: true });
    const e = await lockEntry(tx, me, brand.id, section, entryId);
    await tx.delete(brandEntries).where(eq(brandEntries.id, e.id));
    await tx.update(brands).set({ timeModified: new Date() }).where(eq(brands.id, brand.id));
    await recordHistory(tx, {
      businessId: me, refType: "brand", refId: brand.id, userId: actor.user.id, action: "entry_remove",
      changes: entryChanges(section, e.data as EntryData, null),
    });
    return e;
  });
  return entryJson(gone);
}
