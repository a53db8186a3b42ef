import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect } from "socket.io-client";
import { attachRealtime, emitToBusiness } from "#server/realtime.ts";
import { call, DEMO, login } from "./helpers.ts";

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer();
  attachRealtime(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function join(token: string) {
  const socket = connect(url, { path: "/socket.io", transports: ["websocket"], reconnectionDelay: 500 });
  const result = new Promise<{ event: string; payload: any }>((resolve) => {
    socket.on("connect", () => socket.emit("onSellerJoin", JSON.stringify({ token })));
    socket.on("onSellerJoinSuccess", (payload) => resolve({ event: "success", payload }));
    socket.on("onSellerJoinFailed", (payload) => resolve({ event: "failed", payload }));
  });
  return { socket, result };
}

describe("realtime rooms", () => {
  it("joins the business room with the web's ticket and receives that business's events", async () => {
    const token = await login(DEMO.seller);
    const { body } = await call("POST", "/v0.0.0/realtime/ticket", { token });
    const { socket, result } = join(body.data.ticket);
    const joined = await result;
    expect(joined.event).toBe("success");
    const got = new Promise((resolve) => socket.on("onSellerNewOrder", resolve));
    emitToBusiness(joined.payload.business_id, "onSellerNewOrder", { order_id: "INV/1", channel_name: "Shopee" });
    expect(await got).toMatchObject({ order_id: "INV/1" });
    socket.disconnect();
  });

  it("joins with a bearer token (API clients such as a POS app)", async () => {
    const { socket, result } = join(await login(DEMO.seller2));
    expect((await result).event).toBe("success");
    socket.disconnect();
  });

  it("refuses a forged ticket and a ticket whose session was signed out", async () => {
    const forged = join("rt.1.1.bogus");
    expect((await forged.result).event).toBe("failed");
    forged.socket.disconnect();

    const token = await login(DEMO.seller);
    const { body } = await call("POST", "/v0.0.0/realtime/ticket", { token });
    await call("POST", "/v0.0/auth/logout", { token });
    const stale = join(body.data.ticket);
    expect((await stale.result).event).toBe("failed");
    stale.socket.disconnect();
  });

  it("gives no ticket to a user who is not a seller", async () => {
    const res = await call("POST", "/v0.0.0/realtime/ticket", { token: await login(DEMO.newbie) });
    expect(res.status).toBe(403);
  });
});
