import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/core';

// The public API of issue 3, by exactly these names, from src/core/index.ts.
const FUNCTIONS = [
  // §4 initialisation
  'phinit',
  // §4 request flow, §7, §8
  'request',
  'createHttpClient',
  // §4 login, logout, §6
  'login',
  'logout',
  'fetchMe',
  'resolveLoginMode',
  'switchRole',
  'rememberCredentials',
  'readRememberedCredentials',
  // §4 language packs, §9
  'resolveLanguage',
  'normalizeLanguage',
  'loadLanguagePack',
  't',
  'splitBilingual',
  // §2 routes
  'pathIdFor',
  'deployPathFor',
  'redirectAppPath',
  'landingPath',
  'appModuleUrl',
  'bindPageUrl',
  'helpCenterUrl',
  'mobileAppPath',
  'layoutForWidth',
  'routesFromPermissionTree',
  'isRouteAllowed',
  // §5 validation
  'validatePassword',
  'validatePasswordSimple',
  'validateLoginFields',
  'isValidIdCard',
  'isValidEmail',
  'isValidPhone',
  'isValidContact',
  'checkUploadFile',
  'isImageName',
  'isMediaName',
  // §4 messages
  'expiryStatus',
  'sortExpiryModules',
  'badgeText',
  'reminderPages',
  // §4 versions
  'compareVersions',
  'checkVersions',
  // §3, §7, §8, §9 helpers
  'buildTree',
  'randomId',
  'formatNumber',
  'formatBytes',
  'parseQuery',
  'stringifyQuery',
  'exportTable',
  'download',
  'compressImage',
  'zoomWarning',
  // §3, §4 layout and theme
  'themeStylesheetUrl',
  'canSwitchLayout',
  'parseTheme',
  // §9 plugins
  'loadScript',
  'loadStyle',
  'loadUiFramework',
  'loadCharts',
  'isIgnoredAppCode',
  'isScrolledToEnd',
  // §4 chunked upload, §5, §7 storage calls, §8 (issue 11: the engine)
  'createUpload',
  'createUploadQueue',
  'planChunks',
  'chunkRange',
  'initialUploadFlow',
  'takeUploadSteps',
  'advanceUploadFlow',
  'validateUpload',
  'uploadBase64Image',
  'toUploadItem',
  'describeDirectory',
  'filesFromDataTransfer',
  'takeDropped',
  'filesFromDropped',
  'createXhrTransport',
  'createClientTransport',
  'createWorkerHasher',
  'createMainThreadHasher',
  'memoryStateStore',
  'indexedDbStateStore',
  'fileFingerprint',
  'retryDelay',
  'isTransient',
] as const;

const STORES = ['$session', '$loginStatus', '$prefs'] as const;

describe('src/core/index.ts (issue 3 public API)', () => {
  it.each(FUNCTIONS)('exports %s', (name) => {
    expect(typeof (core as Record<string, unknown>)[name]).toBe('function');
  });

  it.each(STORES)('exports the store %s', (name) => {
    const store = (core as Record<string, unknown>)[name] as { get?: unknown; subscribe?: unknown };
    expect(typeof store.get).toBe('function');
    expect(typeof store.subscribe).toBe('function');
  });

  it('exports the typed error class and the §9 constants', () => {
    expect(
      new core.HttpError({ kind: 'network', message: 'Network Error', request: { method: 'get', url: '/' } }),
    ).toBeInstanceOf(Error);
    expect(core.IGNORED_APP_CODES).toEqual(['desktop', 'comment']);
    expect(core.DEFAULT_PAGE_SIZE).toBe(30);
    expect(core.SCROLL_END_THRESHOLD_PX).toBe(10);
    expect([core.EXPORT_BUSY_MS, core.FORM_REMOVE_MS]).toEqual([800, 500]);
    expect([core.IMAGE_QUALITY, core.IMAGE_MAX_WIDTH, core.IMAGE_MAX_HEIGHT]).toEqual([0.8, 500, 500]);
    expect([core.UI_FRAMEWORK_VERSION, core.CHARTS_VERSION]).toEqual(['2.5.6', '4.0.5']);
    expect(core.DEFAULT_TIMEOUT).toBe(1_200_000);
    expect(core.AUTO_LOGIN_MAX).toBe(4);
    expect(core.REMINDER_PAGE_SIZE).toBe(3);
    expect([core.DEFAULT_PARALLEL, core.MD5_SLICE_SIZE, core.CHUNK_SIZE]).toEqual([
      3,
      2 * 1024 * 1024,
      2 * 1024 * 1024,
    ]);
    expect(new core.UploadError({ type: 'chunkmerge', kind: 'rule', message: 'x' })).toBeInstanceOf(Error);
  });

  it('imports in plain Node with every browser global undefined (no DOM use at import time)', () => {
    const script = fileURLToPath(new URL('./fixtures/plain-node-import.mjs', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const { exports } = JSON.parse(run.stdout) as { exports: Record<string, string> };
    for (const name of FUNCTIONS) expect(exports[name]).toBe('function');
    expect(Object.keys(exports).sort()).toEqual(Object.keys(core).sort());
  }, 60_000);
});
