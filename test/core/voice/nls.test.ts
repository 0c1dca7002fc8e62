import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { NLS_STATUS, type NlsMessage, parseNlsMessage } from '../../../src/core/api/nls';
import { gatewayUrl, nlsRecognizer, type SocketLike, VoiceError } from '../../../src/core/voice';

// The NLS client against a scripted peer: a real WebSocket server on loopback that answers as the cloud gateway
// does, one script per test. What the peer received is checked frame by frame.

type Peer = (socket: WebSocket, received: Received) => void;

interface Received {
  url: string;
  texts: NlsMessage[];
  /** Each frame: a text frame's directive name, or the byte length of a binary frame. */
  order: (string | number)[];
  closed: Promise<void>;
}

let server: WebSocketServer;
let port: number;
let peer: Peer = () => undefined;
const connections: Received[] = [];

beforeAll(async () => {
  server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (info, answer) => answer(!info.req.url?.startsWith('/refused'), 403),
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
  server.on('connection', (socket, request) => {
    let closed!: () => void;
    const received: Received = {
      url: request.url ?? '',
      texts: [],
      order: [],
      closed: new Promise((resolve) => {
        closed = resolve;
      }),
    };
    connections.push(received);
    socket.on('close', () => closed());
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        received.order.push((data as Buffer).length);
        return;
      }
      const message = parseNlsMessage(data.toString());
      if (message) {
        received.texts.push(message);
        received.order.push(message.header.name);
      }
    });
    peer(socket, received);
  });
});

afterAll(async () => {
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
});

const APP_KEYS = { 'zh-CN': 'key-mandarin', en: 'key-english', 'zh-HK': 'key-cantonese' };

function recognizer(extra: { timeoutMs?: number } = {}) {
  return nlsRecognizer({
    url: '/ws/v1',
    appKeys: APP_KEYS,
    baseHref: () => `http://127.0.0.1:${port}/page/`,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    ...extra,
  });
}

