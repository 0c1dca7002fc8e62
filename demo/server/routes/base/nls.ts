import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  NLS_DIRECTIVES,
  NLS_EVENTS,
  NLS_FORMAT,
  NLS_GATEWAY_NAMESPACE,
  NLS_MAX_SECONDS,
  NLS_NAMESPACE,
  NLS_SAMPLE_RATE,
  NLS_STATUS,
  NLS_SUCCESS,
  type NlsMessage,
  type NlsStartPayload,
  parseNlsMessage,
} from '../../../../src/core/api/nls';
import { ENDPOINTS } from '../../../../src/core/api/wire';
import { openPhrases } from '../../../../src/core/voice/app-command';
import type { ServerContext } from '../../context';
import { LOOPBACK, LOOPBACK_ORIGINS } from '../../cors';
import { bilingual, type Text } from '../../envelope';
import { publicOrigin } from '../../redirects';
import { sayablePhrases } from '../../speech/phrases';
import type { Listening } from '../../speech/recognizer';
import { sha256 } from '../../util/ids';
import type { TimerHandle } from '../../util/timers';
import { userApps } from './desktop-icons';
import { type Speaker, speechSlots } from './speech-slots';

// The NLS one-sentence recognition protocol (src/core/api/nls.ts) on a WebSocket route of the reference server, so
// the widgets' production client runs end to end against a real recogniser: Debian's pocketsphinx for English,
// Mandarin and Cantonese commands (speech/pocketsphinx.ts). The token is one of get_ali_token's, checked on the
// handshake against the server clock. The language comes with the app key, as with the cloud service (one project,
// one language model).

type Language = 'zh-CN' | 'en' | 'zh-HK';

/** The longest sentence the service takes: 60 s of 16-bit samples. */
const MAX_AUDIO_BYTES = NLS_MAX_SECONDS * NLS_SAMPLE_RATE * 2;
/** A task with nothing said for this long ends (the gateway's IDLE_TIMEOUT). */
const IDLE_MS = 15_000;
/**
 * After the server's close frame, how long a client has to answer it before the connection is cut. A client that
 * never reads held its TCP connection for ws's 30 s close timeout after its task had ended (issue 67: 35–39 s).
 */
export const CLOSE_GRACE_MS = 1_000;

const TASK_TOO_LONG: Text = {
  zh: `一次识别最长 ${NLS_MAX_SECONDS} 秒，本次已超时`,
  en: `A recognition lasts at most ${NLS_MAX_SECONDS} s; this one ran out of time`,
};
const TOO_MANY: Text = {
  zh: '同时进行的语音识别过多，请稍后再试',
  en: 'Too many voice recognitions at once; please try again in a moment',
};

const nlsId = () => randomBytes(16).toString('hex');

function event(name: string, taskId: string, extra: { status?: number; statusText?: string; payload?: unknown } = {}) {
  return JSON.stringify({
    header: {
      namespace: name === NLS_EVENTS.failed ? NLS_GATEWAY_NAMESPACE : NLS_NAMESPACE,
      name,
      status: extra.status ?? NLS_SUCCESS,
      message_id: nlsId(),
      task_id: taskId,
      status_text: extra.statusText ?? 'Gateway:SUCCESS:Success.',
    },
    ...(extra.payload === undefined ? {} : { payload: extra.payload }),
  });
}

/** Like the cloud service with punctuation prediction on: a sentence starts with a capital and ends with a mark. */
/** The service's punctuation prediction: a capital and a full stop, or a Chinese full stop. */
function punctuate(text: string, language: Language): string {
  if (!text) return text;
  return language === 'en' ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : `${text}。`;
}

/**
 * Takes a speech token for the handshake it opens: single-use (removed whatever the answer), alive only while its
 * session is (a sign-out ends it), and within its 10 minutes on the server clock. The user it was given to, or null.
 */
export function takeSpeechToken(ctx: ServerContext, token: unknown): string | null {
  // A repeated query parameter arrives as an array: it is no token (issue 37, F9: it was a 500).
  if (typeof token !== 'string' || !token || token.length > 200) return null;
  const hash = sha256(token);
  const row = ctx.db
    .prepare(
      `SELECT t.user_id, t.expires_at FROM speech_tokens t JOIN sessions s ON s.id = t.session_id
       WHERE t.hash = ?`,
    )
    .get(hash) as { user_id: string; expires_at: number } | undefined;
  ctx.db.prepare('DELETE FROM speech_tokens WHERE hash = ?').run(hash);
  return row && row.expires_at > ctx.seconds() ? row.user_id : null;
}

