import { pageSingleton } from '../shared';

/**
 * How many themes this page has applied (applyTheme counts them), so that a stored theme arriving late can tell that
 * it is no longer the latest. Not part of core's public API: index.ts does not export it.
 */
export const themeApplications = /* @__PURE__ */ pageSingleton('theme-applications', () => ({ count: 0 }));
