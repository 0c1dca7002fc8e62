import { pageSingleton } from '../shared';

// Script and stylesheet loading for plugins and sub-applications. Each URL is requested once per document, even
// when two bundles on the page ask for it (the cache is a page singleton); a failed load is forgotten, and its
// element removed, so that a later call can try again.

type AssetCache = WeakMap<Document, Map<string, Promise<void>>>;

const loaded = pageSingleton<AssetCache>('loaded-assets', () => new WeakMap());

function cacheOf(doc: Document): Map<string, Promise<void>> {
  let cache = loaded.get(doc);
  if (!cache) {
    cache = new Map();
    loaded.set(doc, cache);
  }
  return cache;
}

function loadOnce(doc: Document, kind: 'script' | 'stylesheet', url: string, create: () => HTMLElement): Promise<void> {
  const cache = cacheOf(doc);
  const key = `${kind} ${url}`;
  const known = cache.get(key);
  if (known) return known;
  const element = create();
  const promise = new Promise<void>((resolve, reject) => {
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener(
      'error',
      () => {
        cache.delete(key);
        element.remove();
        reject(new Error(`Failed to load ${kind} ${url}`));
      },
      { once: true },
    );
  });
  cache.set(key, promise);
  doc.head.appendChild(element);
  return promise;
}

/** Loads a classic script once; resolves when it has run, rejects when it cannot be fetched. */
export function loadScript(url: string, doc: Document = globalThis.document): Promise<void> {
  return loadOnce(doc, 'script', url, () => {
    const script = doc.createElement('script');
    script.src = url;
    return script;
  });
}

/** Loads a stylesheet once; resolves when it applies, rejects when it cannot be fetched. */
export function loadStyle(url: string, doc: Document = globalThis.document): Promise<void> {
  return loadOnce(doc, 'stylesheet', url, () => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = url;
    return link;
  });
}

/**
 * Runs a classic script inside `container` (a sub-application's own box): every call runs it again, and removing
 * the container removes the script with it. Resolves when it has run, rejects (script removed) when it cannot load.
 */
export function runScriptIn(url: string, container: Element): Promise<void> {
  const script = container.ownerDocument.createElement('script');
  script.src = url;
  return new Promise<void>((resolve, reject) => {
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        script.remove();
        reject(new Error(`Failed to load script ${url}`));
      },
      { once: true },
    );
    container.appendChild(script);
  });
}
