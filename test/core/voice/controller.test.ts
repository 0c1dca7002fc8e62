import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppItem } from '../../../src/core/api/types';
import type { Language } from '../../../src/core/i18n/language';
import { siteOf } from '../../../src/core/routes/site';
import {
  createVoiceController,
  type RecognitionOptions,
  type RecognitionSession,
  type Recognizer,
  type Recorder,
  type VoiceApi,
  type VoiceController,
  VoiceError,
} from '../../../src/core/voice';
import { deferred } from '../../../src/core/voice/deferred';

// The voice flow of §4 with fake timers: a scripted recogniser (the cloud service's stand-in, the one edge that
// cannot run here), a scripted recorder and scripted platform calls. Each test reads like the user's gesture.

class ScriptedSession implements RecognitionSession {
  private readonly started = deferred<void>();
  private readonly completed = deferred<string>();
  readonly ready = this.started.promise;
  readonly result = this.completed.promise;
  readonly frames: Int16Array[] = [];
  stopped = false;
  cancelled = false;

  constructor(readonly options: RecognitionOptions) {
    this.started.resolve();
  }

  sendAudio(pcm: Int16Array): void {
    this.frames.push(pcm);
  }
  stop(): void {
    this.stopped = true;
  }
  cancel(): void {
    this.cancelled = true;
  }
  /** The recogniser's final text. */
  say(text: string): void {
    this.completed.resolve(text);
  }
  fail(error: VoiceError): void {
    this.started.reject(error);
    this.completed.reject(error);
  }
}

class ScriptedRecognizer implements Recognizer {
  readonly sessions: ScriptedSession[] = [];
  constructor(
    readonly capturesAudio = false,
    readonly needsToken = true,
  ) {}
  start(options: RecognitionOptions): ScriptedSession {
    const session = new ScriptedSession(options);
    this.sessions.push(session);
    return session;
  }
  get last(): ScriptedSession {
    const session = this.sessions.at(-1);
    if (!session) throw new Error('no recognition started');
    return session;
  }
}

interface ScriptedRecording {
  onFrame: (pcm: Int16Array) => void;
  stopped: boolean;
  /** recognition.stop() had not been called yet when the recording stopped. */
  stoppedBeforeRecogniser: boolean | undefined;
}

const SKILLS: Record<string, string> = {
  打开成绩管理: '/redirect/grade',
  'open grade management': '/redirect/grade',
  'open evil': 'javascript:alert(1)',
  'open my messages': '#/messages',
};

let recognizer: ScriptedRecognizer;
let recordings: ScriptedRecording[];
let recorder: Recorder;
let tokenAnswer: () => Promise<string>;
let api: VoiceApi & { tokens: Language[]; lookups: string[] };
let navigated: { url: string; text: string }[];
let language: Language;
let voice: VoiceController;

/** The user's tiles: the seeded timetable's names (`简体|||English|||繁體`). */
const TIMETABLE = {
  code: 'schedule',
  zname: '我的课表|||My timetable|||我的課表',
  name: '我的课表|||My timetable|||我的課表',
  shortName: '课表|||Timetable|||課表',
  englishName: 'My timetable',
  englishShortName: 'Timetable',
  updateStatus: 1,
} as AppItem;
let apps: () => Promise<readonly AppItem[] | null>;
/** The page the user is on: a phone's landing page. */
const PAGE = 'https://school.test/pages/base/mobile_desktop_all/index.html#/desktop/home';

function makeController(override: Partial<{ recognizer: Recognizer; recorder: Recorder | null }> = {}) {
  voice = createVoiceController({
    api,
    recognizer: override.recognizer ?? recognizer,
    recorder: override.recorder !== undefined ? override.recorder : recorder,
    language: () => language,
    navigate: (url, text) => navigated.push({ url, text }),
    apps: () => apps(),
    site: () => siteOf(PAGE, {}),
    pageHref: () => PAGE,
  });
}

