import { afterEach, describe, expect, it } from 'vitest';
import { type FaceMode, type FaceState, faceNotice, facePicture } from '../../../src/core/face';
import type { Language } from '../../../src/core/i18n/language';
import { $language } from '../../../src/core/i18n/translate';

// Issue 54 item 2: after a refusal the camera picture stays, with what to do next under it.

const PHOTO = 'data:image/jpeg;base64,/9j/PHOTO';
const refused: FaceState = { status: 'failed', message: '未识别到已登记的人脸', image: null };

afterEach(() => {
  $language.set('zh-CN');
});

describe('what the stage shows (facePicture)', () => {
  it.each([
    ['login', refused, { kind: 'live' }],
    ['orther', refused, { kind: 'live' }],
    ['orther', { status: 'failed', problem: 'livenessUnsupported', image: null }, { kind: 'live' }],
    ['collect', { status: 'failed', message: 'm', image: PHOTO }, { kind: 'photo', src: PHOTO }],
    ['login', { status: 'timeout' }, { kind: 'live' }],
    ['orther', { status: 'success', image: PHOTO, data: null }, { kind: 'live' }],
    ['login', { status: 'success', image: PHOTO, data: null }, { kind: 'photo', src: PHOTO }],
    ['collect', { status: 'success', image: PHOTO, data: null }, { kind: 'photo', src: PHOTO }],
    ['collect', { status: 'captured', image: PHOTO }, { kind: 'photo', src: PHOTO }],
    [
      'collect',
      { status: 'registered', record: { faceImage: 'AAAA', registerTime: 't', userId: 'u' } },
      { kind: 'photo', src: 'data:image/jpeg;base64,AAAA' },
    ],
    ['login', { status: 'detecting', faces: [], hits: 0 }, { kind: 'live' }],
    ['login', { status: 'initializing' }, { kind: 'none' }],
    ['login', { status: 'modelFailed' }, { kind: 'none' }],
    ['login', { status: 'paused' }, { kind: 'none' }],
  ] as [FaceMode, FaceState, ReturnType<typeof facePicture>][])('%s %o → %o', (mode, state, picture) => {
    expect(facePicture(state, mode)).toEqual(picture);
  });
});

describe('what to do next, for the failures the widget knows', () => {
  const cases: [string, FaceState, FaceMode][] = [
    ['noCamera', { status: 'unavailable', problem: 'noCamera', upload: false }, 'login'],
    ['busy', { status: 'unavailable', problem: 'busy', upload: false }, 'orther'],
    ['insecure, collect', { status: 'unavailable', problem: 'insecure', upload: true }, 'collect'],
    ['modelFailed', { status: 'modelFailed' }, 'login'],
    ['livenessUnsupported', { status: 'failed', problem: 'livenessUnsupported', image: null }, 'orther'],
  ];
  it.each([
    ['zh-CN', ['请连接摄像头', '请关闭正在使用摄像头的应用', '可以改为上传照片', '请检查网络连接', '请联系管理员']],
    [
      'en',
      [
        'Connect a camera',
        'Close the application that is using it',
        'You can upload a photo instead',
        'Check the network connection',
        'Please contact your administrator',
      ],
    ],
    ['zh-HK', ['請連接鏡頭', '請關閉正在使用鏡頭的應用', '可以改為上載相片', '請檢查網絡連接', '請聯絡管理員']],
  ] as [Language, string[]][])('%s', (language, steps) => {
    $language.set(language);
    expect(cases.map(([, state, mode]) => faceNotice(state, mode)?.nextStep)).toEqual(steps);
  });

  it('leaves the rest to their own words: a denial says what to allow, the timeout what to do, a server its message', () => {
    $language.set('en');
    const denied: FaceState = { status: 'unavailable', problem: 'denied', upload: false };
    expect(faceNotice(denied, 'login')).toEqual({
      tone: 'error',
      text: 'Camera access was denied: allow the camera for this site',
      retry: true,
      retryText: 'Click to try again',
    });
    expect(faceNotice(refused, 'login')).toEqual({
      tone: 'error',
      text: '未识别到已登记的人脸',
      retry: true,
      retryText: 'Click to try again',
    });
    expect(
      faceNotice({ status: 'unavailable', problem: 'insecure', upload: false }, 'login')?.nextStep,
    ).toBeUndefined();
  });
});
