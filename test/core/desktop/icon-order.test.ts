import { describe, expect, it } from 'vitest';
import type { MenuGroup } from '../../../src/core/api/types';
import { $browserIconOrders, keepIconOrder, withBrowserIconOrders } from '../../../src/core/desktop';
import { HttpError, type HttpErrorInit } from '../../../src/core/http/errors';
import { appItem } from '../../support/app-item';

// §6's icon order against a back end that serves §7 as written (issue 69): its 404 keeps the order in this browser,
// said once, and the page stops asking; on every move it had said 接口不存在 and snapped back.

/** A server whose order call answers `status` (404: it has none), counting the calls. */
function server(status: number) {
  const calls: unknown[] = [];
  const http = {
    request: async (options: unknown) => {
      calls.push(options);
      if (status === 200) return { status: 200, code: 'ok', message: '', data: true };
      const init: HttpErrorInit = {
        kind: 'http',
        message: status === 404 ? '接口不存在' : '服务器内部错误',
        request: { method: 'post', url: '/api/base/desktop/app_icon_order' },
        response: { status, statusText: '', body: null },
      };
      throw new HttpError(init);
    },
  };
  return { calls, http: http as never };
}

// The page learns once that its server has no order call: the test that answers 404 comes last.
describe('icon order kept where the server keeps none (§6, issue 69)', () => {
  it('a server that keeps orders keeps them; another failure is the caller to show (the move is undone)', async () => {
    expect(await keepIconOrder(server(200).http, 'u1', 'XZBG', ['oa'])).toEqual({ kept: 'server', tell: false });
    expect(await keepIconOrder(server(500).http, 'u1', 'XZBG', ['oa'])).toEqual({ kept: 'failed', tell: false });
    expect($browserIconOrders.get()).toEqual({});
  });

  it('a 404 keeps the order in this browser, says so once, and asks the server no more', async () => {
    const platform = server(404);
    const first = await keepIconOrder(platform.http, 'u1', 'XZBG', ['meeting', 'oa']);
    expect(first).toEqual({ kept: 'browser', tell: true });
    expect(platform.calls).toHaveLength(1);
    // Nothing shows §8's notice of the 404: the call is made quietly.
    expect(platform.calls[0]).toMatchObject({ noIntercept: true });
    const second = await keepIconOrder(platform.http, 'u1', 'XZBG', ['oa', 'meeting']);
    expect(second).toEqual({ kept: 'browser', tell: false });
    expect(platform.calls).toHaveLength(1);
    expect($browserIconOrders.get()).toEqual({ u1: { XZBG: ['oa', 'meeting'] } });

    // The next load lays the kept order over the server's, for that user only.
    const groups: MenuGroup[] = [
      { code: 'XZBG', name: '行政办公', iconVMs: [appItem('meeting'), appItem('oa')] },
      { code: 'JWGL', name: '教务管理', iconVMs: [appItem('grade')] },
    ];
    const mine = withBrowserIconOrders(groups, 'u1');
    expect(mine.map((group) => group.iconVMs.map((app) => app.code))).toEqual([['oa', 'meeting'], ['grade']]);
    expect(withBrowserIconOrders(groups, 'u2')).toEqual(groups);
  });
});