/** 100 ms of a voice (a 200 Hz tone at half scale) and of a quiet room (a few units of noise). */
const SPEECH_FRAME = Int16Array.from({ length: 1600 }, (_, n) =>
  Math.round(16_000 * Math.sin((2 * Math.PI * 200 * n) / 16_000)),
);
const QUIET_FRAME = Int16Array.from({ length: 1600 }, (_, n) => (n % 7) - 3);

const phase = () => voice.$state.get().phase;
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Press, hold past 200 ms, and let the token and the capture start. */
async function startRecording(): Promise<ScriptedSession> {
  voice.press();
  await wait(200);
  expect(phase()).toBe('recording');
  return recognizer.last;
}

beforeEach(() => {
  vi.useFakeTimers();
  recognizer = new ScriptedRecognizer();
  recordings = [];
  recorder = {
    async start(onFrame) {
      const recording: ScriptedRecording = { onFrame, stopped: false, stoppedBeforeRecogniser: undefined };
      recordings.push(recording);
      return {
        async stop() {
          recording.stopped = true;
          recording.stoppedBeforeRecogniser = !recognizer.last.stopped;
        },
      };
    },
  };
  tokenAnswer = async () => 'speech-token-1';
  apps = async () => [TIMETABLE];
  navigated = [];
  language = 'zh-CN';
  api = {
    tokens: [],
    lookups: [],
    token(lang) {
      api.tokens.push(lang);
      return tokenAnswer();
    },
    async findSkill(text) {
      api.lookups.push(text);
      return SKILLS[text.toLowerCase()] ?? null;
    },
  };
  makeController();
});

afterEach(() => {
  voice.cancel();
  vi.useRealTimers();
});

