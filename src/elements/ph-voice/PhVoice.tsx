import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import {
  $config,
  $language,
  $translate,
  createVoiceController,
  ensureVoiceStrings,
  followThroughGate,
  initialVoice,
  type VoiceController,
  type VoiceMessageKind,
  type VoiceState,
  voiceCountdownText,
  voiceDeps,
  voiceMessageText,
  voiceStatusText,
} from '../../core';
import { sharedStyles, useStyles } from '../common/styles';
import { useLatest } from '../common/use-latest';
import { MicrophoneIcon } from './MicrophoneIcon';
import styles from './styles.css';
import { usePressAndHold } from './use-press-and-hold';

const VOICE_STYLES = sharedStyles(styles);

/** A command was understood: what was said (its trailing mark removed) and the skill's page. */
export interface PhVoiceResult {
  text: string;
  url: string;
}

/** An attempt ended with a message instead of a page: why, and the message shown (in the page language). */
export interface PhVoiceFailure {
  reason: VoiceMessageKind;
  message: string;
  /** What was heard, for `miss`. */
  text?: string;
}

export interface PhVoiceProps {
  /** The button does nothing (for example while nobody is signed in). */
  disabled?: boolean;
  /** A skill was found. Return false to stay (a page that routes by itself); otherwise the page goes to its url. */
  onResult?: (result: PhVoiceResult) => boolean | undefined;
  /** An attempt ended with one of the messages (§4, §8). */
  onError?: (failure: PhVoiceFailure) => void;
}

const SPEC_WARNINGS: readonly VoiceMessageKind[] = ['miss', 'empty'];

/** The §4 voice controller of this button: made once phinit has run, dropped (microphone released) on unmount. */
function useVoiceController(props: PhVoiceProps): {
  voice: VoiceController | null;
  state: VoiceState;
  partial: string;
} {
  const config = useStore($config);
  const latest = useLatest(props);
  const [voice, setVoice] = useState<VoiceController | null>(null);
  const [state, setState] = useState<VoiceState>(() => initialVoice().state);
  const [partial, setPartial] = useState('');

  useEffect(() => {
    if (!config) return;
    const controller = createVoiceController(
      voiceDeps({
        navigate: (url, text) => {
          if (latest.current.onResult?.({ text, url }) !== false) void followThroughGate(url);
        },
      }),
    );
    let phase = controller.$state.get().phase;
    const stopState = controller.$state.subscribe((next) => {
      setState(next);
      if (next.phase === 'message' && phase !== 'message') {
        const { message } = next;
        latest.current.onError?.({
          reason: message.kind,
          message: voiceMessageText(message, $translate.get(), $language.get()),
          ...(message.kind === 'miss' && message.detail ? { text: message.detail } : {}),
        });
      }
      phase = next.phase;
    });
    const stopPartial = controller.$partial.subscribe(setPartial);
    setVoice(controller);
    return () => {
      stopState();
      stopPartial();
      controller.cancel();
      setVoice(null);
    };
  }, [config, latest]);

  return { voice, state, partial };
}

/** The voice command button of spec §2 ("long press to start") and §4 Voice recording. */
export function PhVoice(props: PhVoiceProps) {
  // The controller adds the voice texts too, but only once phinit has run: the first render shows the hint before.
  ensureVoiceStrings();
  const translate = useStore($translate);
  const language = useStore($language);
  const { voice, state, partial } = useVoiceController(props);
  const disabled = props.disabled === true || voice === null;
  const press = usePressAndHold({ disabled, onPress: () => voice?.press(), onRelease: () => voice?.release() });
  const describedBy = useId();
  useStyles(VOICE_STYLES);

  const message = state.phase === 'message' ? state.message : null;
  const text = message ? voiceMessageText(message, translate, language) : voiceStatusText(state, translate);
  // §4's first-use hint sits in the row beside the button, covering nothing; the bubble below the button is for
  // what the button is doing (it covered the menu bar on a phone), and the tooltip shows on hover or focus only.
  const firstUseHint = state.phase === 'idle' && state.hint;
  const bubbleText = firstUseHint ? '' : text;
  const countdown = voiceCountdownText(state, translate);
  const tone = message ? (SPEC_WARNINGS.includes(message.kind) ? message.kind : 'failure') : '';
  const listening = state.phase === 'recording' ? 'recording' : state.phase === 'idle' ? '' : 'active';

  return (
    <>
      {firstUseHint ? (
        <span className="hint" part="hint" aria-hidden="true">
          {text}
        </span>
      ) : null}
      <button
        type="button"
        className={`ph-icon-button button ${listening}`.trim()}
        part="button"
        aria-label={translate('voice.name')}
        aria-describedby={describedBy}
        aria-pressed={state.phase === 'pressing' || state.phase === 'connecting' || state.phase === 'recording'}
        disabled={disabled}
        {...press}
      >
        <MicrophoneIcon />
      </button>
      <span id={describedBy} hidden>
        {translate('voice.keyboard')}
      </span>
      {/* Announced once per change; the countdown below is shown, not read out every second. */}
      <span className="status" role="status" aria-live="polite" part="status">
        {text}
      </span>
      {bubbleText || countdown ? (
        <div className={`bubble ${tone}`.trim()} part="bubble" aria-hidden="true">
          {countdown ? (
            <span className="countdown" part="countdown">
              <span className="dot" />
              {countdown}
            </span>
          ) : null}
          {bubbleText}
          {partial && state.phase === 'recording' ? <span className="partial">“{partial}”</span> : null}
        </div>
      ) : (
        <span className="tooltip" part="tooltip" aria-hidden="true">
          {translate('voice.hint')}
        </span>
      )}
    </>
  );
}
