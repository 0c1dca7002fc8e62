import { describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointPath, PLATFORM_VERSION, REFRESH_COOKIE_PATH } from '../../../src/core/api/wire';

describe('ENDPOINTS and endpointPath', () => {
  it('fills :name segments, URI-encoded', () => {
    expect(endpointPath(ENDPOINTS.roleCheck, { userId: 'u 1/2', role: 'XX_SYS_' })).toBe(
      '/api/base/role/user/u%201%2F2/XX_SYS_/base',
    );
    expect(endpointPath(ENDPOINTS.social, { provider: 'qy_info' })).toBe('/api/uaa/social/qy_info');
    expect(endpointPath(ENDPOINTS.storedFile, { md5: 'ab12' })).toBe('/api/storage/file/ab12');
    expect(endpointPath(ENDPOINTS.packageVersions, { code: 'grade', file: 'grade_package_versions' })).toBe(
      '/api/grade/nl/grade_package_versions',
    );
  });

  it('refuses a missing parameter instead of writing "undefined" into the path', () => {
    expect(() => endpointPath(ENDPOINTS.unitLogo)).toThrow(/:unitId/);
  });

  it('leaves a path without parameters as it is', () => {
    expect(endpointPath(ENDPOINTS.login)).toBe('/api/uaa/oauth/login');
  });

  it('scopes the refresh cookie to the refresh endpoint', () => {
    expect(REFRESH_COOKIE_PATH).toBe(ENDPOINTS.refresh);
  });

  it('writes the platform version of the common plugin paths as PLATFORM_VERSION says', () => {
    for (const path of [ENDPOINTS.sharedLanguagePack, ENDPOINTS.themeStylesheet]) {
      expect(path.startsWith(`/common/plugins/common-ph/${PLATFORM_VERSION}/`), path).toBe(true);
    }
  });

  it('holds plain string literals only, so that bundles keep just the paths they use', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('../../../src/core/api/wire.ts', import.meta.url), 'utf8');
    const map = source.slice(source.indexOf('export const ENDPOINTS = {'), source.indexOf('} as const;'));
    const values = [...map.matchAll(/^\s+\w+: (.+),$/gm)].map((match) => match[1]);
    expect(values.length).toBe(Object.keys(ENDPOINTS).length);
    for (const value of values) expect(value).toMatch(/^'[^'`+]*'$/);
  });

  it('names each path once', () => {
    const paths = Object.values(ENDPOINTS);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
