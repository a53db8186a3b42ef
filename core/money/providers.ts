/**
 * The outside money services (issue 15): the payment service (deposit top-ups, invoices paid by a
 * payment method) and the disbursement service (withdrawals to a bank account). Both are reached
 * through one small protocol, so a real provider is an adapter behind a URL and the simulator
 * (`npm run simulate:payments`, scripts/simulate-payments.ts) plays it:
 *
 *   request  POST {PAYMENT_URL}/payments          { reference, amount, method, description, callback_url }
 *            → 200 { provider_ref, instructions: { kind: "va" | "link" | "code", value }, expires_at }
 *            POST {DISBURSEMENT_URL}/disbursements { reference, amount, bank_code, account_no, account_name, callback_url }
 *            → 200 { provider_ref }
 *   callback POST /api/callbacks/{payments|disbursements}
 *            { event_id, reference, provider_ref, status: "paid" | "failed" | "expired", amount, time }
 *
 * Every request and callback body is signed: header X-Indie-Signature = "sha256=" + HMAC-SHA256
 * (the service's secret, the raw body). The secret is PAYMENT_SECRET / DISBURSEMENT_SECRET, or —
 * for the in-process simulator and the script run beside a demo — derived from the server secret.
 * `reference` is ours ("payment-<id>", "payout-<id>"); a callback is applied once per reference
 * and outcome however often it comes (core/money/callbacks.ts).
 *
 * Which service answers:
 *   - a URL set → that service over HTTP;
 *   - no URL, demo mode (core/lib/demo.ts) → the simulator in this process: it answers at once
 *     and calls back through the same signed path a few seconds later (SIMULATED_DELAY_MS);
 *   - no URL outside demo mode → none: the caller refuses with a clear message (money never
 *     leaves, and nothing is ever marked paid that was not).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Unavailable } from "#core/errors.ts";
import { isDemo } from "#core/lib/demo.ts";
import { serverSecret } from "#core/lib/secret.ts";

export const SIGNATURE_HEADER = "X-Indie-Signature";
export type Service = "payment" | "disbursement";
export type CallbackStatus = "paid" | "failed" | "expired";

export type PaymentRequest = { reference: string; amount: number; method: number; description: string };
export type PaymentAnswer = { providerRef: string; instructions: { kind: "va" | "link" | "code"; value: string }; expiresAt: Date | null };
export type DisbursementRequest = { reference: string; amount: number; bankCode: string; accountNo: string; accountName: string };
export type Callback = { event_id: string; reference: string; provider_ref: string; status: CallbackStatus; amount: number; time: number };

const URL_ENV = { payment: "PAYMENT_URL", disbursement: "DISBURSEMENT_URL" } as const;
const SECRET_ENV = { payment: "PAYMENT_SECRET", disbursement: "DISBURSEMENT_SECRET" } as const;

/** The service's signing secret. */
export function serviceSecret(service: Service): string {
  return process.env[SECRET_ENV[service]] || createHmac("sha256", serverSecret()).update(`money-service:${service}`).digest("hex");
}

export function signMoneyBody(service: Service, body: string): string {
  return `sha256=${createHmac("sha256", serviceSecret(service)).update(body, "utf8").digest("hex")}`;
}

