import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionBody, rebuiltFromParts, type Sink, sinksIn, sourceFiles } from './navigation-sinks';

// Issue 67, item 3: every URL from data goes through the one resolver (core's safeUrl and siteUrl, outboundUrl for
// links meant for other sites; the server's redirects.ts), and none is rebuilt from a parsed URL's parts, where the
// help page's `/.//evil.example/phish` became `//evil.example/phish`. Every place in the widgets, the shell, the demo
// site's pages and the reference server that sends a browser somewhere is listed below with where its target comes
// from, and the function named is read to see that it calls a resolver. A new sink, or one whose target changes,
// fails here until it is listed with its resolver.

const root = resolve(import.meta.dirname, '..', '..');
const DIRS = ['src', 'demo/site', 'demo/pages', 'demo/server'];

/** Calls that resolve a URL from data once and answer the parsed URL's own href (or refuse it). */
const RESOLVERS = ['safeUrl', 'siteUrl', 'outboundUrl', 'isOpenableUrl', 'sameOriginRedirect', 'registeredRedirect'];

type Source =
  /** Made by these functions, each of which calls a resolver. */
  | { kind: 'resolved'; via: Array<[file: string, fn: string]> }
  /** The page's own address (or a link of its own markup), changed and written back whole as a parsed URL's href. */
  | { kind: 'own'; via: Array<[file: string, fn: string]> }
  /** A hash route of the page itself (`#/…`), made by these functions. */
  | { kind: 'hash'; via: Array<[file: string, fn: string]> }
  /** A constant (a path of this site, or an address in the code). */
  | { kind: 'literal' }
  /** Not a navigation: a stylesheet or module preload, or the location object itself. */
  | { kind: 'not navigation'; why: string }
  /** The page author's own configuration (an attribute or a phinit option), not data. */
  | { kind: 'configuration'; why: string };

interface Listed {
  file: string;
  target: string;
  source: Source;
}

const messageOrVoice: Array<[string, string]> = [
  ['src/core/messages/message.ts', 'messageUrl'],
  ['src/core/voice/command-lookup.ts', 'resolve'],
];
const decided: Array<[string, string]> = [['src/core/auth/redirect.ts', 'decideRedirect']];
const home: Array<[string, string]> = [['src/core/routes/router.ts', 'hashFor']];
const forgot: Array<[string, string]> = [['src/elements/ph-login/RememberRow.tsx', 'useForgotHref']];
const login: Array<[string, string]> = [['src/core/routes/paths.ts', 'loginPageUrl']];
const providerPage: Array<[string, string]> = [
  ['demo/server/routes/uaa/social-provider.ts', 'registerSocialProviderRoutes'],
];

