import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_RECORD } from '../../scripts/bench-record.mjs';
import { EXAMPLES } from '../../scripts/docs-site/examples';
import { escapeHtml } from '../../scripts/docs-site/pages';
import { FACE_SCENES, FACE_STATUSES, faceSceneState } from '../../scripts/docs-site/states/face';
import { VOICE_MESSAGES, VOICE_PHASES, VOICE_SCENES, voiceSceneState } from '../../scripts/docs-site/states/voice';
import type { UploadStatus } from '../../src/core';

// The docs site shows each element in every state of its machine (issue 38): the galleries reach every status of the
// face machine and every phase and message of the voice machine through core's own transitions, the uploader's
// examples put a file in each state a person meets, and the performance page shows what `npm run bench` printed.
const root = resolve(import.meta.dirname, '..', '..');
const PHOTO = 'data:image/jpeg;base64,AAAA';

describe('the state galleries', () => {
  it('reach every status of the face machine, in the mode each scene names', () => {
    const reached = FACE_SCENES.map((scene) => faceSceneState(scene, PHOTO, 'en'));
    expect(new Set(reached.map(({ state }) => state.status))).toEqual(new Set(FACE_STATUSES));
    for (const [index, scene] of FACE_SCENES.entries()) {
      expect(`${reached[index]!.mode}/${reached[index]!.state.status}`).toBe(scene);
    }
  });

  it('reach every phase and every message of the voice machine', () => {
    const reached = VOICE_SCENES.map((scene) => voiceSceneState(scene, 'en').state);
    expect(new Set(reached.map((state) => state.phase))).toEqual(new Set(VOICE_PHASES));
    const messages = reached.flatMap((state) => (state.phase === 'message' ? [state.message.kind] : []));
    expect(new Set(messages)).toEqual(new Set(VOICE_MESSAGES));
  });

  it('show what was said in the language chosen, and the server’s message in it', () => {
    const lookingUp = (language: 'zh-CN' | 'en' | 'zh-HK') => voiceSceneState('lookingUp', language).state;
    expect(lookingUp('zh-HK')).toMatchObject({ phase: 'lookingUp', text: '打開我的課表' });
    expect(lookingUp('en')).toMatchObject({ phase: 'lookingUp', text: 'open my timetable' });
    expect(faceSceneState('collect/failed', PHOTO, 'zh-CN').state).toMatchObject({
      status: 'failed',
      message: '照片中没有检测到人脸，请正对摄像头重试',
    });
  });

  it('are drawn on the element pages, one host per scene', () => {
    for (const [tag, scenes, host] of [
      ['ph-face', FACE_SCENES, 'docs-face-state'],
      ['ph-voice', VOICE_SCENES, 'docs-voice-state'],
    ] as const) {
      const page = readFileSync(join(root, 'dist/docs/examples', tag, 'states.html'), 'utf8');
      expect([...page.matchAll(new RegExp(`<${host} scene="([^"]+)">`, 'g'))].map((match) => match[1])).toEqual(
        scenes.map((scene) => scene.replace(/&/g, '&amp;')),
      );
      expect(page).toContain('<script src="../../assets/states.js"></script>');
    }
  });
});

describe('the uploader’s examples', () => {
  it('put a file in each state a person meets', () => {
    // The state each example waits for before it says it is ready (its play ends on that row).
    const shown = EXAMPLES['ph-uploader']!.map((example) => /li\.file\.(\w+)'\);\s*$/.exec(example.play ?? '')?.[1]);
    const states: UploadStatus[] = ['hashing', 'uploading', 'paused', 'aborted', 'error'];
    expect(shown.filter(Boolean)).toEqual(expect.arrayContaining(states));
  });
});

describe('the performance page', () => {
  it('shows the figures npm run bench last printed, with when and where', () => {
    const page = readFileSync(join(root, 'dist/docs/performance.html'), 'utf8');
    expect(page).toContain('id="latest-figures"');
    expect(existsSync(join(root, BENCH_RECORD))).toBe(true);
    const [heading, ...figures] = readFileSync(join(root, BENCH_RECORD), 'utf8').split('\n');
    expect(heading).toMatch(/^npm run bench, \d{4}-\d\d-\d\dT.*, commit [0-9a-f]+/);
    expect(page).toContain(escapeHtml(figures.join('\n').trim()));
  });
});
