// The voice button's states as core's machine reaches them: each scene is the events, from the button's first
// state, that the person, the timers, the token call, the recorder, the recogniser and the skill lookup would send.
// Folding them through `voiceTransition` gives the state <ph-voice> shows; nothing here decides a state by hand.
import {
  type CaptureFailure,
  initialVoice,
  type Language,
  type VoiceEvent,
  type VoiceMessageKind,
  type VoicePhase,
  type VoiceState,
  voiceTransition,
} from '../../../src/core';

/** One scene: an event, or one made from the state so far (answers carry the attempt they belong to). */
type Step = VoiceEvent | ((state: VoiceState) => VoiceEvent);

export interface VoiceScene {
  name: string;
  phase: VoicePhase;
  steps: Step[];
}

/** What a person said, in each language: a command the skills know, one they do not, and the skills' phrases. */
const SAID: Record<Language, { command: string; unknown: string; phrases: string[] }> = {
  'zh-CN': { command: '打开我的课表', unknown: '打开天气预报', phrases: ['打开我的消息', '打开成绩管理', '查看考勤'] },
  en: {
    command: 'open my timetable',
    unknown: 'open the weather forecast',
    phrases: ['open my messages', 'open grade management', 'show attendance'],
  },
  'zh-HK': { command: '打開我的課表', unknown: '打開天氣預報', phrases: ['打开我的消息', '打开成绩管理', '查看考勤'] },
};

function scenes(language: Language): VoiceScene[] {
  const said = SAID[language];
  const attempt =
    (make: (attempt: number) => VoiceEvent): Step =>
    (state) =>
      make(state.attempt);
  const hintGone: Step = { type: 'timer', timer: 'hint' };
  const pressed: Step[] = [hintGone, { type: 'press' }];
  const connecting: Step[] = [...pressed, { type: 'timer', timer: 'press' }];
  const recording: Step[] = [
    ...connecting,
    attempt((n) => ({ type: 'tokenReceived', attempt: n, token: 'token' })),
    attempt((n) => ({ type: 'captureStarted', attempt: n })),
    ...Array.from({ length: 4 }, (): Step => ({ type: 'timer', timer: 'tick' })),
  ];
  const recognising: Step[] = [...recording, { type: 'release' }];
  const heard = (text: string, audible = true): Step[] => [
    ...recognising,
    attempt((n) => ({ type: 'recognised', attempt: n, text, audible })),
  ];
  const failed = (reason: CaptureFailure): Step[] => [
    ...connecting,
    attempt((n) => ({ type: 'tokenReceived', attempt: n, token: 'token' })),
    attempt((n) => ({ type: 'captureFailed', attempt: n, reason })),
  ];
  return [
    { name: 'first use: the hint', phase: 'idle', steps: [] },
    { name: 'idle', phase: 'idle', steps: [hintGone] },
    { name: 'pressing', phase: 'pressing', steps: pressed },
    { name: 'connecting', phase: 'connecting', steps: connecting },
    { name: 'recording', phase: 'recording', steps: recording },
    { name: 'recognising', phase: 'recognising', steps: recognising },
    { name: 'lookingUp', phase: 'lookingUp', steps: heard(said.command) },
    {
      name: 'navigating',
      phase: 'navigating',
      steps: [...heard(said.command), attempt((n) => ({ type: 'skillFound', attempt: n, url: '/pages/timetable/' }))],
    },
    {
      name: 'message: miss',
      phase: 'message',
      steps: [...heard(said.unknown), attempt((n) => ({ type: 'skillMissing', attempt: n }))],
    },
    { name: 'message: empty', phase: 'message', steps: heard('') },
    {
      // The offline gateway, which cannot hear a tile's Chinese name, names the phrases it does hear (issue 69).
      name: 'message: empty, with the phrases that work',
      phase: 'message',
      steps: [
        ...recognising,
        attempt((n) => ({ type: 'recognised', attempt: n, text: '', audible: true, phrases: SAID[language].phrases })),
      ],
    },
    { name: 'message: silence', phase: 'message', steps: heard('', false) },
    {
      name: 'message: token',
      phase: 'message',
      steps: [...connecting, attempt((n) => ({ type: 'tokenFailed', attempt: n }))],
    },
    { name: 'message: microphone', phase: 'message', steps: failed('microphone') },
    { name: 'message: unsupported', phase: 'message', steps: failed('unsupported') },
    { name: 'message: connection', phase: 'message', steps: failed('connection') },
    { name: 'message: recognition', phase: 'message', steps: failed('recognition') },
  ];
}

/** Every phase and every message of the machine: the compiler asks for a new one here, the gallery's test for its scene. */
const PHASES: Record<VoicePhase, true> = {
  idle: true,
  pressing: true,
  connecting: true,
  recording: true,
  recognising: true,
  lookingUp: true,
  navigating: true,
  message: true,
};
const MESSAGES: Record<VoiceMessageKind, true> = {
  miss: true,
  empty: true,
  silence: true,
  token: true,
  microphone: true,
  unsupported: true,
  connection: true,
  recognition: true,
};
export const VOICE_PHASES = Object.keys(PHASES) as VoicePhase[];
export const VOICE_MESSAGES = Object.keys(MESSAGES) as VoiceMessageKind[];

/** The names of the scenes, in the gallery's order. */
export const VOICE_SCENES = scenes('en').map((scene) => scene.name);

/** The state a scene ends in, and what the recogniser has heard so far while recording. */
export function voiceSceneState(name: string, language: Language): { state: VoiceState; partial: string } {
  const scene = scenes(language).find((candidate) => candidate.name === name);
  if (!scene) throw new Error(`No voice scene ${name}`);
  let state = initialVoice().state;
  for (const step of scene.steps) state = voiceTransition(state, typeof step === 'function' ? step(state) : step).state;
  if (state.phase !== scene.phase) throw new Error(`${name} ends in ${state.phase}`);
  return { state, partial: state.phase === 'recording' ? SAID[language].command.slice(0, 4) : '' };
}
