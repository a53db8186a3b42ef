/**
 * /setting/partner at the web's seam: every brand and store partnership of the business in one
 * list (both directions, waiting-for-you first), filters in the URL, and answering one from here —
 * the same rules as the brand page. Another business's partnership is not reachable.
 */
import { describe, expect, it } from "vitest";
import * as partnerPage from "#app/routes/admin/setting/partner.tsx";
import { DEMO } from "#tests/demo-accounts.ts";
import { runAction, runLoader } from "./harness.ts";

const URL_ = "/setting/partner";
type Row = { partnership_id: number; object_data: { name: string }; direction: string; is_waiting_for_me: boolean; status: number; actions: string[] };
const rowsOf = async (url: string, as: string = DEMO.seller) => (await runLoader(partnerPage, { url, as })).data.list.rows as Row[];

describe("/setting/partner", () => {
  it("lists both directions, the one waiting for the business first", async () => {
    const res = await runLoader(partnerPage, { url: URL_, as: DEMO.seller });
    expect(res.status).toBe(200);
    expect(res.data.title).toBe("Partnerships (3) | Indie Seller");
    const rows = res.data.list.rows as Row[];
    expect(rows[0]).toMatchObject({ object_data: { name: "Anyaman Pandan" }, direction: "incoming", is_waiting_for_me: true, actions: ["approve", "decline"] });
    expect(rows.map((r) => r.object_data.name).sort()).toEqual(["Anyaman Pandan", "Sekar Jagad", "Truntum Living"]);
    expect((await runLoader(partnerPage, { url: `/id${URL_}`, as: DEMO.seller })).data.title).toBe("Kemitraan (3) | Indie Seller");
  });

  it("filters by direction, status and search in the URL", async () => {
    expect((await rowsOf(`${URL_}?direction=outgoing`)).map((r) => r.object_data.name).sort()).toEqual(["Sekar Jagad", "Truntum Living"]);
    expect((await rowsOf(`${URL_}?status=1`)).map((r) => r.object_data.name)).toEqual(["Sekar Jagad"]);
    expect((await rowsOf(`${URL_}?search=truntum`)).map((r) => r.object_data.name)).toEqual(["Truntum Living"]);
    expect((await rowsOf(`${URL_}?search=sekar&kind=store`))).toEqual([]);
  });

  it("approves an incoming request from here; the other business sees it connected", async () => {
    const [waiting] = await rowsOf(URL_);
    const res = await runAction(partnerPage, { url: URL_, as: DEMO.seller, form: { intent: "partnership", partnership_id: String(waiting.partnership_id), action: "approve" } });
    expect(res.redirect).toBe(URL_);
    expect(res.toasts[0].message).toBe("Partnership approved");
    const theirs = await rowsOf(`${URL_}?search=anyaman`, DEMO.seller2);
    expect(theirs[0]).toMatchObject({ status: 1, direction: "outgoing", actions: ["disconnect"] });
  });

  it("refuses an answer the rules do not allow, an unknown action, and another business's partnership", async () => {
    const [truntum] = await rowsOf(`${URL_}?search=truntum`);
    const notAllowed = await runAction(partnerPage, { url: URL_, as: DEMO.seller, form: { intent: "partnership", partnership_id: String(truntum.partnership_id), action: "approve" } });
    // A refusal of a list's row action comes back to the list with its message.
    expect(notAllowed.redirect).toBe(URL_);
    expect(notAllowed.toasts[0]).toEqual({ type: "danger", message: "This cannot be done now: the partnership is “Waiting for Approval”." });
    const unknown = await runAction(partnerPage, { url: URL_, as: DEMO.seller, form: { intent: "partnership", partnership_id: String(truntum.partnership_id), action: "explode" } });
    expect(unknown.status).toBe(400);
    const staffOther = await runAction(partnerPage, { url: URL_, as: DEMO.newbie, form: { intent: "partnership", partnership_id: String(truntum.partnership_id), action: "cancel" } });
    expect(staffOther.status).not.toBe(200);
    expect((await rowsOf(`${URL_}?search=truntum`))[0].status).toBe(0);
  });
});
