import { SIGNATURE_QUERY, SIGNATURE_SEPARATOR } from '../api/wire';
import type { Params } from './encode';

// §4: a request that sends a `signature` query value must get it back as the first part of the signature header
// (`{signature}${proof}`); anything else forces a re-login.

/** The signature a request sent, if any. */
export function sentSignature(params: Params | undefined): string | undefined {
  const value = params?.[SIGNATURE_QUERY];
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/** The header's part before the first `$` is the signature sent. */
export function signatureMatches(sent: string, header: string | null): boolean {
  if (header === null) return false;
  const index = header.indexOf(SIGNATURE_SEPARATOR);
  return index >= 0 && header.slice(0, index) === sent;
}