/**
 * A browser's handshake must come from one of the pages' origins (issue 37, F10): this server's own, or one listed
 * in PH_CORS_ORIGINS. A client without an Origin header is no page another site can drive.
 */
function pageOriginAllowed(ctx: ServerContext, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === publicOrigin(ctx, request)) return true;
  const listed = ctx.options.corsOrigins;
  return listed.includes(origin) || (listed.includes(LOOPBACK_ORIGINS) && LOOPBACK.test(origin));
}

/** One recognition task on one connection. */
class NlsTask {
  private taskId = '';
  private punctuation = false;
  private language: Language = 'en';
  private phase: 'waiting' | 'listening' | 'recognising' | 'done' = 'waiting';
  /** The recogniser, fed each frame as it comes (from StartRecognition until StopRecognition). */
  private listening: Listening | null = null;
  /** The skill phrases it listens for, in the order they were added: those offered after speech not understood. */
  private vocabulary: string[] = [];
  private bytes = 0;
  private idle: TimerHandle | undefined;
  private starved: TimerHandle | undefined;
  private readonly deadline: TimerHandle;
  /** The gateway's place this task holds, given back once when the task is over and its recogniser has finished. */
  private release: () => void = () => undefined;
  private recognising: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: ServerContext,
    private readonly socket: WebSocket,
    /** The user the token was given to: the names of their tiles are listened for too. */
    private readonly userId: string,
  ) {
    this.touch();
    this.awaitAudio();
    // However the frames come (2 bytes every 10 s kept a task open for ever: issue 37, F7), a task ends in time.
    this.deadline = this.timers.set(
      () => this.fail(NLS_STATUS.clientError, 'TASK_TIMEOUT', bilingual(TASK_TOO_LONG)),
      ctx.options.speechTaskLimitMs,
    );
  }

  private get timers() {
    return this.ctx.options.speechTimers;
  }

  /** The place the task holds (speech-slots.ts): given back when it ends. */
  hold(release: () => void): void {
    this.release = release;
  }

  onMessage(data: RawData, isBinary: boolean): void {
    if (this.phase === 'done') return;
    this.touch();
    if (isBinary) {
      this.onAudio(data as Buffer);
      return;
    }
    const message = parseNlsMessage(data.toString());
    if (!message) {
      this.fail(NLS_STATUS.invalidMessage, 'CLIENT_ERROR', 'not an NLS directive');
      return;
    }
    if (message.header.namespace !== NLS_NAMESPACE) {
      this.fail(NLS_STATUS.invalidMessage, 'CLIENT_ERROR', `unknown namespace ${message.header.namespace}`);
    } else if (message.header.name === NLS_DIRECTIVES.start && this.phase === 'waiting') {
      this.onStart(message as NlsMessage<Partial<NlsStartPayload>>);
    } else if (message.header.name === NLS_DIRECTIVES.stop && this.phase === 'listening') {
      void this.onStop(message);
    } else {
      this.fail(NLS_STATUS.invalidMessage, 'CLIENT_ERROR', `unexpected directive ${message.header.name}`);
    }
  }

  /**
   * The task is over (answered, failed, or its connection gone): its timers stop, and its place is given back once
   * its recogniser has finished — a client that stops and hangs up does not leave a decoder running outside the cap.
   */
  close(): void {
    this.phase = 'done';
    for (const timer of [this.idle, this.starved, this.deadline]) this.timers.clear(timer);
    if (this.listening) this.recognising = this.listening.cancel().catch(() => undefined);
    this.listening = null;
    void this.recognising.finally(this.release);
  }

  private onStart(message: NlsMessage<Partial<NlsStartPayload>>): void {
    this.taskId = message.header.task_id;
    if (!/^[0-9a-f]{32}$/i.test(this.taskId)) {
      this.fail(NLS_STATUS.invalidParameter, 'CLIENT_ERROR', 'task_id must be 32 hex digits');
      return;
    }
    const language = this.languageOf(message.header.appkey);
    if (!language) {
      this.fail(NLS_STATUS.invalidParameter, 'APPKEY_NOT_EXIST', `unknown appkey ${message.header.appkey ?? ''}`);
      return;
    }
    this.language = language;
    const payload = message.payload ?? {};
    if (payload.format !== NLS_FORMAT || payload.sample_rate !== NLS_SAMPLE_RATE) {
      this.fail(NLS_STATUS.invalidParameter, 'CLIENT_ERROR', 'only pcm at 16000 Hz is supported');
      return;
    }
    if (!this.ctx.speech.available()) {
      this.fail(
        NLS_STATUS.serverError,
        'SERVER_ERROR',
        bilingual({
          zh: '服务器未安装离线语音识别（apt-get install pocketsphinx pocketsphinx-en-us）',
          en: 'The offline recogniser is not installed on the server (apt-get install pocketsphinx pocketsphinx-en-us)',
        }),
      );
      return;
    }
    this.punctuation = payload.enable_punctuation_prediction === true;
    try {
      this.listening = this.listen();
    } catch {
      this.fail(NLS_STATUS.serverError, 'SERVER_ERROR', 'the recogniser failed');
      return;
    }
    this.phase = 'listening';
    this.socket.send(event(NLS_EVENTS.started, this.taskId));
  }

  private onAudio(chunk: Buffer): void {
    if (this.phase !== 'listening') {
      this.fail(NLS_STATUS.invalidMessage, 'CLIENT_ERROR', 'audio before RecognitionStarted');
      return;
    }
    this.awaitAudio();
    this.bytes += chunk.length;
    if (this.bytes > MAX_AUDIO_BYTES) {
      this.fail(NLS_STATUS.clientError, 'CLIENT_ERROR', `more than ${NLS_MAX_SECONDS} s of audio`);
      return;
    }
    this.listening?.write(chunk);
  }

  /**
   * The recogniser, started now rather than at the stop: it decodes the speech once it has ended, usually before the
   * release (speech/early-decode.ts; issue 69: Chinese commands took 1.5–2.0 s from the release to the page).
   */
  private listen(): Listening {
    // In the order they were added: the phrases offered after speech not understood come in it.
    const skills = this.ctx.db.prepare('SELECT vocabulary FROM skills ORDER BY rowid').all() as {
      vocabulary: string;
    }[];
    this.vocabulary = skills.map((row) => row.vocabulary);
    // The user's tiles are listened for in English only. In the Chinese graph her 36 names are heard right 46 %
    // (Mandarin) and 74 % (Cantonese) of the time, and with them the skill phrases fell from 96 % to 80 % and from
    // 100 % to 67 % (npm run bench, issue 56): the English acoustic model cannot tell that many Chinese names apart.
    const names = this.language === 'en' ? openPhrases(userApps(this.ctx, this.userId)) : [];
    return this.ctx.speech.listen(this.vocabulary, this.language, names);
  }

  private async onStop(message: NlsMessage): Promise<void> {
    if (message.header.task_id !== this.taskId) {
      this.fail(NLS_STATUS.invalidParameter, 'CLIENT_ERROR', 'task_id differs from StartRecognition');
      return;
    }
    this.phase = 'recognising';
    this.timers.clear(this.idle);
    this.timers.clear(this.starved);
    const listening = this.listening;
    this.listening = null;
    let text: string;
    try {
      const recognition = listening ? listening.end() : Promise.resolve('');
      this.recognising = recognition.catch(() => undefined);
      text = await recognition;
    } catch {
      this.fail(NLS_STATUS.serverError, 'SERVER_ERROR', 'the recogniser failed');
      return;
    }
    if (this.phase !== 'recognising') return;
    const result = this.punctuation ? punctuate(text, this.language) : text;
    const duration = Math.round((this.bytes / 2 / NLS_SAMPLE_RATE) * 1000);
    // Nothing understood: the phrases that do work, for the widget to offer (it cannot hear Chinese tile names).
    const phrases = text ? [] : sayablePhrases(this.vocabulary, this.language);
    const payload = { result, duration, ...(phrases.length ? { phrases } : {}) };
    this.socket.send(event(NLS_EVENTS.completed, this.taskId, { payload }));
    this.end();
  }

  private languageOf(appkey: string | undefined): Language | null {
    const entry = Object.entries(this.ctx.options.nlsAppKeys).find(([, key]) => key === appkey);
    return (entry?.[0] as Language | undefined) ?? null;
  }

  private touch(): void {
    this.timers.clear(this.idle);
    this.idle = this.timers.set(
      () => this.fail(NLS_STATUS.idleTimeout, 'IDLE_TIMEOUT', 'the session was idle for too long'),
      IDLE_MS,
    );
  }

  /**
   * Until its StopRecognition a task must be fed: a recorder sends a frame every 100 ms, so a socket that opens, or
   * starts, and then sends no audio for `speechAudioGapMs` only holds one of the gateway's recognitions (issue 56).
   * What a client sends is the honest signal here; whether it reads is not: the server sends it two small events,
   * which the kernel's socket buffers take whole, so ws's `bufferedAmount` stays 0 for a client that never reads.
   */
  private awaitAudio(): void {
    this.timers.clear(this.starved);
    const ms = this.ctx.options.speechAudioGapMs;
    this.starved = this.timers.set(
      () => this.fail(NLS_STATUS.idleTimeout, 'IDLE_TIMEOUT', `no audio for ${ms} ms`),
      ms,
    );
  }

  /** Answers the connection with a failure before any directive (a cap was reached). */
  refuse(status: number, code: string, reason: string): void {
    this.fail(status, code, reason);
  }

  private fail(status: number, code: string, reason: string): void {
    if (this.phase === 'done') return;
    this.socket.send(event(NLS_EVENTS.failed, this.taskId, { status, statusText: `Gateway:${code}:${reason}` }));
    this.end();
  }

  /**
   * Ends the task and its connection: the close frame, and the TCP connection itself cut if the client has not
   * answered it within CLOSE_GRACE_MS (one that never reads would hold it for ws's 30 s).
   */
  private end(): void {
    this.close();
    this.socket.close(1000);
    const cut = this.timers.set(() => this.socket.terminate(), CLOSE_GRACE_MS);
    this.socket.once('close', () => this.timers.clear(cut));
  }
}

