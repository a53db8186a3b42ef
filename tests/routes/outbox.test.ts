/**
 * The web's demo pages answer the server's own machine only (core/lib/demo.ts isDemoFor): /outbox
 * with every account's codes, the forgot-password page's link to it, the owner's self-approval.
 * `from` is the socket's address as server/app.ts hands it to the page (peerContext); anyone else
 * gets what demo mode off gives: the not-found page.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as outbox from "#app/routes/outbox.tsx";
import * as layout from "#app/routes/auth/layout.tsx";
import { notify } from "#core/lib/notifier.ts";
import { runLoader, type RouteCall } from "./harness.ts";

const CODE = "Kode Anda 135790";
beforeAll(async () => {
  await notify({ channel: "email", target: "owner@indie.test", subject: "Kode", body: CODE });
});

const page = (call: Partial<RouteCall> = {}) => runLoader(outbox, { url: "/outbox", area: "public", ...call });

/** What /outbox answers with demo mode off, even to this machine. */
async function demoOff() {
  process.env.DEMO = "off";
  try {
    return await page({ from: "127.0.0.1" });
  } finally {
    process.env.DEMO = "on"; // tests/setup-db.ts
  }
}

describe("/outbox", () => {
  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1"])("lists the codes for a browser on this machine (%s)", async (from) => {
    const res = await page({ from });
    expect(res.status).toBe(200);
    expect(res.data.messages.map((m: { body: string }) => m.body)).toContain(CODE);
    expect((await runLoader(layout, { url: "/auth", area: "public", from })).data.options.demo_outbox).toBe(true);
  });

  it.each(["203.0.113.7", "10.0.0.5", "::ffff:192.0.2.1", undefined])("is the not-found page for anyone else (%s), as with demo mode off", async (from) => {
    const off = await demoOff();
    expect(off.status).toBe(404);
    const res = await page({ from });
    expect(res.status).toBe(404);
    expect(res.data).toBeUndefined();
    expect(res.error).toEqual(off.error);
    // …and the forgot-password page does not link to it.
    expect((await runLoader(layout, { url: "/auth", area: "public", from })).data.options.demo_outbox).toBe(false);
  });

  it("is not opened by X-Forwarded-For: 127.0.0.1 from another machine", async () => {
    const res = await page({ from: "203.0.113.7", headers: { "X-Forwarded-For": "127.0.0.1" } });
    expect(res.status).toBe(404);
  });
});
