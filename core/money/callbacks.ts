/**
 * A callback from a money service (core/money/providers.ts has the protocol): read the raw body,
 * check its signature, parse it. Each service's module applies what it says (payments.ts for the
 * payment service, payouts.ts for disbursements), once per reference and outcome: the ledger
 * posting's key is the outcome's (`payment-<id>:paid`), and the record is locked while it is
 * applied, so the same callback 3× at once credits once.
 *
 *   bad or missing signature → Unauthenticated (401), nothing read or written;
 *   a body that is not a callback → Refused (422).
 */
import { z } from "zod";
import { Refused, Unauthenticated } from "#core/errors.ts";
import { verifyMoneySignature, type Callback, type Service } from "./providers.ts";

const callbackBody = z.object({
  event_id: z.string().min(1).max(200),
  reference: z.string().min(1).max(200),
  provider_ref: z.string().min(1).max(200),
  status: z.enum(["paid", "failed", "expired"]),
  amount: z.number().int().safe().nonnegative(),
  time: z.number().int().nonnegative(),
});

export function readCallback(service: Service, rawBody: string, signature: string | null | undefined): Callback {
  if (!verifyMoneySignature(service, rawBody, signature)) throw new Unauthenticated("money:errors.bad_signature");
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new Refused("money:errors.bad_callback");
  }
  const parsed = callbackBody.safeParse(json);
  if (!parsed.success) throw new Refused("money:errors.bad_callback");
  return parsed.data;
}

/** The id in our reference ("payment-12" → 12), or NotFound-worthy undefined. */
export function referenceId(reference: string, prefix: "payment" | "payout"): number | undefined {
  const m = new RegExp(`^${prefix}-(\\d{1,9})$`).exec(reference);
  return m ? Number(m[1]) : undefined;
}
