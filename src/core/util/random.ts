// §9 random ids: characters 0–9 then A–Z.

export const RANDOM_ID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Fills the array with random bytes; WebCrypto by default (Node 20 and browsers have it). */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const cryptoBytes: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** A random id of `length` characters from RANDOM_ID_CHARS, uniform (bytes ≥ 252 are redrawn, 252 = 7 × 36). */
export function randomId(length: number, randomBytes: RandomBytes = cryptoBytes): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError('randomId length must be a whole number ≥ 0');
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(new Uint8Array(length - id.length))) {
      if (byte < 252) id += RANDOM_ID_CHARS[byte % 36];
    }
  }
  return id;
}
