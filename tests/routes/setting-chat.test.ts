/**
 * /setting/chat at the web's seam: the settings form (nested weekday fields, no JavaScript),
 * refusals under their field with what was typed kept, and Unblock from the block list.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "#db/client.ts";
import { users } from "#db/schema/index.ts";
import { blockChatBuyer, WEEKDAYS } from "#core/settings/chat.ts";
import { scopeOf, actorFromToken } from "#core/actor.ts";
import { issueToken } from "#core/auth/tokens.ts";
import * as chatPage from "#app/routes/admin/setting/chat.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

const URL_ = "/setting/chat";
const weekForm = (over: Record<string, string> = {}) => {
  const form: Record<string, string> = { intent: "save", auto_reply_enabled: "on", auto_reply_message: "Halo! Kami segera membalas.", away_message: "" };
  WEEKDAYS.forEach((day, i) => {
    form[`days[${i}].day`] = day;
    if (i < 6) form[`days[${i}].open`] = "on";
    form[`days[${i}].start`] = "08:00";
    form[`days[${i}].end`] = "20:00";
  });
  return { ...form, ...over };
};

describe("/setting/chat", () => {
  it("shows the settings with an empty block list, in both languages", async () => {
    const res = await runLoader(chatPage, { url: URL_, as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toBe("Chat settings | Indie Seller");
    expect(res.data.chat.blocked).toEqual([]);
    expect((await runLoader(chatPage, { url: `/id${URL_}`, as: DEMO.seller })).data.title).toBe("Pengaturan chat | Indie Seller");
  });

  it("saves the form; a closing time before the opening one is refused under that day, the rest kept", async () => {
    const bad = await runAction(chatPage, { url: URL_, as: DEMO.seller, form: weekForm({ "days[2].end": "07:00", office_hours_enabled: "on" }) });
    expect(bad.status).toBe(400);
    expect(bad.data.error["days[2].end"]).toEqual(["settings:errors.end_after_start"]);
    expect(bad.data.error.away_message).toEqual(["required"]);
    expect(bad.data.initialValue.auto_reply_message).toBe("Halo! Kami segera membalas.");

    const ok = await runAction(chatPage, { url: URL_, as: DEMO.seller, form: weekForm() });
    expect(ok.redirect).toBe(URL_);
    expect(ok.toasts[0].message).toBe("Chat settings saved");
    const page = await runLoader(chatPage, { url: URL_, as: DEMO.seller });
    expect(page.data.chat.auto_reply).toEqual({ enabled: true, message: "Halo! Kami segera membalas." });
    expect(page.data.chat.office_hours.enabled).toBe(false);
    expect(page.data.chat.office_hours.days[6]).toEqual({ day: "SUNDAY", open: false, start: "08:00", end: "20:00" });
  });

  it("unblocks a buyer from the list; one no longer blocked says so", async () => {
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO.seller));
    const token = await issueToken(seller.id);
    const actor = await actorFromToken(token, "en");
    await blockChatBuyer(scopeOf(actor), actor.member!.businessId, { buyer_id: "shopee:9", name: "Dewi" });
    expect((await runLoader(chatPage, { url: URL_, as: DEMO.seller })).data.chat.blocked.map((b: { name: string }) => b.name)).toEqual(["Dewi"]);
    const ok = await runAction(chatPage, { url: URL_, as: DEMO.seller, form: { intent: "unblock", buyer_id: "shopee:9" } });
    expect(ok.toasts[0].message).toBe("The buyer can chat with you again");
    expect((await runLoader(chatPage, { url: URL_, as: DEMO.seller })).data.chat.blocked).toEqual([]);
    const again = await runAction(chatPage, { url: URL_, as: DEMO.seller, form: { intent: "unblock", buyer_id: "shopee:9" } });
    expect(again.redirect).toBe(URL_);
    expect(again.toasts[0]).toEqual({ type: "info", message: "This buyer is not blocked" });
  });

  it("an unknown intent is 400", async () => {
    expect((await runAction(chatPage, { url: URL_, as: DEMO.seller, form: { intent: "x" } })).status).toBe(400);
  });
});
