import { createHash, randomBytes } from 'node:crypto';
import { get as httpGet, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createServer } from '../../demo/server/index';
import { siteRoutes } from '../../demo/server/routes/site';
import type { LoginData, MeData } from '../../src/core/api/types';
import { ENDPOINTS } from '../../src/core/api/wire';
import { ManualClock } from './clock';
import { Client, PASSWORD, signedIn, startServer, type TestServer } from './helpers';

// Issue 14: each hole a hostile probe found, as the attack itself. Every test here failed before its fix.

const repo = resolve(import.meta.dirname, '..', '..');
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

let t: TestServer;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock();
  t = await startServer({
    now: clock.now,
    loginLimit: { perAccount: 5, perAddress: 1000, windowSeconds: 900 },
    staticRoots: [
      { prefix: '/demo/', root: join(repo, 'demo', 'pages') },
      { prefix: '/', root: join(repo, 'demo', 'site') },
    ],
  });
});
afterAll(() => t.stop());

/** The SSO sign-in form as a browser gets it: its hidden fields (redirect_uri, the CSRF token) and its cookie. */
async function ssoForm(client: Client, query = ''): Promise<Record<string, string>> {
  const page = await client.raw('GET', `/sso/login${query}`, { device: null });
  const html = await page.text();
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1] as string] = (match[2] as string).replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  }
  return fields;
}

async function ssoSignIn(client: Client, username: string, password: string, redirectUri: string, headers = {}) {
  const hidden = await ssoForm(client);
  return client.raw('POST', '/sso/login', {
    device: null,
    headers,
    form: { ...hidden, username, password, redirect_uri: redirectUri },
  });
}

