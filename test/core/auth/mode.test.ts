import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  type AfterSignInContext,
  chatProvider,
  decideAfterSignIn,
  decideRedirect,
  type LoginModeContext,
  MISSING_CLIENT_ID,
  MISSING_TICKET_CONFIG,
  NAVIGATION_LOOP_MS,
  redirectOrigins,
  resolveLoginMode,
  sameUrl,
  withoutSecrets,
} from '../../../src/core/auth';
import { siteOf } from '../../../src/core/routes';

const ctx = (href: string, extra: Partial<LoginModeContext> = {}): LoginModeContext => ({
  href: `http://school.test${href}`,
  userAgent: 'Mozilla/5.0 Chrome',
  device: 'pc',
  loggedIn: false,
  loggedOut: false,
  autoLogin: false,
  hasRememberedCredentials: false,
  autoLoginCount: 0,
  ...extra,
});
const mode = (href: string, extra: Partial<LoginModeContext> = {}) => resolveLoginMode(ctx(href, extra));

describe('resolveLoginMode: each mode (§4)', () => {
  it('authorize needs client_id', () => {
    expect(mode('/authorize?redirect_uri=x')).toEqual({ mode: 'error', message: MISSING_CLIENT_ID });
    expect(mode('/login#/authorize?state=s')).toEqual({ mode: 'error', message: MISSING_CLIENT_ID });
    expect(mode('/authorize?client_id=c1&redirect_uri=https%3A%2F%2Fapp&state=s&scope=read')).toEqual({
      mode: 'authorize',
      clientId: 'c1',
      redirectUri: 'https://app',
      state: 's',
      responseType: 'code',
      scope: 'read',
    });
  });

  it('device client id from the query, or configured in the app shell only', () => {
    expect(mode('/login?userClientId=d1')).toEqual({ mode: 'deviceClient', userClientId: 'd1' });
    expect(mode('/login', { device: 'app', userClientId: 'd2' })).toEqual({ mode: 'deviceClient', userClientId: 'd2' });
    expect(mode('/login', { device: 'pc', userClientId: 'd2' })).toEqual({ mode: 'form' });
  });

  it('username and password in the query, both needed', () => {
    expect(mode('/login?username=a&password=b')).toEqual({ mode: 'password', username: 'a', password: 'b' });
    expect(mode('/login?username=a')).toEqual({ mode: 'form' });
  });

  it('SSO ticket needs the ticket api path', () => {
    expect(mode('/login?ticket=T')).toEqual({ mode: 'error', message: MISSING_TICKET_CONFIG });
    expect(MISSING_TICKET_CONFIG.startsWith('Missing loginTickitConifg.apipath')).toBe(true);
    expect(mode('/login?ticket=T', { ticketApiPath: '/api/sso/ticket' })).toEqual({
      mode: 'ticket',
      ticket: 'T',
      apipath: '/api/sso/ticket',
    });
  });

  it('access-token relogin', () => {
    expect(mode('/login?accessToken=tok')).toEqual({ mode: 'relogin', accessToken: 'tok' });
  });

  it('code or token with state is a social login; without state it is not', () => {
    expect(mode('/login?code=C&state=wx&deviceId=D')).toEqual({
      mode: 'social',
      provider: 'wx',
      code: 'C',
      token: '',
      deviceId: 'D',
    });
    expect(mode('/login#/?token=T&state=dd')).toMatchObject({ mode: 'social', provider: 'dd', token: 'T' });
    expect(mode('/login?code=C')).toEqual({ mode: 'form' });
  });

  it('already logged in', () => {
    expect(mode('/login', { loggedIn: true })).toEqual({ mode: 'loggedIn' });
  });

  it('social login inside work-chat or the chat app by user agent', () => {
    expect(chatProvider('Mozilla/5.0 wxwork/4.0 MicroMessenger/7')).toBe('qy');
    expect(chatProvider('Mozilla/5.0 MicroMessenger/8.0')).toBe('mp');
    expect(chatProvider('Mozilla/5.0 Chrome')).toBeNull();
    expect(mode('/login', { userAgent: 'MicroMessenger/8' })).toEqual({ mode: 'chatSocial', provider: 'mp' });
  });

  it('not again after the provider came back without a code, nor when the unit has no app (issue 8 §12)', () => {
    const auto = { autoLogin: true, hasRememberedCredentials: true, userAgent: 'wxwork/4' };
    expect(mode('/login?state=qy', auto)).toEqual({ mode: 'auto' });
    expect(mode('/login?state=qy', { userAgent: 'wxwork/4' })).toEqual({ mode: 'form' });
    expect(mode('/login', { ...auto, skipChat: true })).toEqual({ mode: 'auto' });
    expect(mode('/login?code=c&state=qy', auto)).toMatchObject({ mode: 'social', provider: 'qy' });
  });

  it('auto login only when not logged out, preference on and credentials stored; at most 4 attempts', () => {
    const auto = { autoLogin: true, hasRememberedCredentials: true };
    expect(mode('/login', auto)).toEqual({ mode: 'auto' });
    expect(mode('/login', { ...auto, loggedOut: true })).toEqual({ mode: 'form' });
    expect(mode('/login', { ...auto, autoLogin: false })).toEqual({ mode: 'form' });
    expect(mode('/login', { ...auto, hasRememberedCredentials: false })).toEqual({ mode: 'form' });
    expect(mode('/login', { ...auto, autoLoginCount: 3 })).toEqual({ mode: 'auto' });
    expect(mode('/login', { ...auto, autoLoginCount: 4 })).toEqual({ mode: 'autoExhausted' });
  });
});

