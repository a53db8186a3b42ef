/**
 * Chat settings of a business (spec 7 "Settings": PUT /v0.0.0/settings/business/{id}/chat and
 * …/chat/unblock; the page /setting/chat): the auto-reply sent to a buyer's first message, office
 * hours with the away message sent outside them, and the buyers blocked from chatting.
 *
 * Decisions where the spec is silent:
 * - Kept in the business's settings row (`chat`, jsonb) in one shape, `ChatSettings`; a row from
 *   before reads as the defaults (everything off, Monday–Friday 08:00–17:00, nobody blocked).
 * - Office hours are per weekday (MONDAY … SUNDAY, the weekday set of the spec's holiday sessions),
 *   each open or closed with a start and an end (HH:mm, the business's local time, end after start).
 * - A message is required when its switch is on (at most 500 characters, what a buyer reads on a phone).
 * - Saving replaces the auto-reply and office hours but never the block list: blocking and
 *   unblocking are their own calls, so a save from a page opened earlier cannot bring back a buyer
 *   someone just unblocked. Every change locks the row (SELECT … FOR UPDATE): concurrent saves and
 *   unblocks each land whole.
 * - Reading needs membership; changing needs the "setting" privilege. Another business's id is
 *   NotFound. A change (not a repeat) goes to the business's update history.
 * - Blocking is the inbox's (issue 17: a buyer is blocked from their conversation): `blockChatBuyer`
 *   is the one writer it calls. Unblocking an id not on the list is NotFound.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { settings } from "#db/schema/index.ts";
import type { Scope } from "#core/actor.ts";
import { ownMembership } from "#core/auth/account.ts";
import { NotFound } from "#core/errors.ts";
import { recordHistory } from "#core/lib/history.ts";
import { unix } from "#core/lib/time.ts";
import { flag } from "#core/profile/warehouses-shared.ts";
import { settingsChanger } from "./changer.ts";

export const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

type Day = { day: Weekday; open: boolean; start: string; end: string };
type Blocked = { buyer_id: string; name: string; time_blocked: number };
export type ChatSettings = {
  auto_reply: { enabled: boolean; message: string };
  office_hours: { enabled: boolean; away_message: string; days: Day[] };
  blocked: Blocked[];
};

const WORKDAY = (day: Weekday) => !["SATURDAY", "SUNDAY"].includes(day);

/** The stored value in the one shape, whatever an older row held. */
export function chatSettingsOf(stored: unknown): ChatSettings {
  const s = (stored ?? {}) as Partial<ChatSettings>;
  const days = WEEKDAYS.map((day) => {
    const d = s.office_hours?.days?.find((x) => x?.day === day);
    return { day, open: d?.open ?? WORKDAY(day), start: d?.start ?? "08:00", end: d?.end ?? "17:00" };
  });
  return {
    auto_reply: { enabled: s.auto_reply?.enabled ?? false, message: s.auto_reply?.message ?? "" },
    office_hours: { enabled: s.office_hours?.enabled ?? false, away_message: s.office_hours?.away_message ?? "", days },
    blocked: Array.isArray(s.blocked) ? s.blocked : [],
  };
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const message = z.string().trim().max(500, "too_long").optional().default("");

export const chatBody = z
  .object({
    auto_reply_enabled: flag,
    auto_reply_message: message,
    office_hours_enabled: flag,
    away_message: message,
    days: z
      .array(z.object({
        day: z.enum(WEEKDAYS, { error: "invalid" }),
        open: flag,
        start: z.string({ error: "required" }).regex(HHMM, "settings:errors.time"),
        end: z.string({ error: "required" }).regex(HHMM, "settings:errors.time"),
      }))
      .length(7, "settings:errors.every_day")
      .refine((d) => new Set(d.map((x) => x.day)).size === 7, "settings:errors.every_day"),
  })
  .superRefine((v, ctx) => {
    if (v.auto_reply_enabled && !v.auto_reply_message) ctx.addIssue({ code: "custom", path: ["auto_reply_message"], message: "required" });
    if (v.office_hours_enabled && !v.away_message) ctx.addIssue({ code: "custom", path: ["away_message"], message: "required" });
    v.days.forEach((d, i) => {
      if (d.open && d.end <= d.start) ctx.addIssue({ code: "custom", path: ["days", i, "end"], message: "settings:errors.end_after_start" });
    });
  });
export type ChatBody = z.infer<typeof chatBody>;

export const unblockBody = z.object({ buyer_id: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long") });
export const blockBody = unblockBody.extend({ name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long") });

const answer = (businessId: number, chat: ChatSettings, time: Date | null) => ({ business_id: businessId, ...chat, time_modified: unix(time) });

/** The chat settings of one of the actor's businesses. */
export async function getChatSettings(scope: Scope, businessId: number) {
  const member = await ownMembership(scope, businessId);
  const [row] = await scope.db.select().from(settings).where(eq(settings.businessId, member.businessId));
  return answer(member.businessId, chatSettingsOf(row?.chat), row?.timeModified ?? null);
}

/**
 * Changes the chat settings of `businessId` under a row lock: `change` gets the current settings
 * and returns the new ones and what to write in the history (null: nothing changed).
 */
async function changeChat(
  scope: Scope,
  businessId: number,
  action: string,
  change: (now: ChatSettings) => { next: ChatSettings; changes: Record<string, { from: unknown; to: unknown }> | null },
) {
  const member = await settingsChanger(scope, businessId);
  return scope.db.transaction(async (tx) => {
    await tx.insert(settings).values({ businessId: member.businessId }).onConflictDoNothing();
    const [row] = await tx.select().from(settings).where(eq(settings.businessId, member.businessId)).for("update");
    const { next, changes } = change(chatSettingsOf(row.chat));
    if (!changes) return answer(member.businessId, next, row.timeModified);
    const [saved] = await tx.update(settings).set({ chat: next, timeModified: sql`now()` }).where(eq(settings.businessId, member.businessId)).returning();
    await recordHistory(tx, { businessId: member.businessId, refType: "business_settings", refId: member.businessId, userId: scope.actor.user.id, action, changes });
    return answer(member.businessId, next, saved.timeModified);
  });
}

/** Saves the auto-reply and office hours (the block list stays as it is). */
export function saveChatSettings(scope: Scope, businessId: number, body: ChatBody) {
  return changeChat(scope, businessId, "chat_settings", (now) => {
    const next: ChatSettings = {
      auto_reply: { enabled: body.auto_reply_enabled, message: body.auto_reply_message },
      office_hours: {
        enabled: body.office_hours_enabled,
        away_message: body.away_message,
        days: WEEKDAYS.map((day) => body.days.find((d) => d.day === day)!),
      },
      blocked: now.blocked,
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ["auto_reply", "office_hours"] as const) {
      if (JSON.stringify(now[key]) !== JSON.stringify(next[key])) changes[key] = { from: now[key], to: next[key] };
    }
    return { next, changes: Object.keys(changes).length ? changes : null };
  });
}

/** A buyer may chat again. */
export function unblockChatBuyer(scope: Scope, businessId: number, { buyer_id }: z.infer<typeof unblockBody>) {
  return changeChat(scope, businessId, "chat_unblock", (now) => {
    const gone = now.blocked.find((b) => b.buyer_id === buyer_id);
    if (!gone) throw new NotFound("settings:errors.not_blocked");
    return { next: { ...now, blocked: now.blocked.filter((b) => b !== gone) }, changes: { blocked: { from: gone.name, to: null } } };
  });
}

/** A buyer may no longer chat (the inbox's block button); blocking twice keeps one entry. */
export function blockChatBuyer(scope: Scope, businessId: number, { buyer_id, name }: z.infer<typeof blockBody>) {
  return changeChat(scope, businessId, "chat_block", (now) => {
    if (now.blocked.some((b) => b.buyer_id === buyer_id)) return { next: now, changes: null };
    const entry = { buyer_id, name, time_blocked: Math.floor(Date.now() / 1000) };
    return { next: { ...now, blocked: [entry, ...now.blocked] }, changes: { blocked: { from: null, to: name } } };
  });
}
