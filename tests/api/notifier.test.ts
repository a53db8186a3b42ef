/**
 * The notifier against real local receivers: an SMTP server (smtp-server) capturing mail, and an
 * HTTP server standing in for the SMS provider's hook. Every message leaves an outbox row with
 * its outcome.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { db } from "#db/client.ts";
import { otps, outbox } from "#db/schema/index.ts";
import { notify } from "#core/lib/notifier.ts";
import { call, clearRateLimits, DEMO, LOCAL, login } from "./helpers.ts";

type Mail = { from: string; to: string[]; raw: string };
const mails: Mail[] = [];
let smtp: SMTPServer;
let smtpUrl = "";

const texts: { to: string; message: string }[] = [];
let hookStatus = 200;
let hook: http.Server;
let hookUrl = "";

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

  hook = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (hookStatus === 200) texts.push(JSON.parse(body));
      res.writeHead(hookStatus, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/sms`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

beforeEach(async () => {
  mails.length = 0;
  texts.length = 0;
  hookStatus = 200;
  await clearRateLimits();
});

afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.SMS_WEBHOOK_URL;
  delete process.env.MAIL_FROM;
});

const rowOf = async (id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0];

/** Forgot-password codes are sent after the answer (see api/routes/auth.ts): wait for the outcome. */
async function until<T>(read: () => Promise<T> | T, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("timed out waiting for the notifier");
}
const lastRowTo = (target: string) =>
  until(async () => (await db.select().from(outbox).where(eq(outbox.target, target)).orderBy(desc(outbox.id)).limit(1))[0], (r) => Boolean(r && (r.delivered || r.error)));

describe("email over SMTP", () => {
  it("delivers the OTP of a forgotten password to the mailbox, and that code resets the password", async () => {
    process.env.SMTP_URL = smtpUrl;
    const res = await call("POST", "/v0.0/forgot-password/request-otp", { json: { email: DEMO.seller2 } });
    expect(res.status).toBe(200);
    await until(() => mails.length, (n) => n > 0);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([DEMO.seller2]);
    expect(mails[0].from).toBe("no-reply@indie.test");
    expect(mails[0].raw).toMatch(/^Subject: Your code to reset your Indie Seller password/m);
    const code = mails[0].raw.match(/Your Indie Seller code is (\d{6})\./)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await lastRowTo(DEMO.seller2)).toMatchObject({ channel: "email", delivered: true, error: null });
    const reset = await call("POST", "/v0.0/forgot-password/reset-password", { json: { target: DEMO.seller2, otp: code, password: "from-the-mailbox" } });
    expect(reset.status).toBe(200);
    await expect(login(DEMO.seller2, "from-the-mailbox")).resolves.toBeTruthy();
  });

  it("sends from MAIL_FROM when it is set", async () => {
    process.env.SMTP_URL = smtpUrl;
    process.env.MAIL_FROM = "Toko Demo <halo@tokodemo.id>";
    const sent = await notify({ channel: "email", target: "pembeli@example.test", subject: "Halo", body: "Pesanan Anda dikirim." });
    expect(sent.delivered).toBe(true);
    expect(mails[0].from).toBe("halo@tokodemo.id");
    expect(mails[0].raw).toMatch(/^From: Toko Demo <halo@tokodemo\.id>/m);
  });

  it("records the error when the mail server cannot be reached, and kills the undelivered code", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const res = await call("POST", "/v0.0/forgot-password/request-otp", { json: { email: DEMO.newbie } });
    expect(res.status).toBe(200);
    const row = await lastRowTo(DEMO.newbie);
    expect(row.delivered).toBe(false);
    expect(row.error).toMatch(/ECONNREFUSED/);
    // Nobody can use a code nobody received.
    const [otp] = await until(
      () => db.select().from(otps).where(eq(otps.target, DEMO.newbie)).orderBy(desc(otps.id)).limit(1),
      ([o]) => Boolean(o && o.expiresAt.getTime() <= Date.now()),
    );
    expect(otp.usedAt).toBeNull();
  });
});

describe("SMS through the provider hook", () => {
  it("posts {to, message} as JSON and marks the row delivered", async () => {
    process.env.SMS_WEBHOOK_URL = hookUrl;
    const res = await call("POST", "/v0.0/forgot-password/request-otp", { json: { phone: "081200000004" } });
    expect(res.status).toBe(200);
    await until(() => texts.length, (n) => n > 0);
    expect(texts).toHaveLength(1);
    expect(texts[0].to).toBe("+6281200000004");
    expect(texts[0].message).toMatch(/^Your Indie Seller code is \d{6}\. It is valid for 120 seconds\./);
  });

  it("records the provider's refusal", async () => {
    process.env.SMS_WEBHOOK_URL = hookUrl;
    hookStatus = 500;
    const sent = await notify({ channel: "sms", target: "+6281200000004", subject: "Kode", body: "123456" });
    expect(sent).toMatchObject({ delivered: false, error: "SMS hook answered 500" });
    expect(await rowOf(sent.id)).toMatchObject({ delivered: false, error: "SMS hook answered 500" });
  });

  it("tells a signed-in user when their code could not be sent", async () => {
    process.env.SMS_WEBHOOK_URL = hookUrl;
    hookStatus = 503;
    const token = await login(DEMO.newbie);
    const res = await call("POST", "/v0.0.0/utilities/otp/request/phone", { token });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("We could not send the code right now. Please try again later");
  });
});

describe("demo mode", () => {
  it("keeps the message in the outbox when no provider is configured", async () => {
    const sent = await notify({ channel: "sms", target: "+6281200000001", subject: "Kode", body: "Kode Anda 654321" });
    expect(sent.delivered).toBe(true);
    expect(mails).toHaveLength(0);
    expect(texts).toHaveLength(0);
    const page = await call("GET", "/v0.0.0/demo/outbox", { from: LOCAL });
    expect(page.body.data[0]).toMatchObject({ id: sent.id, target: "+6281200000001", body: "Kode Anda 654321" });
  });
});
