import type { Envelope, FieldError } from '../../src/core/api/types';
import { BILINGUAL_SEPARATOR, OK } from '../../src/core/api/wire';

/** Joins the Chinese and English text of a message the way the widgets split it (§8). */
export function bilingual(zh: string, en: string): string {
  return `${zh}${BILINGUAL_SEPARATOR}${en}`;
}

export function ok<T>(data: T, message = bilingual('成功', 'Success')): Envelope<T> {
  return { status: 200, code: OK, message, data };
}

/** Thrown by handlers; the error handler turns it into an envelope with the same HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly data: unknown = null,
  ) {
    super(message);
  }

  toEnvelope(): Envelope<unknown> {
    const envelope: Envelope<unknown> = {
      status: this.status,
      code: this.code,
      message: this.message,
      data: this.data,
    };
    if (this.fieldErrors) envelope.fieldErrors = this.fieldErrors;
    return envelope;
  }
}

/** The one login answer code that sends the user to the bind page (with `data: {id, openid, unionid}`). */
export const UNBOUND = 'unbound';

export const errors = {
  badRequest: (en = 'Invalid request', zh = '请求参数错误', fieldErrors?: FieldError[]) =>
    new ApiError(400, 'bad_request', bilingual(zh, en), fieldErrors),
  unauthorized: () =>
    new ApiError(401, 'unauthorized', bilingual('未登录或登录已过期', 'Not signed in or session expired')),
  forbidden: () => new ApiError(403, 'forbidden', bilingual('没有权限', 'Permission denied')),
  notFound: (en = 'Not found', zh = '未找到') => new ApiError(404, 'not_found', bilingual(zh, en)),
  tooLarge: () => new ApiError(413, 'too_large', bilingual('文件大小超出限制', 'Size exceeds limit')),
};