const LISTED: Listed[] = [
  { file: 'src/core/access/page.ts', target: 'url', source: { kind: 'resolved', via: messageOrVoice } },
  {
    file: 'src/core/auth/flows.ts',
    target: 'url',
    source: { kind: 'resolved', via: [['src/core/auth/flows.ts', 'authorize']] },
  },
  {
    file: 'src/core/auth/flows.ts',
    target: 'clean',
    source: { kind: 'own', via: [['src/core/auth/mode.ts', 'withoutSecrets']] },
  },
  // What follows a sign-in (issue 68): decideAfterSignIn goes to decideRedirect's target or nowhere.
  { file: 'src/core/auth/navigation.ts', target: 'next.url', source: { kind: 'resolved', via: decided } },
  {
    file: 'src/core/auth/login.ts',
    target: 'url',
    source: { kind: 'resolved', via: [['src/core/routes/paths.ts', 'bindPageUrl']] },
  },
  {
    file: 'src/core/auth/social.ts',
    target: 'url',
    source: {
      kind: 'configuration',
      why: "the provider's authorisation page: phinit's socialAuthorize, or WeChat's own",
    },
  },
  {
    file: 'src/core/auth/switch-role.ts',
    target: 'firstUrlFor(deps.location.href(), answer.data?.userType)',
    source: { kind: 'own', via: [['src/core/auth/switch-role.ts', 'firstUrl']] },
  },
  {
    file: 'src/core/config/location.ts',
    target: 'url',
    source: { kind: 'not navigation', why: 'the location object itself' },
  },
  {
    file: 'src/core/config/location.ts',
    target: 'new URL(url, state.href).href',
    source: { kind: 'not navigation', why: 'the memory location of tests and prerendering' },
  },
  {
    file: 'src/core/config/location.ts',
    target: 'new URL(url, state.href).href',
    source: { kind: 'not navigation', why: 'the memory location of tests and prerendering' },
  },
  {
    file: 'src/core/loaders/assets.ts',
    target: 'url',
    source: { kind: 'not navigation', why: 'a <link rel=stylesheet>' },
  },
  {
    file: 'src/elements/ph-footer/PhFooter.tsx',
    target: 'content.link',
    source: { kind: 'resolved', via: [['src/core/unit/footer.ts', 'webUrl']] },
  },
  {
    file: 'src/elements/ph-footer/PhFooter.tsx',
    target: 'entry.baUrl || undefined',
    source: { kind: 'resolved', via: [['src/core/unit/footer.ts', 'webUrl']] },
  },
  {
    file: 'src/elements/ph-footer/PhFooter.tsx',
    target: 'help',
    source: { kind: 'resolved', via: [['src/core/unit/footer.ts', 'helpCenterLink']] },
  },
  {
    file: 'src/elements/ph-header/DownloadDialog.tsx',
    target: 'download.url',
    source: { kind: 'resolved', via: [['src/core/header/downloads.ts', 'clientDownloads']] },
  },
  {
    file: 'src/elements/ph-login/OtherWays.tsx',
    target: 'platform.url',
    source: { kind: 'configuration', why: "the page's `platforms` attribute of <ph-login>" },
  },
  { file: 'src/elements/ph-login/RememberRow.tsx', target: 'forgotHref', source: { kind: 'resolved', via: forgot } },
  { file: 'src/elements/ph-login/WaitNotice.tsx', target: 'forgotHref', source: { kind: 'resolved', via: forgot } },
  { file: 'src/shell/Layout.tsx', target: 'props.homeHref', source: { kind: 'hash', via: home } },
  { file: 'src/shell/Layout.tsx', target: 'hashFor(path, props.base)', source: { kind: 'hash', via: home } },
  { file: 'src/shell/MenuBar.tsx', target: 'hashFor(route.path, props.base)', source: { kind: 'hash', via: home } },
  { file: 'src/shell/MenuBar.tsx', target: 'hashFor(route.path, props.base)', source: { kind: 'hash', via: home } },
  { file: 'src/shell/NotFound.tsx', target: 'homeHref', source: { kind: 'hash', via: home } },
  { file: 'src/shell/RefusedPage.tsx', target: 'homeHref', source: { kind: 'hash', via: home } },
  { file: 'src/shell/legacy-browser.js', target: "'https://www.google.cn/chrome/'", source: { kind: 'literal' } },
  {
    file: 'src/shell/use-doors.ts',
    target: 'url',
    source: { kind: 'resolved', via: [['src/core/routes/paths.ts', 'redirectAppUrl']] },
  },
  { file: 'src/shell/use-doors.ts', target: 'home', source: { kind: 'hash', via: home } },
  {
    file: 'src/shell/use-doors.ts',
    target: 'outcome.url',
    source: { kind: 'resolved', via: [['src/core/routes/paths.ts', 'appModuleUrl']] },
  },
  {
    file: 'src/shell/use-shell-session.ts',
    target: 'elsewhere + window.location.hash',
    source: { kind: 'resolved', via: [['src/core/routes/paths.ts', 'landingUrl']] },
  },
  {
    file: 'demo/site/help/index.html',
    target: 'address.back',
    source: { kind: 'resolved', via: [['src/core/unit/help-page.ts', 'helpPageAddress']] },
  },
  // The help page's Back, followed where the tab cannot close itself (issue 69): the same resolved address.
  {
    file: 'demo/site/help/index.html',
    target: 'address.back',
    source: { kind: 'resolved', via: [['src/core/unit/help-page.ts', 'helpPageAddress']] },
  },
  // The clock-in page (issue 69) signs in again where PH.loginPageUrl says: siteUrl's login page, this page encoded.
  { file: 'demo/site/shared/clock-in.js', target: 'ph.loginPageUrl()', source: { kind: 'resolved', via: login } },
  { file: 'demo/site/shared/clock-in.js', target: 'ph.loginPageUrl()', source: { kind: 'resolved', via: login } },
  {
    file: 'demo/site/shared/site.js',
    target: 'url.href',
    source: { kind: 'own', via: [['demo/site/shared/site.js', 'updateLanguageLinks']] },
  },
  {
    file: 'demo/site/shared/site.js',
    target: 'url.href',
    source: { kind: 'own', via: [['demo/site/shared/site.js', 'keepLanguage']] },
  },
  {
    file: 'demo/site/shared/site.js',
    target: 'link.href',
    source: { kind: 'own', via: [['demo/site/shared/site.js', 'updateLanguageLinks']] },
  },
  { file: 'demo/pages/face/page.js', target: 'url.href', source: { kind: 'own', via: [] } },
  {
    file: 'demo/pages/face/page.js',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, quoted
    target: '`/login?redirect_uri=${encodeURIComponent(location.href)}`',
    source: { kind: 'literal' },
  },
  {
    file: 'demo/pages/upload/index.html',
    target: 'href',
    source: { kind: 'resolved', via: [['demo/pages/upload/index.html', 'fileRow']] },
  },
  {
    file: 'demo/pages/voice/index.html',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, quoted
    target: '`/pages/${app[1]}/pc_${app[1]}_${pathId}/index.html`',
    source: { kind: 'literal' },
  },
  {
    file: 'demo/pages/voice/index.html',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, quoted
    target: '`/login?redirect_uri=${encodeURIComponent(location.href)}`',
    source: { kind: 'literal' },
  },
  // The stand-in of WeCom's QR script (issue 69): its code is a link to this site's stand-in authorisation page.
  {
    file: 'demo/site/shared/wwlogin-standin.js',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, quoted
    target: '`/sso/social/authorize?${query}#wechat_redirect`',
    source: { kind: 'literal' },
  },
  {
    file: 'demo/server/module-preloads.ts',
    target: 'chunk',
    source: { kind: 'not navigation', why: 'a <link rel=modulepreload>' },
  },
  {
    file: 'demo/server/after-paint.ts',
    target: 'href',
    source: { kind: 'not navigation', why: 'a <link rel=modulepreload> the loader adds after the first paint' },
  },
  { file: 'demo/server/routes/static.ts', target: "'/demo/', 302", source: { kind: 'literal' } },
  {
    file: 'demo/server/routes/uaa/social-provider.ts',
    target: 'escapeHtml(href)',
    source: { kind: 'resolved', via: providerPage },
  },
  {
    file: 'demo/server/routes/uaa/social-provider.ts',
    target: 'escapeHtml(returnUrl(back, state))',
    source: { kind: 'resolved', via: providerPage },
  },
  {
    file: 'demo/server/routes/uaa/sso-page.ts',
    target: 'back.href, 302',
    source: { kind: 'resolved', via: [['demo/server/routes/uaa/sso-page.ts', 'returnUrl']] },
  },
];

