import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

// Format: scrypt$N$r$p$salt$hash (hex), so parameters can be raised later without breaking stored hashes.
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('hex'), hash.toString('hex')].join('$');
}

/** A hash of a random password: verifying against it costs as much as a real one (no user-exists timing leak). */
export const DUMMY_HASH = hashPassword(randomBytes(12).toString('hex'));

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
