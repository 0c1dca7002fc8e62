import type { Envelope, FieldError } from '../api/types';
import { splitBilingual } from '../i18n/bilingual';
import type { Language } from '../i18n/language';
import { t } from '../i18n/translate';
import type { NoticeKind } from '../notify';

export type HttpErrorKind =
  /** HTTP status outside 2xx. */
  | 'http'
  /** HTTP 2xx whose envelope status is not 200. */
  | 'status'
  | 'network'
  | 'timeout'
  | 'abort'
  /** Method not allowed through the wrapper (§5). */
  | 'method'
  /** Response signature missing or different (§4). */
  | 'signature'
  /** 401 that neither refresh nor re-login could recover. */
  | 'auth';

export interface RequestSummary {
  method: string;
  url: string;
}

export interface ResponseSummary {
  status: number;
  statusText: string;
  body: unknown;
}

export interface HttpErrorInit {
  kind: HttpErrorKind;
  message: string;
  request: RequestSummary;
  response?: ResponseSummary;
  envelope?: Envelope;
  notice?: NoticeKind;
}

/** Every rejection of the request flow. `status` is the envelope status when there is one, else the HTTP one. */
/** Registered, so that every copy of core on a page recognises the others' errors (see src/core/shared). */
const HTTP_ERROR = Symbol.for('ph-widgets.http-error');

export class HttpError extends Error {
  /** `instanceof HttpError` holds for an HttpError made by any bundle on the page, not only this copy's. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && HTTP_ERROR in value;
  }

  readonly [HTTP_ERROR] = true;
  readonly kind: HttpErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly request: RequestSummary;
  readonly response: ResponseSummary | undefined;
  readonly envelope: Envelope | undefined;
  readonly fieldErrors: FieldError[];
  /** How the error is (or would be) shown: field errors are warnings (§8). */
  readonly notice: NoticeKind;

  constructor(init: HttpErrorInit) {
    super(init.message);
    this.name = 'HttpError';
    this.kind = init.kind;
    this.request = init.request;
    this.response = init.response;
    this.envelope = init.envelope;
    this.status = init.envelope?.status ?? init.response?.status;
    this.code = init.envelope?.code;
    this.fieldErrors = init.envelope?.fieldErrors ?? [];
    this.notice = init.notice ?? 'error';
  }
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { status?: unknown }).status === 'number';
}

/**
 * §8 message rules of an envelope that is not a success: field errors joined by ',' (a warning), else the message,
 * else the built-in "server internal error"; each piece in the current language.
 */
export function envelopeMessage(envelope: Envelope, language: Language): { message: string; notice: NoticeKind } {
  const fieldMessages = (envelope.fieldErrors ?? [])
    .map((error) => (error && typeof error.message === 'string' ? splitBilingual(error.message, language) : ''))
    .filter((message) => message !== '');
  if (fieldMessages.length > 0) return { message: fieldMessages.join(','), notice: 'warning' };
  if (typeof envelope.message === 'string' && envelope.message !== '') {
    return { message: splitBilingual(envelope.message, language), notice: 'error' };
  }
  return { message: t('core.http.serverError'), notice: 'error' };
}

/**
 * §8 for an answer that came back: undefined when it is a success (2xx, and an envelope of status 200 unless the
 * caller asked for the raw body), else the error with the envelope's message or "status status-text".
 */
export function responseError(
  response: ResponseSummary,
  request: RequestSummary,
  options: { raw: boolean; language: Language },
): HttpError | undefined {
  const envelope = isEnvelope(response.body) ? response.body : undefined;
  const httpOk = response.status >= 200 && response.status < 300;
  if (httpOk && (options.raw || !envelope || envelope.status === 200)) return undefined;
  const kind = httpOk ? 'status' : 'http';
  if (envelope) {
    const { message, notice } = envelopeMessage(envelope, options.language);
    return new HttpError({ kind, message, notice, request, response, envelope });
  }
  const message = `${response.status} ${response.statusText}`.trim();
  return new HttpError({ kind, message, request, response });
}