/** True when `header` signs exactly these bytes with the service's secret (constant time). */
export function verifyMoneySignature(service: Service, rawBody: string, header: string | null | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signMoneyBody(service, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** How a service is reached now: over HTTP, simulated in this process, or not at all. */
export function serviceMode(service: Service): "http" | "simulated" | "off" {
  if (process.env[URL_ENV[service]]) return "http";
  return isDemo() ? "simulated" : "off";
}

/** Where the provider calls us back. */
const callbackUrl = (service: Service) =>
  `${(process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "")}/api/callbacks/${service === "payment" ? "payments" : "disbursements"}`;

async function send<T>(service: Service, path: string, payload: Record<string, unknown>): Promise<T> {
  const body = JSON.stringify({ ...payload, callback_url: callbackUrl(service) });
  let res: Response;
  try {
    res = await fetch(`${process.env[URL_ENV[service]]!.replace(/\/$/, "")}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: signMoneyBody(service, body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new Unavailable(`money:errors.${service}_unreachable`);
  }
  if (!res.ok) throw new Unavailable(`money:errors.${service}_unreachable`);
  return (await res.json()) as T;
}

// ---- the in-process simulator (demo without a URL) ----------------------------------------

/** How long the simulated provider takes before it calls back. */
export const SIMULATED_DELAY_MS = () => Number(process.env.SIMULATED_PAYMENT_DELAY_MS ?? 3000);

type Deliver = (rawBody: string, signature: string) => Promise<unknown>;
const deliver: Partial<Record<Service, Deliver>> = {};
/**
 * The handler the simulator calls back for a service: the module that applies that service's
 * callbacks registers it when loaded (payments.ts, payouts.ts), as the API route calls it.
 */
export function setSimulatedDelivery(service: Service, fn: Deliver) {
  deliver[service] = fn;
}

/** The simulator's callback: signed as a real provider signs it, delivered to our own handler. */
function simulateCallback(service: Service, reference: string, providerRef: string, amount: number, status: CallbackStatus) {
  const body = JSON.stringify({ event_id: `sim-${randomBytes(6).toString("hex")}`, reference, provider_ref: providerRef, status, amount, time: Math.floor(Date.now() / 1000) } satisfies Callback);
  setTimeout(() => {
    (deliver[service]?.(body, signMoneyBody(service, body)) ?? Promise.reject(new Error("no handler"))).catch((e) => console.error(`simulated ${service} callback failed`, e));
  }, SIMULATED_DELAY_MS()).unref();
}

// ---- the two services -------------------------------------------------------------------

/**
 * Asks the payment service for a way to pay `amount` (a virtual account, a link, a code). The
 * simulator pays it after the delay (amounts ending in 13 rupiah fail, so a demo can show a
 * failure).
 */
export async function requestPayment(req: PaymentRequest): Promise<PaymentAnswer> {
  const mode = serviceMode("payment");
  if (mode === "off") throw new Unavailable("money:errors.payment_off");
  if (mode === "http") {
    const a = await send<{ provider_ref: string; instructions: PaymentAnswer["instructions"]; expires_at?: number | null }>("payment", "/payments", {
      reference: req.reference, amount: req.amount, method: req.method, description: req.description,
    });
    return { providerRef: a.provider_ref, instructions: a.instructions, expiresAt: a.expires_at ? new Date(a.expires_at * 1000) : null };
  }
  const providerRef = `SIMPAY-${randomBytes(5).toString("hex").toUpperCase()}`;
  simulateCallback("payment", req.reference, providerRef, req.amount, req.amount % 100 === 13 ? "failed" : "paid");
  const va = `8808${String(Date.now()).slice(-10)}`;
  return { providerRef, instructions: { kind: "va", value: va }, expiresAt: new Date(Date.now() + 24 * 3600_000) };
}

/** Asks the disbursement service to pay a bank account. The simulator pays it after the delay (amounts ending in 13 rupiah fail). */
export async function requestDisbursement(req: DisbursementRequest): Promise<{ providerRef: string }> {
  const mode = serviceMode("disbursement");
  if (mode === "off") throw new Unavailable("money:errors.disbursement_off");
  if (mode === "http") {
    const a = await send<{ provider_ref: string }>("disbursement", "/disbursements", {
      reference: req.reference, amount: req.amount, bank_code: req.bankCode, account_no: req.accountNo, account_name: req.accountName,
    });
    return { providerRef: a.provider_ref };
  }
  const providerRef = `SIMDSB-${randomBytes(5).toString("hex").toUpperCase()}`;
  simulateCallback("disbursement", req.reference, providerRef, req.amount, req.amount % 100 === 13 ? "failed" : "paid");
  return { providerRef };
}