/** Recognitions one user may have open at once (two tabs, say); more are answered TOO_MANY_REQUESTS. */
export const SPEECH_TASKS_PER_USER = 2;

function unitOf(ctx: ServerContext, user: string): string {
  const row = ctx.db.prepare('SELECT unit_id FROM users WHERE id = ?').get(user) as { unit_id: string } | undefined;
  return row?.unit_id ?? '';
}

/**
 * The gateway's route. Its handshake takes a token of get_ali_token (single-use, bound to its session) from one of
 * the pages' origins; a user may hold 2 recognitions open, the server `speechTasksAtOnce`, and each unit its fair
 * share of those (speech-slots.ts; each refusal answered with the protocol's own TaskFailed, bilingual); each task
 * ends after `speechTaskLimitMs` whatever its frames, and after `speechAudioGapMs` without audio, its connection
 * with it.
 */
export function registerNlsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const slots = speechSlots(
    {
      atOnce: ctx.options.speechTasksAtOnce,
      perUnit: ctx.options.speechTasksPerUnit,
      perUser: SPEECH_TASKS_PER_USER,
    },
    ctx.now,
  );
  const speakers = new WeakMap<FastifyRequest, Speaker>();

  app.get(
    ENDPOINTS.nlsGateway,
    {
      websocket: true,
      // No handshake without a current token of get_ali_token, from a page's origin: refused before it opens.
      preValidation: async (request, reply) => {
        const denied = (reason: string) =>
          reply.code(403).type('text/plain; charset=utf-8').send(`Gateway:ACCESS_DENIED:${reason}`);
        if (!pageOriginAllowed(ctx, request)) return denied('origin not allowed');
        const user = takeSpeechToken(ctx, (request.query as { token?: unknown }).token);
        if (!user) return denied('invalid or expired token');
        speakers.set(request, { user, unit: unitOf(ctx, user) });
      },
    },
    (socket, request) => {
      const task = new NlsTask(ctx, socket, speakers.get(request)?.user ?? '');
      socket.on('close', () => task.close());
      socket.on('error', () => task.close());
      const release = slots.take(speakers.get(request) ?? { user: '', unit: '' });
      if (!release) {
        task.refuse(NLS_STATUS.tooManyRequests, 'TOO_MANY_REQUESTS', bilingual(TOO_MANY));
        return;
      }
      task.hold(release);
      socket.on('message', (data, isBinary) => task.onMessage(data, isBinary));
    },
  );
}
