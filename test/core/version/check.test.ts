import { afterEach, describe, expect, it, vi } from 'vitest';
import { $language } from '../../../src/core/i18n/translate';
import { $notices } from '../../../src/core/notify';
import { checkVersions, type VersionResponse } from '../../../src/core/version';

afterEach(() => $language.set('zh-CN'));

type Routes = Record<string, VersionResponse | Error>;

function harness(routes: Routes, env: 'development' | 'production' = 'development') {
  const requested: string[] = [];
  const notices: [string, string, number | undefined][] = [];
  const notes: string[] = [];
  const ctx = {
    code: 'score',
    env,
    get: async (url: string) => {
      requested.push(url);
      const answer = routes[url] ?? { status: 404, data: 'Not Found' };
      if (answer instanceof Error) throw answer;
      return answer;
    },
    notify: (kind: string, message: string, duration?: number) => notices.push([kind, message, duration]),
    note: (message: string) => notes.push(message),
  };
  return { ctx, requested, notices, notes };
}

const PKG = '/pages/score/package.json';
const API = '/api/score/nl/score_package_versions';
const versions = (webCodeVersion: string) => ({
  status: 200,
  data: { status: 200, code: 'ok', message: '', data: { serverVersion: '3.1.0', webCodeVersion, date: '2026-11-01' } },
});

describe('checkVersions (§4, §7, §8)', () => {
  it('reads package.json under the root and the version endpoint of the code', async () => {
    const { ctx, requested, notices } = harness({
      [PKG]: { status: 200, data: { version: '1.6.0' } },
      [API]: versions('1.6.0'),
    });
    const result = await checkVersions(ctx);
    expect(requested.sort()).toEqual([API, PKG].sort());
    expect(result).toEqual({
      status: 'match',
      front: '1.6.0',
      back: '1.6.0',
      server: { serverVersion: '3.1.0', webCodeVersion: '1.6.0', date: '2026-11-01' },
    });
    expect(notices).toEqual([]);
  });

  it('uses a configured root', async () => {
    const { ctx, requested } = harness({});
    await checkVersions({ ...ctx, root: 'area' });
    expect(requested).toContain('/area/score/package.json');
  });

  it('says the front end is too old, and keeps the alert open', async () => {
    const { ctx, notices } = harness({ [PKG]: { status: 200, data: { version: '1.5.9' } }, [API]: versions('1.6.0') });
    const result = await checkVersions(ctx);
    expect(result).toMatchObject({ status: 'frontend-outdated', front: '1.5.9', back: '1.6.0' });
    expect(notices).toEqual([['warning', '前端版本过低（前端 1.5.9，后端要求 1.6.0），请更新前端', 0]]);
  });

  it('says the back end is too old, in English when the language is en', async () => {
    $language.set('en');
    const { ctx, notices } = harness({ [PKG]: { status: 200, data: { version: '1.10.0' } }, [API]: versions('1.9.0') });
    const result = await checkVersions(ctx);
    expect(result.status).toBe('backend-outdated');
    expect(notices[0]?.[1]).toBe(
      'The back end is too old (front end 1.10.0, back end expects 1.9.0); please update the back end',
    );
  });

  it('accepts a bare answer without the envelope', async () => {
    const { ctx } = harness({
      [PKG]: { status: 200, data: { version: '2.0' } },
      [API]: { status: 200, data: { serverVersion: '1', webCodeVersion: '2.0.0', date: 'd' } },
    });
    expect((await checkVersions(ctx)).status).toBe('match');
  });

  it.each([
    ['404', { status: 404, data: 'Not Found' }, 404],
    ['500', { status: 500, data: '' }, 500],
    ['a refused envelope', { status: 200, data: { status: 500, code: 'error', message: 'x', data: null } }, 200],
    ['a network failure', new Error('Network Error'), null],
  ])('notifies the missing version endpoint on %s (development)', async (_label, answer, httpStatus) => {
    const { ctx, notices } = harness({ [PKG]: { status: 200, data: { version: '1.6.0' } }, [API]: answer });
    const result = await checkVersions(ctx);
    expect(result).toEqual({
      status: 'no-endpoint',
      httpStatus,
      message: '该微服务缺少版本接口（score），请联系后端工程师',
    });
    expect(notices).toEqual([['warning', '该微服务缺少版本接口（score），请联系后端工程师', undefined]]);
  });

  it('says so in English too', async () => {
    $language.set('en');
    const { ctx } = harness({});
    expect(await checkVersions(ctx)).toMatchObject({
      message: 'This microservice lacks a version endpoint (score); please contact the back-end engineer',
    });
  });

  it('reports, without alerting, when a version cannot be read', async () => {
    const noPackage = harness({ [API]: versions('1.6.0') });
    expect(await checkVersions(noPackage.ctx)).toMatchObject({ status: 'unknown', reason: 'no-package-version' });
    const noWebCode = harness({ [PKG]: { status: 200, data: { version: '1.6.0' } }, [API]: { status: 200, data: {} } });
    expect(await checkVersions(noWebCode.ctx)).toMatchObject({ status: 'unknown', reason: 'no-web-code-version' });
    expect([...noPackage.notices, ...noWebCode.notices]).toEqual([]);
  });

  it('keeps the code inside its path segment', async () => {
    const { ctx, requested } = harness({});
    await checkVersions({ ...ctx, code: '../admin' });
    expect(requested.sort()).toEqual([
      '/api/..%2Fadmin/nl/..%2Fadmin_package_versions',
      '/pages/..%2Fadmin/package.json',
    ]);
  });

  it('raises the notice through the shared toasts when no notify is given', async () => {
    $notices.set([]);
    const { ctx } = harness({});
    await checkVersions({ code: ctx.code, get: ctx.get, env: 'development', note: ctx.note });
    expect($notices.get()).toMatchObject([
      { kind: 'warning', message: '该微服务缺少版本接口（score），请联系后端工程师' },
    ]);
  });
});

describe('the missing version endpoint is for developers, not pupils (issue 53)', () => {
  const MESSAGE = '该微服务缺少版本接口（score），请联系后端工程师';

  it('is a console note in every env, and a toast only in development', async () => {
    const production = harness({}, 'production');
    expect(await checkVersions(production.ctx)).toMatchObject({ status: 'no-endpoint', message: MESSAGE });
    expect(production.notes).toEqual([MESSAGE]);
    expect(production.notices).toEqual([]);
    const development = harness({}, 'development');
    await checkVersions(development.ctx);
    expect(development.notes).toEqual([MESSAGE]);
    expect(development.notices).toEqual([['warning', MESSAGE, undefined]]);
  });

  it('shows no toast when no env is given, and notes through console.info (a warning would fail page checks)', async () => {
    $notices.set([]);
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn');
    try {
      const { ctx } = harness({});
      await checkVersions({ code: ctx.code, get: ctx.get });
      expect(info).toHaveBeenCalledWith('ph-widgets:', MESSAGE);
      expect(warn).not.toHaveBeenCalled();
      expect($notices.get()).toEqual([]);
    } finally {
      info.mockRestore();
      warn.mockRestore();
    }
  });

  it('keeps the version mismatch an alert in production', async () => {
    const { ctx, notices, notes } = harness(
      { [PKG]: { status: 200, data: { version: '1.5.9' } }, [API]: versions('1.6.0') },
      'production',
    );
    await checkVersions(ctx);
    expect(notices).toEqual([['warning', '前端版本过低（前端 1.5.9，后端要求 1.6.0），请更新前端', 0]]);
    expect(notes).toEqual([]);
  });
});