describe('voice controller (§4 Voice recording, §8, §9)', () => {
  it('does nothing for a release before 200 ms', async () => {
    voice.press();
    await wait(199);
    expect(phase()).toBe('pressing');
    voice.release();
    await wait(5000);
    expect(phase()).toBe('idle');
    expect(api.tokens).toEqual([]);
    expect(recognizer.sessions).toEqual([]);
    // The microphone opened at the press (issue 35) is closed again.
    expect(recordings.map((recording) => recording.stopped)).toEqual([true]);
    expect(navigated).toEqual([]);
  });

  it('hears what was said from the press on: the first frames reach the recogniser first, in order (issue 35)', async () => {
    const token = deferred<string>();
    tokenAnswer = () => token.promise;
    voice.press();
    await wait(0);
    const microphone = recordings[0] as ScriptedRecording;
    const frame = (n: number) => Int16Array.of(n, n);
    microphone.onFrame(frame(1));
    await wait(200);
    microphone.onFrame(frame(2));
    expect(phase()).toBe('connecting');
    token.resolve('speech-token-1');
    await wait(0);
    microphone.onFrame(frame(3));
    expect(phase()).toBe('recording');
    expect(recordings).toHaveLength(1);
    expect(recognizer.last.frames.map((pcm) => pcm[0])).toEqual([1, 2, 3]);
  });

  it('keeps at most 10 s from before the capture starts', async () => {
    const token = deferred<string>();
    tokenAnswer = () => token.promise;
    voice.press();
    await wait(200);
    const second = new Int16Array(16_000);
    for (let n = 0; n < 12; n += 1) (recordings[0] as ScriptedRecording).onFrame(second);
    token.resolve('speech-token-1');
    await wait(0);
    expect(recognizer.last.frames).toHaveLength(10);
  });

  it('fetches a token for the session language after 200 ms held, then records with it', async () => {
    language = 'en';
    voice.press();
    await wait(200);
    expect(api.tokens).toEqual(['en']);
    expect(recognizer.last.options).toMatchObject({ token: 'speech-token-1', language: 'en' });
    expect(recordings).toHaveLength(1);
    expect(voice.$state.get()).toMatchObject({ phase: 'recording', remaining: 60 });
    recordings[0]?.onFrame(new Int16Array(1600));
    expect(recognizer.last.frames).toHaveLength(1);
  });

  it('goes to the skill of a hit, with the trailing Chinese mark removed', async () => {
    const session = await startRecording();
    await wait(2000);
    expect(voice.$state.get()).toMatchObject({ phase: 'recording', remaining: 58 });
    voice.release();
    expect(phase()).toBe('recognising');
    await wait(0);
    // The recorder hands over its last audio before the recogniser hears "no more audio".
    expect(recordings[0]).toMatchObject({ stopped: true, stoppedBeforeRecogniser: true });
    expect(session.stopped).toBe(true);
    session.say('打开成绩管理。');
    await wait(0);
    expect(api.lookups).toEqual(['打开成绩管理']);
    expect(navigated).toEqual([{ url: 'https://school.test/redirect/grade', text: '打开成绩管理' }]);
    expect(phase()).toBe('idle');
  });

  it('opens the messages route on the page the user is on, a phone page included (issue 56)', async () => {
    language = 'en';
    const session = await startRecording();
    voice.release();
    await wait(0);
    session.say('Open my messages.');
    await wait(0);
    expect(navigated).toEqual([
      { url: 'https://school.test/pages/base/mobile_desktop_all/index.html#/messages', text: 'Open my messages' },
    ]);
  });

  it('strips a trailing Latin mark too', async () => {
    language = 'en';
    const session = await startRecording();
    voice.release();
    await wait(0);
    session.say('Open grade management.');
    await wait(0);
    expect(api.lookups).toEqual(['Open grade management']);
    expect(navigated).toEqual([{ url: 'https://school.test/redirect/grade', text: 'Open grade management' }]);
  });

  it('on a miss keeps what was heard and a tile name to try until the next press (issue 35)', async () => {
    const session = await startRecording();
    voice.release();
    await wait(0);
    session.say('打开课程表。');
    await wait(0);
    expect(voice.$state.get()).toMatchObject({
      phase: 'message',
      message: { kind: 'miss', detail: '打开课程表', suggestion: '课表' },
    });
    await wait(60_000);
    expect(phase()).toBe('message');
    voice.press();
    expect(phase()).toBe('pressing');
    expect(navigated).toEqual([]);
  });

  it('closes a miss when the user dismisses it', async () => {
    const session = await startRecording();
    voice.release();
    await wait(0);
    session.say('打开食堂菜单');
    await wait(0);
    expect(phase()).toBe('message');
    voice.dismiss();
    expect(phase()).toBe('idle');
  });

  it.each([
    ['en', 'open time table', 'open time table'],
    ['zh-CN', '打开我的课表。', '打开我的课表'],
    ['zh-HK', '打開課表', '打開課表'],
  ] as const)(
    'in %s opens the tile the command names (%j) at the redirect, after the skills',
    async (lang, said, text) => {
      language = lang;
      const session = await startRecording();
      voice.release();
      await wait(0);
      session.say(said);
      await wait(0);
      expect(api.lookups).toEqual([text]);
      expect(navigated).toEqual([{ url: 'https://school.test/redirect/schedule', text }]);
    },
  );

  it('misses without a suggestion when the apps cannot be had', async () => {
    apps = async () => {
      throw new Error('offline');
    };
    const session = await startRecording();
    voice.release();
    await wait(0);
    session.say('open timetable');
    await wait(0);
    expect(voice.$state.get()).toMatchObject({ phase: 'message', message: { kind: 'miss', detail: 'open timetable' } });
    expect((voice.$state.get() as { message: { suggestion?: string } }).message.suggestion).toBe(undefined);
  });

  it('treats a skill url that is not a page address as a miss', async () => {
    language = 'en';
    const session = await startRecording();
    voice.release();
    await wait(0);
    session.say('open evil');
    await wait(0);
    expect(voice.$state.get()).toMatchObject({ phase: 'message', message: { kind: 'miss' } });
    expect(navigated).toEqual([]);
  });

  it.each([[''], ['。'], ['  .  ']])(
    'shows "didn\'t understand" for the empty text %j of audible speech, without a lookup',
    async (text) => {
      const session = await startRecording();
      recordings[0]?.onFrame(SPEECH_FRAME);
      voice.release();
      await wait(0);
      session.say(text);
      await wait(0);
      expect(voice.$state.get()).toMatchObject({ phase: 'message', message: { kind: 'empty' } });
      expect(api.lookups).toEqual([]);
      await wait(1000);
      expect(phase()).toBe('idle');
    },
  );

  it('names the phrases that work when the recogniser understood none and said which it hears, until the next press (issue 69)', async () => {
    language = 'zh-CN';
    const session = await startRecording();
    recordings[0]?.onFrame(SPEECH_FRAME);
    voice.release();
    await wait(0);
    // The offline gateway cannot hear 打开通知公告 (a tile's Chinese name): it answers '' and its phrases.
    session.options.onPhrases?.(['打开我的消息', '打开成绩管理', '查看考勤']);
    session.say('');
    await wait(0);
    expect(voice.$state.get()).toMatchObject({
      phase: 'message',
      message: { kind: 'empty', phrases: ['打开我的消息', '打开成绩管理', '查看考勤'] },
    });
    expect(api.lookups).toEqual([]);
    await wait(10_000);
    expect(phase()).toBe('message');
    voice.dismiss();
    expect(phase()).toBe('idle');
  });

  it('shows "I heard nothing" for an empty text when the microphone only heard silence, for about 1 s (issue 56)', async () => {
    const session = await startRecording();
    recordings[0]?.onFrame(QUIET_FRAME);
    voice.release();
    await wait(0);
    session.say('');
    await wait(0);
    expect(voice.$state.get()).toMatchObject({ phase: 'message', message: { kind: 'silence' } });
    expect(api.lookups).toEqual([]);
    await wait(1000);
    expect(phase()).toBe('idle');
  });

  it('counts the sound heard before the capture started (the microphone opens at the press)', async () => {
    voice.press();
    recordings[0]?.onFrame(SPEECH_FRAME);
    await wait(200);
    voice.release();
    await wait(0);
    recognizer.last.say('');
    await wait(0);
    expect(voice.$state.get()).toMatchObject({ phase: 'message', message: { kind: 'empty' } });
  });

  it('takes a partial text as sound: a recogniser that heard something gave "didn\'t understand"', async () => {
    const session = await startRecording();
    session.options.onPartial?.('嗯');
    voice.release();
    await wait(0);
    session.say('');
    await wait(0);
    expect(voice.$state.get()).toMatchObject({ phase: 'message', message: { kind: 'empty' } });
  });

  it('says "I heard nothing" when a recogniser that listens by itself gave no partial and no text', async () => {
    recognizer = new ScriptedRecognizer(true, false);
    makeController({ recognizer, recorder: null });
    const session = await startRecording();
    voice.release();
    await wait(0);
    session.say('');
    await wait(0);
    expect(voice.$state.get()).toMatchObject({ phase: 'message', message: { kind: 'silence' } });
  });

  it.each([
    ['en', 'My.'],
    ['en', 'Um, open.'],
    ['zh-CN', '我。'],
    ['zh-CN', '嗯啊'],
  ] as const)('in %s shows a miss of the fragment %j without what was heard (issue 56)', async (lang, said) => {
    language = lang;
    apps = async () => [];
    const session = await startRecording();
    recordings[0]?.onFrame(SPEECH_FRAME);
    voice.release();
    await wait(0);
    session.say(said);
    await wait(0);
    expect(voice.$state.get()).toMatchObject({ phase: 'message', message: { kind: 'miss' } });
    expect((voice.$state.get() as { message: { detail?: string } }).message.detail).toBe(undefined);
  });

  it('says voice commands are not available for about 1 s when the token call fails, then resets', async () => {
    tokenAnswer = async () => {
      throw new Error('503');
    };
    voice.press();
    await wait(200);
    expect(voice.$state.get()).toMatchObject({ phase: 'message', message: { kind: 'token' } });
    expect(recognizer.sessions).toEqual([]);
    expect(recordings.map((recording) => recording.stopped)).toEqual([true]);
    await wait(1000);
    expect(phase()).toBe('idle');
    // The next press starts afresh.
    tokenAnswer = async () => 'speech-token-2';
    voice.press();
    await wait(200);
    expect(recognizer.last.options.token).toBe('speech-token-2');
  });

  it('stops by itself after 60 s and recognises what was said', async () => {
    const session = await startRecording();
    await wait(59_999);
    expect(voice.$state.get()).toMatchObject({ phase: 'recording', remaining: 1 });
    expect(session.stopped).toBe(false);
    await wait(1);
    expect(phase()).toBe('recognising');
    expect(recordings[0]?.stopped).toBe(true);
    expect(session.stopped).toBe(true);
    session.say('打开成绩管理');
    await wait(0);
    expect(navigated).toHaveLength(1);
    // Letting go after the limit changes nothing.
    voice.release();
    expect(phase()).toBe('idle');
  });

  it('shows the recogniser failure with its reason and releases the microphone', async () => {
    const session = await startRecording();
    session.fail(new VoiceError('recognition', 'Gateway said no', 40_000_002));
    await wait(0);
    expect(voice.$state.get()).toMatchObject({
      phase: 'message',
      message: { kind: 'recognition', detail: 'Gateway said no' },
    });
    expect(recordings[0]?.stopped).toBe(true);
    expect(session.cancelled).toBe(true);
  });

  it('shows the microphone message when the recorder cannot open it, and closes the recogniser', async () => {
    recorder = {
      start: async () => {
        throw new VoiceError('microphone', 'NotAllowedError');
      },
    };
    makeController();
    voice.press();
    await wait(200);
    expect(voice.$state.get()).toMatchObject({ phase: 'message', message: { kind: 'microphone' } });
    expect(recognizer.last.cancelled).toBe(true);
    await wait(3999);
    expect(phase()).toBe('message');
    await wait(1);
    expect(phase()).toBe('idle');
  });

  it('drops a press released while the token is on its way', async () => {
    const token = deferred<string>();
    tokenAnswer = () => token.promise;
    voice.press();
    await wait(200);
    expect(phase()).toBe('connecting');
    voice.release();
    expect(phase()).toBe('idle');
    token.resolve('late-token');
    await wait(0);
    expect(recognizer.sessions).toEqual([]);
    expect(recordings.map((recording) => recording.stopped)).toEqual([true]);
  });

  it('releases the microphone when it leaves the page mid-recording', async () => {
    const session = await startRecording();
    voice.cancel();
    await wait(0);
    expect(phase()).toBe('idle');
    expect(recordings[0]?.stopped).toBe(true);
    expect(session.cancelled).toBe(true);
    session.say('打开成绩管理');
    await wait(0);
    expect(navigated).toEqual([]);
  });

  it('shows the "long press" hint for the first 3 s only', async () => {
    expect(voice.$state.get().hint).toBe(true);
    await wait(2999);
    expect(voice.$state.get().hint).toBe(true);
    await wait(1);
    expect(voice.$state.get().hint).toBe(false);
  });

  it('asks a recogniser that listens by itself for no token and no recording', async () => {
    recognizer = new ScriptedRecognizer(true, false);
    makeController();
    const session = await startRecording();
    expect(api.tokens).toEqual([]);
    expect(recordings).toEqual([]);
    expect(session.options.token).toBe('');
    voice.release();
    session.say('打开成绩管理！');
    await wait(0);
    expect(navigated).toEqual([{ url: 'https://school.test/redirect/grade', text: '打开成绩管理' }]);
  });

  it('goes on when the recogniser ends the sentence while the button is still held', async () => {
    const session = await startRecording();
    session.say('open grade management');
    await wait(0);
    expect(navigated).toHaveLength(1);
    expect(recordings[0]?.stopped).toBe(true);
    voice.release();
    expect(phase()).toBe('idle');
  });
});