/** A raw HTTP/1.1 request, so that the Host header is exactly what an attacker sends. */
function withHost(
  server: string,
  host: string,
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(server);
  return new Promise((resolvePromise, reject) => {
    const headers: Record<string, string> = { Host: host, 'X-PH-Device': 'pc' };
    if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const req = httpRequest({ host: hostname, port, path, method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolvePromise({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

function uploadForm(fields: Record<string, string | number>, data: Buffer, fileName: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('file', new Blob([new Uint8Array(data)]), fileName);
  return form;
}

const singleUpload = (who: Client, data: Buffer, name: string) =>
  who.call<{ md5: string; url: string; name: string }>('POST', '/zuul/api/storage/upload', {
    body: uploadForm({ md5: md5(data) }, data, name),
  });

const chunkUpload = (who: Client, fileMd5: string, chunk: number, chunks: number, data: Buffer, name = 'part.bin') =>
  who.call('POST', '/zuul/api/storage/file_piecewise/upload', {
    body: uploadForm({ md5: fileMd5, chunk, chunks, fileName: name, name, size: data.length }, data, 'blob'),
  });

async function download(who: Client, url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await who.raw('GET', url, { device: null });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('1 (critical) the SSO page never hands a ticket to another host', () => {
  const baits = (origin: string) => [
    '/.//evil.example/steal',
    '/..//evil.example/x',
    '/a/..//evil.example/x',
    '/%2e%2e//evil.example/x',
    `${origin}/.//evil.example/steal`,
    `${origin}/..//evil.example/x`,
    'http://evil.example/steal',
    '//evil.example/steal',
    '\\\\evil.example/steal',
  ];

  it('redirects every bait to this server, with the ticket', async () => {
    for (const bait of baits(t.url)) {
      const posted = await ssoSignIn(new Client(t.url), 'teacher', PASSWORD, bait);
      expect(posted.status, bait).toBe(302);
      const location = new URL(posted.headers.get('location') ?? '', 'http://relative.invalid');
      expect(location.origin, bait).toBe(t.url);
      expect(location.searchParams.get('ticket'), bait).toBeTruthy();
    }
  });

  it('checks the bait link GET /sso/login?redirect_uri=… before it reaches the form', async () => {
    for (const bait of baits(t.url)) {
      const hidden = await ssoForm(new Client(t.url), `?redirect_uri=${encodeURIComponent(bait)}`);
      // The form carries the resolved URL itself: absolute, on this server.
      expect(new URL(hidden.redirect_uri ?? '').origin, bait).toBe(t.url);
    }
    const kept = await ssoForm(new Client(t.url), `?redirect_uri=${encodeURIComponent('/demo/after?x=1')}`);
    expect(kept.redirect_uri).toBe(`${t.url}/demo/after?x=1`);
  });

  it('also follows the configured exact origins, and nothing that only resembles them', async () => {
    const allowed = await startServer({ allowedRedirectOrigins: ['https://portal.demo.example'] });
    onTestFinished(() => allowed.stop());
    const ok = await ssoSignIn(new Client(allowed.url), 'teacher', PASSWORD, 'https://portal.demo.example/back?a=1');
    const target = new URL(ok.headers.get('location') ?? '');
    expect(`${target.origin}${target.pathname}`).toBe('https://portal.demo.example/back');
    expect(target.searchParams.get('a')).toBe('1');
    expect(target.searchParams.get('ticket')).toBeTruthy();
    for (const bait of [
      'https://portal.demo.example.evil.example/back',
      'http://portal.demo.example/back',
      'https://portal.demo.example:8443/back',
      'https://user@portal.demo.example/back',
    ]) {
      const refused = await ssoSignIn(new Client(allowed.url), 'teacher', PASSWORD, bait);
      expect(new URL(refused.headers.get('location') ?? '').origin, bait).toBe(allowed.url);
    }
  });

  it('refuses a wildcard or a non-origin in the allowed list at start', async () => {
    for (const origin of ['https://*.demo.example', 'https://portal.demo.example/path', 'portal.demo.example']) {
      await expect(startServer({ allowedRedirectOrigins: [origin] }), origin).rejects.toThrow(/origin/i);
    }
  });
});

describe('2 concurrent guesses do not pass the rate limit', () => {
  const limited = (statuses: number[]) => statuses.filter((status) => status !== 429).length;

  it('counts each login attempt before hashing: 40 at once, the right password at #33 is refused', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        new Client(t.url)
          .post('/api/uaa/oauth/login', { username: 'parent1', password: i === 32 ? PASSWORD : `guess-${i}` })
          .then((answer) => answer.status),
      ),
    );
    expect(limited(statuses)).toBeLessThanOrEqual(5);
    expect(statuses[32]).toBe(429);
  });

  it('the SSO page and social bind count the same way', async () => {
    const sso = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ssoSignIn(new Client(t.url), 'expired', i === 32 ? PASSWORD : `guess-${i}`, '/demo/').then((r) => r.status),
      ),
    );
    expect(limited(sso)).toBeLessThanOrEqual(5);
    const unbound = await new Client(t.url).post<{ id: string }>('/api/uaa/social/qy', { code: 'race-bind-code' });
    const bind = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        new Client(t.url)
          .post('/api/uaa/social_bind', {
            id: unbound.body.data.id,
            username: 'student',
            password: i === 32 ? PASSWORD : `guess-${i}`,
          })
          .then((answer) => answer.status),
      ),
    );
    expect(limited(bind)).toBeLessThanOrEqual(5);
  });
});

describe('3 a stored file belongs to the unit that uploaded it', () => {
  it('another unit can neither read it nor learn that it exists; the same unit can', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const data = randomBytes(4000);
    const stored = await singleUpload(teacher, data, 'grades.pdf');
    expect(stored.status).toBe(200);
    const outsider = await signedIn(t.url, 'areauser');
    expect((await download(outsider, stored.body.data.url)).status).toBe(404);
    expect((await outsider.get(`/api/storage/download?fileId=${md5(data)}`, { device: null })).status).toBe(404);
    const check = await outsider.post('/api/storage/file_piecewise/second_upload_check', { md5: md5(data) });
    expect(check.body.data).toBeNull();
    const merge = await outsider.post('/api/storage/file_piecewise/merge_file', { md5: md5(data), chunks: 1 });
    expect(merge.body.code).toBe('chunk_missing');
    // Uploading the bytes for real gives the outsider's unit its own copy.
    expect((await singleUpload(outsider, data, 'mine.pdf')).status).toBe(200);
    expect((await download(outsider, stored.body.data.url)).bytes.equals(data)).toBe(true);
    const colleague = await signedIn(t.url, 'admin');
    expect((await download(colleague, stored.body.data.url)).bytes.equals(data)).toBe(true);
  });
});

