import { readFileSync } from 'node:fs';
import { setPersistentEngine } from '@nanostores/persistent';
import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const storage: Record<string, string> = {};
setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
const { $session, resetSession } = await import('../../../src/core/session');
const theme = await import('../../../src/core/theme');
const {
  applyStoredTheme,
  applyTheme,
  displayPrefsOf,
  ELEMENT_HOSTS,
  layoutForTheme,
  saveTheme,
  THEME_STYLE_ID,
  themeTokensCss,
} = theme;

const windows: Window[] = [];
function dom(): Document {
  const window = new Window({ url: 'https://school.example/pages/base/pc_desktop_all/index.html' });
  windows.push(window);
  return window.document as unknown as Document;
}
const styleOf = (doc: Document) => doc.getElementById(THEME_STYLE_ID)?.textContent ?? '';
const noCache = { storage: undefined, fetchText: async (url: string) => `/* ${url} */` };

beforeEach(() => {
  resetSession();
  for (const key of Object.keys(storage)) delete storage[key];
});
afterEach(async () => {
  await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
});

describe('theme tokens for the whole page (§4, DESIGN §10)', () => {
  it('declares the primary colour on the page root and every element host', () => {
    const css = themeTokensCss('red');
    expect(css.startsWith(`:root,${ELEMENT_HOSTS.join(',')}{`)).toBe(true);
    expect(css).toContain('--ph-color-primary:#C94A4A');
    expect(ELEMENT_HOSTS).toEqual(expect.arrayContaining(['ph-header', 'ph-footer', 'ph-login', 'ph-modal']));
    expect(themeTokensCss('#123abc')).toContain('--ph-color-primary:#123abc');
    expect(themeTokensCss('default')).toContain('--ph-color-primary:#457CD6');
  });

  it("reaches the React components' hosts too (the shell's header and footer)", () => {
    // The host that src/elements/common/shadow-host.tsx renders for PhHeader, PhFooter … in a React app.
    const source = readFileSync(new URL('../../../src/elements/common/shadow-host.tsx', import.meta.url), 'utf8');
    expect(source).toContain('<div ref={host} data-ph-component={tag}');
    const doc = dom();
    doc.body.innerHTML = '<div data-ph-component="ph-header"></div><div data-ph-component="ph-footer"></div>';
    for (const host of doc.querySelectorAll('[data-ph-component]')) {
      expect(host.matches(ELEMENT_HOSTS.join(','))).toBe(true);
    }
  });

  it('adds the font of the picker when one was chosen', () => {
    const css = themeTokensCss('blue', { fontSize: '18px', fontFamily: 'KaiTi' });
    expect(css).toContain('--ph-font-size:18px');
    expect(css).toMatch(/--ph-font-family:"KaiTi", /);
    expect(themeTokensCss('blue')).not.toContain('--ph-font');
  });

  it('keeps the top layout for the picture themes only', () => {
    expect(layoutForTheme('ink', 'left')).toBe('top');
    expect(layoutForTheme('cartoon', 'left')).toBe('top');
    expect(layoutForTheme('green', 'left')).toBe('left');
    expect(layoutForTheme('#ff0000', 'left')).toBe('left');
  });
});

describe('applyTheme', () => {
  it('writes one <style> with the tokens, then the named theme stylesheet, and updates the session', async () => {
    const doc = dom();
    await applyTheme({ theme: 'green', layout: 'left' }, doc, noCache);
    expect(doc.querySelectorAll(`#${THEME_STYLE_ID}`)).toHaveLength(1);
    expect(styleOf(doc)).toContain('--ph-color-primary:#2F9E6E');
    expect(styleOf(doc)).toContain('/* /common/plugins/common-ph/1.6.0/css/green.css */');
    expect($session.get()).toMatchObject({ theme: 'green', themeColor: '#2F9E6E', currentLayout: 'left' });

    await applyTheme({ theme: '#AA3377' }, doc, noCache);
    expect(doc.querySelectorAll(`#${THEME_STYLE_ID}`)).toHaveLength(1);
    expect(styleOf(doc)).toContain('--ph-color-primary:#AA3377');
    expect(styleOf(doc)).not.toContain('green.css');
    expect($session.get().currentLayout).toBe('left');
  });

  it('keeps the tokens when the theme stylesheet cannot be loaded', async () => {
    const doc = dom();
    await applyTheme({ theme: 'ink', layout: 'left' }, doc, {
      storage: undefined,
      fetchText: async () => {
        throw new Error('404');
      },
    });
    expect(styleOf(doc)).toBe(themeTokensCss('ink'));
    expect($session.get().currentLayout).toBe('top');
  });

  it('writes only the latest choice when an earlier stylesheet arrives late', async () => {
    const doc = dom();
    let release!: (css: string) => void;
    const slow = applyTheme({ theme: 'red' }, doc, {
      storage: undefined,
      fetchText: () => new Promise<string>((resolve) => (release = resolve)),
    });
    await applyTheme({ theme: '#010203' }, doc, noCache);
    release('/* red */');
    await slow;
    expect(styleOf(doc)).toBe(themeTokensCss('#010203'));
  });
});

