// Browser pieces are reached through this adapter so that core imports in plain Node; tests pass a DOM of
// their own (happy-dom) instead of the page's.

export interface DomAdapter {
  document: Document;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

export function defaultDom(): DomAdapter {
  return { document: globalThis.document, setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms) };
}
