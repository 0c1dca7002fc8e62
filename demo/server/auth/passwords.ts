import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

// Format: scrypt$N$r$p$salt$hash (hex), so parameters can be raised later without breaking stored hashes.
/** scrypt's cost (N) of the hashes the server writes: ServerOptions.passwordCost's default. */
export const PASSWORD_COST = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** A stored hash of `password` at scrypt cost `cost` (a power of two); a check costs what the hash's cost says. */
export function hashPassword(password: string, cost: number = PASSWORD_COST): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, { N: cost, r: R, p: P });
  return ['scrypt', cost, R, P, salt.toString('hex'), hash.toString('hex')].join('$');
}

const dummies = new Map<number, string>();

/**
 * A hash of a random password at `cost`, made once per cost: verifying against it costs as much as a real one of the
 * server's (no user-exists timing leak).
 */
export function dummyHash(cost: number = PASSWORD_COST): string {
  let hash = dummies.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(12).toString('hex'), cost);
    dummies.set(cost, hash);
  }
  return hash;
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return Promise.resolve(false);
  const expected = Buffer.from(hashHex, 'hex');
  return new Promise((resolve) => {
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(saltHex, 'hex'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p) },
      (error, actual) => resolve(!error && actual.length === expected.length && timingSafeEqual(actual, expected)),
    );
  });
}
