/**
 * Chat settings (issue 13 item 4; spec 7 "Settings": PUT …/chat, …/chat/unblock): what a seller
 * saves is what every later read shows, bad input is refused per field, another business is 404,
 * staff without the "setting" privilege are 403, and a save never brings back an unblocked buyer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { scopeOf, actorFromToken } from "#core/actor.ts";
import { blockChatBuyer } from "#core/settings/chat.ts";
import { call, DEMO, login } from "./helpers.ts";

const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
const week = (over: Partial<Record<string, { open: boolean; start: string; end: string }>> = {}) =>
  DAYS.map((day) => ({ day, open: day !== "SUNDAY", start: "09:00", end: "21:00", ...over[day] }));
const body = (over: Record<string, unknown> = {}) => ({
  auto_reply_enabled: true, auto_reply_message: "Terima kasih, kami balas segera", office_hours_enabled: true,
  away_message: "Toko sedang tutup", days: week(), ...over,
});

let seller: string;
let businessId: number;
let otherBusinessId: number;
const chatPath = (id = businessId) => `/v0.0.0/settings/business/${id}/chat`;
const block = async (buyer_id: string, name: string) =>
  blockChatBuyer(scopeOf(await actorFromToken(seller, "en")), businessId, { buyer_id, name });

beforeAll(async () => {
  seller = await login(DEMO.seller);
  businessId = (await call("GET", "/v0.0.0/accounts/me", { token: seller })).body.data.business_id;
  otherBusinessId = (await call("GET", "/v0.0.0/accounts/me", { token: await login(DEMO.seller2) })).body.data.business_id;
});

describe("chat settings", () => {
  it("reads the defaults before anything was saved: off, Monday–Friday 08:00–17:00, nobody blocked", async () => {
    const res = await call("GET", `/v0.0.0/settings/business/${businessId}`, { token: seller });
    expect(res.status).toBe(200);
    const chat = res.body.data.chat_settings;
    expect(chat.auto_reply).toEqual({ enabled: false, message: "" });
    expect(chat.office_hours.days.filter((d: { open: boolean }) => d.open).map((d: { day: string }) => d.day)).toEqual(DAYS.slice(0, 5));
    expect(chat.office_hours.days[0]).toMatchObject({ start: "08:00", end: "17:00" });
    expect(chat.blocked).toEqual([]);
  });

  it("saves auto-reply and office hours; the next read shows them", async () => {
    const res = await call("PUT", chatPath(), { token: seller, json: body() });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Chat settings saved");
    const read = await call("GET", `/v0.0.0/settings/business/${businessId}`, { token: seller });
    expect(read.body.data.chat_settings).toMatchObject({
      auto_reply: { enabled: true, message: "Terima kasih, kami balas segera" },
      office_hours: { enabled: true, away_message: "Toko sedang tutup" },
    });
    expect(read.body.data.chat_settings.office_hours.days[6]).toEqual({ day: "SUNDAY", open: false, start: "09:00", end: "21:00" });
  });

  it("refuses bad input per field, in the caller's language, and keeps what was saved", async () => {
    const res = await call("PUT", chatPath(), {
      token: seller, locale: "id",
      json: body({ auto_reply_message: " ", days: week({ MONDAY: { open: true, start: "18:00", end: "08:00" }, TUESDAY: { open: true, start: "25:00", end: "26:00" } }) }),
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toMatchObject({
      auto_reply_message: ["Kolom ini wajib diisi"],
      "days.0.end": ["Jam tutup harus setelah jam buka"],
      "days.1.start": ["Masukkan jam dengan format JJ:MM"],
    });
    for (const bad of [{ days: week().slice(0, 6) }, { days: [...week().slice(0, 6), week()[0]] }, { days: "x" }, { auto_reply_message: "x".repeat(501) }]) {
      expect((await call("PUT", chatPath(), { token: seller, json: body(bad) })).status).toBe(422);
    }
    const read = await call("GET", `/v0.0.0/settings/business/${businessId}`, { token: seller });
    expect(read.body.data.chat_settings.auto_reply.message).toBe("Terima kasih, kami balas segera");
  });

  it("another business's settings are 404; staff without the setting privilege are 403", async () => {
    expect((await call("PUT", chatPath(otherBusinessId), { token: seller, json: body() })).status).toBe(404);
    expect((await call("PUT", chatPath(999_999_999), { token: seller, json: body() })).status).toBe(404);
    expect((await call("PUT", `/v0.0.0/settings/business/abc/chat`, { token: seller, json: body() })).status).toBe(404);
    const staff = await login(DEMO.staff);
    expect((await call("PUT", chatPath(), { token: staff, json: body() })).status).toBe(403);
    expect((await call("PUT", `${chatPath()}/unblock`, { token: staff, json: { buyer_id: "b-1" } })).status).toBe(403);
  });

  it("unblocks a blocked buyer; unblocking one not blocked is 404; a save never brings one back", async () => {
    await block("tokopedia:777", "Rina Buyer");
    await block("shopee:42", "Andi");
    await block("shopee:42", "Andi"); // twice: one entry
    let read = await call("GET", `/v0.0.0/settings/business/${businessId}`, { token: seller });
    expect(read.body.data.chat_settings.blocked.map((b: { name: string }) => b.name)).toEqual(["Andi", "Rina Buyer"]);

    // A save and an unblock at once: both land whole.
    const [saved, unblocked] = await Promise.all([
      call("PUT", chatPath(), { token: seller, json: body({ away_message: "Libur dulu" }) }),
      call("PUT", `${chatPath()}/unblock`, { token: seller, json: { buyer_id: "tokopedia:777" } }),
    ]);
    expect([saved.status, unblocked.status]).toEqual([200, 200]);
    expect(unblocked.body.message).toBe("The buyer can chat with you again");
    read = await call("GET", `/v0.0.0/settings/business/${businessId}`, { token: seller });
    expect(read.body.data.chat_settings.blocked.map((b: { name: string }) => b.name)).toEqual(["Andi"]);
    expect(read.body.data.chat_settings.office_hours.away_message).toBe("Libur dulu");

    const again = await call("PUT", `${chatPath()}/unblock`, { token: seller, json: { buyer_id: "tokopedia:777" } });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("This buyer is not blocked");
    expect((await call("PUT", `${chatPath()}/unblock`, { token: seller, json: {} })).status).toBe(422);
  });
});
