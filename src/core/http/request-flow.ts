import { SIGNATURE_HEADER } from '../api/wire';
import type { Language } from '../i18n/language';
import { currentSessionEpoch } from '../session/state';
import { HttpError, isEnvelope, type RequestSummary, responseError } from './errors';
import type { Exchange, Outgoing } from './exchange';
import type { SessionRecovery } from './recovery';
import { sentSignature, signatureMatches } from './signature';

// One call's way through §4: the exchange; a 401 brings the session back (one recovery shared by every call,
// recovery.ts) and replays the call once; an answer whose signature does not match recovers and fails; else the
// answer's own verdict (errors.ts).

export interface Attempt extends Outgoing {
  replayed: boolean;
  /** Internal calls (refresh, device login) never trigger recovery themselves. */
  recovery: boolean;
}

export interface FlowParts {
  exchange: Exchange;
  recovery: SessionRecovery;
  language: () => Language;
}

/** Runs an attempt to its body, or rejects with the HttpError that ends it. */
export function createRequestFlow({ exchange, recovery, language }: FlowParts): (attempt: Attempt) => Promise<unknown> {
  async function run(attempt: Attempt): Promise<unknown> {
    const { options } = attempt;
    const summary: RequestSummary = { method: attempt.method, url: options.url };
    const sentAt = recovery.stamp();
    const session = currentSessionEpoch();
    const response = await exchange(attempt, summary);
    const envelope = isEnvelope(response.body) ? response.body : undefined;
    const unauthorized = response.status === 401 || (!options.raw && envelope?.status === 401);
    // A request that left before a logout or another sign-in speaks of a session that is gone: its 401 says nothing
    // of the current one, so it neither refreshes nor sends the page to the login page.
    const staleSession = currentSessionEpoch() !== session;
    if (unauthorized && !attempt.recovery && !options.skipAuthRecovery) {
      // A session renewed after this request left needs no second refresh; a replay failing again does.
      const recovered = !staleSession && (recovery.renewedSince(sentAt) || (await recovery.recover(!attempt.replayed)));
      if (recovered && !attempt.replayed) return run({ ...attempt, replayed: true });
      const message = responseError(response, summary, { raw: false, language: language() })?.message ?? '401';
      throw new HttpError({ kind: 'auth', message, request: summary, response, envelope });
    }
    // §4 checks the signature of an answer to a request that sent one; an answer the page carried had no request.
    const signature = response.fromPage ? undefined : sentSignature(options.params);
    if (signature && !attempt.recovery && !signatureMatches(signature, response.headers.get(SIGNATURE_HEADER))) {
      await recovery.recover(false);
      const message = 'Invalid response signature';
      throw new HttpError({ kind: 'signature', message, request: summary, response, envelope });
    }
    const error = responseError(response, summary, { raw: options.raw === true, language: language() });
    if (error) throw error;
    return response.body;
  }
  return run;
}