describe('resolveLoginMode: the order (§4)', () => {
  const modes = [
    'authorize',
    'deviceClient',
    'password',
    'ticket',
    'relogin',
    'social',
    'loggedIn',
    'chatSocial',
    'auto',
  ];
  const triggers: Record<string, { query: string; extra: Partial<LoginModeContext>; path?: string }> = {
    authorize: { query: 'client_id=c', extra: {}, path: '/authorize' },
    deviceClient: { query: 'userClientId=d', extra: {} },
    password: { query: 'username=u&password=p', extra: {} },
    ticket: { query: 'ticket=t', extra: { ticketApiPath: '/sso' } },
    relogin: { query: 'accessToken=a', extra: {} },
    social: { query: 'code=c&state=s', extra: {} },
    loggedIn: { query: '', extra: { loggedIn: true } },
    chatSocial: { query: '', extra: { userAgent: 'wxwork' } },
    auto: { query: '', extra: { autoLogin: true, hasRememberedCredentials: true } },
  };

  it('the earliest present mode always wins', () => {
    fc.assert(
      fc.property(fc.subarray(modes, { minLength: 1 }), (present) => {
        const chosen = present.map((name) => triggers[name]!);
        const query = chosen
          .map((trigger) => trigger.query)
          .filter(Boolean)
          .join('&');
        const path = chosen.find((trigger) => trigger.path)?.path ?? '/login';
        const extra = Object.assign({}, ...chosen.map((trigger) => trigger.extra));
        const expected = modes.find((name) => present.includes(name));
        expect(resolveLoginMode(ctx(`${path}?${query}`, extra)).mode).toBe(expected);
      }),
    );
  });
});