describe('4 the same MD5 with other bytes never replaces a stored file', () => {
  // The public 128-byte MD5 collision pair (Wang et al., 2004).
  const a = Buffer.from(
    'd131dd02c5e6eec4693d9a0698aff95c2fcab58712467eab4004583eb8fb7f8955ad340609f4b30283e488832571415a085125e8f7cdc99fd91dbdf280373c5bd8823e3156348f5bae6dacd436c919c6dd53e2b487da03fd02396306d248cda0e99f33420f577ee8ce54b67080a80d1ec69821bcb6a8839396f9652b6ff72a70',
    'hex',
  );
  const b = Buffer.from(
    'd131dd02c5e6eec4693d9a0698aff95c2fcab50712467eab4004583eb8fb7f8955ad340609f4b30283e4888325f1415a085125e8f7cdc99fd91dbd7280373c5bd8823e3156348f5bae6dacd436c919c6dd53e23487da03fd02396306d248cda0e99f33420f577ee8ce54b67080280d1ec69821bcb6a8839396f965ab6ff72a70',
    'hex',
  );

  it('keeps the first bytes: the same unit is refused, another unit gets its own file', async () => {
    expect(md5(a)).toBe(md5(b));
    const teacher = await signedIn(t.url, 'teacher');
    const first = await singleUpload(teacher, a, 'collision.bin');
    expect(first.status).toBe(200);
    const colleague = await signedIn(t.url, 'staff');
    const second = await singleUpload(colleague, b, 'collision.bin');
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('md5_conflict');
    const outsider = await signedIn(t.url, 'areauser');
    expect((await singleUpload(outsider, b, 'collision.bin')).status).toBe(200);
    expect((await download(teacher, first.body.data.url)).bytes.equals(a)).toBe(true);
    expect((await download(outsider, first.body.data.url)).bytes.equals(b)).toBe(true);
  });
});

describe('5 forbidden extensions with trailing dots and spaces', () => {
  const names = ['a.exe..', 'a.php.', 'a.php. .', 'a.JSP .'];

  it('are refused by single uploads, chunk uploads, merges and downloads', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    for (const name of names) {
      const data = randomBytes(100);
      expect((await singleUpload(teacher, data, name)).status, name).toBe(400);
      expect((await chunkUpload(teacher, md5(data), 1, 1, data, name)).status, name).toBe(400);
    }
    const data = randomBytes(300);
    expect((await chunkUpload(teacher, md5(data), 1, 1, data, 'fine.bin')).status).toBe(200);
    for (const name of names) {
      const merge = await teacher.post('/api/storage/file_piecewise/merge_file', { md5: md5(data), chunks: 1, name });
      expect(merge.status, name).toBe(400);
    }
    const stored = await singleUpload(teacher, randomBytes(200), 'report.pdf');
    for (const name of names) {
      const answer = await teacher.raw(
        'GET',
        `/api/storage/download?fileId=${stored.body.data.md5}&name=${encodeURIComponent(name)}`,
        { device: null },
      );
      expect(answer.status, name).toBe(400);
    }
  });
});

describe('6 security headers on every HTML page', () => {
  it('sends a CSP that allows exactly the inline scripts of the page, frame-ancestors, nosniff, Referrer-Policy', async () => {
    const pages = [
      ...[...siteRoutes(join(repo, 'demo', 'site')).keys()].filter((url) => !/\.(css|js|svg|png|json)$/.test(url)),
      '/sso/login',
      '/demo/',
      '/demo/pc_notice_tm/index.html',
      '/demo/work-chat/index.html',
      '/demo/face/index.html',
    ];
    for (const path of pages) {
      const response = await fetch(t.url + path, { redirect: 'manual' });
      const html = await response.text();
      expect(response.headers.get('content-type'), path).toContain('text/html');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).toContain("object-src 'none'");
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, path).toContain("'self'");
      expect(scriptSrc, path).not.toContain('unsafe-inline');
      // WebAssembly (the face detector's backend, hash-wasm) compiles; JavaScript eval stays refused.
      expect(scriptSrc, path).toContain("'wasm-unsafe-eval'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
        const hash = createHash('sha256')
          .update(match[1] as string)
          .digest('base64');
        expect(scriptSrc, path).toContain(`'sha256-${hash}'`);
      }
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBeTruthy();
    }
  });
});

