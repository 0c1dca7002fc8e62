import { createHash, randomBytes } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `YYYY-MM-DD HH:mm:ss` in UTC, the date format of the platform's answers. */
export function formatDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
