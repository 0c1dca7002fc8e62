import {
  NLS_DIRECTIVES,
  NLS_EVENTS,
  NLS_FORMAT,
  NLS_NAMESPACE,
  NLS_SAMPLE_RATE,
  NLS_STATUS,
  type NlsMessage,
  type NlsResultPayload,
  type NlsStartPayload,
  nlsStatusMessage,
  parseNlsMessage,
} from '../api/nls';
import { splitBilingual } from '../i18n/bilingual';
import type { Language } from '../i18n/language';
import type { RecognitionOptions, RecognitionSession, Recognizer } from './capture';
import { VoiceError } from './capture';
import { deferred } from './deferred';

// The Alibaba Cloud NLS one-sentence recognition client (protocol: src/core/api/nls.ts). A browser cannot set
// headers on a WebSocket, so the token travels in the URL (`?token=`), as the service accepts. The language is
// chosen by the app key: each NLS project is set up for one language model (Mandarin, Cantonese, English).

/** The parts of a WebSocket the client uses: the browser's and the `ws` package's both fit. */
export interface SocketLike {
  binaryType: string;
  send(data: string | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
}

export interface NlsOptions {
  /** The gateway (`wss://nls-gateway-cn-shanghai.aliyuncs.com/ws/v1`); a path is taken on the page's own host. */
  url: string;
  /** The NLS project app key of each language. */
  appKeys: Partial<Record<Language, string>>;
  createSocket?: (url: string) => SocketLike;
  /** The page address a path-only `url` is resolved against; default `location.href`. */
  baseHref?: () => string;
  /** How long to wait for RecognitionStarted, and for the final text after StopRecognition; default 10 s. */
  timeoutMs?: number;
  /** More StartRecognition parameters (for example `enable_voice_detection`). */
  payload?: Partial<NlsStartPayload>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** 32 hex digits, as message_id and task_id are. */
export function nlsId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The WebSocket URL with the token: a path or an http(s) URL becomes ws(s) on that host. */
export function gatewayUrl(url: string, token: string, base: string): string {
  const target = new URL(url, base);
  if (target.protocol === 'http:') target.protocol = 'ws:';
  else if (target.protocol === 'https:') target.protocol = 'wss:';
  target.searchParams.set('token', token);
  return target.href;
}

/** Bytes of a frame as sent: the frame's own range of its buffer. */
function frameBytes(pcm: Int16Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = pcm;
  return buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength
    ? buffer
    : (pcm.slice().buffer as ArrayBuffer);
}

/** A TaskFailed as an error: an invalid token is the server's configuration (§8), the rest a failed recognition. */
export function taskFailedError(message: NlsMessage, language: Language): VoiceError {
  const status = message.header.status ?? NLS_STATUS.serverError;
  const detail = splitBilingual(nlsStatusMessage(message.header.status_text), language);
  return new VoiceError(status === NLS_STATUS.unauthorized ? 'token' : 'recognition', detail, status);
}

type Phase = 'starting' | 'started' | 'stopping' | 'done';

class NlsSession implements RecognitionSession {
  readonly ready: Promise<void>;
  readonly result: Promise<string>;
  private readonly started = deferred<void>();
  private readonly completed = deferred<string>();
  private readonly taskId = nlsId();
  private readonly pending: ArrayBuffer[] = [];
  private phase: Phase = 'starting';
  private stopRequested = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private socket: SocketLike | null = null;

  constructor(
    private readonly options: NlsOptions,
    private readonly recognition: RecognitionOptions,
  ) {
    this.ready = this.started.promise;
    this.result = this.completed.promise;
    const appkey = options.appKeys[recognition.language];
    if (!appkey) {
      this.fail(new VoiceError('token', `no NLS app key is configured for ${recognition.language}`));
      return;
    }
    this.arm('RecognitionStarted');
    try {
      const base = options.baseHref?.() ?? (typeof location === 'undefined' ? 'http://localhost/' : location.href);
      const create = options.createSocket ?? ((address: string) => new WebSocket(address) as unknown as SocketLike);
      this.socket = create(gatewayUrl(options.url, recognition.token, base));
    } catch (error) {
      this.fail(new VoiceError('connection', error instanceof Error ? error.message : String(error)));
      return;
    }
    this.socket.binaryType = 'arraybuffer';
    // An error is always followed by close, which says what happened.
    this.socket.onerror = () => undefined;
    this.socket.onopen = () => this.directive(NLS_DIRECTIVES.start, appkey, this.startPayload());
    this.socket.onmessage = (event) => {
      if (typeof event.data === 'string') this.onText(event.data);
    };
    this.socket.onclose = (event) =>
      this.fail(
        new VoiceError('connection', `the connection closed (${event.code}${event.reason ? ` ${event.reason}` : ''})`),
      );
  }

