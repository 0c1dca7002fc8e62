export { createHttpClient } from './client';
export {
  HTTP_METHODS,
  type HttpClient,
  type HttpClientConfig,
  type HttpMethod,
  type RequestOptions,
} from './client-types';
export type { Params } from './encode';
export { buildUrl, encodeBody, encodeParams, isApiPath, TIMESTAMP_PARAM, toFormData } from './encode';
export type { HttpErrorKind, RequestSummary, ResponseSummary } from './errors';
export { envelopeMessage, HttpError, isEnvelope, responseError } from './errors';
export { $loginDialogReady, $loginFormShown, $loginPrompt } from './login-prompt';
export type { LostSessionConfig, LostSessionDeps } from './lost-session';
export { createRelogin } from './lost-session';
export { isQuiet, noticeFor } from './notices';
export {
  answerKey,
  keepAnswersOfPage,
  keepPageAnswers,
  PAGE_ANSWERS_ID,
  PAGE_ANSWERS_MAX_AGE_MS,
  type PageAnswer,
  takePageAnswer,
} from './page-answers';
export type { RecoverySteps, SessionRecovery } from './recovery';
export { createSessionRecovery } from './recovery';
export { defaultClient, request } from './request';
export { sentSignature, signatureMatches } from './signature';
export type {
  Transport,
  TransportFailure,
  TransportMethod,
  TransportRequest,
  TransportResponse,
  UploadProgress,
} from './transport';
export { fetchTransport, TransportError } from './transport';
