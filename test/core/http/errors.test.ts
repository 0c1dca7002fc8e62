import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../src/core/http';

const init = {
  kind: 'http' as const,
  message: '400 Bad Request',
  request: { method: 'post', url: '/api/uaa/oauth/login' },
  envelope: { status: 400, code: 'invalid_grant', message: 'x', data: null },
};

describe('HttpError', () => {
  it('is recognised across copies of core on one page (the classic and the ES bundles)', async () => {
    // A second module instance of errors.ts, as another bundle on the page would carry.
    vi.resetModules();
    const other = await import('../../../src/core/http/errors');
    expect(other.HttpError).not.toBe(HttpError);
    const foreign = new other.HttpError(init);
    expect(foreign instanceof HttpError).toBe(true);
    expect(new HttpError(init) instanceof other.HttpError).toBe(true);
    expect(new Error('plain') instanceof HttpError).toBe(false);
    expect({ kind: 'http' } instanceof HttpError).toBe(false);
  });
});
