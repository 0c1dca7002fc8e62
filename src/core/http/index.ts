export type { HttpClient, HttpClientConfig, HttpMethod, RequestOptions } from './client';
export { createHttpClient, HTTP_METHODS } from './client';
export type { Params } from './encode';
export { buildUrl, encodeBody, encodeParams, TIMESTAMP_PARAM, toFormData } from './encode';
export type { HttpErrorKind, RequestSummary, ResponseSummary } from './errors';
export { envelopeMessage, HttpError, isEnvelope } from './errors';
export { $loginDialogReady, $loginFormShown, $loginPrompt } from './login-prompt';
export { defaultClient, request } from './request';
