import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../demo/server/auth/passwords';
import { SCHOOL_ID } from '../../demo/server/db/seed-data';
import { Client, PASSWORD, startServer, type TestServer } from './helpers';

// A school's 8 a.m. (issue 37, F12): its teachers sign in together from one NAT address, and every one gets in;
// guesses at one account sent at once are still not all tried. The server's default limits (issue 55: 5 failures
// lock an account to unknown browsers for 15 minutes; an address has 16 checks under way, the rest queue).
let t: TestServer;
const TEACHERS = 200;

beforeAll(async () => {
  t = await startServer();
  const hash = hashPassword(PASSWORD);
  const insert = t.server.context.db.prepare(
    `INSERT INTO users (id, login_name, password_hash, real_name, user_type, unit_id, sex, status, lang, theme_type,
      theme) VALUES (?, ?, ?, ?, 2, ?, 1, 1, 'zh-CN', 'color', '#457CD6')`,
  );
  for (let index = 0; index < TEACHERS; index += 1) {
    insert.run(`u-rush-${index}`, `rush${index}`, hash, `教师${index}`, SCHOOL_ID);
  }
});
afterAll(() => t.stop());

describe('sign-in at a school’s morning rush, from one address', () => {
  it(`lets ${TEACHERS} correct sign-ins at once all in`, async () => {
    const answers = await Promise.all(
      Array.from({ length: TEACHERS }, (_, index) =>
        new Client(t.url).post('/api/uaa/oauth/login', { username: `rush${index}`, password: PASSWORD }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // 200 password hashes (scrypt) on two cores, beside the rest of the suite: more than the usual 30 s may pass.
  }, 120_000);

  it('tries at most 5 of 40 guesses at one account sent at once, then refuses even the right password', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        new Client(t.url).post('/api/uaa/oauth/login', { username: 'rush7', password: `guess-${index}` }),
      ),
    );
    const tried = answers.filter((answer) => answer.status === 400);
    expect(tried.length).toBeGreaterThan(0);
    expect(tried.length).toBeLessThanOrEqual(5);
    expect(answers.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toContain('|||');
    const right = await new Client(t.url).post('/api/uaa/oauth/login', { username: 'rush7', password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('account_locked');
  });

  it('queues sign-ins of one account past the 5 under way instead of refusing them: all get in', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        new Client(t.url).post('/api/uaa/oauth/login', { username: 'rush8', password: PASSWORD }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
  });
});