describe('stored theme and saving (§4 admin flow, §6)', () => {
  function calls(stored: { type: 'color' | 'default_color'; theme: string } | null) {
    const saved: unknown[] = [];
    return {
      saved,
      calls: {
        load: async () => stored,
        save: async (request: unknown) => {
          saved.push(request);
        },
      },
    };
  }

  it("applies the stored theme with this browser's font and layout for the user", async () => {
    const doc = dom();
    storage.displayPrefs = JSON.stringify({ 'u-1': { fontSize: '16px', layout: 'left' }, 'u-2': { fontSize: '20px' } });
    const applied = await applyStoredTheme({
      calls: calls({ type: 'default_color', theme: 'blue' }).calls,
      userId: 'u-1',
      doc,
    });
    expect(applied).toMatchObject({ font: { fontSize: '16px' }, layout: 'left' });
    expect(styleOf(doc)).toContain('--ph-font-size:16px');
    await applyStoredTheme({ calls: calls(null).calls, userId: 'u-3', doc });
    expect(styleOf(doc)).toContain('--ph-color-primary:#457CD6');
  });

  it('leaves a theme saved while the stored one was loading in place when the stored one arrives', async () => {
    const doc = dom();
    let answer: (stored: { type: 'color'; theme: string }) => void = () => undefined;
    const late = new Promise<{ type: 'color'; theme: string }>((resolve) => {
      answer = resolve;
    });
    const starting = applyStoredTheme({
      calls: { load: () => late, save: async () => undefined },
      userId: 'u-late',
      doc,
    });
    const platform = calls(null);
    await saveTheme({ theme: '#336699', font: {}, layout: 'top' }, 'save', {
      calls: platform.calls,
      userId: 'u-late',
      doc,
    });
    answer({ type: 'color', theme: 'blue' });
    expect(await starting).toBeNull();
    expect(styleOf(doc)).toBe(themeTokensCss('#336699'));
    expect($session.get().theme).toBe('#336699');
    // Without a choice in between, the stored theme is applied as before.
    await applyStoredTheme({ calls: calls({ type: 'color', theme: '#010203' }).calls, userId: 'u-late', doc });
    expect(styleOf(doc)).toBe(themeTokensCss('#010203'));
  });

  it('ignores stored font values the picker does not offer', () => {
    storage.displayPrefs = JSON.stringify({ u: { fontSize: '99px', fontFamily: 'Comic Sans', layout: 'diagonal' } });
    expect(displayPrefsOf('u')).toEqual({});
  });

  it('saves for the user, for everyone on sync, nothing on cancel; then applies and remembers font and layout', async () => {
    const doc = dom();
    const platform = calls(null);
    const selection = { theme: 'red', font: { fontFamily: 'SimHei' as const }, layout: 'left' as const };
    expect(await saveTheme(selection, 'cancel', { calls: platform.calls, userId: 'admin', doc })).toBeNull();
    expect(platform.saved).toEqual([]);
    await saveTheme(selection, 'sync', { calls: platform.calls, userId: 'admin', doc });
    await saveTheme({ ...selection, theme: '#336699' }, 'save', { calls: platform.calls, userId: 'admin', doc });
    expect(platform.saved).toEqual([
      { type: 'default_color', theme: 'red', syncAll: true },
      { type: 'color', theme: '#336699', syncAll: false },
    ]);
    expect(displayPrefsOf('admin')).toEqual({ fontFamily: 'SimHei', layout: 'left' });
    expect(styleOf(doc)).toContain('--ph-color-primary:#336699');
  });

  it('applies nothing when saving fails', async () => {
    const doc = dom();
    const failing = {
      load: async () => null,
      save: async () => {
        throw new Error('403');
      },
    };
    await expect(
      saveTheme({ theme: 'red', font: {}, layout: 'top' }, 'sync', { calls: failing, userId: 'u', doc }),
    ).rejects.toThrow('403');
    expect(styleOf(doc)).toBe('');
    expect($session.get().theme).toBe('');
  });
});
