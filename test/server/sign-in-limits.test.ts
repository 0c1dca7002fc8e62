import { describe, expect, it, onTestFinished } from 'vitest';
import { DEVICE_COOKIE } from '../../demo/server/auth/device-tokens';
import { verifyPassword } from '../../demo/server/auth/passwords';
import { ManualClock } from './clock';
import { type Answer, Client, PASSWORD, signedIn, startServer } from './helpers';

// Issue 55: sign-in a pupil cannot break (OWASP credential stuffing and "Blocking Brute Force Attacks", device
// cookies). Every client here comes from 127.0.0.1: one school behind one NAT address.

interface RetryData {
  retryAfter: number;
  until: string;
}

/** A server on a clock of its own, whose password checks are counted. */
async function school() {
  const clock = new ManualClock();
  const checks = { count: 0 };
  const t = await startServer({
    now: clock.now,
    verifyPassword: (password, stored) => {
      checks.count += 1;
      return verifyPassword(password, stored);
    },
  });
  onTestFinished(() => t.stop());
  const login = (client: Client, username: string, password = PASSWORD) =>
    client.post<RetryData>('/api/uaa/oauth/login', { username, password });
  return { clock, checks, url: t.url, login };
}

/** The refusal the login form explains: 429, `Retry-After`, and the envelope's code, message and wait. */
function expectRefusal(answer: Answer<RetryData>, code: string, now: number): number {
  expect(answer.status).toBe(429);
  const { retryAfter, until } = answer.body.data;
  expect(answer.body).toEqual({ status: 429, code, message: expect.any(String), data: { retryAfter, until } });
  expect(answer.body.message.split('|||')).toHaveLength(3);
  expect(Number.isInteger(retryAfter) && retryAfter > 0).toBe(true);
  expect(answer.headers.get('Retry-After')).toBe(String(retryAfter));
  expect(Date.parse(until)).toBe(now + retryAfter * 1000);
  return retryAfter;
}

describe('failures never shut an address out', () => {
  it('after 25 typos from the address a colleague in a new browser signs in within 30 s', async () => {
    const { clock, url, login } = await school();
    // The first 16 are checked (400), the rest held back (429): the address's bucket, below.
    const typos: number[] = [];
    for (let i = 0; i < 25; i++) typos.push((await login(new Client(url), `typo${i}`, 'wrong')).status);
    expect(typos).toEqual([...Array(16).fill(400), ...Array(9).fill(429)]);
    const colleague = new Client(url);
    const held = await login(colleague, 'staff');
    const wait = expectRefusal(held, 'address_throttled', clock.now());
    expect(wait).toBeLessThanOrEqual(30);
    clock.advance(wait);
    expect((await login(colleague, 'staff')).body).toMatchObject({ code: 'ok', data: { userId: 'u-staff' } });
  });
});

describe('a guesser is slowed', () => {
  it('checks 16 of 200 wrong passwords sent at once from one address (its bucket: 16, then 9 a minute); the rest get 429', async () => {
    const { checks, url, login, clock } = await school();
    const teacher = await signedIn(url, 'teacher');
    checks.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => login(new Client(url), `ghost${index}`, `guess-${index}`)),
    );
    expect(checks.count).toBe(16);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(16);
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(throttled).toHaveLength(184);
    for (const answer of throttled) expectRefusal(answer, 'address_throttled', clock.now());
    // The teacher's own browser is not held by the address throttle.
    expect((await login(teacher, 'teacher')).status).toBe(200);
  });
});

describe('a guesser one by one', () => {
  it('gets at most 25 wrong passwords checked in any minute, however the guesses are spread', async () => {
    const { checks, url, login, clock } = await school();
    const checkedAt: number[] = [];
    for (let second = 0; second < 180; second++) {
      const before = checks.count;
      await login(new Client(url), `ghost${second}`, 'guess');
      if (checks.count > before) checkedAt.push(clock.now());
      clock.advance(1);
    }
    const mostInAMinute = Math.max(
      ...checkedAt.map((start) => checkedAt.filter((at) => at >= start && at < start + 60_000).length),
    );
    expect(mostInAMinute).toBeLessThanOrEqual(25);
    // And it is a rate, not a wall: the guesser still gets 9 a minute once the bucket is full.
    expect(checkedAt.length).toBeGreaterThanOrEqual(16 + 2 * 9);
  });
});

describe('nobody locks a person out from elsewhere', () => {
  it('sets an HttpOnly, SameSite=Lax device cookie bound to the account at sign-in', async () => {
    const { url, login } = await school();
    const browser = new Client(url);
    const answer = await login(browser, 'teacher');
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/(;|$)/);
    expect(cookie).toMatch(/Max-Age=15552000/);
    // Signing in again keeps the token; another account joins it in the same cookie.
    expect((await login(browser, 'teacher')).headers.getSetCookie().join()).not.toContain(DEVICE_COOKIE);
    await login(browser, 'staff');
    expect(browser.cookies.get(DEVICE_COOKIE)?.value.split('~')).toHaveLength(2);
  });

  it("lets the teacher's own browser in at once after 10 wrong guesses at teacher from another browser", async () => {
    const { clock, url, login } = await school();
    const own = await signedIn(url, 'teacher');
    const guesser = new Client(url);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(guesser, 'teacher', `guess-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    expect((await login(own, 'teacher')).body).toMatchObject({ code: 'ok', data: { userId: 'u-teacher' } });
    // An unknown browser, with the right password too, waits out the account's lock.
    const locked = await login(new Client(url), 'teacher');
    expect(expectRefusal(locked, 'account_locked', clock.now())).toBe(15 * 60);
    clock.advance(15 * 60);
    expect((await login(new Client(url), 'teacher')).status).toBe(200);
  });

  it('binds a device token to its account, ignores a forged one, and locks a token that fails 5 times', async () => {
    const { clock, url, login } = await school();
    const own = await signedIn(url, 'parent');
    const other = await signedIn(url, 'parent');
    for (let i = 0; i < 5; i++) expect((await login(new Client(url), 'staff', 'wrong')).status).toBe(400);
    // The parent's browser is unknown to staff: it shares staff's lock.
    expectRefusal(await login(own, 'staff'), 'account_locked', clock.now());
    const forged = new Client(url);
    const token = own.cookies.get(DEVICE_COOKIE)!.value;
    forged.cookies.set(DEVICE_COOKIE, { value: `${token.slice(0, -2)}xx`, path: '/' });
    for (let i = 0; i < 5; i++) expect((await login(forged, 'parent', 'wrong')).status).toBe(400);
    expectRefusal(await login(new Client(url), 'parent'), 'account_locked', clock.now());
    for (let i = 0; i < 5; i++) expect((await login(own, 'parent', 'wrong')).status).toBe(400);
    expectRefusal(await login(own, 'parent'), 'account_locked', clock.now());
    expect((await login(other, 'parent')).status).toBe(200);
  });
});

describe('the per-account cap of sign-ins under way', () => {
  it('tries at most 5 of 40 guesses at one account sent at once and refuses the rest as locked', async () => {
    const { checks, url, login } = await school();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => login(new Client(url), 'student', `guess-${index}`)),
    );
    expect(checks.count).toBe(5);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.body.code === 'account_locked')).toHaveLength(35);
  });
});
