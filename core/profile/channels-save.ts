/**
 * Changing the business's online channels: create, update (channel-schema.ts, the one schema of
 * the API and the web's form) and the status switch (privilege "profile"); readings are channels.ts.
 *
 * Decisions where the spec is silent:
 * - Platform: chosen when the channel is made and fixed after (another platform_code is refused
 *   under platform_code by the update schema): a shop on Shopee does not become a shop on
 *   Tokopedia, and its orders and history must keep meaning what they meant. A seller who moves
 *   adds a new channel.
 * - Config: only what the platform's code needs is validated and stored (channel-schema.ts).
 * - Name: unique in the business, case-insensitive (refused under name): pickers and trees show
 *   names only.
 * - Default: one per business (a partial unique index). The business's first channel becomes its
 *   default by itself; making another one the default unsets the old one in the same transaction
 *   (both get a history row). A default cannot be unset directly (refused under is_default: make
 *   another one the default instead), cannot be deactivated, and only an active channel can become
 *   the default. Channel writes of one business run one after the other (an advisory lock), so two
 *   concurrent "make default" calls cannot both win.
 * - New channels start Active. Repeating the current status is harmless and writes no history row.
 */
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { channels } from "#db/schema/index.ts";
import { sellerScope, type Scope } from "#core/actor.ts";
import { Refused } from "#core/errors.ts";
import { diff, recordHistory } from "#core/lib/history.ts";
import { normalizePhone } from "#core/lib/phone.ts";
import { channelConfig, channelUpdateBody, type ChannelCreateBody, type ChannelUpdateBody } from "./channel-schema.ts";
import { channelAnswer, channelOf, channelSnapshot, findChannel } from "./channels.ts";
import { ACTIVE, INACTIVE, type ChannelPlatformCode } from "./profile-enums.ts";

const invalid = (field: string, message: string) => new Refused("api:errors.validation", { [field]: [message] });

/** Channel writes of one business run one after the other (default switching, unique names). */
const lockChannels = (tx: Tx, businessId: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('channels'), ${businessId})`);

async function checkName(tx: Tx, businessId: number, name: string, exceptId?: number) {
  const [taken] = await tx.select({ id: channels.id }).from(channels)
    .where(and(eq(channels.businessId, businessId), sql`lower(${channels.name}) = lower(${name})`, exceptId ? ne(channels.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw invalid("name", "channel:errors.name_taken");
}

/** Unsets the business's current default channel (other than `exceptId`), with its history row. */
async function unsetDefault(tx: Tx, businessId: number, userId: number, exceptId?: number) {
  const old = await tx.update(channels).set({ isDefault: false, timeModified: new Date() })
    .where(and(eq(channels.businessId, businessId), eq(channels.isDefault, true), exceptId ? ne(channels.id, exceptId) : undefined))
    .returning({ id: channels.id });
  for (const o of old) {
    await recordHistory(tx, {
      businessId, refType: "channel", refId: o.id, userId, action: "update", changes: { is_default: { from: true, to: false } },
    });
  }
}

const rowValues = (platform: ChannelPlatformCode, body: { name: string; email?: string; phone?: string } & Record<string, unknown>) => ({
  name: body.name,
  email: body.email ?? null,
  phone: body.phone ? normalizePhone(body.phone) : null,
  config: channelConfig(platform, body as Record<string, string | undefined>),
});

export async function createChannel(scope: Scope, body: ChannelCreateBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const userId = actor.user.id;
  const platform = body.platform_code;
  const after = await db.transaction(async (tx) => {
    await lockChannels(tx, businessId);
    await checkName(tx, businessId, body.name);
    const [{ n }] = await tx.select({ n: count() }).from(channels).where(eq(channels.businessId, businessId));
    // The business's first channel is its default: there is always one once there are channels.
    const isDefault = body.is_default === true || n === 0;
    if (isDefault) await unsetDefault(tx, businessId, userId);
    const [row] = await tx.insert(channels)
      .values({ businessId, platformCode: platform, ...rowValues(platform, body), isDefault, status: ACTIVE })
      .returning({ id: channels.id });
    await recordHistory(tx, { businessId, refType: "channel", refId: row.id, userId, action: "create" });
    return (await findChannel(businessId, row.id, tx))!;
  });
  return channelAnswer(db, actor, after);
}

/** The update schema of channel `id` (its platform's config rules); NotFound for another business's channel. */
export async function channelUpdateSchema(scope: Scope, id: number) {
  const { db, actor } = sellerScope(scope, "profile");
  const current = await channelOf(db, actor, id);
  return channelUpdateBody(current.platformCode as ChannelPlatformCode);
}

/** Saves `body` (checked with channelUpdateSchema) over the channel; the same values again write nothing. */
export async function updateChannel(scope: Scope, id: number, body: ChannelUpdateBody) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const userId = actor.user.id;
  const current = await channelOf(db, actor, id);
  const platform = current.platformCode as ChannelPlatformCode;
  const values = rowValues(platform, body);
  const after = await db.transaction(async (tx) => {
    await lockChannels(tx, businessId);
    const before = await channelOf(tx, actor, current.id, true);
    await checkName(tx, businessId, values.name, before.id);
    let isDefault = before.isDefault;
    if (body.is_default === false && before.isDefault) throw invalid("is_default", "channel:errors.default_needed");
    if (body.is_default === true && !before.isDefault) {
      if (before.status !== ACTIVE) throw invalid("is_default", "channel:errors.default_inactive");
      await unsetDefault(tx, businessId, userId, before.id);
      isDefault = true;
    }
    const changes = diff(channelSnapshot(before), channelSnapshot({ ...values, platformCode: platform, isDefault }));
    if (!Object.keys(changes).length) return before;
    await tx.update(channels).set({ ...values, isDefault, timeModified: new Date() }).where(eq(channels.id, before.id));
    await recordHistory(tx, { businessId, refType: "channel", refId: before.id, userId, action: "update", changes });
    return (await findChannel(businessId, before.id, tx))!;
  });
  return channelAnswer(db, actor, after);
}

/** The notice of a switch (the REST call's message, the web's toast). */
export const channelStatusMessage = (activate: boolean) => (activate ? "channel:api.activated" : "channel:api.inactivated");

/** The switch: Active or Inactive; the default channel cannot be deactivated. */
export async function setChannelStatus(scope: Scope, id: number, activate: boolean) {
  const { db, actor } = sellerScope(scope, "profile");
  const businessId = actor.member.businessId;
  const to = activate ? ACTIVE : INACTIVE;
  const after = await db.transaction(async (tx) => {
    // Decided on the locked row: a double click waits for the first and sees the status it left.
    const row = await channelOf(tx, actor, id, true);
    if (row.status === to) return row;
    if (!activate && row.isDefault) throw new Refused("channel:api.default_inactive");
    await tx.update(channels).set({ status: to, timeModified: new Date() }).where(eq(channels.id, row.id));
    await recordHistory(tx, {
      businessId, refType: "channel", refId: row.id, userId: actor.user.id,
      action: activate ? "activate" : "inactivate", changes: { status: { from: row.status, to } },
    });
    return (await findChannel(businessId, row.id, tx))!;
  });
  return channelAnswer(db, actor, after);
}