describe('6b a page visited again', () => {
  /** A GET through node:http: fetch (undici) does not hand a 304 back as such. */
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((done, fail) => {
      httpGet(t.url + path, { headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => {
          body += part;
        });
        response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body }));
      }).on('error', fail);
    });

  it("is sent whole with its script hashes: a 304's policy, without them, would block the kept copy's scripts", async () => {
    for (const page of ['/demo/upload/index.html', '/demo/work-chat/index.html', '/demo/face/index.html']) {
      const first = await get(page, { Accept: 'text/html' });
      const validators = {
        'If-None-Match': String(first.headers.etag),
        'If-Modified-Since': String(first.headers['last-modified']),
      };
      // As Chromium reloads: the stored page's validators and max-age=0.
      const again = await get(page, {
        Accept: 'text/html,application/xhtml+xml',
        'Cache-Control': 'max-age=0',
        ...validators,
      });
      expect(again.status, page).toBe(200);
      expect(again.body, page).toBe(first.body);
      const script = /<script(?: type="module")?>([\s\S]*?)<\/script>/.exec(first.body)?.[1] ?? '';
      expect(script, page).not.toBe('');
      const hash = createHash('sha256').update(script).digest('base64');
      expect(String(again.headers['content-security-policy']), page).toContain(`'sha256-${hash}'`);
    }
    // Other files keep their revalidation.
    const css = await get('/demo/demo.css', {});
    const cssAgain = await get('/demo/demo.css', { 'If-None-Match': String(css.headers.etag) });
    expect(cssAgain.status).toBe(304);
  });
});

describe('7 login CSRF on POST /sso/login', () => {
  it('refuses a post from another origin, and one without the form token', async () => {
    const foreign = await new Client(t.url).raw('POST', '/sso/login', {
      device: null,
      headers: { Origin: 'https://evil.example' },
      form: { username: 'parent', password: PASSWORD, redirect_uri: '/demo/' },
    });
    expect(foreign.status).toBe(403);
    const tokenless = await new Client(t.url).raw('POST', '/sso/login', {
      device: null,
      form: { username: 'parent', password: PASSWORD, redirect_uri: '/demo/' },
    });
    expect(tokenless.status).toBe(403);
    // The form's own token, or a same-origin page's post, passes.
    expect((await ssoSignIn(new Client(t.url), 'parent', PASSWORD, '/demo/')).status).toBe(302);
    const sameOrigin = await new Client(t.url).raw('POST', '/sso/login', {
      device: null,
      headers: { Origin: t.url },
      form: { username: 'parent', password: PASSWORD, redirect_uri: '/demo/' },
    });
    expect(sameOrigin.status).toBe(302);
  });
});

describe("8 nobody overwrites the chunks of someone else's upload", () => {
  it("another user's chunk of the same md5 lands apart; the owner's merge succeeds", async () => {
    const owner = await signedIn(t.url, 'teacher');
    const data = randomBytes(5000);
    expect((await chunkUpload(owner, md5(data), 1, 1, data)).status).toBe(200);
    for (const name of ['admin', 'areauser']) {
      const other = await signedIn(t.url, name);
      const check = await other.post<{ data: boolean }>('/api/storage/file_piecewise/block_upload_check', {
        md5: md5(data),
        chunk: 1,
        chunks: 1,
      });
      expect(check.body.data.data, name).toBe(false);
      expect((await chunkUpload(other, md5(data), 1, 1, randomBytes(5000))).status, name).toBe(200);
    }
    const merged = await owner.post<{ md5: string }>('/api/storage/file_piecewise/merge_file', {
      md5: md5(data),
      chunks: 1,
      name: 'mine.bin',
    });
    expect(merged.body).toMatchObject({ code: 'ok', data: { md5: md5(data) } });
  });
});

