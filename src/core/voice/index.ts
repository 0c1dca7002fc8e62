export { withoutTrailingPunctuation } from '../api/vocabulary';
export { type VoiceApi, voiceApi } from './api';
export { appCommandUrl, appForCommand, openPhrases, spokenKey, spokenNames, suggestedAppName } from './app-command';
export {
  asVoiceError,
  type RecognitionOptions,
  type RecognitionSession,
  type Recognizer,
  type Recorder,
  type Recording,
  VoiceError,
} from './capture';
export { createRecognizer, pickRecognizer, type RecognizerEnvironment, type RecognizerKind } from './choose';
export { createVoiceController } from './controller';
export type { VoiceController, VoiceControllerDeps } from './controller-deps';
export { voiceDeps } from './deps';
export { followSkill } from './follow';
export {
  type CaptureFailure,
  FAILURE_MESSAGE_MS,
  HINT_MS,
  initialVoice,
  LONG_PRESS_MS,
  MESSAGE_MS,
  messageStays,
  RECORDING_LIMIT_SECONDS,
  type VoiceEffect,
  type VoiceEvent,
  type VoiceMessage,
  type VoiceMessageKind,
  type VoicePhase,
  type VoiceState,
  type VoiceTransition,
  voiceTransition,
} from './machine';
export { gatewayUrl, type NlsOptions, nlsRecognizer, type SocketLike, taskFailedError } from './nls';
export { PCM_FRAME_SAMPLES, PcmFramer, Resampler, toInt16 } from './pcm';
export { type BrowserRecorderOptions, browserRecorder } from './recorder';
export { ensureVoiceStrings, VOICE_STRINGS } from './strings';
export {
  isUserDetail,
  voiceCountdownText,
  voiceMessageLines,
  voiceMessageText,
  voiceOperatorNote,
  voiceStatusText,
} from './view';
export { speechRecognitionConstructor, WEB_SPEECH_LANGUAGES, webSpeechRecognizer } from './web-speech';
