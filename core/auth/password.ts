/**
 * Password hashes, and the hashes of one-time codes (core/auth/otp.ts): argon2id with OWASP's
 * first recommended setting, m=19456 KiB (19 MiB), t=2, p=1, stored as the standard PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (16-byte random salt, 32-byte hash, base64
 * without padding).
 *
 * The library is @node-rs/argon2 (RustCrypto's argon2, prebuilt per platform as npm optional
 * dependencies): no install script and no compiler, nothing fetched beyond the npm registry, and
 * it hashes on libuv's thread pool, not the event loop. `argon2` (node-argon2) was the other
 * candidate, but its 0.45.1 linux-x64 prebuild is built for Node-API 10 and crashes Node 20 on
 * load (the install then compiles from source), and it writes the parameters as m,p,t where the
 * PHC format says m,t,p.
 *
 * Hashes made before argon2id, `scrypt$N$r$p$salt$key` (Node's scrypt, N=2^15, r=8 → 32 MiB),
 * still verify. needsRehash says so for them and for argon2 hashes weaker than today's setting;
 * a successful sign-in (core/auth/sign-in.ts) then stores a fresh hash of the password it just
 * checked. Until an account has signed in once, its wrong-password answers cost scrypt's time
 * (~100 ms) rather than argon2id's (~15 ms).
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { hash, parseOptions, verify } from "@node-rs/argon2";

/** OWASP's argon2id setting (m in KiB). */
export const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// @node-rs/argon2's enums are `const enum`s, which verbatimModuleSyntax cannot import: their values.
const ARGON2ID = 2; // Algorithm.Argon2id
const V0X13 = 1; // Version.V0x13 (v=19)

export async function hashPassword(password: string): Promise<string> {
  return hash(password, { ...ARGON2, algorithm: ARGON2ID, version: V0X13, outputLen: 32, salt: randomBytes(16) });
}

/** True when `password` matches `stored` (argon2 PHC or the older scrypt format); anything unreadable is false. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("$argon2")) {
    try {
      return await verify(stored, password);
    } catch {
      return false; // a malformed hash
    }
  }
  if (stored.startsWith("scrypt$")) return verifyScrypt(password, stored);
  return false;
}

/**
 * A stored hash that should be replaced at the next sign-in: anything but argon2id v=19, or one
 * with less memory, fewer passes or a shorter salt or hash than today's setting.
 */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith("$argon2id$")) return true;
  try {
    const o = parseOptions(stored);
    return o.algorithm !== ARGON2ID || o.version !== V0X13 || o.memoryCost < ARGON2.memoryCost || o.timeCost < ARGON2.timeCost
      || o.outputLen < 32 || o.saltLen < 16;
  } catch {
    return true;
  }
}

// The format before argon2id; verified only, never written.
const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, key] = stored.split("$");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  try {
    const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
      N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAXMEM,
    });
    return timingSafeEqual(expected, actual);
  } catch {
    return false; // unreadable parameters
  }
}