describe('decideRedirect (§4) and the open-redirect guard', () => {
  const landing = 'http://school.test/pages/base/pc_desktop_all/index.html';
  const site = siteOf('http://school.test/login', {});

  it('redirect_uri first, on the same origin', () => {
    expect(
      decideRedirect({
        href: `http://school.test/login?redirect_uri=${encodeURIComponent('http://school.test/pages/x/index.html#/a')}`,
        site,
        jumpPage: '/jump',
        landing,
      }),
    ).toBe('http://school.test/pages/x/index.html#/a');
    expect(decideRedirect({ href: 'http://school.test/login#/?redirect_uri=%2Fpages%2Fy', site, landing })).toBe(
      'http://school.test/pages/y',
    );
  });

  it('refuses other origins, protocol-relative and script URLs, falling back to the jump page', () => {
    for (const target of ['https://evil.test/', '//evil.test/x', 'javascript:alert(1)', 'http://school.test:8080/']) {
      expect(
        decideRedirect({
          href: `http://school.test/login?redirect_uri=${encodeURIComponent(target)}`,
          site,
          jumpPage: '/jump',
          landing,
        }),
      ).toBe('http://school.test/jump');
    }
  });

  it('then the jump page (on the site only), then the landing page', () => {
    const href = 'http://school.test/login';
    expect(decideRedirect({ href, site, jumpPage: '/jump', landing })).toBe('http://school.test/jump');
    expect(decideRedirect({ href, site, landing })).toBe(landing);
    expect(decideRedirect({ href, site, jumpPage: '//evil.test/jump', landing })).toBe(landing);
  });

  it('under a prefix, redirect_uri paths and the jump page land under it (issue 53)', () => {
    const prefixed = siteOf('http://school.test/platform/login', { apiBase: '/platform' });
    const go = (target: string, jumpPage?: string) =>
      decideRedirect({
        href: `http://school.test/platform/login?redirect_uri=${encodeURIComponent(target)}`,
        site: prefixed,
        jumpPage,
        landing,
      });
    expect(go('/pages/x/index.html')).toBe('http://school.test/platform/pages/x/index.html');
    expect(go('/platform/pages/x/index.html')).toBe('http://school.test/platform/pages/x/index.html');
    expect(go('http://school.test/platform/pages/y')).toBe('http://school.test/platform/pages/y');
    expect(go('//evil.test/x', '/jump')).toBe('http://school.test/platform/jump');
  });

  it('settings pages stay', () => {
    const stay = (href: string) => decideRedirect({ href, site, landing });
    expect(stay('http://school.test/pages/base/index.html#/desktop/setting')).toBeNull();
    expect(stay('http://school.test/pages/base/index.html#/areaDesktop/setting?x=1')).toBeNull();
    expect(stay('http://school.test/pages/base/index.html#/desktop/settings2')).toBe(landing);
  });

  it('follows a redirect_uri to a configured origin, exactly that origin (issue 8 §17)', () => {
    const allowedOrigins = ['https://library.school.test', 'http://school.test:8080'];
    const go = (target: string) =>
      decideRedirect({
        href: `http://school.test/login?redirect_uri=${encodeURIComponent(target)}`,
        site,
        jumpPage: '/jump',
        landing,
        allowedOrigins,
      });
    expect(go('https://library.school.test/books?id=1#top')).toBe('https://library.school.test/books?id=1#top');
    expect(go('http://school.test:8080/x')).toBe('http://school.test:8080/x');
    expect(go('/pages/x')).toBe('http://school.test/pages/x');
    for (const target of [
      'http://library.school.test/',
      'https://evil.library.school.test/',
      'https://library.school.test.evil.test/',
      'https://library.school.test:444/',
      'javascript:alert(1)',
    ]) {
      expect(go(target), target).toBe('http://school.test/jump');
    }
  });

  it('takes exact http(s) origins only: no wildcards, paths or other schemes (issue 8 §17)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(
        redirectOrigins([
          'https://library.school.test',
          'https://exam.school.test/',
          'https://*.school.test',
          '*',
          'https://a.school.test/path',
          'https://a.school.test?x=1',
          'https://user:pw@a.school.test',
          'ftp://files.school.test',
          'library.school.test',
          42,
          'https://library.school.test',
        ]),
      ).toEqual(['https://library.school.test', 'https://exam.school.test']);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('https://*.school.test');
      expect(redirectOrigins(undefined)).toEqual([]);
      expect(redirectOrigins('https://one.school.test')).toEqual(['https://one.school.test']);
    } finally {
      warn.mockRestore();
    }
  });

  it('never yields another origin, whatever the redirect_uri', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.domain().map((domain) => `https://${domain}/x`),
          fc.constantFrom('//evil.test', 'javascript:alert(1)', '/ok', 'http://school.test/a', '\\\\evil.test'),
        ),
        (target) => {
          const href = `http://school.test/login?redirect_uri=${encodeURIComponent(target)}`;
          const result = decideRedirect({ href, site, landing });
          expect(result).not.toBeNull();
          expect(new URL(result!).origin).toBe('http://school.test');
        },
      ),
    );
  });
});

describe('withoutSecrets: credentials leave the address once read', () => {
  it('drops password, access token, ticket, code and token from the search and the hash route, keeping the rest', () => {
    expect(
      withoutSecrets('http://s.test/login?username=u&password=p&redirect_uri=%2Fx#/authorize?ticket=t&client_id=c'),
    ).toBe('http://s.test/login?username=u&redirect_uri=%2Fx#/authorize?client_id=c');
    expect(withoutSecrets('http://s.test/login?code=c&state=mp&deviceId=d&token=k&accessToken=a')).toBe(
      'http://s.test/login?state=mp&deviceId=d',
    );
  });

  it('says null when there is nothing to drop', () => {
    expect(withoutSecrets('http://s.test/login?redirect_uri=%2Fx#/home')).toBeNull();
  });
});

describe('sameUrl: the same page however its URL is spelled (issue 68)', () => {
  it.each([
    ['http://s.test/app/?stay', 'http://s.test/app/?stay=', true],
    ['http://s.test/app/?a=1&b=2', 'http://s.test/app/?b=2&a=1', true],
    ['http://s.test/app/index.html', 'http://s.test/app/', true],
    ['http://s.test:80/app/', 'http://s.test/app/', true],
    ['http://s.test/app/#', 'http://s.test/app/', true],
    ['http://s.test/app/?', 'http://s.test/app/', true],
    ['http://s.test/app/#/home?x&y=1', 'http://s.test/app/#/home?y=1&x=', true],
    ['/app/?stay', 'http://s.test/app/?stay=', true],
    ['http://s.test/app/', 'http://s.test/app', false],
    ['http://s.test/app/?a=1', 'http://s.test/app/?a=2', false],
    ['http://s.test/app/#/home', 'http://s.test/app/#/other', false],
    ['https://s.test/app/', 'http://s.test/app/', false],
    ['not a url', 'http://s.test/', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameUrl(a, b, 'http://s.test/login')).toBe(same);
    expect(sameUrl(b, a, 'http://s.test/login')).toBe(same);
  });
});

