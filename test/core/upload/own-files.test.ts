import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/core/api/wire';
import { createHttpClient } from '../../../src/core/http';
import { $language } from '../../../src/core/i18n/translate';
import { readOwnFiles } from '../../../src/core/upload';
import { envelope, sendJson, startServer, type TestServer } from '../http/server';

// "My files" over real HTTP (issue 53): a platform that serves §7 as written has no my_files call, and its 404 is a
// state of the list, said in the page language, with no toast; other failures stay failures.

let server: TestServer;
let answer: { http: number; body: unknown } = { http: 200, body: {} };
const notices: [string, string][] = [];
const client = () =>
  createHttpClient({ apiBase: server.base, notify: (kind, message) => notices.push([kind, message]) });

beforeAll(async () => {
  server = await startServer();
  server.route('GET', ENDPOINTS.myFiles, (_req, res) => sendJson(res, answer.http, answer.body));
});
afterAll(() => server.close());
beforeEach(() => {
  notices.length = 0;
  $language.set('zh-CN');
});

const FILE = { fileId: 'm1', md5: 'm1', name: '单元测验.pdf', size: 1024, url: '/api/storage/file/m1', keptAt: 1 };

describe('readOwnFiles', () => {
  it('lists the files the server answers', async () => {
    answer = { http: 200, body: envelope(200, { data: { list: [FILE], total: 3 } }) };
    await expect(readOwnFiles(client())).resolves.toEqual({ status: 'listed', list: [FILE], total: 3 });
  });

  it.each([
    ['zh-CN', '本平台未提供“我的文件”'],
    ['en', 'My files is not available on this platform'],
    ['zh-HK', '本平台未提供「我的檔案」'],
  ] as const)(
    'a 404 means the platform has no such call: unavailable, said in %s, no toast',
    async (language, text) => {
      $language.set(language);
      answer = { http: 404, body: { status: 404, error: 'Not Found', path: ENDPOINTS.myFiles } };
      await expect(readOwnFiles(client())).resolves.toEqual({ status: 'unavailable', text });
      expect(notices).toEqual([]);
    },
  );

  it('keeps other failures failures, shown by the list and not as a toast', async () => {
    answer = { http: 500, body: 'oops' };
    await expect(readOwnFiles(client())).resolves.toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/500/),
    });
    // A 200 whose envelope says 404 is the server's refusal, not a missing call.
    answer = { http: 200, body: envelope(404, { message: '没有文件|||No files' }) };
    await expect(readOwnFiles(client())).resolves.toEqual({ status: 'failed', message: '没有文件' });
    expect(notices).toEqual([]);
  });
});
