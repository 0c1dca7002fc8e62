// The page-wide stores (core's pageSingleton registry) as core first made them. Loaded once per worker: the core tier
// shares one module graph between its files (vitest.config.ts), so this module and its snapshot outlive each file.
import '../../../src/core';

const REGISTRY = Symbol.for('ph-widgets.singletons');

interface WritableStore {
  get(): unknown;
  set(value: unknown): void;
}

const isWritableStore = (value: unknown): value is WritableStore =>
  typeof (value as WritableStore | null)?.get === 'function' && typeof (value as WritableStore).set === 'function';

function registry(): Map<string, unknown> {
  return (globalThis as { [REGISTRY]?: Map<string, unknown> })[REGISTRY] ?? new Map();
}

const initial = new Map(
  [...registry()].flatMap(([name, store]) => (isWritableStore(store) ? [[name, store.get()] as const] : [])),
);

/** Sets every page-wide store that holds another value back to its first one. */
export function restorePageState(): void {
  for (const [name, store] of registry()) {
    if (isWritableStore(store) && initial.has(name) && store.get() !== initial.get(name)) store.set(initial.get(name));
  }
}