describe('decideAfterSignIn: at most one navigation a page load, never a loop (issue 68)', () => {
  const LANDING = 'http://s.test/pages/base/pc_desktop_all/index.html';
  const base: AfterSignInContext = {
    href: 'http://s.test/app/',
    target: LANDING,
    redirect: 'auto',
    restored: false,
    place: 'page',
    navigatedThisLoad: false,
    loadedAt: { url: 'http://s.test/app/', redirected: false },
    last: null,
    now: 1_000_000,
  };
  const decide = (extra: Partial<AfterSignInContext>) => decideAfterSignIn({ ...base, ...extra });

  it('goes where §4 says, once', () => {
    expect(decide({})).toEqual({ action: 'go', url: LANDING });
    expect(decide({ restored: true })).toEqual({ action: 'go', url: LANDING });
    expect(decide({ navigatedThisLoad: true })).toEqual({ action: 'stay', reason: 'once', url: LANDING });
  });

  it('`none` stays, signed in or restored, and says where it would have gone', () => {
    expect(decide({ redirect: 'none' })).toEqual({ action: 'stay', reason: 'none', url: LANDING });
    expect(decide({ redirect: 'none', place: 'dialog' })).toEqual({ action: 'stay', reason: 'none', url: LANDING });
  });

  it('never goes to the page it is on; a sign-in with nowhere to go (a settings page) reloads, as §4 says', () => {
    expect(decide({ href: `${LANDING}?` })).toEqual({ action: 'stay', reason: 'current', url: LANDING });
    expect(decide({ target: null })).toEqual({ action: 'reload' });
    expect(decide({ target: null, restored: true })).toEqual({ action: 'stay', reason: 'current', url: null });
  });

  it('the re-login dialog reloads in place after a sign-in, and leaves a restored session alone', () => {
    expect(decide({ place: 'dialog' })).toEqual({ action: 'reload' });
    expect(decide({ place: 'dialog', restored: true })).toEqual({ action: 'stay', reason: 'current', url: LANDING });
  });

  it("a restored session on a document the target sent back (a router's catch-all) stays; a sign-in there goes", () => {
    const loadedAt = { url: `${LANDING}?`, redirected: false };
    expect(decide({ restored: true, loadedAt })).toEqual({ action: 'stay', reason: 'loop', url: LANDING });
    expect(decide({ loadedAt })).toEqual({ action: 'go', url: LANDING });
    // Loaded at the target and still there: where it would go.
    expect(decide({ restored: true, loadedAt, href: LANDING })).toEqual({
      action: 'stay',
      reason: 'current',
      url: LANDING,
    });
  });

  it('a document a redirect brought just after the tab went to the target stays; later, or without a redirect, it goes', () => {
    const redirected = { url: 'http://s.test/app/', redirected: true };
    const last = { url: LANDING, at: base.now - 2000 };
    expect(decide({ restored: true, loadedAt: redirected, last })).toEqual({
      action: 'stay',
      reason: 'loop',
      url: LANDING,
    });
    const stale = { ...last, at: base.now - NAVIGATION_LOOP_MS };
    expect(decide({ restored: true, loadedAt: redirected, last: stale })).toEqual({ action: 'go', url: LANDING });
    // A person who opens the login page again a moment after signing in is sent on, as before.
    expect(decide({ restored: true, last })).toEqual({ action: 'go', url: LANDING });
  });

  it('whatever the page and the past, it never goes to this page, nor twice in a load, nor with `none`', () => {
    const path = fc.constantFrom('/app/', '/app/index.html', '/pages/base/pc_desktop_all/index.html', '/login');
    const query = fc.constantFrom('', '?', '?stay', '?stay=', '?a=1&b=2', '?b=2&a=1');
    const url = fc.tuple(path, query).map(([p, q]) => `http://s.test${p}${q}`);
    fc.assert(
      fc.property(
        url,
        fc.option(url, { nil: null }),
        fc.constantFrom<AfterSignInContext['redirect']>('auto', 'none'),
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.record({ url, at: fc.integer({ min: 0, max: base.now }) }), { nil: null }),
        fc.option(fc.record({ url, redirected: fc.boolean() }), { nil: null }),
        (href, target, redirect, restored, navigatedThisLoad, last, loadedAt) => {
          const next = decide({ href, target, redirect, restored, navigatedThisLoad, last, loadedAt });
          if (next.action !== 'go') return;
          expect(sameUrl(next.url, href)).toBe(false);
          expect(navigatedThisLoad).toBe(false);
          expect(redirect).toBe('auto');
          // Never back where this document was loaded from, when that sent it here.
          if (restored && loadedAt && !sameUrl(loadedAt.url, href)) expect(sameUrl(next.url, loadedAt.url)).toBe(false);
        },
      ),
    );
  });
});
