import { createHmac } from 'node:crypto';
import { SIGNATURE_SEPARATOR } from '../../../src/core/api/wire';

/** `${signature}$${proof}` (§4): the client checks the first part; the proof binds the answer to the user. */
export function signatureHeader(secret: string, signature: string, userId: string): string {
  const proof = createHmac('sha256', secret)
    .update(signature + userId)
    .digest('hex');
  return `${signature}${SIGNATURE_SEPARATOR}${proof}`;
}