/** An event of the gateway for the task the client started. */
function event(received: Received, name: string, payload?: unknown, status = 20_000_000) {
  const start = received.texts[0]?.header;
  return JSON.stringify({
    header: {
      namespace: 'SpeechRecognizer',
      name,
      status,
      message_id: 'f'.repeat(32),
      task_id: start?.task_id ?? '',
      status_text: 'Gateway:SUCCESS:Success.',
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Runs `then` once the client's n-th text frame has arrived. */
function onText(socket: WebSocket, received: Received, count: number, then: () => void) {
  socket.on('message', (_data, isBinary) => {
    if (!isBinary && received.texts.length === count) then();
  });
}

const frame = (samples: number) => new Int16Array(samples).fill(1000);

describe('gatewayUrl', () => {
  it('takes a path on the page host as ws(s), with the token in the query', () => {
    expect(gatewayUrl('/nls-gateway/ws/v1', 'a b', 'https://school.example/pages/x')).toBe(
      'wss://school.example/nls-gateway/ws/v1?token=a+b',
    );
    expect(gatewayUrl('wss://nls-gateway-cn-shanghai.aliyuncs.com/ws/v1', 't1', 'http://localhost/')).toBe(
      'wss://nls-gateway-cn-shanghai.aliyuncs.com/ws/v1?token=t1',
    );
  });
});

describe('NLS one-sentence recognition client', () => {
  it('speaks the protocol in order: start, audio held until started, stop, then the final text', async () => {
    peer = (socket, received) => {
      onText(socket, received, 1, () => {
        socket.send(event(received, 'RecognitionStarted'));
        socket.send(event(received, 'RecognitionResultChanged', { result: '打开', duration: 400 }));
      });
      onText(socket, received, 2, () => {
        socket.send(event(received, 'RecognitionCompleted', { result: '打开成绩管理。', duration: 1800 }));
      });
    };
    const partials: string[] = [];
    const session = recognizer().start({
      token: 'tok-1',
      language: 'zh-CN',
      onPartial: (text) => partials.push(text),
    });
    session.sendAudio(frame(1600));
    session.sendAudio(frame(800).subarray(0, 400));
    await session.ready;
    session.sendAudio(frame(1600));
    session.stop();
    session.sendAudio(frame(1600)); // after stop: never sent
    await expect(session.result).resolves.toBe('打开成绩管理。');
    const received = connections.at(-1) as Received;
    await received.closed;

    expect(received.url).toBe('/ws/v1?token=tok-1');
    expect(received.order).toEqual(['StartRecognition', 3200, 800, 3200, 'StopRecognition']);
    const [start, stop] = received.texts;
    expect(start?.header).toMatchObject({
      namespace: 'SpeechRecognizer',
      name: 'StartRecognition',
      appkey: 'key-mandarin',
    });
    expect(start?.header.task_id).toMatch(/^[0-9a-f]{32}$/);
    expect(start?.header.message_id).toMatch(/^[0-9a-f]{32}$/);
    expect(start?.payload).toMatchObject({ format: 'pcm', sample_rate: 16000, enable_intermediate_result: true });
    expect(stop?.header).toMatchObject({
      name: 'StopRecognition',
      task_id: start?.header.task_id,
      appkey: 'key-mandarin',
    });
    expect(stop?.header.message_id).not.toBe(start?.header.message_id);
    expect(partials).toEqual(['打开']);
  });

  it('passes on the phrases an offline gateway offers with an empty result, and none with a text (issue 69)', async () => {
    const answers = [
      { result: '', duration: 900, phrases: ['打开我的消息', 7, '查看考勤'] },
      { result: '查看考勤。', duration: 900, phrases: ['打开我的消息'] },
    ];
    peer = (socket, received) => {
      const answer = answers.shift();
      onText(socket, received, 1, () => socket.send(event(received, 'RecognitionStarted')));
      onText(socket, received, 2, () => socket.send(event(received, 'RecognitionCompleted', answer)));
    };
    for (const expected of [
      { text: '', phrases: [['打开我的消息', '查看考勤']] },
      { text: '查看考勤。', phrases: [] },
    ]) {
      const offered: string[][] = [];
      const session = recognizer().start({ token: 't', language: 'zh-CN', onPhrases: (list) => offered.push(list) });
      await session.ready;
      session.stop();
      await expect(session.result).resolves.toBe(expected.text);
      expect(offered).toEqual(expected.phrases);
    }
  });

  it('uses the app key of the language: Cantonese for zh-HK', async () => {
    peer = (socket, received) =>
      onText(socket, received, 1, () => socket.send(event(received, 'TaskFailed', undefined, 40_000_000)));
    const session = recognizer().start({ token: 't', language: 'zh-HK' });
    await expect(session.ready).rejects.toBeInstanceOf(VoiceError);
    expect(connections.at(-1)?.texts[0]?.header.appkey).toBe('key-cantonese');
  });

  it('fails with the gateway status and reason on TaskFailed, in the page language', async () => {
    peer = (socket, received) =>
      onText(socket, received, 1, () =>
        socket.send(
          JSON.stringify({
            header: {
              namespace: 'Default',
              name: 'TaskFailed',
              status: NLS_STATUS.unsupportedLanguage,
              message_id: 'e'.repeat(32),
              task_id: received.texts[0]?.header.task_id,
              status_text: 'Gateway:UNSUPPORTED_LANGUAGE:本机不能识别普通话|||Mandarin cannot be recognised here',
            },
          }),
        ),
      );
    const session = recognizer().start({ token: 't', language: 'en' });
    const error = await session.result.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(VoiceError);
    expect(error).toMatchObject({
      kind: 'recognition',
      status: NLS_STATUS.unsupportedLanguage,
      message: 'Mandarin cannot be recognised here',
    });
    await (connections.at(-1) as Received).closed;
  });

  it('reports a refused token as the server configuration (§8)', async () => {
    peer = (socket, received) =>
      onText(socket, received, 1, () => socket.send(event(received, 'TaskFailed', undefined, NLS_STATUS.unauthorized)));
    const session = recognizer().start({ token: 'expired', language: 'en' });
    await expect(session.result).rejects.toMatchObject({ kind: 'token', status: NLS_STATUS.unauthorized });
  });

  it('fails as a lost connection when the peer drops it mid-sentence', async () => {
    peer = (socket, received) =>
      onText(socket, received, 1, () => {
        socket.send(event(received, 'RecognitionStarted'));
        socket.once('message', () => socket.terminate());
      });
    const session = recognizer().start({ token: 't', language: 'en' });
    await session.ready;
    session.sendAudio(frame(1600));
    await expect(session.result).rejects.toMatchObject({ kind: 'connection' });
  });

  it('fails as a lost connection when the handshake is refused', async () => {
    const session = nlsRecognizer({
      url: '/refused/ws/v1',
      appKeys: APP_KEYS,
      baseHref: () => `http://127.0.0.1:${port}/`,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    }).start({ token: 't', language: 'en' });
    await expect(session.ready).rejects.toMatchObject({ kind: 'connection' });
  });

  it('gives up when RecognitionStarted never comes', async () => {
    peer = () => undefined;
    const session = recognizer({ timeoutMs: 50 }).start({ token: 't', language: 'en' });
    await expect(session.ready).rejects.toMatchObject({
      kind: 'connection',
      message: 'no RecognitionStarted within 50 ms',
    });
  });

  it('needs an app key for the language before it connects', async () => {
    const before = connections.length;
    const session = nlsRecognizer({ url: '/ws/v1', appKeys: { en: 'k' } }).start({ token: 't', language: 'zh-CN' });
    await expect(session.result).rejects.toMatchObject({ kind: 'token' });
    expect(connections.length).toBe(before);
  });

  it('closes the connection on cancel and says nothing more', async () => {
    peer = (socket, received) => onText(socket, received, 1, () => socket.send(event(received, 'RecognitionStarted')));
    const session = recognizer().start({ token: 't', language: 'en' });
    await session.ready;
    session.cancel();
    await (connections.at(-1) as Received).closed;
    let settled = false;
    session.result.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
  });
});
