import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// One key per purpose (issue 67): everything the server signs or MACs has a key of its own, derived from the one
// secret with HKDF-SHA256 (RFC 5869) and the purpose's label as `info`. A value made for one purpose is then no use
// for another: the response signature of `me` signs whatever text a caller sends, and with the secret itself as its
// key it signed device cookies for anyone who asked (docs/guide/security.md lists every signed value).

/** Every purpose the server MACs for, with the label its key is derived under. */
export const KEY_LABELS = {
  /** The proof after `$` in the signature header of `GET /api/uaa/oauth/me?signature=` (§4). */
  responseSignature: 'ph-widgets/response-signature/v1',
  /** The MAC of each device token in the `ph_device` cookie (device-tokens.ts). */
  deviceCookie: 'ph-widgets/device-cookie/v1',
  /** A refresh token's successor, an HMAC of the token it replaces (tokens.ts). */
  refreshSuccessor: 'ph-widgets/refresh-successor/v1',
  /** The in-memory fingerprint of a wrong password, to see one password tried at many names (sign-in-guard.ts). */
  passwordFingerprint: 'ph-widgets/password-fingerprint/v1',
} as const;

export type KeyPurpose = keyof typeof KEY_LABELS;
export type ServerKeys = Readonly<Record<KeyPurpose, Buffer>>;

/** The key of every purpose, derived from the server's one secret. */
export function deriveKeys(secret: string): ServerKeys {
  const keys = {} as Record<KeyPurpose, Buffer>;
  for (const [purpose, label] of Object.entries(KEY_LABELS) as [KeyPurpose, string][]) {
    keys[purpose] = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), label, 32));
  }
  return keys;
}

/**
 * HMAC-SHA256 of the parts, each preceded by its length, so that no two lists of parts give the same input
 * (`'ab' + 'c'` and `'a' + 'bc'` do when parts are simply joined).
 */
export function mac(key: Buffer, ...parts: string[]): Buffer {
  const hmac = createHmac('sha256', key);
  for (const part of parts) {
    const bytes = Buffer.from(part);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    hmac.update(length).update(bytes);
  }
  return hmac.digest();
}

/** Two MACs (or any secrets) compared in constant time; texts of different lengths are simply unequal. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
