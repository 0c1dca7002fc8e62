import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScript, loadStyle } from '../../../src/core/loaders';

// Two real DOMs without network: in one every script or stylesheet "loads", in the other every one fails.
const windows: Window[] = [];
function dom(succeed: boolean): Document {
  const window = new Window({
    url: 'http://school.example/pages/base/',
    settings: {
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      handleDisabledFileLoadingAsSuccess: succeed,
      disableErrorCapturing: true,
    },
  });
  windows.push(window);
  return window.document as unknown as Document;
}

afterEach(async () => {
  await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
});

describe('loadScript', () => {
  it('adds one script to the head and resolves on load', async () => {
    const doc = dom(true);
    await loadScript('/common/plugins/x/1.0/x.js', doc);
    const scripts = doc.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('/common/plugins/x/1.0/x.js');
  });

  it('requests each URL once, however often and however concurrently it is asked for', async () => {
    const doc = dom(true);
    const first = loadScript('/a.js', doc);
    const second = loadScript('/a.js', doc);
    expect(second).toBe(first);
    await Promise.all([first, second, loadScript('/b.js', doc)]);
    await loadScript('/a.js', doc);
    expect([...doc.head.querySelectorAll('script')].map((s) => s.getAttribute('src'))).toEqual(['/a.js', '/b.js']);
  });

  it('keeps documents apart', async () => {
    const [one, two] = [dom(true), dom(true)];
    await Promise.all([loadScript('/a.js', one), loadScript('/a.js', two)]);
    expect(one.head.querySelectorAll('script')).toHaveLength(1);
    expect(two.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('rejects on error, removes the element, and tries again on the next call', async () => {
    const doc = dom(false);
    const appended: string[] = [];
    const append = doc.head.appendChild.bind(doc.head);
    doc.head.appendChild = <T extends Node>(node: T): T => {
      appended.push((node as unknown as Element).getAttribute('src') ?? '');
      return append(node);
    };
    await expect(loadScript('/missing.js', doc)).rejects.toThrow('Failed to load script /missing.js');
    expect(doc.head.querySelectorAll('script')).toHaveLength(0);
    await expect(loadScript('/missing.js', doc)).rejects.toThrow();
    expect(appended).toEqual(['/missing.js', '/missing.js']);
  });
});

describe('loadStyle', () => {
  it('adds one stylesheet link and resolves on load', async () => {
    const doc = dom(true);
    await Promise.all([loadStyle('/t.css', doc), loadStyle('/t.css', doc)]);
    const links = doc.head.querySelectorAll('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('rel')).toBe('stylesheet');
    expect(links[0]?.getAttribute('href')).toBe('/t.css');
  });

  it('does not confuse a stylesheet with a script of the same URL', async () => {
    const doc = dom(true);
    await Promise.all([loadStyle('/same', doc), loadScript('/same', doc)]);
    expect(doc.head.children).toHaveLength(2);
  });

  it('rejects on error and removes the link', async () => {
    const doc = dom(false);
    await expect(loadStyle('/missing.css', doc)).rejects.toThrow('Failed to load stylesheet /missing.css');
    expect(doc.head.querySelectorAll('link')).toHaveLength(0);
  });
});
