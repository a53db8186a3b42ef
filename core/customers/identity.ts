/**
 * Who is the same person (issue 17 item 5): the one rule, pure, used by the writer
 * (core/customers/link.ts) for a new order and for the backfill alike.
 *
 * - A person's keys are their phone, normalised to E.164 (+62…, core/lib/phone.ts), and their
 *   e-mail, trimmed and in lower case; Gmail ignores dots and "+tags" in the name, so those are
 *   dropped for gmail.com / googlemail.com. A phone of fewer than 8 digits after the country code,
 *   or an e-mail without "name@domain.tld", is no key (a marketplace's masked "0812****89").
 * - An order belongs to the customer owning its phone; else to the one owning its e-mail; else it
 *   starts a new customer. Its keys that no one owns yet become that customer's.
 * - When the phone is one customer's and the e-mail another's, the phone wins and the two are NOT
 *   merged on their own: a family shares an e-mail more often than a phone. The seller merges by hand.
 * - A name is never a key: two "Budi Santoso" are two people until a phone or e-mail says otherwise.
 *   An order with neither is a customer of its own.
 */
import { normalizePhone } from "#core/lib/phone.ts";

export type Person = { name: string; phone?: string | null; email?: string | null };
export type Keys = { phone: string | null; email: string | null };

const GMAIL = new Set(["gmail.com", "googlemail.com"]);

export function phoneKey(raw: string | null | undefined): string | null {
  if (!raw || /[*x#]/i.test(raw)) return null; // masked by the channel
  const e164 = normalizePhone(raw);
  if (!/^\+\d+$/.test(e164)) return null;
  const national = e164.startsWith("+62") ? e164.slice(3) : e164.slice(1);
  return national.length >= 8 && national.length <= 13 ? e164 : null;
}

export function emailKey(raw: string | null | undefined): string | null {
  const email = raw?.trim().toLowerCase();
  const m = email?.match(/^([^\s@]+)@([^\s@]+\.[^\s@]+)$/);
  if (!m) return null;
  let [, local, domain] = m;
  if (GMAIL.has(domain)) {
    local = local.split("+")[0].replaceAll(".", "");
    domain = "gmail.com";
  }
  return local ? `${local}@${domain}` : null;
}

export const keysOf = (p: Person): Keys => ({ phone: phoneKey(p.phone), email: emailKey(p.email) });

/** The keys as stored in customer_keys. */
export const storedKeys = (k: Keys) => [k.phone ? `p:${k.phone}` : null, k.email ? `e:${k.email}` : null].filter((x): x is string => !!x);

/**
 * Assigns each person to a customer, in order: `owners` maps a stored key to its customer id and
 * is updated as people are assigned (so two orders of one new person in one batch are one
 * customer). `make()` gives the id of a new customer. Answers, per person, the customer and the
 * keys it newly owns.
 */
export function assign(people: Keys[], owners: Map<string, number>, make: (index: number) => number) {
  return people.map((k, i) => {
    const [phone, email] = [k.phone ? `p:${k.phone}` : null, k.email ? `e:${k.email}` : null];
    const known = (phone ? owners.get(phone) : undefined) ?? (email ? owners.get(email) : undefined) ?? null;
    const customerId = known ?? make(i);
    const claimed = [phone, email].filter((key): key is string => !!key && !owners.has(key));
    for (const key of claimed) owners.set(key, customerId);
    return { customerId, isNew: known == null, claimed };
  });
}
