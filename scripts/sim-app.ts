/**
 * The simulators' way into the app (simulate-orders.ts, simulate-inbox.ts, simulate-chat.ts): its
 * REST API as the signed-in seller, and the business's active channels with the webhook code and
 * secret a channel signs its deliveries with.
 */
import { webhookSecret } from "#core/orders/webhook-signing.ts";

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
