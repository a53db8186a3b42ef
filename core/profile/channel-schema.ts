/**
 * The editable fields of an online channel: the one schema for the REST adapter (create, update) and
 * the web's channel form, both checking the input with it before they call core/profile/channels-save.ts.
 * Server-side only on the web (the browser gets the HTML constraints from the loader, no Zod).
 *
 * The config a platform needs (spec section 3, core/profile/profile-enums.ts CHANNEL_PLATFORMS):
 * TKP, SHP, ZLG, LZD, ZLR, BLI, FCB, SFY, WOO a url; IGM, TWT url + username; WAP, SMS
 * phone_number; LNE phone_number + line_id; IDM (Indie Marketplace) nothing.
 * - A needed field that is missing is refused with "<field>_required", a badly formed one with
 *   "<field>_invalid" (translated per field, channel:errors.*). All the form's mistakes are told at
 *   once: the config rules run even when another field failed.
 * - Config fields the platform does not need are ignored and not stored (the form without
 *   JavaScript shows every config field, so a seller may have typed into one the platform does
 *   not use; that must not block saving).
 * - url: a real web address, http:// or https:// with a host name that has a dot (shop pages are
 *   public), at most 300 characters. username: letters, numbers, dots and underscores, no spaces,
 *   at most 30 (a leading @ is allowed and dropped). phone_number: an Indonesian number
 *   (core/lib/phone.ts), stored in E.164 (+62…). line_id: 4–20 letters, numbers, dots, dashes or
 *   underscores; an official account's leading @ is kept.
 */
import { z } from "zod";
import { isPhoneLike, normalizePhone } from "#core/lib/phone.ts";
import { CHANNEL_PLATFORM_CODES, CHANNEL_PLATFORMS, type ChannelConfigKey, type ChannelPlatformCode } from "./profile-enums.ts";

export const CONFIG_KEYS = ["url", "username", "phone_number", "line_id"] as const satisfies readonly ChannelConfigKey[];

/** "" and null from a form mean "not given". */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** A checkbox or JSON boolean: "on", "true", "1", true → true; absent, "", "false", "0", false → false. */
const truthy = (v: unknown) => v === true || v === "true" || v === "on" || v === "1" || v === 1;
const falsy = (v: unknown) => v === false || v === "false" || v === "0" || v === 0 || v === "";
const flag = z.preprocess((v) => (truthy(v) ? true : falsy(v) ? false : v), z.boolean({ error: "invalid" }).optional());

/** An Indonesian number: digits as people write them, +62 and 8–12 more digits once normalized. */
export const isIndonesianPhone = (v: string) => isPhoneLike(v) && /^\+62[1-9]\d{7,11}$/.test(normalizePhone(v));

export function isWebUrl(v: string) {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && /^[^.\s]+(\.[^.\s]+)+$/.test(u.hostname) && !/\s/.test(v);
  } catch {
    return false;
  }
}

const VALID: Record<ChannelConfigKey, (v: string) => boolean> = {
  url: isWebUrl,
  username: (v) => /^@?[A-Za-z0-9._]{1,30}$/.test(v),
  phone_number: isIndonesianPhone,
  line_id: (v) => /^@?[A-Za-z0-9._-]{4,20}$/.test(v),
};

const text = (max: number) => blank(z.string().trim().max(max, "too_long"));

const fields = {
  name: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  email: blank(z.string().trim().toLowerCase().email("email_invalid").max(200, "too_long")),
  phone: blank(z.string().trim().refine(isIndonesianPhone, "channel:errors.phone_invalid")),
  url: text(300),
  username: text(31),
  phone_number: text(30),
  line_id: text(21),
};

const present = (v: unknown) => typeof v === "string" && v.trim() !== "";

/** Adds the per-platform config rules; `platformOf` says which platform the values are for. */
function withConfigRules<T extends z.ZodObject>(schema: T, platformOf: (v: Record<string, unknown>) => string | undefined): T {
  let out = schema;
  for (const key of CONFIG_KEYS) {
    const needs = (v: unknown) => {
      const code = v && typeof v === "object" ? platformOf(v as Record<string, unknown>) : undefined;
      return Boolean(code && code in CHANNEL_PLATFORMS && (CHANNEL_PLATFORMS[code as ChannelPlatformCode].config as readonly string[]).includes(key));
    };
    const value = (v: unknown) => (v as Record<string, unknown> | null)?.[key];
    // `when`: run even when another field failed, so every mistake is told at once.
    out = out
      .refine((v) => !needs(v) || present(value(v)), { path: [key], message: `channel:errors.${key}_required`, when: () => true })
      .refine((v) => !needs(v) || !present(value(v)) || VALID[key](String(value(v)).trim()), {
        path: [key], message: `channel:errors.${key}_invalid`, when: () => true,
      }) as T;
  }
  return out;
}

const platformCode = z.enum(CHANNEL_PLATFORM_CODES as [ChannelPlatformCode, ...ChannelPlatformCode[]], { error: "required" });

/** POST /v0.0.1/channels and /profile/channel/add. A new channel is the default when asked (or when it is the business's first). */
export const channelCreateBody = withConfigRules(
  z.object({ platform_code: platformCode, ...fields, is_default: flag }),
  (v) => (typeof v.platform_code === "string" ? v.platform_code : undefined),
);
export type ChannelCreateBody = z.infer<typeof channelCreateBody>;

/**
 * PUT /v0.0.0/channels/{id} and /profile/channel/:slug, for a channel on `platform`. The platform is
 * fixed after creation: platform_code may be left out; given, it must be the channel's own.
 * is_default left out keeps the channel's default flag.
 */
export function channelUpdateBody(platform: ChannelPlatformCode) {
  return withConfigRules(
    z.object({
      platform_code: blank(z.string().trim().refine((v) => v === platform, "channel:errors.platform_fixed")),
      ...fields,
      is_default: flag,
    }),
    () => platform,
  );
}
export type ChannelUpdateBody = z.infer<ReturnType<typeof channelUpdateBody>>;

/** The stored config: only the keys the platform needs, normalized (phone in E.164, username without @). */
export function channelConfig(platform: ChannelPlatformCode, v: Partial<Record<ChannelConfigKey, string | undefined>>) {
  const out: Record<string, string> = {};
  for (const key of CHANNEL_PLATFORMS[platform].config as readonly ChannelConfigKey[]) {
    const raw = v[key]?.trim();
    if (!raw) continue;
    out[key] = key === "phone_number" ? normalizePhone(raw) : key === "username" ? raw.replace(/^@/, "") : raw;
  }
  return out;
}
