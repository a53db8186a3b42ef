/**
 * Signing of channel webhooks (core/orders/webhooks.ts has the protocol). Apart from the
 * handler, with no database import, so the simulator (scripts/simulate-orders.ts) and a channel's
 * integration code can sign deliveries without starting anything.
 *
 * The secret of a channel is HMAC-SHA256(server secret, "channel-webhook:" + code): no table holds
 * it, every app process knows it, and changing SESSION_SECRET rotates all of them.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { serverSecret } from "#core/lib/secret.ts";

export const SIGNATURE_HEADER = "X-Indie-Signature";

/** The channel's webhook code: `<platform lower>-<id>`. */
export const webhookCode = (channel: { id: number; platformCode: string }) => `${channel.platformCode.toLowerCase()}-${channel.id}`;

/** The channel's signing secret (hex), derived from the server secret and the code. */
export function webhookSecret(code: string, secret = serverSecret()): string {
  return createHmac("sha256", secret).update(`channel-webhook:${code}`).digest("hex");
}

/** The header value a channel sends with `body`: `sha256=<hex>`. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** True when `header` is the signature of exactly these bytes with the code's secret (constant time). */
export function verifySignature(code: string, rawBody: string, header: string | undefined | null): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(webhookSecret(code), rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
