import type { Envelope } from '../api/types';
import { $config } from '../config/phinit';
import { pageSingleton } from '../shared';
import { createHttpClient } from './client';
import type { HttpClient, RequestOptions } from './client-types';

// The page-wide client follows the phinit configuration. It is one per page (even with two bundles loaded) and
// rebuilt only when the configuration changes, so the single-refresh guarantee covers every request of the page.
const slot = /* @__PURE__ */ pageSingleton('http-client', () => ({
  client: null as HttpClient | null,
  builtFor: undefined as unknown,
}));

export function defaultClient(): HttpClient {
  const config = $config.get();
  if (!slot.client || slot.builtFor !== config) {
    slot.client = createHttpClient(config ?? {});
    slot.builtFor = config;
  }
  return slot.client;
}

export function request<T = unknown>(options: RequestOptions & { raw: true }): Promise<T>;
export function request<T = unknown>(options: RequestOptions): Promise<Envelope<T>>;
export function request<T = unknown>(options: RequestOptions): Promise<Envelope<T> | T> {
  return defaultClient().request<T>(options);
}
