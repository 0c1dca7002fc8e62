// The Alibaba Cloud NLS one-sentence recognition protocol (智能语音交互 一句话识别, WebSocket), as far as the widgets
// and the reference server speak it. Shared by the client (core/voice/nls.ts) and the reference server's route
// (demo/server/routes/base/nls.ts), so both spell the same names.
//
//   client: open wss://<gateway>/ws/v1?token=<token>
//   client: StartRecognition (text frame, JSON: header with appkey, message_id, task_id; payload: audio format)
//   server: RecognitionStarted                      -> client sends binary frames: 16 kHz mono 16-bit PCM
//   server: RecognitionResultChanged (0..n, payload.result: the text so far)
//   client: StopRecognition
//   server: RecognitionCompleted (payload.result)   or TaskFailed (header.status, header.status_text) at any time

export const NLS_NAMESPACE = 'SpeechRecognizer';
/** TaskFailed comes from the gateway, whose namespace is `Default`. */
export const NLS_GATEWAY_NAMESPACE = 'Default';

export const NLS_DIRECTIVES = { start: 'StartRecognition', stop: 'StopRecognition' } as const;
export const NLS_EVENTS = {
  started: 'RecognitionStarted',
  changed: 'RecognitionResultChanged',
  completed: 'RecognitionCompleted',
  failed: 'TaskFailed',
} as const;

/** header.status of every successful event. */
export const NLS_SUCCESS = 20_000_000;
/** Gateway statuses of TaskFailed used here (4xxxxxxx: the client's fault; 5xxxxxxx: the service's). */
export const NLS_STATUS = {
  clientError: 40_000_000,
  unauthorized: 40_000_001,
  invalidMessage: 40_000_002,
  invalidParameter: 40_000_003,
  idleTimeout: 40_000_004,
  /** Too many recognitions at once (the user's or the service's cap). */
  tooManyRequests: 40_000_005,
  unsupportedLanguage: 40_000_010,
  serverError: 50_000_000,
} as const;

/** Audio the widgets send: raw PCM, 16 kHz, mono, 16-bit little-endian. */
export const NLS_SAMPLE_RATE = 16_000;
export const NLS_FORMAT = 'pcm';
/** The service takes at most 60 s of audio per sentence (and §9 limits a recording to 60 s). */
export const NLS_MAX_SECONDS = 60;

export interface NlsHeader {
  namespace: string;
  name: string;
  message_id: string;
  task_id: string;
  appkey?: string;
  status?: number;
  status_text?: string;
}

export interface NlsStartPayload {
  format: string;
  sample_rate: number;
  enable_intermediate_result?: boolean;
  enable_punctuation_prediction?: boolean;
  enable_inverse_text_normalization?: boolean;
  enable_voice_detection?: boolean;
}

export interface NlsMessage<P = Record<string, unknown>> {
  header: NlsHeader;
  payload?: P;
}

/** What RecognitionResultChanged and RecognitionCompleted carry. */
export interface NlsResultPayload {
  result: string;
  duration?: number;
  /**
   * The reference server's offline gateway only (no cloud field): with an empty result, the phrases it does hear as
   * commands in this language, for the widget to offer (issue 69: it cannot hear the tiles' Chinese names).
   */
  phrases?: string[];
}

/** A parsed text frame, or null when it is not an NLS message. */
export function parseNlsMessage(text: string): NlsMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const header = (value as { header?: unknown }).header;
  if (typeof header !== 'object' || header === null) return null;
  const { name, task_id } = header as { name?: unknown; task_id?: unknown };
  if (typeof name !== 'string' || typeof task_id !== 'string') return null;
  return value as NlsMessage;
}

/** `Gateway:ACCESS_DENIED:The token is invalid!` -> `The token is invalid!` (the text after the code). */
export function nlsStatusMessage(statusText: string | undefined): string {
  if (!statusText) return '';
  const match = /^[A-Za-z]+:[A-Z_]+:(.*)$/su.exec(statusText);
  return (match?.[1] ?? statusText).trim();
}
