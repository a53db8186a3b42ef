import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { assign, emailKey, keysOf, phoneKey } from "./identity.ts";

/** One Indonesian mobile number written the ways buyers and channels write it. */
const writings = (national: string) => [
  `0${national}`, `+62${national}`, `62${national}`, `+62 ${national.slice(0, 3)}-${national.slice(3, 7)}-${national.slice(7)}`,
  `(+62) ${national}`, `0${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`, `+62 (0)${national}`, `0062${national}`,
  ` 0${national.slice(0, 3)}.${national.slice(3)} `,
];
const national = fc.tuple(fc.constantFrom("811", "812", "813", "821", "852", "857", "878", "896"), fc.stringMatching(/^\d{6,8}$/))
  .map(([prefix, rest]) => prefix + rest);
const name = fc.constantFrom("Budi Santoso", "Siti Rahayu", "Dewi Lestari", "Agus Setiawan", "budi santoso");

describe("who is the same person", () => {
  test("a phone written any way is one key: +62 and the national number", () => {
    fc.assert(fc.property(national, (n) => {
      for (const w of writings(n)) expect(phoneKey(w)).toBe(`+62${n}`);
    }));
  });

  test("an e-mail in any case, with spaces, and Gmail's dots and +tags, is one key", () => {
    expect(emailKey("  Budi.Santoso+toko@GMAIL.com ")).toBe("budisantoso@gmail.com");
    expect(emailKey("budisantoso@googlemail.com")).toBe("budisantoso@gmail.com");
    // Elsewhere a dot is part of the name.
    expect(emailKey("budi.santoso@yahoo.co.id")).not.toBe(emailKey("budisantoso@yahoo.co.id"));
    expect(emailKey("not an email")).toBeNull();
  });

  test("masked or short numbers are no key", () => {
    expect(phoneKey("0812****8899")).toBeNull();
    expect(phoneKey("12345")).toBeNull();
    expect(phoneKey("")).toBeNull();
  });

  test("the same person written many ways over many orders is one customer", () => {
    fc.assert(fc.property(national, fc.array(fc.tuple(fc.nat(8), name, fc.boolean()), { minLength: 1, maxLength: 12 }), (n, orders) => {
      const people = orders.map(([w, who, withEmail]) => keysOf({
        name: who, phone: writings(n)[w], email: withEmail ? `${who.split(" ")[0].toUpperCase()}@Mail.test` : null,
      }));
      let made = 0;
      const result = assign(people, new Map(), () => ++made);
      expect(new Set(result.map((r) => r.customerId)).size).toBe(1);
      expect(made).toBe(1);
    }));
  });

  test("different people are never merged by name alone", () => {
    fc.assert(fc.property(fc.uniqueArray(national, { minLength: 2, maxLength: 10 }), name, (numbers, who) => {
      const people = numbers.map((n) => keysOf({ name: who, phone: `0${n}` }));
      let made = 0;
      const result = assign(people, new Map(), () => ++made);
      expect(new Set(result.map((r) => r.customerId)).size).toBe(numbers.length);
      // Nor without any phone or e-mail: each such order is a person of its own.
      const anonymous = assign([keysOf({ name: who }), keysOf({ name: who })], new Map(), () => ++made);
      expect(anonymous[0].customerId).not.toBe(anonymous[1].customerId);
    }));
  });

  test("an order whose phone is one customer's and e-mail another's goes to the phone's; nothing is merged", () => {
    const owners = new Map([["p:+6281234567890", 1], ["e:ani@mail.test", 2]]);
    const [r] = assign([keysOf({ name: "Ani", phone: "081234567890", email: "ani@mail.test" })], owners, () => 99);
    expect(r).toEqual({ customerId: 1, isNew: false, claimed: [] });
    expect(owners.get("e:ani@mail.test")).toBe(2);
  });
});
