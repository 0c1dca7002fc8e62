import { describe, expect, it, onTestFinished } from 'vitest';
import { DEVICE_COOKIE, readDeviceToken } from '../../demo/server/auth/device-tokens';
import { deriveKeys, KEY_LABELS, mac } from '../../demo/server/auth/keys';
import type { ServerContext } from '../../demo/server/context';
import { SIGNATURE_HEADER } from '../../src/core/api/wire';
import { ManualClock } from './clock';
import { Client, PASSWORD, signedIn, startServer } from './helpers';

// Issue 67, item 1: a signed-in pupil forged a device cookie for any account through the response signature of
// `me`, which signed the caller's own text with the secret that also signed device cookies, and whose expiry was
// read with parseInt(…, 36), stopping at the first character that is not base 36.

const b64u = (text: string) => Buffer.from(text).toString('base64url');

/**
 * The probe's recipe: `X = "device-token:" + b64u(victim) + "." + nonce + ".zzzzzz"` signed by `me` as the pupil
 * gives `HMAC(secret, X + pupilId)`, which was the device MAC of `b64u(victim).nonce.zzzzzz<pupilId>` — an expiry
 * `parseInt` read as `zzzzzzu`, some 2.5 million years away.
 */
async function forgedDeviceCookie(pupil: Client, victimId: string, pupilId: string): Promise<string> {
  const nonce = 'AAAAAAAAAAAAAAAA';
  const text = `device-token:${b64u(victimId)}.${nonce}.zzzzzz`;
  const me = await pupil.get(`/api/uaa/oauth/me?signature=${encodeURIComponent(text)}`);
  expect(me.status).toBe(200);
  const header = me.headers.get(SIGNATURE_HEADER) ?? '';
  const proof = header.slice(header.lastIndexOf('$') + 1);
  const deviceMac = Buffer.from(proof, 'hex').subarray(0, 16).toString('base64url');
  return `${b64u(victimId)}.${nonce}.zzzzzz${pupilId}.${deviceMac}`;
}

describe('a device cookie cannot be forged through the signature call', () => {
  it("gives a pupil's forged cookie for the teacher no budget of its own: the locked account stays locked", async () => {
    const clock = new ManualClock();
    const t = await startServer({ now: clock.now });
    onTestFinished(() => t.stop());
    const pupil = await signedIn(t.url, 'student');
    const cookie = await forgedDeviceCookie(pupil, 'u-teacher', 'u-student');
    // Five wrong passwords from an unknown browser lock the teacher's account to unknown browsers.
    for (let i = 0; i < 5; i++) {
      expect(
        (await new Client(t.url).post('/api/uaa/oauth/login', { username: 'teacher', password: `x${i}` })).status,
      ).toBe(400);
    }
    const forger = new Client(t.url);
    forger.cookies.set(DEVICE_COOKIE, { value: cookie, path: '/' });
    // With the forged cookie the right password (which the forger would be guessing) is held like any unknown
    // browser's: before issue 67 it signed in, and 60 wrong passwords before it were all checked.
    const held = await forger.post('/api/uaa/oauth/login', { username: 'teacher', password: PASSWORD });
    expect(held.status).toBe(429);
    expect(held.body.code).toBe('account_locked');
  });
});

describe('every signed value has a key of its own', () => {
  const keys = deriveKeys('one secret');

  it('derives a different 256-bit key for each purpose, none of them the secret', () => {
    const all = Object.values(keys).map((key) => key.toString('hex'));
    expect(Object.keys(keys).sort()).toEqual(Object.keys(KEY_LABELS).sort());
    expect(new Set(all).size).toBe(all.length);
    for (const key of Object.values(keys)) expect(key).toHaveLength(32);
    expect(all).not.toContain(Buffer.from('one secret').toString('hex'));
  });

  it('length-prefixes the parts of a MAC, so that moving text between them changes it', () => {
    expect(mac(keys.responseSignature, 'ab', 'c').equals(mac(keys.responseSignature, 'a', 'bc'))).toBe(false);
    expect(mac(keys.responseSignature, 'x').equals(mac(keys.deviceCookie, 'x'))).toBe(false);
  });
});

describe('a device token is read strictly', () => {
  const now = 1_800_000_000;
  const ctx = { keys: deriveKeys('one secret'), seconds: () => now } as unknown as ServerContext;
  const user = b64u('u-teacher');
  const nonce = 'abcdefghijklmnop';
  const token = (expiry: string, userPart = user, noncePart = nonce) =>
    `${userPart}.${noncePart}.${expiry}.${mac(ctx.keys.deviceCookie, userPart, noncePart, expiry).subarray(0, 16).toString('base64url')}`;
  const valid = token(String(now + 60));

  it('accepts a token of the exact shape, signed, not expired', () => {
    expect(readDeviceToken(ctx, valid)).toEqual({ userId: 'u-teacher', nonce, text: valid });
  });

  it.each([
    ['an expiry with letters after its digits', token(`${now + 60}zz`)],
    ['a base-36 expiry', token('zzzzzz')],
    ['an expiry in the past', token(String(now))],
    ['an expiry with a sign', token(`+${now + 60}`)],
    ['an expiry with a leading zero', token(`0${now + 60}`)],
    ['a fifth field', `${valid}.x`],
    ['three fields', valid.slice(0, valid.lastIndexOf('.'))],
    ['a nonce one character short', token(String(now + 60), user, nonce.slice(1))],
    ['a MAC one character short', valid.slice(0, -1)],
    ['a MAC with one character changed', `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`],
    ['padding in the user id', token(String(now + 60), `${b64u('u-teache')}=`)],
    ['a user id outside the ids’ alphabet', token(String(now + 60), b64u('u teacher'))],
    [
      'a MAC made with the response-signature key',
      valid.replace(
        /[^.]+$/,
        mac(ctx.keys.responseSignature, user, nonce, String(now + 60))
          .subarray(0, 16)
          .toString('base64url'),
      ),
    ],
  ])('refuses %s', (_, text) => {
    expect(readDeviceToken(ctx, text)).toBeNull();
  });
});
