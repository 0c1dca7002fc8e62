import * as OpenCC from 'opencc-js';
import type { Envelope, FieldError } from '../../src/core/api/types';
import { BILINGUAL_SEPARATOR, OK } from '../../src/core/api/wire';

/** OpenCC's full Simplified-to-Hong-Kong table: the server's own texts carry zh-HK's part (issue 56). */
const toHongKong = OpenCC.Converter({ from: 'cn', to: 'hk' });

/** Every text the server sends, in both languages (and zh-HK where given): one shape, so no caller can swap them. */
export interface Text {
  zh: string;
  en: string;
  /** Traditional Chinese for zh-HK, the third part the widgets read (`中文|||English|||繁體`); else `zh` converted. */
  hk?: string;
}

/** Joins the texts of a message the way the widgets split it (§8), all three languages. */
export function bilingual(text: Text): string {
  return [text.zh, text.en, text.hk ?? toHongKong(text.zh)].join(BILINGUAL_SEPARATOR);
}

export function fieldError(field: string, text: Text): FieldError {
  return { field, message: bilingual(text) };
}

export function ok<T>(data: T, message: Text = { zh: '成功', en: 'Success' }): Envelope<T> {
  return { status: 200, code: OK, message: bilingual(message), data };
}

/** Thrown by handlers; the error handler turns it into an envelope with the same HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly text: Text,
    readonly fieldErrors?: FieldError[],
    readonly data: unknown = null,
    /** Sent with the answer (`Retry-After` of a refusal to come back later). */
    readonly headers: Record<string, string> = {},
  ) {
    super(bilingual(text));
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
  badRequest: (text: Text = { zh: '请求参数错误', en: 'Invalid request' }, fieldErrors?: FieldError[]) =>
    new ApiError(400, 'bad_request', text, fieldErrors),
  unauthorized: () =>
    new ApiError(401, 'unauthorized', { zh: '未登录或登录已过期', en: 'Not signed in or session expired' }),
  forbidden: () => new ApiError(403, 'forbidden', { zh: '没有权限', en: 'Permission denied' }),
  notFound: (text: Text = { zh: '未找到', en: 'Not found' }) => new ApiError(404, 'not_found', text),
  tooLarge: () => new ApiError(413, 'too_large', { zh: '文件大小超出限制', en: 'Size exceeds limit' }),
};
