import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { tooManyAttempts } from '../../demo/server/auth/password-check';
import { ApiError, bilingual, errors, fieldError, ok } from '../../demo/server/envelope';
import { challengeExpired } from '../../demo/server/face/challenges';
import { FACE_BUSY, IMAGE_ERRORS, NO_FACE, refuse, SEVERAL_FACES } from '../../demo/server/face/descriptor-matcher';
import { actionNotSeen, mirrored, someoneElse } from '../../demo/server/face/liveness-check';
import {
  faceAmbiguous,
  faceTaken,
  noMatch,
  notATerminal,
  replayed,
  userRequired,
} from '../../demo/server/face/refusals';
import { decodeBase64Image } from '../../demo/server/util/images';

// Issue 56: every message the reference server sends carries zh-CN, en and zh-HK (`中文|||English|||繁體`).
describe("the reference server's messages", () => {
  const parts = (message: string) => message.split('|||');

  it('carry three parts, zh-HK in Hong Kong forms when none is given', () => {
    expect(parts(bilingual({ zh: '没有权限', en: 'No permission' }))).toEqual([
      '没有权限',
      'No permission',
      '沒有權限',
    ]);
    expect(parts(bilingual({ zh: '三年级', en: 'Grade 3', hk: '三年級' }))).toEqual(['三年级', 'Grade 3', '三年級']);
  });

  it('carry three parts in envelopes, field errors and every error helper', () => {
    expect(parts(ok(null).message)).toHaveLength(3);
    expect(parts(fieldError('username', { zh: '必填', en: 'Required' }).message)).toEqual(['必填', 'Required', '必填']);
    for (const make of Object.values(errors)) {
      const error = (make as () => ApiError)();
      expect(parts(bilingual(error.text))).toHaveLength(3);
    }
  });
});

// Issue 54: every refusal of the face calls, in Hong Kong Traditional as the glossary writes it. The list is checked
// against the face calls' sources, so a refusal added there without its zh-HK check here fails too.
describe("the face calls' refusals", () => {
  const GLOSSARY = JSON.parse(readFileSync('docs/glossary.json', 'utf8')) as {
    'zh-HK': { use: string; not: string[] }[];
    'zh-HK-variants': string[];
  };
  const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
  /** Characters OpenCC would change to Traditional, less the Hong Kong variants the glossary keeps. */
  const simplified = (text: string) =>
    [...text].filter((char) => toTraditional(char) !== char && !GLOSSARY['zh-HK-variants'].includes(char));
  const thrown = (make: () => unknown): ApiError => {
    try {
      make();
    } catch (error) {
      return error as ApiError;
    }
    throw new Error('nothing thrown');
  };

  const REFUSALS: ApiError[] = [
    challengeExpired(),
    actionNotSeen(),
    mirrored(),
    someoneElse(),
    replayed(),
    faceTaken(),
    faceAmbiguous(),
    noMatch(),
    notATerminal(),
    userRequired(),
    refuse('no_face', NO_FACE),
    refuse('several_faces', SEVERAL_FACES),
    ...Object.values(IMAGE_ERRORS).map(([code, text]) => refuse(code, text)),
    new ApiError(429, 'face_busy', FACE_BUSY),
    tooManyAttempts(900),
    tooManyAttempts(30),
    thrown(() => decodeBase64Image('')),
    thrown(() => decodeBase64Image('not base64!')),
    thrown(() => decodeBase64Image(Buffer.from('hello').toString('base64'))),
  ];

  it.each(REFUSALS.map((error) => [error.code, error.message] as const))('%s: %s', (_code, message) => {
    const [zh = '', en = '', hk = '', ...rest] = message.split('|||');
    expect(rest).toEqual([]);
    expect(zh && en && hk).toBeTruthy();
    expect(simplified(hk)).toEqual([]);
    for (const entry of GLOSSARY['zh-HK']) for (const word of entry.not) expect(hk).not.toContain(word);
  });

  it('covers every refusal code the face calls throw', () => {
    const sources = [
      ...readdirSync('demo/server/face').map((name) => join('demo/server/face', name)),
      ...readdirSync('demo/server/routes/uaa')
        .filter((name) => name.startsWith('face'))
        .map((name) => join('demo/server/routes/uaa', name)),
    ].filter((path) => path.endsWith('.ts'));
    const thrownCodes = new Set<string>();
    for (const path of sources) {
      const source = readFileSync(path, 'utf8');
      // `new ApiError(400, 'code'`, `refuse('code'`, and the `['code', {zh…}]` entries of a table.
      const codes = source.matchAll(/(?:new ApiError\(\d+, |refuse\()'([a-z_]+)'|\['([a-z_]+)', \{/g);
      for (const [, code, tabled] of codes) thrownCodes.add((code ?? tabled)!);
    }
    expect(thrownCodes.size).toBeGreaterThan(10);
    const covered = new Set(REFUSALS.map((error) => error.code));
    expect([...thrownCodes].filter((code) => !covered.has(code))).toEqual([]);
  });
});
