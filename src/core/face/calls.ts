import {
  FACE_CHALLENGE_PATH,
  FACE_CHECK_PATH,
  FACE_CLOCKING_PATH,
  FACE_LOGIN_PATH,
  FACE_USER_PATH,
} from '../api/face-paths';
import type { Envelope, FaceClocking, FaceRecord, LoginData } from '../api/types';
import type { AuthDeps } from '../auth/deps';
import { handleLoginResult } from '../auth/login';
import type { HttpClient } from '../http/client-types';
import { envelopeMessage, HttpError, isEnvelope } from '../http/errors';
import { $language } from '../i18n/translate';
import type { FaceMode } from './constants';
import type { FaceCalls } from './controller-deps';
import type { LivenessAnswer, LivenessChallenge } from './liveness';

export interface FaceCallDeps {
  http: Pick<HttpClient, 'request'>;
  /** For face login: what a successful sign-in does (store the session, then redirect or reload, §4). */
  auth: () => AuthDeps;
}

/** A login's data without the token: any script on the page hears the widget's events. */
export type FaceLoginData = Omit<Partial<LoginData>, 'accessToken' | 'expiresIn'>;

/** The text to show for a failed face call: the envelope's message in the current language (§8), else the error's. */
function failure(error: unknown): Error {
  if (error instanceof HttpError && isEnvelope(error.envelope)) {
    return new Error(envelopeMessage(error.envelope, $language.get()).message);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Answers that mean "no liveness here" (issue 67): the route is not there (404), not for this method (405), not
 * implemented (501), or a gateway that guards every path it does not know (401, 403). Any other failure (a 429, a
 * 5xx, no answer) is an error the user retries, and the next try asks again.
 */
const NO_CHALLENGE_HERE = new Set([401, 403, 404, 405, 501]);
const isMissingRoute = (error: unknown) =>
  error instanceof HttpError && error.kind === 'http' && NO_CHALLENGE_HERE.has(error.response?.status ?? 0);

/**
 * The back ends known to have no challenge call, by the client that asked (one per page): a page's widgets, and a
 * terminal serving person after person, ask once, not once a person.
 */
const withoutChallenge = new WeakSet<object>();

/**
 * The four face calls of §7, and the liveness challenge before face login and clock-in (issue 37). They skip the
 * global error interceptor (no toast): the widget shows the message itself, with 'Click to try again'. Without a
 * challenge (the back end has none, or the page turned liveness off) login and clock-in send `{faceImage}` alone, as
 * §7 writes them. Photos go as JSON: a 480 × 480 JPEG in base64 would grow by a third again form-encoded.
 */
export function faceCalls(deps: FaceCallDeps): FaceCalls {
  const send = <T>(url: string, data: Record<string, unknown>, login: boolean) =>
    deps.http.request<T>({ url, method: 'post', data, json: true, noIntercept: true, skipAuthRecovery: login });
  const post = async <T>(url: string, data: Record<string, unknown>, login = false) => {
    try {
      return await send<T>(url, data, login);
    } catch (error) {
      throw failure(error);
    }
  };

  async function login(faceImage: string, liveness: LivenessAnswer | undefined): Promise<FaceLoginData> {
    const answer: Envelope<Partial<LoginData> | null> = await post(FACE_LOGIN_PATH, { faceImage, ...liveness }, true);
    handleLoginResult(answer, deps.auth());
    const { accessToken: _token, expiresIn: _expires, ...data } = answer.data ?? {};
    return data;
  }

  return {
    async record(userId: string): Promise<FaceRecord | null> {
      const answer = await deps.http.request<FaceRecord | null>({
        url: FACE_USER_PATH,
        params: { userId },
        noIntercept: true,
      });
      return answer.data ?? null;
    },
    async challenge(mode: FaceMode): Promise<LivenessChallenge | null> {
      if (withoutChallenge.has(deps.http)) return null;
      try {
        return (await send<LivenessChallenge>(FACE_CHALLENGE_PATH, { mode }, mode === 'login')).data;
      } catch (error) {
        if (!isMissingRoute(error)) throw failure(error);
        withoutChallenge.add(deps.http);
        return null;
      }
    },
    async submit(mode: FaceMode, faceImage: string, userId: string | undefined, liveness?: LivenessAnswer) {
      if (mode === 'login') return login(faceImage, liveness);
      if (mode === 'orther') return (await post<FaceClocking>(FACE_CLOCKING_PATH, { faceImage, ...liveness })).data;
      return (await post<{ userId: string; registerTime: string }>(FACE_CHECK_PATH, { faceImage, userId })).data;
    },
  };
}
