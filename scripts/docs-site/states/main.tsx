// The docs site's state galleries (dist/docs/assets/states.js): <ph-face> and <ph-voice> drawn in every state their
// machines reach, by the elements' own views (FaceView, VoiceView) and stylesheets, each in a shadow root of its
// own as on a page. The states come from core's machines (face.ts, voice.ts); the page kit (window.PH) is installed
// as by any bundle, so the site's language switch re-renders the galleries live. The buttons do nothing here: a
// gallery shows what a person sees in each state, the live examples beside it do the work.
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { $language, ensureVoiceStrings } from '../../../src/core';
import { defineElement, type ElementProps } from '../../../src/elements/define';
import { installGlobals } from '../../../src/elements/global';
import { type FaceActions, FaceView } from '../../../src/elements/ph-face/FaceView';
import { VoiceView } from '../../../src/elements/ph-voice/VoiceView';
import { faceSceneState, GALLERY_VIEW } from './face';
import { voiceSceneState } from './voice';

const INERT_FACE: FaceActions = { retry() {}, photograph() {}, again() {}, save() {}, choose() {} };
const inert = () => {};

/** The photo the gallery's camera took: a drawn head and shoulders, in the capture format (a JPEG data URL). */
function portrait(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 480;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#c9d3de';
  context.fillRect(0, 0, 480, 480);
  context.fillStyle = '#5b6b7c';
  context.beginPath();
  context.ellipse(240, 200, 78, 96, 0, 0, Math.PI * 2);
  context.fill();
  context.beginPath();
  context.ellipse(240, 470, 170, 130, 0, Math.PI, 0);
  context.fill();
  return canvas.toDataURL('image/jpeg', 0.9);
}

function FaceState({ scene }: ElementProps & { scene?: string }) {
  const language = useStore($language);
  const photo = useMemo(portrait, []);
  const { mode, state } = faceSceneState(scene ?? '', photo, language);
  return <FaceView state={state} mode={mode} actions={INERT_FACE} />;
}

function VoiceState({ scene }: ElementProps & { scene?: string }) {
  ensureVoiceStrings();
  const language = useStore($language);
  const { state, partial } = voiceSceneState(scene ?? '', language);
  return (
    <VoiceView state={state} partial={partial} disabled={false} onPress={inert} onRelease={inert} onDismiss={inert} />
  );
}

installGlobals();
defineElement('docs-face-state', FaceState, { props: { scene: 'string' } });
defineElement('docs-voice-state', VoiceState, { props: { scene: 'string' } });
document.documentElement.style.setProperty('--docs-face-width', `${GALLERY_VIEW.width}px`);
