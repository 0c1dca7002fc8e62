import { describe, expect, it } from 'vitest';
import { loadThemeCss, THEME_CSS_CACHE_PREFIX } from '../../../src/core/theme';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    items,
  };
}

const INK = '/common/plugins/common-ph/1.6.0/css/ink.css';

describe('loadThemeCss (§4 theme CSS cached in session storage)', () => {
  it('fetches a named theme once, then answers from the session cache', async () => {
    const storage = memoryStorage();
    const fetched: string[] = [];
    const fetchText = async (url: string) => {
      fetched.push(url);
      return ':host{--ph-color-primary:#3B3B3B}';
    };
    expect(await loadThemeCss('ink', { storage, fetchText })).toBe(':host{--ph-color-primary:#3B3B3B}');
    expect(await loadThemeCss({ kind: 'picture', name: 'ink' }, { storage, fetchText })).toBe(
      ':host{--ph-color-primary:#3B3B3B}',
    );
    expect(fetched).toEqual([INK]);
    expect(storage.items.get(`${THEME_CSS_CACHE_PREFIX}${INK}`)).toBe(':host{--ph-color-primary:#3B3B3B}');
  });

  it('shares one fetch between callers asking at the same time', async () => {
    let calls = 0;
    const fetchText = async () => {
      calls++;
      return 'css';
    };
    const storage = memoryStorage();
    expect(
      await Promise.all([loadThemeCss('red', { storage, fetchText }), loadThemeCss('red', { storage, fetchText })]),
    ).toEqual(['css', 'css']);
    expect(calls).toBe(1);
  });

  it('has nothing to load for the default and custom colours', async () => {
    const fetchText = async () => {
      throw new Error('must not fetch');
    };
    expect(await loadThemeCss('', { storage: memoryStorage(), fetchText })).toBeNull();
    expect(await loadThemeCss('#112233', { storage: memoryStorage(), fetchText })).toBeNull();
  });

  it('a failed fetch answers null and caches nothing, so the next call tries again', async () => {
    const storage = memoryStorage();
    let fail = true;
    const fetchText = async () => {
      if (fail) throw new Error('404');
      return 'green css';
    };
    expect(await loadThemeCss('green', { storage, fetchText })).toBeNull();
    expect(storage.items.size).toBe(0);
    fail = false;
    expect(await loadThemeCss('green', { storage, fetchText })).toBe('green css');
  });

  it('still answers when the storage is full or missing', async () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(await loadThemeCss('lotus', { storage: full, fetchText: async () => 'lotus css' })).toBe('lotus css');
    expect(await loadThemeCss('lotus', { storage: undefined, fetchText: async () => 'lotus css' })).toBe('lotus css');
  });
});