/** Lines that take a URL's pathname for something other than a navigation target, and why. */
const PARTS_ALLOWED: Array<{ file: string; why: string }> = [
  { file: 'src/core/auth/mode.ts', why: 'the path and hash route a login mode is matched on; never navigated to' },
];

const calls = (body: string, names: readonly string[]) => names.some((name) => new RegExp(`\\b${name}\\(`).test(body));
const isLiteral = (target: string) => /^(?:'(?:\/[\w-]|https:\/\/)[^']*'|`\/[\w-][^`]*`)(?:, \d{3})?$/.test(target);

/** What is wrong with one listed sink's source, or null. */
function problemOf(listed: Listed, files: Map<string, string>): string | null {
  const { source } = listed;
  if (source.kind === 'literal') return isLiteral(listed.target) ? null : `${listed.target} is not a constant path`;
  if (source.kind === 'not navigation' || source.kind === 'configuration') return null;
  for (const [file, fn] of source.via) {
    const body = functionBody(files.get(file) ?? '', fn);
    if (body === null) return `${file} has no function ${fn}`;
    if (source.kind === 'resolved' && !calls(body, RESOLVERS)) return `${file} › ${fn} calls no resolver`;
    if (source.kind === 'own' && !(body.includes('new URL(') && /\.href\b/.test(body))) {
      return `${file} › ${fn} does not write a parsed URL's href`;
    }
    if (source.kind === 'hash' && !/return\s+`#/.test(body)) return `${file} › ${fn} does not answer a hash route`;
  }
  return null;
}

/** Sinks not listed (or whose target changed), and listed ones no longer there. */
function unlisted(sinks: Sink[], listed: Listed[]): { fresh: string[]; gone: string[] } {
  const key = (file: string, target: string) => `${file} | ${target}`;
  const wanted = new Map<string, number>();
  for (const entry of listed)
    wanted.set(key(entry.file, entry.target), (wanted.get(key(entry.file, entry.target)) ?? 0) + 1);
  const fresh: string[] = [];
  for (const sink of sinks) {
    const k = key(sink.file, sink.target);
    const left = wanted.get(k) ?? 0;
    if (left > 0) wanted.set(k, left - 1);
    else fresh.push(`${sink.file}:${sink.line} ${sink.target}`);
  }
  const gone = [...wanted].filter(([, left]) => left > 0).map(([k]) => k);
  return { fresh, gone };
}

describe('navigation targets come from the resolver (issue 67)', () => {
  let files: Map<string, string>;
  let sinks: Sink[];
  beforeAll(() => {
    files = sourceFiles(root, DIRS);
    sinks = [...files].flatMap(([file, text]) => sinksIn(file, text));
  });

  it('finds each kind of sink, and a rebuilt URL, in made-up sources', () => {
    const text = [
      'link.href = url.pathname + url.search + url.hash;',
      "back.setAttribute('href', address.back);",
      'location.assign(safeUrl(text, site));',
      'const location = getLocation();',
      'window.location = next;',
      '<a href={props.link}>x</a>',
      'return reply.redirect(back.href, 302);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, quoted
      '`<a href="${escapeHtml(href)}">`',
    ].join('\n');
    expect(sinksIn('x.ts', text).map((sink) => sink.target)).toEqual([
      'url.pathname + url.search + url.hash',
      'address.back',
      'safeUrl(text, site)',
      'next',
      'props.link',
      'back.href, 302',
      'escapeHtml(href)',
    ]);
    expect(rebuiltFromParts('x.ts', text).map((found) => found.line)).toEqual([1]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, quoted
    expect(rebuiltFromParts('y.ts', 'link.href = `${url.pathname}${url.search}`;')).toHaveLength(1);
  });

  it('reads a function body, and tells one that calls a resolver from one that does not', () => {
    const text = 'export function good(x) {\n  return safeUrl(x, site);\n}\nconst bad = (x) => {\n  return x;\n};\n';
    expect(calls(functionBody(text, 'good') ?? '', RESOLVERS)).toBe(true);
    expect(calls(functionBody(text, 'bad') ?? '', RESOLVERS)).toBe(false);
    expect(functionBody(text, 'missing')).toBeNull();
  });

  it('reads the repository: the widgets, the shell, the site pages and the server', () => {
    expect(files.size).toBeGreaterThan(300);
    expect(new Set(sinks.map((sink) => sink.file.split('/').slice(0, 2).join('/')))).toEqual(
      new Set(['src/core', 'src/elements', 'src/shell', 'demo/site', 'demo/pages', 'demo/server']),
    );
  });

  it('lists every place that sends a browser somewhere, and no place that is gone', () => {
    expect(unlisted(sinks, LISTED)).toEqual({ fresh: [], gone: [] });
  });

  it("finds each listed target's resolver in the function named", () => {
    expect(LISTED.map((listed) => problemOf(listed, files)).filter(Boolean)).toEqual([]);
  });

  it('rebuilds no URL from its parts', () => {
    const allowed = new Set(PARTS_ALLOWED.map((entry) => entry.file));
    const found = [...files].flatMap(([file, text]) => (allowed.has(file) ? [] : rebuiltFromParts(file, text)));
    expect(found.map((sink) => `${sink.file}:${sink.line} ${sink.target}`)).toEqual([]);
  });
});
