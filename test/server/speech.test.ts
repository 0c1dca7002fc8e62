import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DEMO_NLS_APP_KEYS } from '../../demo/server/config';
import { SKILLS } from '../../demo/server/db/seed-data';
import { NLS_STATUS } from '../../src/core/api/nls';
import { ENDPOINTS } from '../../src/core/api/wire';
import type { Language } from '../../src/core/i18n/translate';
import { nlsRecognizer, type SocketLike, VoiceError } from '../../src/core/voice';
import { speechMedia } from '../media/speech';
import { timeLeftMs } from '../support/eventually';
import { ManualClock } from './clock';
import { type Client, signedIn, startServer, type TestServer } from './helpers';

// The speech gateway of the reference server (`/nls-gateway/ws/v1`): the widgets' own NLS client speaks to it over a
// real WebSocket, and Debian's pocketsphinx recognises speech made by espeak-ng at test time.

let t: TestServer;
let teacher: Client;
const clock = new ManualClock();
const media = speechMedia();

beforeAll(async () => {
  t = await startServer({ now: clock.now });
  teacher = await signedIn(t.url, 'teacher');
});

afterAll(async () => {
  media.dispose();
  await t.stop();
});

async function speechToken(language: Language): Promise<string> {
  const answer = await teacher.get<string>(`${ENDPOINTS.voiceToken}?language=${language}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const client = () =>
  nlsRecognizer({
    url: ENDPOINTS.nlsGateway,
    appKeys: DEMO_NLS_APP_KEYS,
    baseHref: () => `${t.url}/demo/`,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    // The recogniser's own limit on an answer: as long as the running test may still wait.
    timeoutMs: timeLeftMs(),
  });

/** Recognises `pcm` as the widgets do: start, 100 ms frames, stop. */
async function recognise(pcm: Buffer, language: Language = 'en'): Promise<string> {
  const session = client().start({ token: await speechToken(language), language });
  await session.ready;
  for (let offset = 0; offset < pcm.length; offset += 3200) {
    const frame = pcm.subarray(offset, offset + 3200);
    session.sendAudio(new Int16Array(frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.length)));
  }
  session.stop();
  return session.result;
}

/** The status of a bare handshake to the gateway (101 when it opens). */
function handshake(query: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}${ENDPOINTS.nlsGateway}${query}`);
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('error', () => undefined);
  });
}

const ENGLISH_SKILLS = SKILLS.map(([vocabulary]) => vocabulary).filter((vocabulary) => /^[a-z ]+$/.test(vocabulary));

describe('speech gateway: offline English recognition over the NLS protocol', () => {
  it('has English skills to recognise', () => {
    expect(ENGLISH_SKILLS).toEqual(['open my messages', 'open grade management', 'show attendance']);
  });

  it.each(ENGLISH_SKILLS)('recognises "%s" exactly, and the skill lookup finds its page', async (phrase) => {
    const result = await recognise(media.pcm(phrase));
    // The service's punctuation prediction: a capital and a full stop, which the widget strips (§4).
    expect(result).toBe(`${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`);
    const skill = await teacher.post<{ url: string | null }>(ENDPOINTS.findSkill, { vocabulary: result });
    expect(skill.body.data.url).toBe(SKILLS.find(([vocabulary]) => vocabulary === phrase)?.[1]);
  });

  it.each(ENGLISH_SKILLS)('recognises "%s" with a second of silence before it and three after', async (phrase) => {
    const result = await recognise(media.pcm(phrase, { beforeSeconds: 1, afterSeconds: 3 }));
    expect(result.toLowerCase()).toBe(`${phrase}.`);
  });

  it('hears a phrase that is no skill as itself, so the widget says it has not learned it', async () => {
    const result = await recognise(media.pcm('show my messages'));
    expect(result).toBe('Show my messages.');
    const skill = await teacher.post<{ url: string | null }>(ENDPOINTS.findSkill, { vocabulary: result });
    expect(skill.body.data.url).toBeNull();
  });

  it('refuses a connection without a valid token before it opens', async () => {
    expect(await handshake('')).toBe(403);
    expect(await handshake('?token=not-a-token')).toBe(403);
    const token = await speechToken('en');
    expect(await handshake(`?token=${encodeURIComponent(token)}`)).toBe(101);
    // get_ali_token's tokens live 10 minutes on the server clock.
    clock.advance(601);
    expect(await handshake(`?token=${encodeURIComponent(token)}`)).toBe(403);
    const session = client().start({ token, language: 'en' });
    await expect(session.ready).rejects.toMatchObject({ kind: 'connection' });
  });

  it.each([
    ['zh-CN', '普通话识别需要云端语音服务（阿里云智能语音交互），本服务器只有英文离线识别'],
    ['zh-HK', '粵語識別需要雲端語音服務（阿里雲智能語音交互），本伺服器只有英文離線識別'],
  ] as const)('fails %s clearly: it needs the cloud service', async (language, reason) => {
    const session = nlsRecognizer({
      url: ENDPOINTS.nlsGateway,
      appKeys: DEMO_NLS_APP_KEYS,
      baseHref: () => t.url,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    }).start({ token: await speechToken(language), language });
    const failure = await session.ready.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VoiceError);
    expect(failure).toMatchObject({ kind: 'recognition', status: NLS_STATUS.unsupportedLanguage, message: reason });
  });

  it('says so in English too, on the wire', async () => {
    const token = await speechToken('zh-CN');
    const failed = await new Promise<string>((resolve) => {
      const socket = new WebSocket(`${t.url.replace('http', 'ws')}${ENDPOINTS.nlsGateway}?token=${token}`);
      socket.on('open', () =>
        socket.send(
          JSON.stringify({
            header: {
              namespace: 'SpeechRecognizer',
              name: 'StartRecognition',
              appkey: DEMO_NLS_APP_KEYS['zh-CN'],
              message_id: 'a'.repeat(32),
              task_id: 'b'.repeat(32),
            },
            payload: { format: 'pcm', sample_rate: 16000 },
          }),
        ),
      );
      socket.on('message', (data) => resolve(String(data)));
    });
    expect(JSON.parse(failed).header).toMatchObject({
      namespace: 'Default',
      name: 'TaskFailed',
      task_id: 'b'.repeat(32),
      status: NLS_STATUS.unsupportedLanguage,
      status_text: expect.stringContaining(
        '|||Mandarin needs the cloud speech service (Alibaba Cloud Intelligent Speech Interaction)',
      ),
    });
  });

  it('answers TaskFailed for an unknown app key and for audio before the start', async () => {
    const unknownKey = nlsRecognizer({
      url: ENDPOINTS.nlsGateway,
      appKeys: { en: 'someone-elses-key' },
      baseHref: () => t.url,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    }).start({ token: await speechToken('en'), language: 'en' });
    await expect(unknownKey.ready).rejects.toMatchObject({ status: NLS_STATUS.invalidParameter });

    const token = await speechToken('en');
    const failed = await new Promise<string>((resolve) => {
      const socket = new WebSocket(`${t.url.replace('http', 'ws')}${ENDPOINTS.nlsGateway}?token=${token}`);
      socket.on('open', () => socket.send(Buffer.alloc(3200)));
      socket.on('message', (data) => resolve(String(data)));
    });
    expect(JSON.parse(failed).header).toMatchObject({ name: 'TaskFailed', status: NLS_STATUS.invalidMessage });
  });

  it('lets pages connect to it under the Content-Security-Policy', async () => {
    const page = await fetch(`${t.url}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src 'self' wss:\/\/nls-gateway-cn-shanghai\.aliyuncs\.com/);
  });
});
