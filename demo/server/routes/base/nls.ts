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
import { sha256 } from '../../util/ids';
import { userApps } from './desktop-icons';

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
  private readonly audio: Buffer[] = [];
  private bytes = 0;
  private idle: ReturnType<typeof setTimeout> | undefined;
  private starved: ReturnType<typeof setTimeout> | undefined;
  private readonly deadline: ReturnType<typeof setTimeout>;

  constructor(
    private readonly ctx: ServerContext,
    private readonly socket: WebSocket,
    /** The user the token was given to: the names of their tiles are listened for too. */
    private readonly userId: string,
  ) {
    this.touch();
    this.awaitAudio();
    // However the frames come (2 bytes every 10 s kept a task open for ever: issue 37, F7), a task ends in time.
    this.deadline = setTimeout(
      () => this.fail(NLS_STATUS.clientError, 'TASK_TIMEOUT', bilingual(TASK_TOO_LONG)),
      ctx.options.speechTaskLimitMs,
    );
    this.deadline.unref();
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

  close(): void {
    this.phase = 'done';
    clearTimeout(this.idle);
    clearTimeout(this.starved);
    clearTimeout(this.deadline);
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
    this.audio.push(chunk);
  }

  private async onStop(message: NlsMessage): Promise<void> {
    if (message.header.task_id !== this.taskId) {
      this.fail(NLS_STATUS.invalidParameter, 'CLIENT_ERROR', 'task_id differs from StartRecognition');
      return;
    }
    this.phase = 'recognising';
    clearTimeout(this.idle);
    clearTimeout(this.starved);
    const pcm = Buffer.concat(this.audio);
    const vocabulary = (this.ctx.db.prepare('SELECT vocabulary FROM skills').all() as { vocabulary: string }[]).map(
      (row) => row.vocabulary,
    );
    // The user's tiles are listened for in English only. In the Chinese graph her 36 names are heard right 46 %
    // (Mandarin) and 74 % (Cantonese) of the time, and with them the skill phrases fell from 96 % to 80 % and from
    // 100 % to 67 % (npm run bench, issue 56): the English acoustic model cannot tell that many Chinese names apart.
    const names = this.language === 'en' ? openPhrases(userApps(this.ctx, this.userId)) : [];
    let text: string;
    try {
      text = await this.ctx.speech.recognise(pcm, vocabulary, this.language, names);
    } catch {
      this.fail(NLS_STATUS.serverError, 'SERVER_ERROR', 'the recogniser failed');
      return;
    }
    if (this.phase !== 'recognising') return;
    const result = this.punctuation ? punctuate(text, this.language) : text;
    const duration = Math.round((pcm.length / 2 / NLS_SAMPLE_RATE) * 1000);
    this.socket.send(event(NLS_EVENTS.completed, this.taskId, { payload: { result, duration } }));
    this.end();
  }

  private languageOf(appkey: string | undefined): Language | null {
    const entry = Object.entries(this.ctx.options.nlsAppKeys).find(([, key]) => key === appkey);
    return (entry?.[0] as Language | undefined) ?? null;
  }

  private touch(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(
      () => this.fail(NLS_STATUS.idleTimeout, 'IDLE_TIMEOUT', 'the session was idle for too long'),
      IDLE_MS,
    );
    this.idle.unref();
  }

  /**
   * Until its StopRecognition a task must be fed: a recorder sends a frame every 100 ms, so a socket that opens, or
   * starts, and then sends no audio for `speechAudioGapMs` only holds one of the gateway's recognitions (issue 56).
   * What a client sends is the honest signal here; whether it reads is not: the server sends it two small events,
   * which the kernel's socket buffers take whole, so ws's `bufferedAmount` stays 0 for a client that never reads.
   */
  private awaitAudio(): void {
    clearTimeout(this.starved);
    const ms = this.ctx.options.speechAudioGapMs;
    this.starved = setTimeout(() => this.fail(NLS_STATUS.idleTimeout, 'IDLE_TIMEOUT', `no audio for ${ms} ms`), ms);
    this.starved.unref();
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

  private end(): void {
    this.close();
    this.socket.close(1000);
  }
}

/** Recognitions one user may have open at once (two tabs, say); more are answered TOO_MANY_REQUESTS. */
export const SPEECH_TASKS_PER_USER = 2;

/** Open recognitions counted by a key (a user, a unit). */
class Counts {
  private readonly open = new Map<string, number>();
  get(key: string): number {
    return this.open.get(key) ?? 0;
  }
  add(key: string, by: 1 | -1): void {
    const next = this.get(key) + by;
    if (next > 0) this.open.set(key, next);
    else this.open.delete(key);
  }
}

interface Speaker {
  user: string;
  unit: string;
}

function unitOf(ctx: ServerContext, user: string): string {
  const row = ctx.db.prepare('SELECT unit_id FROM users WHERE id = ?').get(user) as { unit_id: string } | undefined;
  return row?.unit_id ?? '';
}

/**
 * The gateway's route. Its handshake takes a token of get_ali_token (single-use, bound to its session) from one of
 * the pages' origins; a user may hold 2 recognitions open, a unit `speechTasksPerUnit` and the server
 * `speechTasksAtOnce` (each answered with the protocol's own TaskFailed, bilingual); each task ends after
 * `speechTaskLimitMs` whatever its frames, and after `speechAudioGapMs` without audio.
 */
export function registerNlsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const byUser = new Counts();
  const byUnit = new Counts();
  let open = 0;
  const speakers = new WeakMap<FastifyRequest, Speaker>();
  const full = ({ user, unit }: Speaker) =>
    byUser.get(user) >= SPEECH_TASKS_PER_USER ||
    byUnit.get(unit) >= ctx.options.speechTasksPerUnit ||
    open >= ctx.options.speechTasksAtOnce;

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
      const speaker = speakers.get(request) ?? { user: '', unit: '' };
      const task = new NlsTask(ctx, socket, speaker.user);
      if (full(speaker)) {
        task.refuse(NLS_STATUS.tooManyRequests, 'TOO_MANY_REQUESTS', bilingual(TOO_MANY));
        return;
      }
      const count = (by: 1 | -1) => {
        open += by;
        byUser.add(speaker.user, by);
        byUnit.add(speaker.unit, by);
      };
      count(1);
      let ended = false;
      const end = () => {
        task.close();
        if (ended) return;
        ended = true;
        count(-1);
      };
      socket.on('message', (data, isBinary) => task.onMessage(data, isBinary));
      socket.on('close', end);
      socket.on('error', end);
    },
  );
}
