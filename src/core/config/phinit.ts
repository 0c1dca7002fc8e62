import { atom } from 'nanostores';
import { pageSingleton } from '../shared';
import type { PhinitOptions } from './options';
import { type PhConfig, resolveConfig } from './resolve';

/** The resolved configuration; null until `phinit` ran. */
export const $config = /* @__PURE__ */ pageSingleton('config', () => atom<PhConfig | null>(null));

/** §4 Initialisation: validates the options and publishes the configuration. */
export function phinit(options: PhinitOptions): PhConfig {
  const config = resolveConfig(options);
  $config.set(config);
  return config;
}

/** The configuration, or an error telling the page to call phinit first. */
export function requireConfig(): PhConfig {
  const config = $config.get();
  if (!config) throw new Error('phinit has not been called');
  return config;
}

export interface PhGlobalScope {
  PH?: { phinit: (options: PhinitOptions) => PhConfig };
}

/**
 * The legacy global `phinit` of classic pages (§8): it only works once the widgets script has defined `PH`.
 * `scope` is `window` in the classic bundle; tests pass a plain object.
 */
export function createGlobalPhinit(scope: PhGlobalScope): (options: PhinitOptions) => PhConfig {
  return (options) => {
    if (!scope.PH) throw new Error('phinit 方法未发现PH全局变量');
    return scope.PH.phinit(options);
  };
}
