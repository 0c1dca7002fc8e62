import { setPersistentEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it } from 'vitest';

const storage: Record<string, string> = {};
setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
const { changeLanguage, initLanguage } = await import('../../../src/core/i18n/init');
const { $language, $languageTable } = await import('../../../src/core/i18n/translate');
const { $storedLang, $storedLanguage } = await import('../../../src/core/session');
const { resolveConfig } = await import('../../../src/core/config/resolve');
const { memoryLocation, phinit, setLocationAdapter, $config } = await import('../../../src/core/config');

const fetched: string[] = [];
const fetcher = async (url: string) => {
  fetched.push(url);
  return { from: url };
};
const config = {
  code: 'desktop',
  appCode: 'base',
  rootPath: 'pages',
  env: 'production' as const,
  skipSharedLanguagePack: true,
};

beforeEach(() => {
  fetched.length = 0;
  $storedLanguage.set(undefined);
  $storedLang.set(undefined);
  $language.set('zh-CN');
  $languageTable.set({});
});

describe('initLanguage', () => {
  it("without a context reads this page's address and phinit's configuration (an app's start, issue 68)", async () => {
    setLocationAdapter(memoryLocation('http://school.test/app/?language=zh-HK'));
    phinit({ code: 'app', appCode: 'base', env: 'production', languagePack: { greeting: '你好' } });
    try {
      expect(await initLanguage()).toBe('zh-HK');
      expect($language.get()).toBe('zh-HK');
      expect($storedLanguage.get()).toBe('zh-HK');
      expect($languageTable.get()).toEqual({ greeting: '你好' });
    } finally {
      $config.set(null);
    }
  });

  it('the query language wins over the argument and the stored values, and its pack loads', async () => {
    $storedLanguage.set('zh-HK');
    const language = await initLanguage({
      href: 'http://school.test/pages/desktop/index.html?language=en',
      config: { ...config, language: 'zh-HK' },
      fetcher,
    });
    expect(language).toBe('en');
    expect($language.get()).toBe('en');
    expect(fetched).toEqual(['/pages/desktop/lang/en-base.json']);
  });

  it('under a platform prefix the page pack root is read below it (issue 53)', async () => {
    await initLanguage({
      href: 'http://school.test/platform/pages/desktop/index.html?language=en',
      config: { ...config, apiBase: '/platform' },
      fetcher,
    });
    expect(fetched).toEqual(['/pages/desktop/lang/en-base.json']);
  });

  it('falls back to the stored lange_, then lang, then zh-CN (which loads nothing)', async () => {
    $storedLang.set('zh-HK');
    expect(await initLanguage({ href: 'http://school.test/', config, fetcher })).toBe('zh-HK');
    $storedLanguage.set('en');
    expect(await initLanguage({ href: 'http://school.test/', config, fetcher })).toBe('en');
    $storedLanguage.set(undefined);
    $storedLang.set(undefined);
    fetched.length = 0;
    expect(await initLanguage({ href: 'http://school.test/', config, fetcher })).toBe('zh-CN');
    expect(fetched).toEqual([]);
  });

  it('keeps a valid query language for the next pages (lange_), and never stores an invalid one', async () => {
    await initLanguage({ href: 'http://school.test/login?language=en', config, fetcher });
    expect(storage.lange_).toBe('en');
    expect(await initLanguage({ href: 'http://school.test/pages/base/index.html', config, fetcher })).toBe('en');

    await initLanguage({ href: 'http://school.test/login?language=fr', config, fetcher });
    expect(storage.lange_).toBe('en');
  });

  it('uses a preloaded pack instead of fetching', async () => {
    await initLanguage({
      href: 'http://school.test/?language=en',
      config: { ...config, languagePack: { a: 'A' } },
      fetcher,
    });
    expect($languageTable.get()).toEqual({ a: 'A' });
    expect(fetched).toEqual([]);
  });
});

describe('the login shell in Traditional Chinese (issue 55)', () => {
  const login = resolveConfig({ code: 'login', appCode: 'base', languagePack: {} });

  it('shows zh-HK asked for in the query, then from the stored choice, and the desktop keeps it', async () => {
    expect(await initLanguage({ href: 'http://school.test/?language=zh-HK', config: login, fetcher })).toBe('zh-HK');
    expect(storage.lange_).toBe('zh-HK');
    // Back from the forgot-password page, or signed out: no query, the stored choice.
    expect(await initLanguage({ href: 'http://school.test/login', config: login, fetcher })).toBe('zh-HK');
    expect(
      await initLanguage({ href: 'http://school.test/pages/base/pc_desktop_all/index.html', config, fetcher }),
    ).toBe('zh-HK');
    expect(await changeLanguage('zh-HK', { href: 'http://school.test/login', config: login, fetcher })).toBe('zh-HK');
  });
});

describe('a page that lists only some languages (issue 8 §16)', () => {
  const login = { ...config, code: 'login', languages: ['zh-CN', 'en'] as ('zh-CN' | 'en' | 'zh-HK')[] };

  it('shows Chinese for a stored zh-HK and keeps the stored choice for the other pages', async () => {
    $storedLanguage.set('zh-HK');
    expect(await initLanguage({ href: 'http://school.test/login', config: login, fetcher })).toBe('zh-CN');
    expect($language.get()).toBe('zh-CN');
    expect(storage.lange_).toBe('zh-HK');
    expect(await initLanguage({ href: 'http://school.test/pages/base/index.html', config, fetcher })).toBe('zh-HK');
  });

  it('keeps a query language it does not offer for the pages after it, and maps a change to what it offers', async () => {
    expect(await initLanguage({ href: 'http://school.test/login?language=zh-HK', config: login, fetcher })).toBe(
      'zh-CN',
    );
    expect(storage.lange_).toBe('zh-HK');
    // Signed in, the desktop (three languages) starts in the language the visitor's URL asked for.
    expect(await initLanguage({ href: 'http://school.test/pages/base/index.html', config, fetcher })).toBe('zh-HK');
    expect(await initLanguage({ href: 'http://school.test/login?language=en', config: login, fetcher })).toBe('en');
    expect(storage.lange_).toBe('en');
    expect(await changeLanguage('zh-HK', { href: 'http://school.test/login', config: login, fetcher })).toBe('zh-CN');
  });

  it('picks the first offered language when Chinese is not offered', async () => {
    const english = { ...config, languages: ['en'] as 'en'[] };
    expect(await initLanguage({ href: 'http://school.test/?language=zh-HK', config: english, fetcher })).toBe('en');
  });
});

describe('changeLanguage', () => {
  it('normalises, stores under lange_ and loads the pack', async () => {
    expect(await changeLanguage('en', { href: 'http://school.test/pages/x', config, fetcher })).toBe('en');
    expect(storage.lange_).toBe('en');
    expect($language.get()).toBe('en');
    expect(fetched).toHaveLength(1);
    expect(await changeLanguage('klingon', { href: 'http://school.test/pages/x', config, fetcher })).toBe('zh-CN');
    expect(storage.lange_).toBe('zh-CN');
  });
});
