export type { LocationAdapter } from './location';
export { getLocation, memoryLocation, setLocationAdapter } from './location';
export type { Env, PhinitOptions, TicketConfig, VoiceOptions } from './options';
export { pageSite } from './page-site';
export type { PhGlobalScope } from './phinit';
export { $config, createGlobalPhinit, phinit, requireConfig } from './phinit';
export type { PhConfig, VoiceConfig } from './resolve';
export {
  DEFAULT_LANGUAGES,
  DEFAULT_ROOT_PATH,
  DEFAULT_TIMEOUT,
  languageList,
  resolveConfig,
  resolveVoiceConfig,
} from './resolve';
