import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ANSWERS_MARK } from '../../demo/server/routes/page-answers';
import { scriptSafeJson } from '../../demo/server/util/html';
import { firstScreenCalls } from '../../src/core/desktop/first-screen';
import { answerKey, PAGE_ANSWERS_ID, type PageAnswer } from '../../src/core/http/page-answers';
import { Client, signedIn, startServer, type TestServer } from './helpers';

// Issue 70: a signed-in desktop page carries its first screen's answers; nobody else's, never cached, never for a
// visitor without a session, and not from the §7-as-written profile.

const repo = resolve(import.meta.dirname, '..', '..');
const siteRoot = join(repo, 'demo', 'site');
const DESKTOP = '/pages/base/pc_desktop_all/';
const AREA_DESKTOP = '/area/areaBase/pc_areaDesktop_all/';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ staticRoots: [{ prefix: '/', root: siteRoot }] });
});
afterAll(() => t.stop());

const SCRIPT = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ID}">([\\s\\S]*?)</script>`);

/** The page as `client` gets it, and the answers it carries (null when none). */
async function desktopOf(client: Client, path = DESKTOP) {
  const response = await client.raw('GET', path, { device: null, headers: { Accept: 'text/html' } });
  const html = await response.text();
  const script = SCRIPT.exec(html)?.[1];
  const answers = script === undefined ? null : (JSON.parse(script) as PageAnswer[]);
  return { response, html, answers };
}

const meOf = (answers: PageAnswer[] | null) =>
  (answers?.find((answer) => answer.key === '/api/uaa/oauth/me?noIntercept=true')?.body as {
    data: { userId: string; userType: number; unitId: string };
  }) ?? null;

describe('a desktop page with its first answers', () => {
  it("carries a signed-in teacher's answer to me and to every call of the first screen, private and unstored", async () => {
    const { response, html, answers } = await desktopOf(await signedIn(t.url, 'teacher'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toMatch(/cookie/i);
    expect(html).not.toContain(PAGE_ANSWERS_MARK);
    const me = meOf(answers);
    expect(me?.data.userId).toBe('u-teacher');
    const keys = new Set(answers?.map((answer) => answer.key));
    const calls = firstScreenCalls(me.data, { appCode: 'base', treeCode: 'desktop' });
    for (const call of calls) expect(keys, call.url).toContain(answerKey(call.url, call.params));
    const icons = answers?.find((answer) => answer.key.startsWith('/api/base/desktop/my_app_icon?'));
    expect(icons?.key).toBe('/api/base/desktop/my_app_icon?appType=1&unitId=unit-school&userId=u-teacher');
    expect((icons?.body as { data?: unknown[] } | undefined)?.data?.length).toBeGreaterThan(0);
  });

  it('gives each account its own answers: a parent and a teacher never see each other', async () => {
    const [teacher, parent] = await Promise.all([signedIn(t.url, 'teacher'), signedIn(t.url, 'parent')]);
    const [mine, theirs] = await Promise.all([desktopOf(teacher), desktopOf(parent)]);
    expect(meOf(mine.answers)?.data.userId).toBe('u-teacher');
    expect(meOf(theirs.answers)?.data.userId).toBe('u-parent');
    // (The teacher's page names u-parent1, the teacher's own parent account it may switch to: its role candidates.)
    expect(mine.html).not.toContain('"u-parent"');
    expect(mine.html).not.toContain('陈家长');
    expect(theirs.html).not.toContain('"u-teacher"');
    expect(theirs.html).not.toContain('王老师');
    // The parent's page carries the children calls; the teacher's the permission tree.
    expect(theirs.answers?.some((answer) => answer.key.includes('find_all_student_by_parent_id'))).toBe(true);
    expect(mine.answers?.some((answer) => answer.key.startsWith('/api/base/resource/user/code/tree?'))).toBe(true);
  });

  it("names the area desktop's own app code and tree in its calls", async () => {
    const { answers } = await desktopOf(await signedIn(t.url, 'areauser'), AREA_DESKTOP);
    const keys = answers?.map((answer) => answer.key) ?? [];
    expect(keys.some((key) => /\/api\/base\/license\/unit\?serverId=areaBase&unitId=/.test(key))).toBe(true);
  });

  it('carries nothing without a session, or with one that has ended, and is then cacheable as before', async () => {
    const anonymous = await desktopOf(new Client(t.url));
    expect(anonymous.answers).toBeNull();
    expect(anonymous.html).not.toContain(PAGE_ANSWERS_MARK);
    expect(anonymous.response.headers.get('cache-control')).toBe('no-cache');
    const ended = await signedIn(t.url, 'teacher');
    await ended.post('/api/uaa/oauth/logout', {});
    const stale = new Client(t.url);
    stale.cookies.set('ph_access_token', { value: 'no-such-token', path: '/' });
    expect((await desktopOf(ended)).answers).toBeNull();
    expect((await desktopOf(stale)).answers).toBeNull();
  });

  it('is not sent by the §7-as-written profile: its pages come as written', async () => {
    const strict = await startServer({ specStrict: true, staticRoots: [{ prefix: '/', root: siteRoot }] });
    try {
      const { html, answers, response } = await desktopOf(await signedIn(strict.url, 'teacher'));
      expect(answers).toBeNull();
      expect(html).not.toContain(PAGE_ANSWERS_MARK);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    } finally {
      await strict.stop();
    }
  });
});

describe('scriptSafeJson', () => {
  it('keeps text that would end the script, open a comment or break a line as escapes that parse back', () => {
    const value = { name: '</script><script>alert(1)</script><!-- a & b > c \u2028\u2029' };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