describe('9 relogin ends the session it replaces', () => {
  it('the traded access token and its refresh cookie stop working', async () => {
    const first = await signedIn(t.url, 'staff');
    const old = (await first.get<MeData>('/api/uaa/oauth/me')).body.data.accessToken;
    const relogin = await new Client(t.url).post<LoginData>('/api/uaa/oauth/relogin', { accessToken: old });
    expect(relogin.body.code).toBe('ok');
    expect((await new Client(t.url).get('/api/uaa/oauth/me', { bearer: old })).status).toBe(401);
    expect((await first.get('/api/uaa/oauth/refresh')).status).toBe(401);
    expect((await new Client(t.url).get('/api/uaa/oauth/me', { bearer: relogin.body.data.accessToken })).status).toBe(
      200,
    );
  });
});

describe('10 public calls have limits', () => {
  it('purges pending social rows after 30 minutes', async () => {
    const pending = () =>
      (t.server.context.db.prepare('SELECT COUNT(*) AS n FROM social_pending').get() as { n: number }).n;
    await new Client(t.url).post('/api/uaa/social/mp', { code: 'purge-me-0001' });
    expect(pending()).toBeGreaterThan(0);
    clock.advance(31 * 60);
    await new Client(t.url).post('/api/uaa/social/mp', { code: 'purge-me-0002' });
    expect(pending()).toBe(1);
  });

  it('limits unbound social logins and device-client failures per address', async () => {
    const own = await startServer({ loginLimit: { perAccount: 5, perAddress: 8, windowSeconds: 900 } });
    onTestFinished(() => own.stop());
    const social: number[] = [];
    for (let i = 0; i < 10; i++) {
      social.push((await new Client(own.url).post('/api/uaa/social/qy', { code: `flood-code-${i}` })).status);
    }
    expect(social.slice(0, 8)).toEqual(Array(8).fill(400));
    expect(social.slice(8)).toEqual([429, 429]);
    const device: number[] = [];
    for (let i = 0; i < 10; i++) {
      device.push(
        (await new Client(own.url).post('/api/uaa/oauth/login_user_client', { userClientId: `guess-${i}` })).status,
      );
    }
    expect(device.slice(8)).toEqual([429, 429]);
  });

  it('seeds device-client ids that are random per database, not guessable names', async () => {
    const guessed = await new Client(t.url).post('/api/uaa/oauth/login_user_client', {
      userClientId: 'demo-pc-client-teacher',
    });
    expect(guessed.status).toBe(400);
    const ids = (server: TestServer) =>
      server.server.context.db.prepare('SELECT id FROM device_clients ORDER BY user_id').all() as { id: string }[];
    const other = await startServer();
    onTestFinished(() => other.stop());
    for (const { id } of ids(t)) expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(ids(other)).not.toEqual(ids(t));
    const [first] = ids(t);
    const login = await new Client(t.url).post('/api/uaa/oauth/login_user_client', { userClientId: first?.id });
    expect(login.status).toBe(200);
  });
});

describe('11 authorize matches registered redirect URIs exactly', () => {
  it('refuses a longer path or an added query; loopback may vary the port only', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    for (const redirect_uri of [
      'https://library.demo.example/oauth/callback-evil',
      'https://library.demo.example/oauth/callback/deeper',
      'https://library.demo.example/oauth/callbackevil',
      'https://library.demo.example/oauth/callback?next=https://evil.example',
      'https://library.demo.example/oauth/callback#frag',
    ]) {
      const answer = await teacher.post('/api/uaa/shiyue_webauth', { client_id: 'demo-library', redirect_uri });
      expect(answer.body.code, redirect_uri).toBe('invalid_redirect_uri');
    }
    const portal = await teacher.post('/api/uaa/shiyue_webauth', {
      client_id: 'demo-portal',
      redirect_uri: 'http://127.0.0.1:5173/demo/deeper/path',
    });
    expect(portal.body.code).toBe('invalid_redirect_uri');
  });
});

