/**
 * The simulators' way into the app (simulate-orders.ts, simulate-inbox.ts, simulate-chat.ts): its
 * REST API as the signed-in seller, and the business's active channels with the webhook code and
 * secret a channel signs its deliveries with.
 */
import { signBody, webhookSecret } from "#core/orders/webhook-signing.ts";

export type Envelope<T = unknown> = { code: number; message: string; data?: T; pagination?: Record<string, unknown> };
export type SimChannel = { id: number; name: string; platform: string; code: string; secret: string };

export function simApp(base: string) {
  let token = "";
  async function call<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { "Content-Type": "application/json", "Accept-Language": "en", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  }
  async function signIn(email: string, password: string) {
    const signedIn = await call<{ token: string }>("POST", "/v0.0/auth/login", { email, password });
    if (signedIn.code !== 200) throw new Error(`signing in as ${email} at ${base}: ${signedIn.message}`);
    token = signedIn.data!.token;
  }
  async function activeChannels(): Promise<SimChannel[]> {
    const list = await call<Array<{ channel_id: number; name: string; status: number; channel_data: { code: string } }>>("GET", "/v0.0.1/channels?limit=100");
    return (list.data ?? []).filter((c) => c.status === 1).map((c) => {
      const code = `${c.channel_data.code.toLowerCase()}-${c.channel_id}`;
      return { id: c.channel_id, name: c.name, platform: c.channel_data.code, code, secret: webhookSecret(code) };
    });
  }
  return { call, signIn, activeChannels };
}

/**
 * A channel's signed deliveries to one of the app's webhooks (`/api/webhooks/channels/:code/<path>`),
 * each event id `<prefix>-<run>-<n>`; about one in twenty is sent a second time, as channels do, to
 * show it counts once. Counts what was sent, sent again, refused and failed.
 */
export function webhookSender<T>(o: { base: string; path: "chat" | "inbox"; prefix: string; quiet: boolean }) {
  const runTag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
  let seq = 0;
  const stats = { sent: 0, resent: 0, refused: 0, failed: 0 };
  const log = (line: string) => { if (!o.quiet) console.log(line); };
  async function deliver(channel: SimChannel, type: string, data: Record<string, unknown>, resend = Math.random() < 0.05) {
    const body = JSON.stringify({ id: `${o.prefix}-${runTag}-${++seq}`, type, data });
    const send = async () => {
      const r = await fetch(`${o.base}/api/webhooks/channels/${channel.code}/${o.path}`, {
        method: "POST", headers: { "Content-Type": "application/json", "X-Indie-Signature": signBody(channel.secret, body) }, body,
      });
      return { status: r.status, body: (await r.json()) as Envelope<T> };
    };
    try {
      const r = await send();
      stats.sent += 1;
      if (r.status >= 400) stats.refused += 1;
      log(`${type.padEnd(18)} ${channel.name.slice(0, 24).padEnd(24)} ${r.status} ${r.body.message}`);
      if (r.status < 300 && resend) {
        const again = await send();
        stats.resent += 1;
        log(`${"  (sent again)".padEnd(18)} ${"".padEnd(24)} ${again.status} ${again.body.message}`);
      }
      return r;
    } catch (e) {
      stats.failed += 1;
      log(`${type}: ${(e as Error).message}`);
      return undefined;
    }
  }
  return {
    runTag, deliver,
    /** The number of the last event sent (the next one is seq + 1). */
    get seq() { return seq; },
    summary: () => `done: ${stats.sent} sent, ${stats.resent} sent again, ${stats.refused} refused, ${stats.failed} failed`,
  };
}