  sendAudio(pcm: Int16Array): void {
    if (this.phase === 'done' || this.stopRequested) return;
    const bytes = frameBytes(pcm);
    if (this.phase === 'started') this.socket?.send(bytes);
    else this.pending.push(bytes);
  }

  stop(): void {
    if (this.phase === 'done' || this.stopRequested) return;
    this.stopRequested = true;
    if (this.phase === 'started') this.sendStop();
  }

  cancel(): void {
    this.finish();
  }

  private startPayload(): NlsStartPayload {
    return {
      format: NLS_FORMAT,
      sample_rate: NLS_SAMPLE_RATE,
      enable_intermediate_result: true,
      enable_punctuation_prediction: true,
      enable_inverse_text_normalization: true,
      ...this.options.payload,
    };
  }

  private directive(name: string, appkey: string, payload?: NlsStartPayload): void {
    const header = { namespace: NLS_NAMESPACE, name, appkey, message_id: nlsId(), task_id: this.taskId };
    this.socket?.send(JSON.stringify(payload ? { header, payload } : { header }));
  }

  private sendStop(): void {
    this.phase = 'stopping';
    this.arm('RecognitionCompleted');
    this.directive(NLS_DIRECTIVES.stop, this.options.appKeys[this.recognition.language] ?? '');
  }

  private onText(text: string): void {
    const message = parseNlsMessage(text);
    if (!message || this.phase === 'done') return;
    const { name, task_id } = message.header;
    if (name === NLS_EVENTS.failed) {
      this.fail(taskFailedError(message, this.recognition.language));
      return;
    }
    if (task_id !== this.taskId) return;
    const payload = message.payload as Partial<NlsResultPayload> | undefined;
    const result = payload?.result;
    if (name === NLS_EVENTS.started && this.phase === 'starting') {
      this.phase = 'started';
      clearTimeout(this.timer);
      for (const bytes of this.pending.splice(0)) this.socket?.send(bytes);
      this.started.resolve();
      if (this.stopRequested) this.sendStop();
    } else if (name === NLS_EVENTS.changed && typeof result === 'string') {
      this.recognition.onPartial?.(result);
    } else if (name === NLS_EVENTS.completed) {
      const phrases = Array.isArray(payload?.phrases)
        ? payload.phrases.filter((phrase) => typeof phrase === 'string')
        : [];
      if (!result && phrases.length) this.recognition.onPhrases?.(phrases);
      this.completed.resolve(typeof result === 'string' ? result : '');
      this.finish();
    }
  }

  private arm(waitingFor: string): void {
    clearTimeout(this.timer);
    const ms = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.timer = setTimeout(() => this.fail(new VoiceError('connection', `no ${waitingFor} within ${ms} ms`)), ms);
  }

  private fail(error: VoiceError): void {
    if (this.phase === 'done') return;
    this.started.reject(error);
    this.completed.reject(error);
    this.finish();
  }

  private finish(): void {
    this.phase = 'done';
    clearTimeout(this.timer);
    this.pending.length = 0;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    // Closing a socket that is still connecting reports an error; it means nothing any more.
    socket.onerror = () => undefined;
    socket.close(1000);
  }
}

/** The NLS one-sentence recogniser: PCM from the recorder, the token of `get_ali_token`. */
export function nlsRecognizer(options: NlsOptions): Recognizer {
  return {
    capturesAudio: false,
    needsToken: true,
    start: (recognition) => new NlsSession(options, recognition),
  };
}