describe('12 the Host header does not choose absolute URLs', () => {
  it('answers the SSO page URL and the ticket redirect on this server whatever Host says', async () => {
    const url = await withHost(t.url, 'evil.example', 'GET', '/api/sso/select/login/url');
    expect(JSON.parse(url.body).data).toBe(`${t.url}/sso/login`);
    const client = new Client(t.url);
    const hidden = await ssoForm(client);
    const body = new URLSearchParams({ ...hidden, username: 'parent', password: PASSWORD, redirect_uri: '/demo/' });
    const { hostname, port } = new URL(t.url);
    const posted = await new Promise<{ status: number; location: string }>((resolvePromise, reject) => {
      const req = httpRequest(
        {
          host: hostname,
          port,
          path: '/sso/login',
          method: 'POST',
          headers: {
            Host: 'evil.example',
            'Content-Type': 'application/x-www-form-urlencoded',
            Cookie: [...client.cookies].map(([name, c]) => `${name}=${c.value}`).join('; '),
          },
        },
        (response) => {
          response.resume();
          resolvePromise({ status: response.statusCode ?? 0, location: String(response.headers.location) });
        },
      );
      req.on('error', reject);
      req.end(body.toString());
    });
    expect(posted.status).toBe(302);
    expect(new URL(posted.location).origin).toBe(t.url);
  });

  it('uses the configured public origin when there is one', async () => {
    const own = await startServer({ publicOrigin: 'https://sso.school.example' });
    onTestFinished(() => own.stop());
    const url = await withHost(own.url, 'evil.example', 'GET', '/api/sso/select/login/url');
    expect(JSON.parse(url.body).data).toBe('https://sso.school.example/sso/login');
  });
});

describe('13 request bodies are not coerced', () => {
  it('refuses an array where a string belongs, with a field error', async () => {
    for (const [path, body, field] of [
      ['/api/uaa/oauth/login', { username: ['student'], password: PASSWORD }, 'username'],
      ['/api/uaa/oauth/login', { username: 'student', password: [PASSWORD] }, 'password'],
      ['/api/uaa/oauth/login', { username: 12345678, password: PASSWORD }, 'username'],
      ['/api/uaa/social/mp', { code: ['demo-parent-code'] }, 'code'],
    ] as const) {
      const answer = await new Client(t.url).post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fieldErrors?.[0]?.field, JSON.stringify(body)).toBe(field);
      expect(answer.body.fieldErrors?.[0]?.message).toContain('|||');
    }
  });

  it('still reads numbers from form bodies and query strings, where everything is text', async () => {
    const teacher = await signedIn(t.url, 'teacher');
    const form = await teacher.call<{ chunk: number }>('POST', '/api/storage/file_piecewise/block_upload_check', {
      form: { md5: md5(Buffer.from('form')), chunk: '1', chunks: '2' },
    });
    expect(form.body).toMatchObject({ code: 'ok', data: { chunk: 1 } });
    expect((await teacher.get('/api/base/desktop/popUpBox_select?start=1&size=3')).status).toBe(200);
  });
});

describe('server start', () => {
  it('refuses a malformed public origin', async () => {
    await expect(
      createServer({ dataDir: join(t.dataDir, 'other'), port: 0, publicOrigin: 'sso.school.example' }),
    ).rejects.toThrow(/origin/i);
  });
});

describe('F11 (issue 37) ids of other units cannot be listed', () => {
  it('answers an unknown id and a real user of another unit alike, for an admin and for anyone else', async () => {
    const admin = await signedIn(t.url, 'admin');
    const teacher = await signedIn(t.url, 'teacher');
    for (const caller of [admin, teacher]) {
      for (const path of [ENDPOINTS.faceUser, ENDPOINTS.faceAttendance]) {
        const real = await caller.get(`${path}?userId=u-areauser`);
        const unknown = await caller.get(`${path}?userId=u-nobody-1`);
        expect([real.status, real.body.code]).toEqual([403, 'forbidden']);
        expect([unknown.status, unknown.body]).toEqual([real.status, real.body]);
      }
      const real = await caller.get(`${ENDPOINTS.childrenOfParent}?parentId=u-areauser`);
      const unknown = await caller.get(`${ENDPOINTS.childrenOfParent}?parentId=u-nobody-1`);
      expect(real.status).toBe(403);
      expect([unknown.status, unknown.body]).toEqual([real.status, real.body]);
    }
    // Its own unit stays open to the admin.
    expect((await admin.get(`${ENDPOINTS.faceAttendance}?userId=u-teacher`)).status).toBe(200);
  });
});
