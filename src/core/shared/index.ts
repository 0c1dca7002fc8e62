// A page may load the classic bundle and the ES-module bundles together (a legacy page with a newer widget
// dropped in). Each bundle carries its own copy of core, so anything that must be one per page — stores,
// the modal stack — is kept on the global object under a registered symbol and created only once.

const REGISTRY = Symbol.for('ph-widgets.singletons');

type Registry = Map<string, unknown>;

function registry(): Registry {
  const scope = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  scope[REGISTRY] ??= new Map();
  return scope[REGISTRY];
}

/** The page-wide instance named `name`, created by `create` the first time any bundle asks for it. */
export function pageSingleton<T>(name: string, create: () => T): T {
  const map = registry();
  if (!map.has(name)) map.set(name, create());
  return map.get(name) as T;
}
