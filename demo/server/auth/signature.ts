import { SIGNATURE_SEPARATOR } from '../../../src/core/api/wire';
import { mac } from './keys';

/**
 * `${signature}$${proof}` (§4): the client checks the first part; the proof binds the answer to the user. The caller
 * chooses `signature`, so the proof is made with a key that signs nothing else (keys.ts): whatever a caller has
 * signed here is no device cookie, refresh successor or anything else the server would accept.
 */
export function signatureHeader(key: Buffer, signature: string, userId: string): string {
  return `${signature}${SIGNATURE_SEPARATOR}${mac(key, signature, userId).toString('hex')}`;
}
